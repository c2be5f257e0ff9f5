"""Lesson 7, the live Stop practice, on a virtual clock: catches, misses and
false Stops are counted, reaction times measured (issue 7)."""

from __future__ import annotations

import random

from russian_bank.tutorial import StopPractice

TICK = 0.1


def run(practice: StopPractice, policy, limit: float = 3000.0) -> float:  # type: ignore[no-untyped-def]
    """Drive the practice on virtual time; ``policy(practice, now)`` may press."""
    now = 0.0
    while not practice.finished and now < limit:
        practice.update(now)
        policy(practice, now)
        now = round(now + TICK, 3)
    assert practice.finished
    return now


def test_s24_every_fault_caught_with_its_reaction_time() -> None:
    p = StopPractice(random.Random(1), faults=4)

    def press_after_0_8(pr: StopPractice, now: float) -> None:
        if pr.fault_at is not None and now - pr.fault_at >= 0.8 - 1e-9:
            advice = pr.press_stop(now)
            assert "§21" in advice.text and advice.places

    run(p, press_after_0_8)
    r = p.report
    assert (r.caught, r.missed, r.false_stops) == (4, 0, 0)
    assert r.median is not None and abs(r.median - 0.8) < 1e-6
    assert p.faults_shown == 4


def test_s67_faults_left_alone_are_missed_after_the_window() -> None:
    p = StopPractice(random.Random(2), faults=3, window=2.0)
    seen: list[float] = []

    def watch(pr: StopPractice, now: float) -> None:
        left = pr.time_left(now)
        if left is not None:
            seen.append(left)

    run(p, watch)
    r = p.report
    assert (r.caught, r.missed, r.false_stops, r.median) == (0, 3, 0, None)
    assert max(seen) == 2.0 and min(seen) >= 0.0
    assert p.advice is not None and p.advice.text.startswith("Missed")


def test_s66_false_stops_are_counted_and_explained() -> None:
    p = StopPractice(random.Random(3), faults=2)
    presses = {"false": 0}

    def press_too_early(pr: StopPractice, now: float) -> None:
        if pr.fault_at is None and presses["false"] < 3 and pr.actions >= 1:
            advice = pr.press_stop(now)
            presses["false"] += 1
            assert advice.text.startswith("False Stop") and "§" in advice.text
        elif pr.fault_at is not None and now - pr.fault_at >= 1.5 - 1e-9:
            pr.press_stop(now)

    run(p, press_too_early)
    r = p.report
    assert r.false_stops == 3 and r.caught == 2 and r.missed == 0
    assert r.lines()[2] == "False Stops: 3"
    assert r.lines()[3] == "Median reaction time: 1.50 s"


def test_mixed_session_and_its_report() -> None:
    p = StopPractice(random.Random(4), faults=4)

    def every_other(pr: StopPractice, now: float) -> None:
        if pr.fault_at is not None and pr.faults_shown % 2 == 1 and now - pr.fault_at >= 0.5:
            pr.press_stop(now)

    run(p, every_other)
    assert (p.report.caught, p.report.missed) == (2, 2)
    assert p.report.lines()[:2] == ["Faults caught: 2", "Faults missed: 2"]


def test_computer_waits_during_the_window_and_keeps_its_pace() -> None:
    p = StopPractice(random.Random(5), faults=1, window=3.0, pace=1.0)
    times: list[float] = []
    now = 0.0
    while p.fault_at is None:
        if p.update(now):
            times.append(now)
        now = round(now + TICK, 3)
    gaps = [round(b - a, 3) for a, b in zip(times, times[1:], strict=False)]
    assert all(g >= 1.0 for g in gaps)
    opened = p.fault_at
    while now < opened + 2.9:
        assert p.update(now) == []  # nothing is played while the learner may Stop
        now = round(now + TICK, 3)
    assert not p.finished


def test_from_lesson_options() -> None:
    p = StopPractice.from_options({"faults": 2, "window": 5.0, "pace": 0.5, "seed": 9})
    assert (p.target, p.window, p.pace) == (2, 5.0, 0.5)
