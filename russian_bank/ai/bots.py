"""The four levels.

* Novice -- greedy on a simple evaluation, overlooks plays, slow to notice a
  fault and misses some, faults on purpose now and then.
* Club -- greedy on the full evaluation (§51, §52, §59, Stock moving, plays
  given away), quicker at the Stop, rarely faults on purpose.
* Expert -- searches the innings: every sequence of Bank, Table and building
  plays before the next turn of a card, judged by the evaluation. Never faults
  unless the player asks for mistakes.

How often each level faults on purpose is the player's *Mistakes* setting
(``ai/faults.py``); each level has its own default.
* Master -- Expert, then looks through the unknown next card: for the best
  plans it samples the face-down cards consistently with what has been seen,
  turns the next card and searches again (determinized look-ahead).
* master-next (issue 22, on trial, not in LEVELS) -- past the end of the
  innings: the adversary's best reply, sampled deals at each turn of a card
  (ai/expectimax.py), on weights fitted by self-play (tools/tune.py).
* master-value (issue 44, on trial) -- the plans the Master's search finds best,
  judged again by a value learned from self-play (ai/value.py, tools/train_value.py).
* master-2026 (on trial) -- today's Master under a name of its own, so that the
  simulator can pair it with whatever becomes the Master.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from ..engine import ARRANGING, COMMITTEE, OVER, PLAY, Action, Observation, Play, Position, apply
from ..game.cards import Card
from ..game.places import TABLE
from . import expectimax
from .base import Bot, Profile
from .determinize import fill, sample_cards, working_position
from .evaluate import SIMPLE, Weights
from .expectimax import Settings
from .search import Leaf, afterstate, best_distinct, leaf_value, search_innings
from .tuned import TUNED
from .util import ENDS

if TYPE_CHECKING:
    from .value import Net


class Novice(Bot):
    level = "novice"
    profile = Profile(
        reaction=(2.0, 5.0),
        miss=0.3,
        mistakes="normal",
        overlook=0.35,
        weights=SIMPLE,
        compel=False,
    )

    def plan(self, obs: Observation, pos: Position, legal: list[Action]) -> list[Action]:
        return [self.greedy_step(pos, legal)]


class Club(Bot):
    level = "club"
    profile = Profile(reaction=(1.0, 2.2), miss=0.08, mistakes="rare")

    def plan(self, obs: Observation, pos: Position, legal: list[Action]) -> list[Action]:
        return [self.greedy_step(pos, legal)]


class Expert(Bot):
    level = "expert"
    profile = Profile(reaction=(0.6, 1.3), miss=0.02)
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
    level = "master"
    profile = Profile(reaction=(0.4, 0.9), miss=0.0)
    cap = 1000
    candidates = 5  # best plans (of different outcomes) looked at one step further
    samples = 5  # determinizations of the face-down cards per plan
    sub_cap = 60  # most positions for each step after the plan
    depth = 2  # turns of a card looked through after the plan
    # Positions one decision may look at in all (search and look-ahead): the think
    # time budget, counted in positions so that every game replays exactly. At most
    # about 0.3 s of processor time on the 2-core machine (docs/strength.md).
    budget = 2400
    nodes = 0  # positions the last decision looked at
    step_cap = sub_cap

    def plan(self, obs: Observation, pos: Position, legal: list[Action]) -> list[Action]:
        if len(legal) == 1:
            return list(legal)
        w = self.weights()
        res = search_innings(pos, cap=min(self.cap, self.budget), banned=self.history, w=w)
        self.nodes = res.nodes
        if not res.leaves:
            return [self.greedy_step(pos, legal)]
        top = best_distinct(res.leaves, self.candidates, _signature)
        looked = [lf for lf in top if lf.turn is not None]
        if len(top) > 1 and looked:
            perms = self._deals(obs, looked, res.nodes)
            for lf in looked:
                lf.value = self._look_ahead(obs, lf, perms, w)
        best = max(top, key=lambda lf: lf.value)
        return best.path

    def _look_ahead(self, obs: Observation, lf: Leaf, perms: list[list[Card]], w: Weights) -> float:
        """Average, over sampled face-down cards, of the value a few steps after
        the plan: the plan's card is turned (or the innings passes to the
        adversary) and play goes on by short searches for ``depth`` more turns."""
        me = obs.seat
        total = sum(leaf_value(pos, turn, me, w) for pos, turn in self._ends(obs, lf, perms, w))
        return total / len(perms) - w.table_load * lf.table_loads - w.play_cost * len(lf.path)

    def _deals(self, obs: Observation, looked: list[Leaf], searched: int) -> list[list[Card]]:
        """The sampled deals of the face-down cards each plan of ``looked`` is
        followed through, and (``step_cap``) the positions each short search after
        it may look at: what the budget leaves after the ``searched`` ones."""
        perms = [sample_cards(obs, self.rng) for _ in range(self.samples)]
        if looked:
            steps = len(looked) * len(perms) * self.depth
            self.step_cap = min(self.sub_cap, (self.budget - searched) // steps)
        return perms

    def _ends(
        self, obs: Observation, lf: Leaf, perms: list[list[Card]], w: Weights
    ) -> list[tuple[Position, Action | None]]:
        """For each deal, where the look-ahead after plan ``lf`` ends: its card turned
        (or the innings handed over) and play gone on (:meth:`_roll`)."""
        turn = lf.turn
        assert turn is not None
        out = []
        for perm in perms:
            p = fill(obs, lf.pos, perm)
            apply(p, turn, check=False)
            out.append(self._roll(p, w))
        return out

    def _roll(self, p: Position, w: Weights) -> tuple[Position, Action | None]:
        """Play goes on from ``p`` by short searches for ``depth`` more turns of the
        mover: the last plan's position and the turn it ends with (``p`` and None
        where nothing was searched)."""
        mover = p.player
        end: tuple[Position, Action | None] = (p, None)
        for _ in range(self.depth):
            if p.phase not in (PLAY, ARRANGING) or p.player != mover:
                break
            sub = search_innings(p, cap=self.step_cap, w=w)  # for whoever is on move
            self.nodes += sub.nodes
            best = sub.best()
            if best is None:
                break
            end = (best.pos, best.turn)
            if best.turn is None or isinstance(best.turn, ENDS):
                break
            p = best.pos.clone()
            apply(p, best.turn, check=False)
        return end


class RemembersTableMoves(Bot):
    """A Master that never moves a Table card back to the pile it left this innings
    (``expectimax.moves_back``) remembers where its own Table moves came from."""

    left: dict[int, int]  # card -> the Table pile it last left in this innings

    def choose(self, obs: Observation) -> Action:
        pos = working_position(obs)
        if pos.innings != self._innings:
            self.left = {}
        action = super().choose(obs)
        if isinstance(action, Play) and action.src.kind == action.dst.kind == TABLE:
            self.left[pos.table[action.src.index][-action.count]] = action.src.index
        return action


class MasterNext(RemembersTableMoves, Expert):
    """Issue 22's Master, on trial under its own level name until it is shown
    stronger than the Master (docs/strength.md). The Expert's search of the
    innings, then past its end: the adversary's best
    reply to each plan that ends the innings, and sampled deals of the unseen
    cards for each plan that turns one (:mod:`russian_bank.ai.expectimax`), on
    the evaluation fitted by self-play (:mod:`russian_bank.ai.tuned`)."""

    level = "master-next"
    profile = Profile(reaction=(0.4, 0.9), miss=0.0, weights=TUNED)
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
            obs, pos, self.history, w, self.rng, self.settings, deadline, self.left
        )
        if best is None or not best.path:
            return [self.greedy_step(pos, legal)]
        return best.path


class Master2026(Master):
    """The Master as it played until issue 44, kept on trial under this name so
    that the simulator can pair it with the Master on the learned value."""

    level = "master-2026"


def load_net() -> Net | str:
    """The learned value, or why it cannot be used (``value.load_net``): numpy is
    imported with it, by the level that uses it, not with every player (issue 42)."""
    from .value import load_net as load

    return load()


class MasterValue(RemembersTableMoves, Master):
    """Issue 44's Master: today's Master's search and look-ahead (its best plans of
    different outcomes, each followed through sampled deals of the face-down cards
    for ``depth`` more turns), with the position where each look-ahead ends judged
    by the learned value (:mod:`.value`) instead of the hand-fitted evaluation, all
    in one batch (one matrix product); the plan with the most points expected on
    average is played. (Re-ranking the search's near-best plans by the value, with
    no look-ahead, played a little weaker on the same deals; judging every plan of
    the search by the value lost 10 games of 10: docs/strength.md.) Where the
    value's weights cannot be read, or the rule set is not the Committee's (the
    value was trained on it alone), it plays as the Master."""

    level = "master-value"
    play_cost = 0.05  # points a play: of two plans judged alike, the shorter way
    # points a Table-to-Table move costs more: the value's points differ between
    # plans by more than the evaluation's cards, and a person watching should not
    # see the Table rearranged for a guess
    table_move_cost = 1.0
    net: Net | str | None = None  # the learned value, or why it cannot be used (read once)

    def plan(self, obs: Observation, pos: Position, legal: list[Action]) -> list[Action]:
        net = self.net
        if net is None:
            net = self.net = load_net()
        if isinstance(net, str) or pos.rules != COMMITTEE:
            return super().plan(obs, pos, legal)
        if len(legal) == 1:
            return list(legal)
        w = self.weights()
        res = search_innings(pos, cap=min(self.cap, self.budget), banned=self.history, w=w)
        self.nodes = res.nodes
        leaves = [lf for lf in res.leaves if not expectimax.moves_back(pos, lf.path, self.left)]
        if not leaves:
            return [self.greedy_step(pos, legal)]
        top = best_distinct(leaves, self.candidates, _signature)
        if len(top) == 1:
            return top[0].path or [self.greedy_step(pos, legal)]
        me = obs.seat
        perms = self._deals(obs, [lf for lf in top if lf.turn is not None], res.nodes)
        ends: list[tuple[int, Position]] = []  # (plan, where its look-ahead ends)
        for i, lf in enumerate(top):
            if lf.turn is None:
                ends.append((i, lf.pos))
                continue
            # (judged as the value learned: before the next turn, or the innings passed)
            ends += [(i, afterstate(*end)) for end in self._ends(obs, lf, perms, w)]
        values = self._judge(net, [p for _, p in ends], me)
        total = [0.0] * len(top)
        count = [0] * len(top)
        for (i, _), v in zip(ends, values, strict=True):
            total[i] += v
            count[i] += 1
        for i, lf in enumerate(top):
            lf.value = total[i] / count[i]
        best = max(top, key=self._net_value)
        return best.path or [self.greedy_step(pos, legal)]

    @staticmethod
    def _judge(net: Net, positions: list[Position], me: int) -> list[float]:
        """The value's points for ``me`` of each position, all in one batch (a game
        over: its result, worth more than any guess)."""
        out = [0.0] * len(positions)
        live = [i for i, p in enumerate(positions) if p.phase != OVER]
        if live:
            _, points = net.values([positions[i] for i in live], me)
            for i, v in zip(live, points, strict=True):
                out[i] = float(v)
        for i, p in enumerate(positions):
            o = p.outcome
            if p.phase == OVER and o is not None:
                won = o.winner == me
                out[i] = -5.0 if o.winner is None else (1000.0 + o.points) * (1 if won else -1)
        return out

    def _net_value(self, lf: Leaf) -> float:
        """The value's points less the plays' cost (each Table-to-Table move more)."""
        moves = sum(1 for a in lf.path if isinstance(a, Play) and a.src.kind == a.dst.kind == TABLE)
        return lf.value - self.play_cost * len(lf.path) - self.table_move_cost * moves


def _signature(lf: Leaf) -> tuple[object, ...]:
    """What a plan leaves behind, up to rearrangements of the Table."""
    return expectimax.piles_signature(lf, tuple(sorted(t[-1] if t else -1 for t in lf.pos.table)))


LEVEL_CLASSES: dict[str, type[Bot]] = {
    "novice": Novice,
    "club": Club,
    "expert": Expert,
    "master": Master,
    "master-next": MasterNext,
    "master-2026": Master2026,
    "master-value": MasterValue,
}


def make_bot(
    level: str,
    seat: int,
    rng: random.Random,
    mistakes: str | None = None,
    think_cap: float | None = None,
) -> Bot:
    """A bot of ``level`` for ``seat`` (0 = A, 1 = B) using the seeded ``rng``,
    slipping on purpose as the Mistakes setting says (None: the level's default;
    ``ai/faults.py``). ``think_cap``: at the table, the wall seconds a searching
    Master may think per decision (``MasterNext.time_cap``)."""
    try:
        cls = LEVEL_CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVEL_CLASSES)}") from None
    bot = cls(seat, rng, mistakes)
    if isinstance(bot, MasterNext):
        bot.time_cap = think_cap
    return bot
