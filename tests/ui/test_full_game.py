"""A whole game played to the end through the controller, by posted mouse events only."""

from __future__ import annotations

import random

from russian_bank.engine import (
    Back,
    Compel,
    DiscardHeld,
    EndInnings,
    Place,
    Play,
    Raise,
    Stand,
    Stop,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
)
from russian_bank.game.places import BANK, DISCARD, HAND, STOCK, TABLE
from russian_bank.ui.scenes.dialogs import ResultsScene

from .helpers import button, card_center, click, ctl, drag, place_center, step


def choose(game, rng):
    """A simple greedy player: Banks first, then the own piles, then turns."""
    skip = (Stop, Compel, Stand, Raise, Back)
    acts = [a for a in game.legal_actions() if not isinstance(a, skip)]
    acts = [
        a for a in acts if not (isinstance(a, Play) and a.src.kind == TABLE and a.dst.kind == TABLE)
    ] or acts

    def score(a):
        if isinstance(a, Play):
            return 0 if a.dst.kind == BANK else 1
        if isinstance(a, TurnStock):
            return 2
        if isinstance(a, TurnHand | TurnOverDiscard):
            return 3
        return 4

    best = min(score(a) for a in acts)
    return rng.choice([a for a in acts if score(a) == best])


def gesture(app, action):
    c = ctl(app)
    me = c.position.player
    if isinstance(action, Play):
        card = c.gestures.cards_at(action.src, action.count)[0]
        drag(app, card_center(app, card), place_center(app, action.dst))
    elif isinstance(action, TurnStock):
        click(app, place_center(app, Place(STOCK, me)))
    elif isinstance(action, TurnHand | TurnOverDiscard):
        click(app, place_center(app, Place(HAND, me)))
    elif isinstance(action, DiscardHeld):
        held = c.position.held
        drag(app, card_center(app, held), place_center(app, Place(DISCARD, me)))
    elif isinstance(action, EndInnings):
        click(app, button(app, "end"))
    else:
        raise AssertionError(action)


def test_full_game_by_mouse(make_app):
    app = make_app(size=(1024, 640), seed=7)
    game = ctl(app).game
    rng = random.Random(7)
    played = 0
    while not game.over and played < 3000:
        action = choose(game, rng)
        n = len(game.actions)
        gesture(app, action)
        # the gesture must have reached the engine as that very action
        assert str(game.actions[-1]) == str(action), (action, ctl(app).last_reason)
        assert len(game.actions) > n
        played += 1
    assert game.over
    out = game.outcome
    step(app, 5)
    assert isinstance(app.top, ResultsScene)
    if out.winner is not None:
        assert app.match[out.winner] == out.points
    assert app.games == 1
    game.position.check_invariants()
    # Next game from the results screen
    _panel, rects, _unit = app.top.geometry()
    next_rect = next(r for name, _label, r in rects if name == "next")
    click(app, next_rect.center)
    assert ctl(app).game is not game and not ctl(app).game.over
