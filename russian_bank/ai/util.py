"""Small helpers the bots share: which actions are the Player's, the "turn" that
closes a run of plays, and a key for positions (visible information only)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from ..engine import (
    Action,
    DiscardHeld,
    EndInnings,
    Play,
    Position,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
    legal_actions,
)
from ..engine.cards import KEY_OF, RANK_OF
from ..engine.places import BANK, DISCARD, HELD, STOCK, TABLE, Place
from ..engine.position import PHASES
from ..engine.queries import (
    lawful,  # the engine says which actions are no error (000 §91.6)
    turn_action,  # the engine says what closes a run of plays
)

PLAYER_ACTIONS = (Play, TurnStock, TurnHand, DiscardHeld, TurnOverDiscard, EndInnings)
TURNS = (TurnStock, TurnHand, TurnOverDiscard)  # the innings goes on with a new card
ENDS = (DiscardHeld, EndInnings)  # the innings is over

__all__ = [
    "BANK",
    "DISCARD",
    "ENDS",
    "HELD",
    "PLAYER_ACTIONS",
    "STOCK",
    "TABLE",
    "TURNS",
    "lawful",
    "player_actions",
    "position_key",
    "turn_action",
    "bank_dist",
    "collector_paused",
    "Place",
]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while a bot thinks (if it was running),
    and started again at the end, whatever ends the thought.

    A search makes thousands of positions that live until it ends, and the
    collector looked at all of them again and again: 44 % of the Master's
    processor time (docs/strength.md, "think time"). A position, a play and a
    leaf hold no reference cycle, so pausing leaves nothing unfreed: every
    one of them goes when its last reference does, as before."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def player_actions(pos: Position) -> list[Action]:
    """The Player's legal actions (no Raise/Back, no adversary actions), the
    errors a rule set allows (British Bank, 000 §91.6) included."""
    return [a for a in legal_actions(pos) if isinstance(a, PLAYER_ACTIONS)]


def position_key(pos: Position) -> int:
    """A hash of everything visible that the Player's plays can change.

    Face-down cards enter only by their number, so the key is the same for
    every position consistent with one observation. Only ints go in: the hash of
    a tuple of ints is the same in every process, while text (and, before Python
    3.12, None) hashes differently in each, and a bot's keys travel between the
    server's worker processes (net/think.py)."""
    me = pos.player
    adv = 1 - me
    return hash(
        (
            me,
            tuple(tuple(t) for t in pos.table),
            tuple(b[-1] if b else -1 for b in pos.banks),
            len(pos.stock[me]),
            pos.stock_up[me],
            tuple(pos.stock[me][len(pos.stock[me]) - pos.stock_up[me] :]),
            len(pos.stock[adv]),
            tuple(pos.stock[adv][len(pos.stock[adv]) - pos.stock_up[adv] :]),
            len(pos.hand[me]),
            tuple(pos.discard[me][-3:]),
            len(pos.discard[me]),
            tuple(pos.discard[adv][-3:]),
            len(pos.discard[adv]),
            -1 if pos.held is None else pos.held,
            PHASES.index(pos.phase),
        )
    )


def bank_dist(card: int, tops: dict[int, list[int]]) -> int:
    """How many cards must go on the Banks before ``card`` can (0 = bankable now).

    ``tops`` maps a suit to the ranks on top of its Banks (0 for a Bank not yet
    started; at most two Banks per suit)."""
    k = KEY_OF[card]
    suit, rank = k // 16, RANK_OF[card]
    best = 99
    for top in tops[suit]:
        if top < rank:
            best = min(best, rank - top - 1)
    return best


def bank_tops(pos: Position) -> dict[int, list[int]]:
    tops: dict[int, list[int]] = {0: [], 1: [], 2: [], 3: []}
    for b in pos.banks:
        if b:
            k = KEY_OF[b[-1]]
            tops[k // 16].append(k % 16)
    for s in range(4):
        while len(tops[s]) < 2:
            tops[s].append(0)
    return tops
