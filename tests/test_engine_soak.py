"""Thousands of complete seeded random games: each ends, no invariant broken,
for every registered rule set and option (a twentieth as many for the others as
for the Committee rules).

Set RB_SOAK_GAMES to play more (for example 20000) outside the default run.
"""

from __future__ import annotations

import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import pytest

from russian_bank.engine.rulesets import every_spec, rule_set
from tests.randomplay import play_game

GAMES = int(os.environ.get("RB_SOAK_GAMES", "2000"))


def _one(job: tuple[str, int]) -> tuple[str, int]:
    spec, seed = job
    pos, n = play_game(seed, spec=spec)
    pos.check_invariants()
    assert pos.outcome is not None
    if pos.outcome.winner is not None:
        w = pos.outcome.winner
        assert pos.cards_left(w) == 0, f"{spec} seed {seed}: winner still has cards"
        assert pos.outcome.points >= rule_set(spec).game_points
    return pos.outcome.reason, n


@pytest.mark.parametrize("spec", every_spec())
def test_soak_random_games_all_end(spec: str) -> None:
    games = GAMES if spec == "committee" else max(20, GAMES // 20)
    workers = min(2, os.cpu_count() or 1)
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(_one, [(spec, s) for s in range(games)], chunksize=10))
    reasons = Counter(r for r, _ in results)
    assert len(results) == games
    assert set(reasons) <= {"won", "dead"}
    assert reasons["won"] > games // 2
    print(f"{spec}: {games} games: {dict(reasons)}; longest {max(n for _, n in results)}")
