"""Issue 41 point 13: a person's win gets a moment (sparks of light that fly, the
winner's box glowing, the win's sound), then the results; under reduced motion the
moment is quiet (nothing moves, no fanfare) and the results still come."""

from __future__ import annotations

import pytest

from russian_bank.engine import Card, Outcome, Place
from russian_bank.game.places import TABLE
from russian_bank.ui.scenes.dialogs import ResultsScene
from russian_bank.ui.settings import Settings
from russian_bank.ui.table.celebration import SECONDS

from .helpers import DT, card_center, ctl, drag, place_center, step
from .test_menu_actions import clean_last_card_position
from .test_table import setup


def win_by_a(app):
    setup(app, clean_last_card_position)
    drag(app, card_center(app, Card.parse("4Ca")), place_center(app, Place(TABLE, 0)))
    c = ctl(app)
    for _ in range(600):
        if c.game.over:
            return c
        step(app)
    raise AssertionError("the game did not end")


def test_a_win_gets_sparks_a_glow_and_the_sound_then_the_results(make_app):
    app = make_app(pace="normal", settings=Settings())
    c = win_by_a(app)
    assert c.game.outcome.winner == 0 and c.game.outcome.reason == "won"
    step(app)
    party = app.game_scene.celebration
    assert party.active and party.glow == app.game_scene.layout.zones[0].rect
    assert "win" in app.sounds.played
    before = [(s.x, s.y) for s in party.sparks]
    step(app, 6)
    after = [(s.x, s.y) for s in party.sparks]
    assert sum(a != b for a, b in zip(before, after, strict=True)) == len(before)  # they fly
    assert not isinstance(app.top, ResultsScene)  # the moment comes first
    step(app, int(SECONDS / DT) + 10)
    assert isinstance(app.top, ResultsScene) and not party.active


def test_reduced_motion_the_win_is_quiet(make_app):
    app = make_app(pace="normal", settings=Settings(reduced_motion=True))
    c = win_by_a(app)
    step(app)
    assert c.game.outcome.winner == 0
    assert not app.game_scene.celebration.active and "win" not in app.sounds.played
    step(app, 90)
    assert isinstance(app.top, ResultsScene)


@pytest.mark.parametrize(
    "outcome",
    [Outcome(1, "won", 40, 30), Outcome(None, "agreed"), Outcome(1, "abandoned", 50, 30)],
)
def test_no_fanfare_for_the_computers_win_a_draw_or_an_abandoned_game(make_app, outcome):
    app = make_app(pace="normal", settings=Settings(opponent="novice"))
    assert not ctl(app).celebrates(outcome)
    hot = make_app(pace="normal", settings=Settings())
    assert ctl(hot).celebrates(outcome) == (outcome.reason == "won")  # B a person: his win
