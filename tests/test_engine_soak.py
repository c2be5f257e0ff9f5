"""Thousands of complete seeded random games: each ends, no invariant broken.

Set RB_SOAK_GAMES to play more (for example 20000) outside the default run.
"""

from __future__ import annotations

import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from tests.randomplay import play_game

GAMES = int(os.environ.get("RB_SOAK_GAMES", "2000"))


def _one(seed: int) -> tuple[str, int]:
    pos, n = play_game(seed)
    pos.check_invariants()
    assert pos.outcome is not None
    if pos.outcome.winner is not None:
        w = pos.outcome.winner
        assert pos.cards_left(w) == 0, f"seed {seed}: winner still has cards"
        assert pos.outcome.points >= 30
    return pos.outcome.reason, n


def test_soak_random_games_all_end() -> None:
    workers = min(2, os.cpu_count() or 1)
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(_one, range(GAMES), chunksize=50))
    reasons = Counter(r for r, _ in results)
    assert len(results) == GAMES
    assert set(reasons) <= {"won", "dead"}
    assert reasons["won"] > GAMES // 2
    print(f"{GAMES} games: {dict(reasons)}; longest {max(n for _, n in results)} actions")
