"""The live table's computer thinks in a worker process (ui/thinker.py): the same
answer as thinking at once, its state copied back into the same bot object, and a
bot changed while it thought keeps its own state."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from russian_bank.ai import make_bot
from russian_bank.engine import Game
from russian_bank.ui.thinker import ProcessThinker


def state(bot):
    """What the bot keeps between decisions (its random stream by its state; the
    keys of the positions it has seen are the same in every process)."""
    out = dict(vars(bot))
    out["rng"] = bot.rng.getstate()
    return out


@pytest.fixture(scope="module")
def thinker():
    t = ProcessThinker()
    yield t
    t.close()


def test_a_thought_in_the_process_answers_as_at_once_and_the_bot_takes_its_state(thinker):
    game = Game.new(5)
    bot = make_bot("master", 0, random.Random(3))
    twin = copy.deepcopy(bot)
    for _ in range(4):  # a few decisions: the plan and the random stream go on
        obs = game.observe(0)
        if game.over or game.player != 0:
            break
        answer = thinker(bot, obs)
        expected = twin.choose(obs)
        assert answer.result(timeout=60) == expected
        assert state(bot) == state(twin)  # the same bot object, its state back
        game.apply(expected)


def test_a_bot_changed_while_it_thought_keeps_its_state(thinker):
    game = Game.new(5)
    bot = make_bot("master", 0, random.Random(3))
    answer = thinker(bot, game.observe(0))
    bot.rng.random()  # asked something meanwhile (the table's thread)
    before = pickle.dumps(bot)
    answer.result(timeout=60)
    assert pickle.dumps(bot) == before


def test_the_live_table_plays_the_computers_thoughts_from_the_process(make_app):
    import time

    from russian_bank.ui.settings import Settings

    from .helpers import DT

    app = make_app(seed=9, settings=Settings(opponent="club", sound=False))
    app.go_live()
    try:
        table = app.game_scene.ctl
        assert app.thinker is not None and table.match.think is app.thinker
        app.new_game(None, ask=False)
        table = app.game_scene.ctl
        assert table.match.think is app.thinker  # every new game at that window
        table.bots[0] = make_bot("club", 0, random.Random(1))  # both seats the computer
        end = time.monotonic() + 60
        while len(table.game.actions) < 3 and time.monotonic() < end:
            app.step(DT)
            time.sleep(0.005)
        assert len(table.game.actions) >= 3
        assert app.thinker.thinkers.thoughts >= 3  # each decision went to the process
    finally:
        if app.thinker is not None:
            app.thinker.close()
