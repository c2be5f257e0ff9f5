"""Keyboard play: a whole hot-seat game played with keys alone."""

from __future__ import annotations

import random

import pygame

from russian_bank.engine import (
    DiscardHeld,
    EndInnings,
    Place,
    Play,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
)
from russian_bank.game.places import BANK, HELD, HELD_PLACE, STOCK, TABLE
from russian_bank.ui.scenes.dialogs import ResultsScene
from russian_bank.ui.scenes.help import HelpScene

from .helpers import ctl, key, post, step
from .test_full_game import choose


def tabs(app, frm, to):
    """How many Tab presses move the ring from ``frm`` to ``to`` (the first Tab
    only shows the ring, on the Player's Stock)."""
    order = app.game_scene.keys.order(ctl(app))
    if frm not in order:
        return order.index(to) + 1
    return (order.index(to) - order.index(frm)) % len(order)


def press(k, n=1):
    for _ in range(n):
        post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def ring_to(app, place):
    """Press Tab as often as needed (posted together, then one frame)."""
    press(pygame.K_TAB, tabs(app, app.game_scene.keys.focus, place))
    step(app)
    assert app.game_scene.keys.focus == place


def by_keys(app, action):
    """The keys for ``action``, posted together and taken in one frame."""
    focus = app.game_scene.keys.focus
    if isinstance(action, Play):
        src = HELD_PLACE if action.src.kind == HELD else action.src
        press(pygame.K_TAB, tabs(app, focus, src))
        press(pygame.K_RETURN, action.count)
        press(pygame.K_TAB, tabs(app, src, action.dst))
        press(pygame.K_RETURN)
    elif isinstance(action, TurnStock | TurnHand | TurnOverDiscard):
        press(pygame.K_t)
    elif isinstance(action, DiscardHeld):
        press(pygame.K_d)
    elif isinstance(action, EndInnings):
        press(pygame.K_e)
    else:
        raise AssertionError(action)
    step(app)


def test_whole_hot_seat_game_by_keyboard(make_app):
    app = make_app(size=(640, 480), seed=7, autosave=False)
    game = ctl(app).game
    rng = random.Random(7)
    played = 0
    while not game.over and played < 3000:
        action = choose(game, rng)
        by_keys(app, action)
        assert str(game.actions[-1]) == str(action), (action, ctl(app).last_reason)
        played += 1
    assert game.over
    step(app, 5)
    assert isinstance(app.top, ResultsScene)


def test_arrows_move_the_ring_and_refusals_put_back(make_app):
    app = make_app(seed=7)
    c = ctl(app)
    kb = app.game_scene.keys
    me = c.position.player
    ring_to(app, Place(TABLE, 5))  # left column, second row
    key(app, pygame.K_RIGHT)
    assert kb.focus == Place(BANK, 5)
    key(app, pygame.K_DOWN)
    assert kb.focus == Place(BANK, 4)
    key(app, pygame.K_LEFT)
    assert kb.focus == Place(TABLE, 4)
    # raise a Table card and play it where it cannot go: put back, reason shown
    ring_to(app, Place(TABLE, 0))
    key(app, pygame.K_RETURN)
    assert c.position.raised == (Place(TABLE, 0), 1)
    ring_to(app, Place(STOCK, 1 - me))
    key(app, pygame.K_RETURN)
    assert c.position.raised is None and c.last_reason
    # Esc puts back a raised card and does not open the menu
    ring_to(app, Place(TABLE, 1))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert c.position.raised is None and app.top is app.game_scene


def test_keys_are_in_the_help(make_app):
    app = make_app()
    text = " ".join(HelpScene(app).paragraphs())
    keys = ("Tab", "Enter", "T turns", "D discards", "U or Ctrl+Z undoes", "L shows the move log")
    for words in keys:
        assert words in text


def test_i19_t_with_the_ring_on_a_bank_says_what_it_turned(make_app):
    """Issue 19: T with the ring on a Bank turned the Stock elsewhere and said
    nothing; now it says what it turned, and the ring goes there."""
    app = make_app(seed=3)
    sc = app.game_scene
    me = ctl(app).position.player
    key(app, pygame.K_TAB)
    while sc.keys.focus.kind != BANK:
        key(app, pygame.K_TAB)
    key(app, pygame.K_t)
    assert ctl(app).position.stock_up[me] == 1
    said = ctl(app).messages[me].text
    assert said.startswith("T turned your Stock") and "wherever the ring is" in said
    assert sc.keys.focus == Place(STOCK, me)


def test_i19_the_focus_ring_shows_on_a_white_card_and_on_the_felt(make_app):
    """Issue 19: the ring (3 px white) was nearly invisible on white cards. It is
    a bright band inside a dark one, a few pixels wide, at every card size."""
    for scale in (1.0, 1.5):
        from russian_bank.ui.settings import Settings

        app = make_app(seed=3, settings=Settings(card_scale=scale))
        sc = app.game_scene
        key(app, pygame.K_TAB)
        while sc.keys.focus.kind != TABLE or not ctl(app).position.table[sc.keys.focus.index]:
            key(app, pygame.K_TAB)
        app.draw(app.screen)
        r = sc.keys.rect(ctl(app), sc.keys.focus)
        x = r.centerx
        column = [tuple(app.screen.get_at((x, y)))[:3] for y in range(r.top - 30, r.top + 4)]
        bright = [c for c in column if c == (255, 60, 170)]
        dark = [c for c in column if max(c) < 40]
        assert len(bright) >= 3 and len(dark) >= 3, (scale, column)
