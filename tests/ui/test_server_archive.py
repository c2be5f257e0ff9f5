"""Issue 43, headless: the lobby shows each open game's rating, *Your card* shows
one's ratings and games, and Past games' *From the server* lists one's games on
the server and brings one into Past games with one click (then it replays as any
kept game). ``RB_SHOTS=DIR`` saves the screens (smallest and a large window)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from russian_bank.games import game_type
from russian_bank.history import Replay, Store, keep
from russian_bank.net.client import ThreadedClient
from russian_bank.net.naming import new_secret
from russian_bank.net.players import Finished, name_key
from russian_bank.ui.app import MIN_SIZE
from russian_bank.ui.scenes import registry
from russian_bank.ui.scenes.archive import ServerGamesScene
from russian_bank.ui.scenes.history import PastGamesScene

from ..net.helpers import local_record
from .helpers import run_until, step
from .test_lobby_screen import Serving, wait
from .test_network_scenes import click_item

SIZES = [MIN_SIZE, (1600, 1000)]
SHOTS = os.environ.get("RB_SHOTS")


def shot(app, name: str) -> None:
    if SHOTS:
        app.draw(app.screen)
        pygame.image.save(app.screen, str(Path(SHOTS) / f"{name}-{app.size[0]}x{app.size[1]}.png"))


def open_lobby(make_app, port: int, size: tuple[int, int]):
    app = make_app(size)
    app.open_menu()
    step(app)
    click_item(app, "lobby")
    lobby = app.top
    lobby.fields["address"] = f"127.0.0.1:{port}"
    lobby.keep()
    return app, lobby


def click_button(app, name: str) -> None:
    """Click a button of a page (Past games' row at the bottom)."""
    (rect,) = [b.rect for b in app.top.buttons() if b.name == name]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    step(app)


def a_rated_game(srv, me: str) -> Finished:
    """A finished rated game between Ann (A) and ``me`` (B), archived."""
    game = game_type("committee").game_from_record(local_record(5))
    kept = keep(game, names=("Ann", me))
    finished = Finished(
        "ABCDEFGHJKMN",
        kept.date,
        "committee",
        "two-pack",
        ("Ann", me),
        (name_key("Ann"), name_key(me)),
        0 if game.outcome is None else game.outcome.winner,
        "won" if game.outcome is None else game.outcome.reason,
        0 if game.outcome is None else game.outcome.points,
        True,
        kept.to_text(),
    )
    srv.names.store.finished(finished)
    return finished


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_shows_ratings_and_the_card(make_app, size):
    s = Serving()
    ann = ThreadedClient(f"ws://127.0.0.1:{s.srv.port}", "Ann")
    try:
        app, lobby = open_lobby(make_app, s.srv.port, size)
        me = lobby.name
        finished = a_rated_game(s.srv, me)
        ann.call("connect")
        ann.call("send", type="claim", name="Ann", secret=new_secret())
        ann.call("send", type="seek", name="Ann", rules="committee", rated=True)
        wait(lambda: bool(s.srv.lobby.entries))
        click_item(app, "refresh")
        assert run_until(app, lambda: lobby.listed and bool(lobby.seeks))
        label = dict(lobby.items())["seek0"]
        rating = s.srv.names.store.standing("Ann", "two-pack").rating
        assert rating.rating != 1500  # (the game above moved it)
        assert label.startswith(f"Ann ({rating.words()}): ") and ", rated," in label
        click_item(app, "card")
        assert run_until(app, lambda: bool(lobby.card))
        mine = s.srv.names.store.standing(me, "two-pack")
        assert lobby.card[0].startswith(f"Two packs: {mine.rating.words()}, 1 rated game")
        won = int(finished.winner == 1)
        assert f"({won} won, {1 - won} lost, 0 drawn)" in lobby.card[0]
        assert lobby.card[1] == "1 game kept on the server"
        assert lobby.claimed == me
        click_item(app, "rated")
        assert dict(lobby.items())["rated"] == "Rated game: yes"
        step(app)
        shot(app, "lobby")
    finally:
        ann.shutdown()
        s.stop()


@pytest.mark.parametrize("size", SIZES)
def test_past_games_brings_a_server_game_in_with_one_click(make_app, tmp_path, size):
    s = Serving()
    try:
        app, lobby = open_lobby(make_app, s.srv.port, size)  # (the address, kept)
        me = lobby.name
        app.pop()
        finished = a_rated_game(s.srv, me)
        store = Store(tmp_path / "games")
        registry.push("past games", app, store)
        past = app.top
        assert isinstance(past, PastGamesScene) and past.games == []
        shot(app, "past-games")
        click_button(app, "server")
        scene = app.top
        assert isinstance(scene, ServerGamesScene)
        assert run_until(app, lambda: bool(scene.games))
        label = dict(scene.items())["game0"]
        result = "won" if finished.winner == 1 else "lost"
        assert label.endswith(f": against Ann, {result}, rated")
        shot(app, "server-games")
        click_item(app, "game0")  # the one click
        assert run_until(app, lambda: bool(store.games()))
        (kept,) = store.games()
        assert kept.seat == 1 and kept.names == ("Ann", me)
        assert kept.to_text().endswith(finished.text.split("\n", 1)[1].split("check: ")[1])
        assert run_until(app, lambda: "(in Past games)" in dict(scene.items())["game0"])
        assert scene.status.startswith("Kept in Past games: ")
        click_item(app, "game0")  # again: no second copy
        assert run_until(app, lambda: scene.status == "This game is already in Past games.")
        assert len(store.games()) == 1
        step(app)
        shot(app, "server-games-kept")
        click_item(app, "back")
        assert app.top is past and len(past.games) == 1
        Replay(past.games[0])  # it replays as any kept game
    finally:
        s.stop()


def test_no_server_address_says_so(make_app, tmp_path):
    app = make_app((1024, 700))
    registry.push("past games", app, Store(tmp_path / "games"))
    click_button(app, "server")
    assert isinstance(app.top, ServerGamesScene)
    assert app.top.lines() == ["Type the server's address in Play online first."]
