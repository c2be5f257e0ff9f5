"""The masks a generation of the legal plays starts from (``plays._generate``): which
Banks take each card, by its key (suit * 16 + rank), and which Table piles take it, by
one number a card (``_FIT``); and the Table's masks after a play made from those of the
position before it (``_refit``). docs/engine.md, "Speed"."""

from __future__ import annotations

from ..game.cards import CARDS, KEY_OF, RANK_OF
from ..game.places import STOCK, TABLE
from .actions import Play
from .moves import _UNDER, ACE_KEYS
from .position import Position

_ACES = tuple(s * 16 + 1 for s in range(4))  # the keys of the Aces
# the key of the card a Bank topped by each card takes (0, no card's key: a King's)
_TAKES = tuple(KEY_OF[c] + 1 if RANK_OF[c] < 13 else 0 for c in CARDS)


def _one_index(by_top: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The Table fit (``moves._UNDER``) by one number a card: the keys going on a
    Table card are one set of a partition (one rank lower of the other colour, or of
    the same suit), so a Table card's set and a card's own set, numbered alike, meet
    exactly when the card goes on it. Returns (the set of each Table card, 0 for none;
    the set of each card, 1 for none: a number no Table card has)."""
    sets: dict[frozenset[int], int] = {}
    of_top = tuple(
        sets.setdefault(frozenset(keys), len(sets) + 2) if keys else 0 for keys in by_top
    )
    of_key = {k: n for keys, n in sets.items() for k in keys}
    assert sum(map(len, sets)) == len(of_key) and len(sets) + 2 <= 64  # a partition
    return of_top, tuple(of_key.get(KEY_OF[c], 1) for c in CARDS)


# _FIT[in_suit]: (the number of each Table card, the number of each card going on it)
_FIT = tuple(_one_index(by_top) for by_top in _UNDER)


def _bank_masks(tops: tuple[int, ...]) -> tuple[list[int], set[int]]:
    """The Banks taking each key, from the top card of each Bank (-1 for none), as a
    mask by key (bm[0] is a dump: no card has the key 0), and the same keys as a set
    (``moves.bank_accepts``)."""
    bm = [0] * 64
    accepts = set()
    empty = 0
    for j, top in enumerate(tops):
        if top < 0:
            empty |= 1 << j
        else:
            bm[_TAKES[top]] |= 1 << j
            accepts.add(_TAKES[top])
    bm[0] = 0
    accepts.discard(0)
    if empty:
        for k in _ACES:
            bm[k] = empty
        accepts |= ACE_KEYS
    return bm, accepts


def _refit(
    pos: Position, play: Play, tm: list[int], spaces: int, under: tuple[int, ...], line: int
) -> tuple[list[int], int]:
    """The Table masks ``tm`` and the spaces' mask of the position before ``play``
    (to no Bank) made those of ``pos``, after it: the old tops of the piles it took
    from and put on out, the new in, as the generation adds them."""
    src, dst, count = play.src, play.dst, play.count
    table = pos.table
    if src.kind == TABLE:
        i = src.index
        bit = 1 << i
        col = table[i]
        if line == 255 or line & bit:
            # the cards it took are the top of the pile they went to (no Bank)
            if dst.kind == TABLE:
                gone = table[dst.index][-1]
            elif dst.kind == STOCK:
                gone = pos.stock[dst.index][-1]
            else:
                gone = pos.discard[dst.index][-1]
            tm[under[gone]] -= bit
            if col:
                tm[under[col[-1]]] += bit
        if not col:
            spaces += bit
    if dst.kind == TABLE:
        j = dst.index
        bit = 1 << j
        col = table[j]
        if len(col) == count:
            spaces -= bit
        if line == 255 or line & bit:
            if len(col) > count:
                tm[under[col[-count - 1]]] -= bit
            tm[under[col[-1]]] += bit
    return tm, spaces
