"""A person's table against a remote computer, played to the end by posted mouse
events only (issue 21): headless, through a loopback server on its own thread,
as a host's program runs it. Every gesture reaches the server as that very
action; the game ends on the server, and the table shows and keeps it."""

from __future__ import annotations

import random
import time

import pygame

from russian_bank.engine import (
    DiscardHeld,
    EndInnings,
    Game,
    Place,
    Play,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
)
from russian_bank.game.places import DISCARD, HAND, HANDS, HELD, HELD_PLACE, STOCK
from russian_bank.history import Store
from russian_bank.net.client import ThreadedClient
from russian_bank.ui.scenes.network import RemoteTableScene, open_table

from ..net.test_remote_table import Serving
from .helpers import click, drag, key, step
from .test_full_game import choose


def grab(table, card):
    """Where to grab ``card``: its visible corner strip (as tests/ui/helpers.py)."""
    placed = table.remote.placed_cards()[card]
    r, lay = placed.rect, table.layout
    inset = lay.card_size[0] // 8
    y = r.y + min(r.h, lay.row_step) // 2
    return (r.right - inset, y) if placed.left else (r.x + inset, y)


def spot(table, place):
    lay = table.layout
    if place.kind == HELD:
        return lay.held_rects[table.remote.position.player].center
    return lay.rects[place].clip(lay.shown_part(place)).center


def gesture(app, table, action) -> None:
    c, me = table.remote, table.remote.seat
    if isinstance(action, Play):
        card = c.gestures.cards_at(action.src, action.count)[0]
        drag(app, grab(table, card), spot(table, action.dst))
    elif isinstance(action, TurnStock):
        click(app, spot(table, Place(STOCK, me)))
    elif isinstance(action, TurnHand | TurnOverDiscard):
        click(app, spot(table, Place(HAND, me)))
    elif isinstance(action, DiscardHeld):
        drag(app, grab(table, c.position.held), spot(table, Place(DISCARD, me)))
    elif isinstance(action, EndInnings):
        (b,) = [b for b in table.buttons() if b.name == "end"]
        click(app, b.rect.center)
    else:
        raise AssertionError(action)


def my_turn(table) -> bool:
    c = table.remote
    view, client = c.view, c.link.client
    return (
        c.over is None
        and view.get("to_act") == "AB"[c.seat]
        and int(view.get("seq", -1)) >= client.seq
        and c.position.player == c.seat
        and c.position.phase in ("arranging", "play")
    )


def seated(app, serving, name: str, seat: str = "A", **create):  # type: ignore[no-untyped-def]
    """A remote table for ``name`` at ``seat`` against the server's novice (the
    room made with ``create``'s fields too), once the game has started: (table, link)."""
    link = ThreadedClient(f"ws://127.0.0.1:{serving.srv.port}", name)
    link.call("connect")
    link.call(
        "send", type="create", name=name, seat=seat, opponent="novice", action_time=0.1, **create
    )
    end = time.monotonic() + 10
    while time.monotonic() < end and not (link.client.obs and link.client.view["started"]):
        link.poll()
        time.sleep(0.01)
    assert link.client.obs is not None, link.client.errors
    open_table(app, link, None)
    table = app.top
    assert isinstance(table, RemoteTableScene) and table.remote.seat == "AB".index(seat)
    return table, link


def played(app, table, link, action, make=None) -> dict:  # type: ignore[no-untyped-def]
    """Make ``action``'s gesture (``make``, by default the two-pack table's); the
    server's step of that very action, by the person (a drag may first raise the
    card it picks up)."""
    seq = link.client.seq
    (make or gesture)(app, table, action)

    def arrived():  # type: ignore[no-untyped-def]
        return [
            e
            for e in link.client.events[-30:]
            if e["seq"] > seq and e["kind"] == "step" and e["action"] == str(action)
        ]

    wait = time.monotonic() + 10
    while time.monotonic() < wait and not arrived():
        step(app)
        time.sleep(0.002)
    got = arrived()
    assert got, (action, table.remote.last_reason, link.client.errors[-3:])
    assert got[0]["seat"] == "AB"[table.remote.seat] and got[0]["by"] == "person"
    return got[0]


