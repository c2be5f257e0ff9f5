"""The innings search made quick (issue 20): it finds what the plain walk finds,
with Python's cycle collector paused while a bot thinks."""

from __future__ import annotations

import gc
import random

import pytest

from russian_bank.ai import make_bot
from russian_bank.ai.evaluate import Weights
from russian_bank.ai.search import leaf_value, search_innings
from russian_bank.ai.util import collector_paused
from russian_bank.engine import Position, deal_position, observe
from russian_bank.engine.actions import Action


def test_the_collector_rests_while_the_search_walks_and_wakes_after() -> None:
    assert gc.isenabled()
    during: list[bool] = []

    def watching(pos: Position, turn: Action | None, me: int, w: Weights) -> float:
        during.append(gc.isenabled())
        return leaf_value(pos, turn, me, w)

    search_innings(deal_position(rng=random.Random(3)), cap=50, value_fn=watching)
    assert during and not any(during)
    assert gc.isenabled()


def test_the_collector_wakes_after_a_thought_that_fails() -> None:
    def failing(pos: Position, turn: Action | None, me: int, w: Weights) -> float:
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError):
        search_innings(deal_position(rng=random.Random(3)), cap=50, value_fn=failing)
    assert gc.isenabled()


def test_a_collector_already_paused_stays_paused() -> None:
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_bot_thinks_with_the_collector_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    pos = deal_position(rng=random.Random(4))
    bot = make_bot("expert", pos.player, random.Random(0))
    during: list[bool] = []
    plan = type(bot).plan

    def watching(self, obs, p, legal):  # type: ignore[no-untyped-def]
        during.append(gc.isenabled())
        return plan(self, obs, p, legal)

    monkeypatch.setattr(type(bot), "plan", watching)
    bot.choose(observe(pos, pos.player))
    assert during == [False]
    assert gc.isenabled()
