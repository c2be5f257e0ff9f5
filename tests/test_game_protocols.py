"""Both games, two-pack (engine/) and one-pack (onepack/), through the same protocols:
a seeded deal, legal_actions in a stable order that all apply, a reason of None for
each legal action, action and position text forms that round-trip, and clone."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from russian_bank import engine, onepack


@dataclass
class GameApi:
    deal: Callable[[random.Random], Any]
    legal: Callable[[Any], list[Any]]
    reason: Callable[[Any, Any], str | None]
    apply: Callable[[Any, Any], list[Any]]
    parse_action: Callable[[str], Any]
    from_text: Callable[[str], Any]
    over: Callable[[Any], bool]


GAMES = {
    "two-pack": GameApi(
        lambda rng: engine.deal_position(engine.COMMITTEE, rng),
        engine.legal_actions,
        engine.action_reason,
        engine.apply,
        engine.parse_action,
        engine.Position.from_text,
        lambda pos: pos.phase == engine.OVER,
    ),
    "one-pack": GameApi(
        onepack.deal_position,
        onepack.legal_actions,
        onepack.why_not,
        onepack.apply,
        onepack.parse_action,
        onepack.Position.from_text,
        lambda pos: pos.over,
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_same_protocols_on_a_random_game(name: str) -> None:
    api = GAMES[name]
    for seed in range(3):
        rng = random.Random(seed)
        pos = api.deal(random.Random(seed))
        assert api.deal(random.Random(seed)).to_text() == pos.to_text()  # seeded deal
        for _ in range(60):
            if api.over(pos):
                break
            acts = api.legal(pos)
            assert acts == api.legal(pos)  # a stable order
            for a in acts:
                assert api.reason(pos, a) is None
                assert api.parse_action(str(a)) == a
            text = pos.to_text()
            assert api.from_text(text).to_text() == text
            copy = pos.clone()
            api.apply(copy, acts[rng.randrange(len(acts))])
            assert pos.to_text() == text  # the clone is independent
            pos = copy
