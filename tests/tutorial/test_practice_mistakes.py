"""Lesson 7's live Stop practice follows the player's Mistakes setting (issue 25)."""

from __future__ import annotations

import random

from russian_bank.ai.faults import DRILL
from russian_bank.tutorial import StopPractice

from .test_practice import run


def _session(mistakes: str, seed: int) -> StopPractice:
    p = StopPractice(random.Random(seed), faults=3, mistakes=mistakes)

    def press(pr: StopPractice, now: float) -> None:
        if pr.fault_at is not None and now - pr.fault_at >= 0.5:
            pr.press_stop(now)

    run(p, press)
    return p


def test_s69_every_fault_shown_may_be_stopped_at_every_setting() -> None:
    """A fault counts as shown only once the learner may Stop it (not while the
    computer holds another bankable card, §69): no Stop at a shown fault is false."""
    for mistakes in ("none", "rare", "normal", "often"):
        for seed in (1, 4, 6):
            p = _session(mistakes, seed)
            assert p.report.false_stops == 0, (mistakes, seed)
            assert p.report.caught == p.faults_shown


def test_often_shows_the_faults_sooner_than_rare() -> None:
    actions = {m: sum(_session(m, seed).actions for seed in range(6)) for m in ("rare", "often")}
    assert actions["often"] < actions["rare"]
    assert DRILL["none"] == DRILL["rare"] < DRILL["normal"] < DRILL["often"]


def test_from_lesson_options_with_the_setting() -> None:
    p = StopPractice.from_options({"faults": 2, "seed": 9}, mistakes="often")
    assert (p.mistakes, p.fault_rate) == ("often", DRILL["often"])
    assert StopPractice.from_options({}, mistakes="bogus").mistakes == "normal"
