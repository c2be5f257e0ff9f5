"""A long game (10,000 actions) opens in Past games and in Replay in under a second.

Timed in CPU time (``time.process_time``) so that other jobs on a shared machine do
not make the test flaky; ``python -m tools.bench history`` gives wall times."""

from __future__ import annotations

import time

import pytest

from russian_bank.history import Replay, Store, keep
from tools.bench.history import long_game


@pytest.fixture(scope="module")
def long():
    return long_game(10_000, seed=1)


def test_long_game_has_ten_thousand_actions_and_a_result(long):
    assert len(long.actions) == 10_000 and long.over


def test_opening_a_long_game_takes_under_a_second(long, tmp_path):
    store = Store(tmp_path / "games")
    store.save(keep(long))
    t = time.process_time()
    (kept,) = store.games()
    listed = time.process_time() - t
    t = time.process_time()
    replay = Replay(kept)
    first = replay.position(0)
    opened = time.process_time() - t
    assert listed < 1.0 and opened < 1.0, (listed, opened)
    assert first.to_text() == Replay(kept).start().to_text()
    t = time.process_time()
    final = replay.position(replay.steps)
    assert time.process_time() - t < 2.0
    assert final.to_text() == long.position.to_text()