def test_a_whole_remote_game_by_posted_mouse_events(make_app):
    app = make_app(size=(1024, 700))
    # the posted events play far faster than a person can; the server's flood limit
    # (40 messages a second, tests/net/test_hostile.py) would refuse them on a fast machine
    serving = Serving(grace=0.3, allow_seed=True, rate=1000.0, burst=1000.0)
    table, link = seated(app, serving, "Ann", seed=8)
    try:
        rng = random.Random(8)
        mine: list[str] = []
        end = time.monotonic() + 400
        while table.remote.over is None and time.monotonic() < end:
            step(app)
            if not my_turn(table):
                time.sleep(0.005)
                continue
            action = choose(table.remote.game, rng)
            played(app, table, link, action)
            mine.append(str(action))
        assert table.remote.over is not None, f"not over after {len(mine)} gestures"
        step(app, 5)
        record = link.client.record
        game = Game.from_record(record)
        assert game.over and len(mine) > 10, (game.outcome, len(game.actions))
        print(f"over: {game.outcome} after {len(game.actions)} actions, {len(mine)} gestures")
        people = [str(a) for a in game.actions if str(a) in set(mine)]
        assert len(people) >= len(mine)  # each gesture is in the server's record
        assert "Game over" in " ".join(table.status_lines())
        (kept,) = Store().games()  # the table kept it in Past games
        assert kept.record == record and kept.names == ("Ann", "Novice")
    finally:
        link.shutdown()
        serving.stop()


def one_pack_spot(table, place, lift=False):
    """A pile's top card (or, to lift it, its bottom card) at the one-pack table."""
    lay, c = table.layout, table.remote
    if place == HELD_PLACE:
        return lay.held_rects[c.position.player].center
    if place.kind == "table":
        rects = lay.table_card_rects(place.index, max(1, len(c.piles()[place].cards)))
        if lift:
            r = rects[0]
            return (r.right - 3, r.centery) if lay.fans_left(place.index) else (r.x + 3, r.centery)
        return rects[-1].center
    return lay.rects[place].center


def test_a_one_pack_remote_game_by_posted_mouse_events(make_app):
    """003 at the remote table: the table draws the seat's own view (the Hands are
    stand-ins, face down), each drag or press reaches the server as that action."""
    from russian_bank.games import game_type
    from russian_bank.onepack import Lift, Turn
    from russian_bank.onepack.table_view import PLACE_OF

    def one_pack_gesture(app, table, action):  # type: ignore[no-untyped-def]
        if isinstance(action, Turn):
            hand = one_pack_spot(table, HANDS[0])
            drag(app, hand, hand)
        else:
            src, dst = PLACE_OF[action.src], PLACE_OF[action.dst]
            drag(
                app, one_pack_spot(table, src, isinstance(action, Lift)), one_pack_spot(table, dst)
            )

    kind = game_type("one-pack")
    app = make_app(size=(1024, 700))
    # the posted events play far faster than a person can; the server's flood limit
    # (40 messages a second, tests/net/test_hostile.py) would refuse them on a fast machine
    serving = Serving(grace=0.3, allow_seed=True, rate=1000.0, burst=1000.0)
    table, link = seated(app, serving, "Ann", rules="one-pack")
    try:
        assert table.remote.position.rules.spec == "one-pack"
        key(app, pygame.K_ESCAPE)  # the Esc menu offers abandoning (issue 41: §34 in 003)
        assert [n for n, _l in app.top.items()] == ["back", "abandon", "leave"]
        assert "no abandoning" not in " ".join(app.top.lines())
        key(app, pygame.K_ESCAPE)
        assert app.top is table
        me = kind.make_bot("club", 0, random.Random(3))
        done = 0
        end = time.monotonic() + 150
        while table.remote.over is None and time.monotonic() < end:
            step(app)
            if not my_turn(table):
                time.sleep(0.005)
                continue
            played(app, table, link, me.choose(link.client.obs), one_pack_gesture)
            done += 1
        assert table.remote.over is not None, f"not over after {done} gestures"
        step(app, 5)
        game = kind.game_from_record(link.client.record)
        assert game.over and done >= 10
        print(f"one pack: over ({game.outcome}) after {len(game.actions)} actions, {done} mine")
        (kept,) = Store().games()  # kept in Past games, as any game
        assert kept.rules == "one-pack" and kept.record == link.client.record
    finally:
        link.shutdown()
        serving.stop()
