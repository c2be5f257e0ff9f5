"""Small helpers the bots share: which actions are the Player's, the "turn" that
closes a run of plays, and a key for positions (visible information only)."""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
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
from ..engine.position import PHASES
from ..engine.queries import (
    PlayKey,
    lawful,  # the engine says which actions are no error (000 §91.6)
    turn_action,  # the engine says what closes a run of plays
)
from ..game.cards import KEY_OF, RANK_OF
from ..game.places import BANK, DISCARD, HELD, STOCK, TABLE

PLAYER_ACTIONS = (Play, TurnStock, TurnHand, DiscardHeld, TurnOverDiscard, EndInnings)
TURNS = (TurnStock, TurnHand, TurnOverDiscard)  # the innings goes on with a new card
ENDS = (DiscardHeld, EndInnings)  # the innings is over

__all__ = [
    "ENDS",
    "PLAYER_ACTIONS",
    "TURNS",
    "lawful",
    "player_actions",
    "key_after",
    "key_parts",
    "position_key",
    "turn_action",
    "bank_dist",
    "collector_paused",
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
    return hash(key_parts(pos))


# Where each part of a position's key stands in ``key_parts``: the Player, the
# phase, the held card, the size of his Hand, then the hash of each Table pile,
# the top of each Bank, and for the Player's and his adversary's Stock its size
# and the hash of its face-up cards, for their Discards the hash of the top three
# cards and the size.
_TABLE, _BANK = 4, 12
_MY_STOCK, _MY_STOCK_UP, _HIS_STOCK, _HIS_STOCK_UP = 20, 21, 22, 23
_MY_DISCARD, _MY_DISCARD_LEN, _HIS_DISCARD, _HIS_DISCARD_LEN = 24, 25, 26, 27


def key_parts(pos: Position) -> tuple[int, ...]:
    """What :func:`position_key` hashes, one int per part (a pile by its hash), so
    that the key after a play can be made from these parts (:func:`key_after`)
    without copying the position."""
    me = pos.player
    adv = 1 - me
    st, dc = pos.stock, pos.discard
    mine, his = st[me], st[adv]
    return (
        me,
        PHASES.index(pos.phase),
        -1 if pos.held is None else pos.held,
        len(pos.hand[me]),
        *[hash(tuple(t)) for t in pos.table],
        *[b[-1] if b else -1 for b in pos.banks],
        len(mine),
        hash(tuple(mine[len(mine) - pos.stock_up[me] :])),
        len(his),
        hash(tuple(his[len(his) - pos.stock_up[adv] :])),
        hash(tuple(dc[me][-3:])),
        len(dc[me]),
        hash(tuple(dc[adv][-3:])),
        len(dc[adv]),
    )


def key_after(pos: Position, parts: tuple[int, ...], play: PlayKey) -> tuple[int, ...] | None:
    """``key_parts`` of ``pos`` after ``play`` (one of its legal plays), worked out
    from ``parts`` (``key_parts(pos)``) without making the play: the play moves its
    cards from the top of one pile to the top of another and changes nothing else
    the key holds. None where a play may do more than that: from the Stock (the
    next card may be turned at once, Crapette) or with the Player's last card (the
    game may end); the caller makes such a play and asks :func:`key_parts`."""
    src, dst, count = play
    me = pos.player
    kind = src.kind
    out = list(parts)
    if kind == TABLE:
        col = pos.table[src.index]
        moved = col[len(col) - count :]
        out[_TABLE + src.index] = hash(tuple(col[: len(col) - count]))
    elif pos.cards_left(me) <= 1:
        return None
    elif kind == DISCARD:
        own = pos.discard[me]
        moved = own[-1:]
        out[_MY_DISCARD] = hash(tuple(own[-4:-1]))
        out[_MY_DISCARD_LEN] -= 1
    elif kind == HELD and pos.held is not None:
        moved = [pos.held]
        out[2] = -1
    else:
        return None
    kind = dst.kind
    if kind == TABLE:
        out[_TABLE + dst.index] = hash((*pos.table[dst.index], *moved))
    elif kind == BANK:
        out[_BANK + dst.index] = moved[-1]
    elif dst.index == me:
        return None
    elif kind == STOCK:
        his = pos.stock[dst.index]
        out[_HIS_STOCK] += len(moved)
        up = his[len(his) - pos.stock_up[dst.index] :]
        out[_HIS_STOCK_UP] = hash((*up, *moved))
    elif kind == DISCARD:
        out[_HIS_DISCARD] = hash((*pos.discard[dst.index][-3:], *moved)[-3:])
        out[_HIS_DISCARD_LEN] += len(moved)
    else:
        return None
    return tuple(out)


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
    """:func:`bank_dist`'s ``tops`` of the position's Banks."""
    return tops_by_suit([b[-1] if b else -1 for b in pos.banks])


def tops_by_suit(cards: Sequence[int]) -> dict[int, list[int]]:
    """:func:`bank_dist`'s ``tops`` from the top card of each Bank (-1 for none)."""
    tops: dict[int, list[int]] = {0: [], 1: [], 2: [], 3: []}
    for c in cards:
        if c >= 0:
            k = KEY_OF[c]
            tops[k // 16].append(k % 16)
    for s in range(4):
        while len(tops[s]) < 2:
            tops[s].append(0)
    return tops
