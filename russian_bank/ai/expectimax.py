"""The Master's search across the end of the innings (issue 22).

The Expert's search (:mod:`russian_bank.ai.search`) stops where a card is turned
or the innings passes; everything after that is the evaluation's guess. This
search goes on past both, as an expectimax over what the Master cannot see:

* a plan that ends the innings (the held card discarded) is judged by the
  adversary's best reply: his own search of the plays open to him before he
  turns a card, on the position the plan leaves him, judged from his side with
  the same evaluation (a max node for him). No face-down card is touched by
  those plays, so this needs no guess at all;
* a plan that turns a card is a chance node: the unseen cards are dealt
  ``samples`` times from what the observation shows
  (:func:`~russian_bank.ai.determinize.sample_cards`, each seat's own pack for
  its own places), the card is turned, the Master's best continuation is found
  by a short search, and where that continuation ends the innings it too is
  judged by the adversary's best reply. The value is the average over the deals.

This is determinized expectimax in the manner of perfect-information Monte
Carlo sampling (Ginsberg's GIB; Long, Sturtevant, Buro and Furtak 2010 on when
it works), with the chance node at the turn of a card as in *Expectimax*
(Michie 1966; Russell and Norvig, section 5.5). Information-set MCTS (Cowling,
Powley and Whitehouse 2012) was the other candidate; see docs/strength.md for
why this one was chosen.

The work is counted in positions (``Budget``), so a game replays exactly
whatever the machine. The deals are taken in rounds, each round one deal for
every plan that turns a card (the same deal for all of them: common random
numbers); a round cut short by the budget or by the table's clock is dropped,
so stopping early gives the same answer a smaller budget would have given.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..engine import ARRANGING, PLAY, Action, Observation, Play, Position, apply
from ..game.cards import Card
from ..game.places import TABLE
from .determinize import fill, sample_cards
from .evaluate import Weights, evaluate
from .search import Leaf, best_distinct, leaf_value, search_innings
from .util import ENDS, TURNS


@dataclass
class Budget:
    """Positions one decision may still look at, and (at the table only) a
    clock after which it looks at no more."""

    left: int
    deadline: float | None = None  # time.perf_counter() value; None in sim and tests
    used: int = 0

    def cap(self, most: int) -> int:
        return max(0, min(most, self.left))

    def spend(self, n: int) -> None:
        self.left -= n
        self.used += n

    def out(self) -> bool:
        if self.left <= 0:
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline


@dataclass(frozen=True)
class Settings:
    """How wide and how deep the Master looks (positions, not seconds)."""

    budget: int = 4000  # positions per decision, all searches together
    root_cap: int = 1000  # the Master's own innings search
    candidates: int = 8  # plans (different choices, see signature) looked at further
    turn_candidates: int = 3  # of which at most so many that turn a card
    samples: int = 4  # deals of the unseen cards per plan that turns a card
    sub_cap: int = 80  # the continuation search after a sampled card
    sub_plans: int = 2  # continuations judged by the adversary's reply
    reply_cap: int = 120  # the adversary's search of his reply


def signature(lf: Leaf) -> tuple[object, ...]:
    """What a plan does with the seats' own piles: what it disposes of, what it
    loads on the adversary, the spaces it leaves. Plans that differ only in how
    the Table is arranged have one signature (the best of them stands for all),
    so the candidates are different choices, not one choice many times over."""
    return piles_signature(lf, sum(1 for t in lf.pos.table if not t))


def piles_signature(lf: Leaf, table: object) -> tuple[object, ...]:
    """What a plan leaves on the seats' own piles and in hand, with ``table``: what
    it leaves of the Table, as the caller tells plans apart."""
    p = lf.pos
    return (
        type(lf.turn).__name__,
        table,
        tuple(len(s) for s in p.stock),
        tuple(p.stock_up),
        tuple(s[-1] if s else -1 for s in p.stock),
        tuple(len(d) for d in p.discard),
        tuple(d[-1] if d else -1 for d in p.discard),
        p.held,
    )


def diverse(leaves: list[Leaf], k: int) -> list[Leaf]:
    """The ``k`` best leaves by their static value, at most one per signature."""
    return best_distinct(leaves, k, signature)


def _cost(lf: Leaf, w: Weights) -> float:
    """What the search charges a plan (§52 loads, and the plays themselves)."""
    return w.table_load * lf.table_loads + w.play_cost * len(lf.path)


class Expectimax:
    """One decision's look past the innings, from one observation."""

    def __init__(
        self, obs: Observation, w: Weights, rng: random.Random, s: Settings, budget: Budget
    ) -> None:
        self.obs = obs
        self.me = obs.seat
        self.w = w
        self.rng = rng
        self.s = s
        self.budget = budget

    # -- the adversary's reply ---------------------------------------------------

    def reply(self, p: Position) -> float | None:
        """Value for the Master of ``p`` (the adversary to move, his innings just
        begun) after the adversary's best plays before he turns a card; None if
        the budget ran out first."""
        me, w = self.me, self.w
        if p.phase not in (PLAY, ARRANGING) or p.player == me:
            return evaluate(p, me, w)
        cap = self.budget.cap(self.s.reply_cap)
        if cap <= 0:
            return None
        res = search_innings(p, cap=cap, w=w)  # for him: his own evaluation
        self.budget.spend(res.nodes)
        best = res.best()
        if best is None:
            return evaluate(p, me, w)
        return leaf_value(best.pos, best.turn, me, w)

    def after_end(self, lf: Leaf) -> float | None:
        """A plan that ends the innings: the adversary's reply to what it leaves."""
        assert lf.turn is not None
        q = lf.pos.clone()
        apply(q, lf.turn, check=False)
        v = self.reply(q)
        return None if v is None else v - _cost(lf, self.w)

    # -- the turn of a card --------------------------------------------------------

    def after_turn(self, lf: Leaf, cards: list[Card]) -> float | None:
        """A plan that turns a card, on one deal of the unseen cards: the card is
        turned and the Master plays on as well as a short search shows."""
        assert lf.turn is not None
        p = fill(self.obs, lf.pos, cards)
        apply(p, lf.turn, check=False)
        v = self.continuation(p)
        return None if v is None else v - _cost(lf, self.w)

    def continuation(self, p: Position) -> float | None:
        me, w = self.me, self.w
        if p.phase not in (PLAY, ARRANGING) or p.player != me or p.compelled is not None:
            return evaluate(p, me, w)
        cap = self.budget.cap(self.s.sub_cap)
        if cap <= 0:
            return None
        res = search_innings(p, cap=cap, w=w)
        self.budget.spend(res.nodes)
        best: float | None = None
        for lf in diverse(res.leaves, self.s.sub_plans):
            if lf.turn is not None and isinstance(lf.turn, ENDS):
                v = self.after_end(lf)
                if v is None:
                    return None
            else:
                v = lf.value  # a further turn: the evaluation judges it
            best = v if best is None else max(best, v)
        return evaluate(p, me, w) if best is None else best

    # -- the decision ----------------------------------------------------------------

    def choose(self, top: list[Leaf]) -> Leaf:
        """The best of the candidate plans ``top`` (best static value first)."""
        if len(top) == 1:
            return top[0]
        turns = [lf for lf in top if lf.turn is not None and isinstance(lf.turn, TURNS)]
        turns = turns[: self.s.turn_candidates]
        chance = {id(lf) for lf in turns}
        top = [lf for lf in top if id(lf) in chance or not isinstance(lf.turn, TURNS)]
        ends = [lf for lf in top if id(lf) not in chance]
        value: dict[int, float] = {}
        for lf in ends:
            if lf.turn is None:  # the game or the innings is over already
                value[id(lf)] = lf.value
                continue
            if self.budget.out():
                return top[0]  # the reply could not be judged for all: as the Expert
            v = self.after_end(lf)
            if v is None:
                return top[0]
            value[id(lf)] = v
        if turns:
            sums = dict.fromkeys((id(lf) for lf in turns), 0.0)
            rounds = 0
            for _ in range(self.s.samples):
                if self.budget.out():
                    break
                cards = sample_cards(self.obs, self.rng)
                got: dict[int, float] = {}
                for lf in turns:
                    v = self.after_turn(lf, cards)
                    if v is None:
                        break
                    got[id(lf)] = v
                if len(got) < len(turns):
                    break  # a round cut short is dropped
                for k, v in got.items():
                    sums[k] += v
                rounds += 1
            if rounds == 0:
                return top[0]
            for lf in turns:
                value[id(lf)] = sums[id(lf)] / rounds
        return max(top, key=lambda lf: value[id(lf)])


