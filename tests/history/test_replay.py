"""Replay (steps, positions, move log) and the review's marks."""

from __future__ import annotations

import time

import pytest

from russian_bank.engine import Game, Stop
from russian_bank.history import Replay, keep
from russian_bank.history.review import (
    CHANCE_THRESHOLD,
    EXPERT,
    FAULT,
    MISTAKE,
    STOP,
    THRESHOLD,
    ReviewJob,
    analyse,
)

from .helpers import bot_game


@pytest.fixture(scope="module")
def game():
    return bot_game(5, "novice", "club")


def game_after(game: Game, actions: int) -> Game:
    g = Game.new(game.seed)
    for a in game.actions[:actions]:
        g.apply(a)
    return g


def test_replay_reaches_the_final_position(game):
    r = Replay(keep(game))
    assert r.position(r.steps).to_text() == game.position.to_text()


def test_every_step_is_the_game_after_that_many_actions(game):
    r = Replay(keep(game))
    for step in (0, 1, 2, 31, 32, 33, 70, r.steps - 1):
        want = game_after(game, r.ends[step]).position.to_text()
        assert r.position(step).to_text() == want, step
    # backwards after going forwards: the snapshots are not changed by reading them
    assert r.position(33).to_text() == game_after(game, r.ends[33]).position.to_text()


def test_steps_are_the_definite_actions(game):
    r = Replay(keep(game))
    definite = sum(1 for a in game.actions if a.definite)
    assert r.steps == definite + (0 if game.actions[-1].definite else 1)
    r.reach(r.steps)
    assert len(r.lines) == r.steps + 1


def test_move_log_is_in_words_never_engine_notation(game):
    r = Replay(keep(game))
    r.reach(r.steps)
    for line in r.lines:
        for word in ("stockA", "table3", "bank0", "discardB", "play ", "raise", "held"):
            assert word not in line, line
    assert any("♥" in x or "♠" in x for x in r.lines)
    assert any(x.startswith("A turned ") and " from A's Stock" in x for x in r.lines)


def test_review_marks_faults_stops_and_expert_differences(game):
    r = Replay(keep(game))
    seen = []
    marks = analyse(r, progress=seen.append, cap=80)
    assert seen[-1] == 1.0 and seen == sorted(seen)
    kinds = {m.kind for m in marks}
    assert kinds == {FAULT, STOP, EXPERT, MISTAKE}
    for m in marks:
        if m.kind == STOP:
            last = r.actions[r.ends[m.step] - 1]
            assert isinstance(last, Stop)
        elif m.kind == FAULT:
            assert r.position(m.step).fault is not None  # the fault opened at that step
            assert "could have called Stop" in m.text
            # and no Stop followed while it stayed open
            s = m.step + 1
            while r.position(s).fault is not None:
                assert not isinstance(r.actions[r.ends[s] - 1], Stop)
                s += 1
        elif m.kind == MISTAKE:  # (the figures: test_review_chance.py)
            assert m.delta >= CHANCE_THRESHOLD - 0.01 and m.text.startswith("Mistake: ")
        else:
            assert m.delta >= THRESHOLD and m.text.startswith("Better for ") and "Why: " in m.text


def test_a_stopped_fault_is_not_marked_as_missed(game):
    r = Replay(keep(game))
    marks = analyse(r, cap=20)
    stops = {m.step for m in marks if m.kind == STOP}
    assert stops
    for m in marks:
        if m.kind == FAULT:
            s = m.step
            while r.position(s).fault is not None:
                s += 1
            assert s not in stops


def test_review_job_runs_in_the_background_and_can_be_cancelled(game):
    job = ReviewJob(Replay(keep(game)), cap=80).start()
    t = time.perf_counter()
    job.cancel()  # returns at once; the thread stops at the next action
    assert time.perf_counter() - t < 0.1
    job.join(10)
    assert job.done and job.error is None
