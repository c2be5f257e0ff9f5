"""Seeded soak: many random one-pack games all end, with every card accounted for.

300 games by default; RB_ONEPACK_SOAK=2000 for the full soak (docs/one-pack.md)."""

from __future__ import annotations

import os
import random
from collections import Counter

from russian_bank.game.phases import OVER
from russian_bank.onepack import RULES, apply, deal_position, legal_actions
from russian_bank.onepack.cards import PACK

GAMES = int(os.environ.get("RB_ONEPACK_SOAK", "300"))


def test_soak_random_games_all_end() -> None:
    reasons: Counter[str] = Counter()
    longest = 0
    for seed in range(GAMES):
        rng = random.Random(seed * 7 + 1)
        pos = deal_position(RULES, random.Random(seed))
        n = 0
        while pos.phase != OVER:
            acts = legal_actions(pos)
            assert acts
            apply(pos, acts[rng.randrange(len(acts))], check=False)
            n += 1
            assert n < 5000, f"game {seed} did not end"
        assert sorted(pos.all_cards()) == list(PACK)
        assert pos.outcome is not None
        if pos.outcome.reason == "won":
            assert pos.cards_left(pos.outcome.winner or 0) == 0
        reasons[pos.outcome.reason] += 1
        longest = max(longest, n)
    assert sum(reasons.values()) == GAMES
    print(f"{GAMES} games: {dict(reasons)}, longest {longest} actions")
