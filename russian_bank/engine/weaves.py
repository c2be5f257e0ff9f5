"""The weave-repeat check of the legal plays (§58, no endless weaving: a weave may not
bring the Table back to an arrangement seen twice this innings), made quick: the
arrangements seen twice are kept with their keys, and a generation hashes only the
weaves that could bring one back (docs/engine.md, "Speed")."""

from __future__ import annotations

from collections.abc import Sequence

from ..game.cards import Card
from .actions import Play
from .position import Position

Row = tuple[Play, ...]  # the plays of one source onto the piles of one mask, in order
_PILES = range(8)  # the Table's piles by index


def _lengths(piles: Sequence[Sequence[Card]]) -> int:
    """The piles' lengths as one number, a byte each (pile 0 lowest)."""
    return int.from_bytes(bytes(map(len, piles)), "little")


# _WEAVES[the lengths after a weave less those before it]: (the pile it takes from, the
# pile it puts on, its count), for every weave: n cards from s to d add n * (256**d -
# 256**s) (one weave for each difference, as no count reaches 256)
_WEAVES: dict[int, tuple[int, int, int]] = {
    n * (256**d - 256**s): (s, d, n)
    for n in range(1, 105)
    for s in range(8)
    for d in range(8)
    if s != d
}


def seen_twice(pos: Position, key: int, arrangement: tuple[tuple[Card, ...], ...]) -> None:
    """Keep with the position the arrangement of a key its Table has now shown twice
    this innings, with its piles' lengths as one number (``_lengths``), so that a
    generation hashes only the weaves that might bring it back. A new dict: a copy
    (``clone``) shares the one it had; a new innings starts with none."""
    pos.twice = {**pos.twice, key: (arrangement, _lengths(arrangement))}


def _may_bring_back(
    pos: Position, twice: set[int], cols: list[tuple[Card, ...]]
) -> set[tuple[int, int]] | None:
    """The units (Table pile, count) a weave of which could bring back an arrangement
    of ``twice``: one that differs from the Table's in two piles, one of them shorter
    by the count; None when an arrangement is not known (every weave is then hashed).
    The piles' lengths tell the only weave that could (``_WEAVES``); the other piles
    must be as they are."""
    units = set()
    lengths = _lengths(cols)
    kept = pos.twice
    for key in twice:
        known = kept.get(key)
        if known is None:
            return None
        arrangement, its = known
        weave = _WEAVES.get(its - lengths)
        if weave is not None:
            s, d, n = weave
            after = list(arrangement)  # the arrangement with the two piles as they are
            after[s] = cols[s]
            after[d] = cols[d]
            if after == cols:
                units.add((s, n))
    return units


def _not_repeated(
    row: Row, twice: set[int], cols: list[tuple[Card, ...]], i: int, count: int = 1
) -> Row:
    """The plays of ``row`` (``count`` cards of Table ``i`` to the Table) whose weave
    does not bring back an arrangement of the Table (``moves._weave_key``) seen
    twice already this innings (§58)."""
    after = cols[:]
    src = cols[i]
    after[i] = src[: len(src) - count]
    moving = src[len(src) - count :]
    repeats = []  # the plays that would bring one back, by their place in the row
    for n, play in enumerate(row):
        j = play.dst.index
        dst = cols[j]
        after[j] = dst + moving
        if hash(tuple(after)) in twice:
            repeats.append(n)
        after[j] = dst
    if not repeats:
        return row
    return tuple(play for n, play in enumerate(row) if n not in repeats)
