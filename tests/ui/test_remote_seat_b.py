"""Issue 21: a player who sits at B at a remote table sees his own seat at the
bottom, as the player at A does: the board turned round (ui/table/layout.py).
His piles, his held card, his zone with its name, his Stop button (on the bottom
player's key, S) and his messages are at the bottom; he drags his own cards from
there with real posted mouse events, and the server receives those very plays."""

from __future__ import annotations

import random
import time

import pygame

from russian_bank.engine import Play
from russian_bank.game.places import BANK, DISCARD, HAND, HELD, STOCK, TABLE, Place
from russian_bank.ui.table.layout import Layout

from ..net.test_remote_table import Serving
from .helpers import key, step
from .test_full_game import choose
from .test_remote_table_game import grab, my_turn, played, seated


def test_the_board_turned_round_puts_every_place_where_its_twin_was():
    a, b = Layout((1024, 700)), Layout((1024, 700), bottom=1)
    for i in range(8):
        for kind in (TABLE, BANK):
            assert b.rects[Place(kind, i)] == a.rects[Place(kind, (i + 4) % 8)]
            assert b.fans_left(i) == a.fans_left((i + 4) % 8)
        assert b.shown_part(Place(TABLE, i)) == a.shown_part(Place(TABLE, (i + 4) % 8))
    for kind in (STOCK, HAND, DISCARD):
        assert b.rects[Place(kind, 1)] == a.rects[Place(kind, 0)]
        assert b.rects[Place(kind, 0)] == a.rects[Place(kind, 1)]
    assert b.held_rects[1] == a.held_rects[0] and b.zones[1].rect == a.zones[0].rect
    # where the rows overlap (larger cards), the lower row is still the one on top
    big_a, big_b = Layout((640, 480), 2.0), Layout((640, 480), 2.0, bottom=1)
    lower = big_a.rects[Place(TABLE, 3)].center  # in the bottom row, over the row above
    assert big_b.drop_target(lower, 1) == Place(TABLE, 7)
    assert big_a.drop_target(lower, 0) == Place(TABLE, 3)


def test_a_player_at_b_sees_himself_at_the_bottom_and_drags_his_own_cards_from_there(make_app):
    app = make_app(size=(1024, 700))
    serving = Serving(grace=0.3, allow_seed=True, rate=1000.0, burst=1000.0)
    table, link = seated(app, serving, "Bob", "B", seed=8)  # (the deal it was written on)
    try:
        lay, mid = table.layout, app.size[1] // 2
        assert lay.bottom == 1 and table.remote.layout is lay
        for kind in (STOCK, HAND, DISCARD):  # his piles below the middle, the other's above
            assert lay.rects[Place(kind, 1)].top > mid > lay.rects[Place(kind, 0)].bottom
        assert lay.held_rects[1].top > mid and lay.zones[1].rect.top > mid
        assert table.remote.gestures.hit(lay.rects[Place(HAND, 1)].center)[0] == Place(HAND, 1)
        # his zone's name, his Stop button (the bottom key, S) and the menu: at the bottom
        step(app)
        app.draw(app.screen)
        texts = app.renderer.texts
        (name,) = [r for line, r, _b in texts if line.startswith("Bob (B)")]
        (other,) = [r for line, r, _b in texts if line.startswith("Novice (A)")]
        assert name.top > mid > other.bottom
        assert all(r.top > mid for line, r, _b in texts if line.startswith("B's "))
        buttons = {b.name: b for b in table.buttons()}
        assert buttons["stop1"].rect.top > mid and "(S)" in buttons["stop1"].label
        assert buttons["menu"].rect.top > mid and "stop0" not in buttons
        rng = random.Random(8)
        own: list[Play] = []  # his plays dragged from his own piles, at the bottom
        gestures = 0
        end = time.monotonic() + 300
        while len(own) < 3 and table.remote.over is None and time.monotonic() < end:
            step(app)
            if not my_turn(table):
                time.sleep(0.005)
                continue
            action = choose(table.remote.game, rng)
            if isinstance(action, Play) and action.src.kind in (STOCK, HELD, DISCARD):
                cards = table.remote.gestures.cards_at(action.src, action.count)
                assert grab(table, cards[0])[1] > mid, action  # he grabs it at the bottom
            played(app, table, link, action)
            gestures += 1
            if isinstance(action, Play) and action.src.kind in (STOCK, HELD, DISCARD):
                own.append(action)
        assert len(own) >= 3, f"{len(own)} plays from his own piles in {gestures} gestures"
        # what is said to him shows in his own zone, at the bottom
        key(app, pygame.K_h)
        app.draw(app.screen)
        said = [r for line, r, _b in app.renderer.texts if line.startswith("Hints and undo")]
        assert said and all(r.top > mid for r in said)
    finally:
        link.shutdown()
        serving.stop()