def moves_back(pos: Position, path: list[Action], left: dict[int, int]) -> bool:
    """Does ``path`` (from ``pos``) put a Table card back on the Table pile it
    last left in this innings? ``left``: card -> the pile its last Table move
    came from. A person watching sees such a move as pointless."""
    if not any(isinstance(a, Play) and a.src.kind == a.dst.kind == TABLE for a in path):
        return False
    seen = dict(left)
    p = pos.clone()
    for a in path:
        if isinstance(a, Play) and a.src.kind == a.dst.kind == TABLE:
            card = p.table[a.src.index][-a.count]
            if seen.get(card) == a.dst.index:
                return True
            seen[card] = a.src.index
        if not isinstance(a, Play):
            break
        apply(p, a, check=False)
    return False


def plan(
    obs: Observation,
    pos: Position,
    banned: set[int],
    w: Weights,
    rng: random.Random,
    s: Settings,
    deadline: float | None = None,
    left: dict[int, int] | None = None,
) -> tuple[Leaf | None, int]:
    """The Master's plan from ``pos`` (the observation as a working position) and
    the number of positions looked at. ``left``: where the Table cards moved in
    this innings came from (no plan puts one back, see :func:`moves_back`)."""
    budget = Budget(s.budget, deadline)
    res = search_innings(pos, cap=budget.cap(s.root_cap), banned=banned, w=w)
    budget.spend(res.nodes)
    leaves = [lf for lf in res.leaves if not moves_back(pos, lf.path, left or {})]
    if not leaves:
        return None, budget.used
    top = diverse(leaves, s.candidates)
    best = Expectimax(obs, w, rng, s, budget).choose(top)
    return best, budget.used
