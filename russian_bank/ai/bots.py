"""The four levels.

* Novice -- greedy on a simple evaluation, overlooks plays, slow to notice a
  fault and misses some, faults on purpose now and then.
* Club -- greedy on the full evaluation (§51, §52, §59, Stock moving, plays
  given away), quicker at the Stop, rarely faults on purpose.
* Expert -- searches the innings: every sequence of Bank, Table and building
  plays before the next turn of a card, judged by the evaluation. Never faults.
* Master -- Expert's search, then past the end of the innings: the
  adversary's best reply to a plan that ends it, and for a plan that turns a
  card, deals of the unseen cards (drawn from what has been seen) and a search
  of what follows (expectimax, ai/expectimax.py); its evaluation's weights are
  fitted by self-play (ai/tune.py).
"""

from __future__ import annotations

import random
import time

from ..engine import Action, Observation, Position
from . import expectimax
from .base import Bot, Profile
from .evaluate import DEFAULT, SIMPLE
from .expectimax import Settings
from .search import search_innings
from .tuned import TUNED


class Novice(Bot):
    level = "novice"
    profile = Profile(
        reaction=(2.0, 5.0), miss=0.3, fault_rate=0.08, overlook=0.35, weights=SIMPLE, compel=False
    )

    def plan(self, obs: Observation, pos: Position, legal: list[Action]) -> list[Action]:
        return [self.greedy_step(pos, legal)]


class Club(Bot):
    level = "club"
    profile = Profile(reaction=(1.0, 2.2), miss=0.08, fault_rate=0.03)

    def plan(self, obs: Observation, pos: Position, legal: list[Action]) -> list[Action]:
        return [self.greedy_step(pos, legal)]


class Expert(Bot):
    level = "expert"
    profile = Profile(reaction=(0.6, 1.3), miss=0.02, fault_rate=0.0)
    cap = 700

    def plan(self, obs: Observation, pos: Position, legal: list[Action]) -> list[Action]:
        if len(legal) == 1:
            return list(legal)
        res = search_innings(pos, cap=self.cap, banned=self.history, w=self.weights())
        best = res.best()
        if best is None or not best.path:
            return [self.greedy_step(pos, legal)]
        return best.path


class Master(Expert):
    """The Expert's search of the innings, then past its end: the adversary's best
    reply to each plan that ends the innings, and sampled deals of the unseen
    cards for each plan that turns one (:mod:`russian_bank.ai.expectimax`), on
    the evaluation fitted by self-play (:mod:`russian_bank.ai.tuned`)."""

    level = "master"
    profile = Profile(reaction=(0.4, 0.9), miss=0.0, fault_rate=0.0, weights=TUNED)
    # How far it looks, counted in positions so that every game replays exactly
    # (docs/strength.md has the think time this takes).
    settings = Settings()
    # Wall seconds one decision may take at the table (None in sim and tests): a
    # slow machine stops the look-ahead sooner and plays weaker, never slower.
    time_cap: float | None = None
    nodes = 0  # positions the last decision looked at

    def plan(self, obs: Observation, pos: Position, legal: list[Action]) -> list[Action]:
        if len(legal) == 1:
            return list(legal)
        cap = self.time_cap
        deadline = None if cap is None else time.perf_counter() + cap
        w = self.weights()
        best, self.nodes = expectimax.plan(
            obs, pos, self.history, w, self.rng, self.settings, deadline
        )
        if best is None or not best.path:
            return [self.greedy_step(pos, legal)]
        return best.path


LEVEL_CLASSES: dict[str, type[Bot]] = {
    "novice": Novice,
    "club": Club,
    "expert": Expert,
    "master": Master,
}


def make(level: str, seat: int, rng: random.Random) -> Bot:
    try:
        cls = LEVEL_CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVEL_CLASSES)}") from None
    return cls(seat, rng)


__all__ = ["Novice", "Club", "Expert", "Master", "LEVEL_CLASSES", "make", "DEFAULT"]
