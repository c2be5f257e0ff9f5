"""A human (seat A, by posted mouse events) plays a whole game against each bot level."""

from __future__ import annotations

import random

import pytest

from russian_bank.ui.scenes.dialogs import ResultsScene
from russian_bank.ui.settings import Settings

from .helpers import ctl, step
from .test_full_game import choose, gesture

LEVELS = ("novice", "club", "expert", "master")


@pytest.mark.parametrize("level", LEVELS)
def test_full_game_against_each_level(make_app, level: str) -> None:
    from russian_bank.ui.app import bot_factory

    assert bot_factory() is not None
    app = make_app(size=(1024, 640), seed=11, settings=Settings(opponent=level))
    c = ctl(app)
    assert c.is_bot(1) and not c.is_bot(0)
    game = c.game
    rng = random.Random(3)
    for _ in range(20000):
        if game.over:
            break
        pos = c.position
        if pos.player == 0 and pos.phase in ("arranging", "play") and not c.flights:
            action = choose(game, rng)
            n = len(game.actions)
            gesture(app, action)
            # the human's gesture reached the engine as that very action
            made = [str(a) for a in game.actions[n:] if not str(a).startswith("raise")]
            assert made and made[0] == str(action), (action, made[:3])
        else:
            step(app)  # the bot's innings, Stops, the last-card countdown
    assert game.over, f"{level}: game not over after {len(game.actions)} actions"
    for _ in range(600):  # the results come after the countdown and the last animations
        if isinstance(app.top, ResultsScene):
            break
        step(app)
    assert isinstance(app.top, ResultsScene)
    assert game.position.innings > 2  # both sides had innings
    game.position.check_invariants()


def test_the_tables_searching_master_thinks_within_the_tables_time() -> None:
    """Issue 22: at the table (and only there) the searching Master gets the
    wall-clock cap of its anytime stop; the simulator's bots have none."""
    from russian_bank.ai import TABLE_THINK, make_bot
    from russian_bank.ui.app import bot_factory

    table_make = bot_factory()
    assert table_make is not None
    bot = table_make("master-next", 1, random.Random(0), None)
    assert bot.time_cap == TABLE_THINK  # type: ignore[attr-defined]
    assert make_bot("master-next", 1, random.Random(0)).time_cap is None  # type: ignore[attr-defined]
