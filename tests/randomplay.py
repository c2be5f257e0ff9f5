"""Seeded random play for the property tests and the soak."""

from __future__ import annotations

import random

from russian_bank.engine import Position, Raise, apply, deal_position, legal_actions
from russian_bank.engine.position import OVER
from russian_bank.engine.rulesets import rule_set


def random_action(pos: Position, rng: random.Random):  # type: ignore[no-untyped-def]
    """A random legal action; mostly definite ones so that games stay short."""
    acts = legal_actions(pos)
    if pos.raised is None and rng.random() < 0.9:
        definite = [a for a in acts if not isinstance(a, Raise)]
        if definite:
            acts = definite
    return acts[rng.randrange(len(acts))]


def play_game(seed: int, limit: int = 200_000, spec: str = "committee") -> tuple[Position, int]:
    """Play a whole game with random legal actions; return the end and its length."""
    rng = random.Random(seed)
    pos = deal_position(rule_set(spec), rng=rng)
    n = 0
    while pos.phase != OVER:
        apply(pos, random_action(pos, rng), check=False)
        n += 1
        if n > limit:
            raise AssertionError(f"seed {seed}: no end after {limit} actions")
    return pos, n
