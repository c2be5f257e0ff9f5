"""Searching the innings: every sequence of Bank, Table and building plays the
Player can make before his next turn of a card (or his discard), each ending
position judged by the evaluation.

The search is a breadth-first walk with a transposition set (no position is
visited twice, and positions already seen in this innings are banned, so the
plans never repeat a position), a node budget, and the duty to bank: where a
card can go on the Banks, only plays to the Banks are followed (never a fault),
and no play out of the rule set's order of play is followed (Crapette, 002).
Breadth first, each position is reached by the fewest plays, and each play
costs a little (``Weights.play_cost``): of two plans with the same result the
shorter one is played, so a person watching sees no Table card moved that the
plan does not need (the depth-first walk used before reached positions by long
detours, some innings of 100 and more Table moves).

While it walks, Python's cycle collector is paused
(:func:`~russian_bank.ai.util.collector_paused`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field

from ..engine import ARRANGING, OVER, PLAY, Action, Position, apply
from ..engine.actions import PLAYS
from ..engine.queries import PlayKey, bank_accepts, legal_plays, orderly_plays
from ..game.cards import KEY_OF
from ..game.places import BANK, DISCARD, HAND, HELD, STOCK, TABLE
from .evaluate import DEFAULT, Weights, evaluate
from .util import ENDS, collector_paused, key_after, key_parts, turn_action

_SRC_ORDER = {STOCK: 0, HELD: 1, DISCARD: 2, TABLE: 3}


@dataclass
class Leaf:
    value: float
    path: list[Action]  # plays, then the closing action (if any)
    pos: Position  # the position before the closing action
    turn: Action | None
    table_loads: int = 0


@dataclass
class SearchResult:
    leaves: list[Leaf] = field(default_factory=list)
    nodes: int = 0

    def best(self) -> Leaf | None:
        return max(self.leaves, key=lambda lf: lf.value, default=None)


def afterstate(pos: Position, close: Action | None) -> Position:
    """The position a run of plays leaves (the one the learned value was trained
    on): the Player about to turn a card (``pos``, before ``close``), or the innings
    handed to the adversary when ``close`` ends it."""
    if close is None or not isinstance(close, ENDS):
        return pos
    after = pos.clone()
    apply(after, close, check=False)
    return after


def leaf_value(pos: Position, turn: Action | None, me: int, w: Weights) -> float:
    """Value of stopping here and taking ``turn`` (the innings ends on a discard)."""
    return evaluate(afterstate(pos, turn), me, w)


def best_distinct(leaves: list[Leaf], k: int, signature: Callable[[Leaf], Hashable]) -> list[Leaf]:
    """The ``k`` best leaves by their static value, at most one per ``signature``
    (the first, best, of each stands for the others)."""
    out: list[Leaf] = []
    seen: set[Hashable] = set()
    for lf in sorted(leaves, key=lambda x: -x.value):
        sig = signature(lf)
        if sig in seen:
            continue
        seen.add(sig)
        out.append(lf)
        if len(out) >= k:
            break
    return out


def useful_plays(pos: Position, plays: Iterable[PlayKey]) -> list[PlayKey]:
    """Drop the symmetric moves (a whole Table column into an empty space) and the
    faulty ones (a run holding a card that could go on the Banks, §58)."""
    out: list[PlayKey] = []
    table = pos.table
    accepts: set[int] | None = None
    for src, dst, count in plays:
        if count > 1:
            if accepts is None:
                accepts = bank_accepts(pos)
            if any(KEY_OF[c] in accepts for c in table[src.index][-count:]):
                continue
        whole = src.kind == TABLE and count == len(table[src.index])
        if whole and dst.kind == TABLE and not table[dst.index]:
            continue
        out.append((src, dst, count))
    return out


def _rank(play: PlayKey) -> int:
    """Where a play stands in the walk's order: plays to the Banks first, then by
    source (Stock, held card, Discard, Table), then to the Banks, to the Table, to
    the adversary's piles (a table by the two kinds of pile, made once)."""
    return _RANKS[play[0].kind, play[1].kind]


