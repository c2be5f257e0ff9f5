"""Issue 41 point 14: a one-pack game can be abandoned and drawn by agreement from the
menu, as any game (003 is silent; the Committee's §34 and §37 are read into it:
docs/one-pack.md). Abandoning scores the other side as if he had gone out."""

from __future__ import annotations

import pygame
import pytest

from russian_bank.engine import Abandon, AgreeDraw
from russian_bank.games import game_type
from russian_bank.history import Store
from russian_bank.onepack import OnePackGame
from russian_bank.ui.scenes.dialogs import DrawOfferScene, ResultsScene
from russian_bank.ui.scenes.menu import MenuScene
from russian_bank.ui.settings import Settings

from .helpers import click, ctl, key, step


def item(app, name):
    for n, _label, r in app.top.geometry()[1]:
        if n == name:
            return r.center
    raise AssertionError(f"no item {name} in {[n for n, _l, _r in app.top.geometry()[1]]}")


def menu(app):
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    return app.top


@pytest.mark.parametrize("opponent", ["human", "novice"])
def test_003_s34_abandon_from_the_menu_scores_as_going_out(make_app, opponent):
    app = make_app(settings=Settings(rules="one-pack", opponent=opponent), autosave=True)
    c = ctl(app)
    left = c.position.cards_left(0)
    assert menu(app).style("abandon") == "plain" and app.top.style("draw") == "plain"
    click(app, item(app, "abandon"))
    assert "as if he had gone out" in " ".join(app.top.lines())
    click(app, item(app, "abandon0"))
    assert c.game.actions[-1] == Abandon(0)
    out = c.game.outcome
    assert out is not None and out.winner == 1 and out.reason == "abandoned"
    assert out.points == 30 + left  # the game and a point a card A still had
    step(app, 3)
    assert isinstance(app.top, ResultsScene)
    assert app.match == [0, 30 + left]
    kept = Store().games()
    assert kept and kept[-1].outcome.reason == "abandoned"  # in Past games, counted
    again = OnePackGame.from_record(c.game.record_text())  # the record replays
    assert again.outcome == out


def test_003_s37_hot_seat_draw_agreed(make_app):
    app = make_app(settings=Settings(rules="one-pack"))
    menu(app)
    click(app, item(app, "draw"))
    click(app, item(app, "yes"))
    assert isinstance(app.top, DrawOfferScene)
    click(app, item(app, "yes"))
    out = ctl(app).game.outcome
    assert out is not None and out.winner is None and out.reason == "agreed"
    assert ctl(app).game.actions[-1] == AgreeDraw()


@pytest.mark.parametrize("ahead", [True, False])
def test_003_s37_the_computer_answers_a_draw(make_app, ahead):
    app = make_app(settings=Settings(rules="one-pack", opponent="novice"))
    c = ctl(app)
    pos = c.game.position
    # B far ahead (few cards left to get rid of) declines; behind, he accepts
    give, take = (1, 0) if ahead else (0, 1)
    while pos.cards_left(take) - pos.cards_left(give) < 6 and pos.hands[give]:
        pos.hands[take].append(pos.hands[give].pop())
    menu(app)
    click(app, item(app, "draw"))
    click(app, item(app, "yes"))
    step(app, 2)
    said = " ".join(c.notes.log[-4:])  # (the computer may have played on since)
    if ahead:
        assert c.game.outcome is None and "declines" in said
    else:
        assert c.game.outcome is not None and c.game.outcome.reason == "agreed"
        assert "accepts" in said


def test_003_abandon_and_draw_are_not_offered_to_the_bots():
    kind = game_type("one-pack")
    game = OnePackGame.new(5)
    legal = kind.legal_actions(game.position)
    assert not any(isinstance(a, Abandon | AgreeDraw) for a in legal)
    assert game.reason(Abandon(1)) is None and game.reason(AgreeDraw()) is None