_KINDS = (STOCK, HAND, DISCARD, HELD, TABLE, BANK)  # every kind of place
_RANKS: dict[tuple[str, str], int] = {
    (src, dst): (0 if dst == BANK else 100)
    + 10 * _SRC_ORDER.get(src, 4)
    + (2 if dst in (STOCK, DISCARD) else (1 if dst == TABLE else 0))
    for src in _KINDS
    for dst in _KINDS
}


def _order(plays: list[PlayKey]) -> list[PlayKey]:
    return sorted(plays, key=_rank)


def search_innings(
    root: Position,
    *,
    cap: int,
    banned: set[int] | frozenset[int] = frozenset(),
    w: Weights = DEFAULT,
    me: int | None = None,
    value_fn: Callable[[Position, Action | None, int, Weights], float] = leaf_value,
) -> SearchResult:
    """Walk the plays from ``root`` (the Player to move, no compelled play)."""
    with collector_paused():
        return _walk(root, cap, banned, w, root.player if me is None else me, value_fn)


def _walk(
    root: Position,
    cap: int,
    banned: set[int] | frozenset[int],
    w: Weights,
    me: int,
    value_fn: Callable[[Position, Action | None, int, Weights], float],
) -> SearchResult:
    res = SearchResult()
    visited = set(banned)
    parts = key_parts(root)
    visited.add(hash(parts))
    # children are made lazily: (parent, its key's parts, play, path to parent,
    # Table loads); a child whose key is known already is never made at all
    queue: deque[tuple[Position, tuple[int, ...], PlayKey | None, list[Action], int]] = deque(
        [(root, parts, None, [], 0)]
    )
    while queue and res.nodes < cap:
        parent, parts, play, path, loads = queue.popleft()
        if play is None:
            p = parent
        else:
            after = key_after(parent, parts, play)
            if after is not None:
                k = hash(after)
                if k in visited:
                    continue
            p = parent.clone()
            act = PLAYS[play]
            apply(p, act, check=False)
            if after is None:
                after = key_parts(p)
                k = hash(after)
                if k in visited:
                    continue
            visited.add(k)
            parts = after
            path = [*path, act]
            if play[0].kind == TABLE and play[1].kind in (STOCK, DISCARD):
                loads += 1
        res.nodes += 1
        if p.phase not in (PLAY, ARRANGING):
            v = evaluate(p, me, w) if p.phase == OVER else leaf_value(p, None, me, w)
            res.leaves.append(Leaf(v, path, p, None, loads))
            continue
        plays = legal_plays(p, errors=False)  # never a §91.6 error
        banks = [x for x in plays if x[1].kind == BANK]
        if banks and p.phase == PLAY:
            children = banks
        else:
            turn = turn_action(p)
            if turn is not None:
                v = value_fn(p, turn, me, w) - w.table_load * loads - w.play_cost * len(path)
                res.leaves.append(Leaf(v, [*path, turn], p, turn, loads))
            children = _order(useful_plays(p, orderly_plays(p, plays)))
        for child in children:
            queue.append((p, parts, child, path, loads))
    if not res.leaves:
        # the count ran out (or every plan repeated the history) before any plan
        # ended. While a card can be banked the duty binds (§24) and closing the
        # innings would be a fault to Stop, so a Bank play; else the closing action
        plays = legal_plays(root, errors=False) if root.phase == PLAY else []
        banks = [x for x in plays if x[1].kind == BANK]
        turn = turn_action(root)
        if banks:
            res.leaves.append(
                Leaf(evaluate(root, me, w), [PLAYS[min(banks, key=_rank)]], root, None)
            )
        elif turn is not None:
            res.leaves.append(Leaf(leaf_value(root, turn, me, w), [turn], root, turn))
    return res
