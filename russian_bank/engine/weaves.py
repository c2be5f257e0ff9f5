"""The weave-repeat check of the legal plays (§58, no endless weaving: a weave may not
bring the Table back to an arrangement seen twice this innings), made quick: the
arrangements seen twice are kept with their keys, and a generation hashes only the
weaves that could bring one back (docs/engine.md, "Speed")."""

from __future__ import annotations

from itertools import compress
from operator import ne

from .actions import Play
from .cards import Card

Row = tuple[Play, ...]  # the plays of one source onto the piles of one mask, in order
_PILES = range(8)  # the Table's piles by index

# _TWICE[key]: the arrangement of the Table (its piles as tuples) of a key an innings
# has seen twice (``laws._do_play`` writes it), so that a generation hashes only the
# weaves that might bring it back; bounded, as ``_BANK_MASKS``
_TWICE: dict[int, tuple[tuple[Card, ...], ...]] = {}


def seen_twice(key: int, arrangement: tuple[tuple[Card, ...], ...]) -> None:
    """Keep the arrangement of a key the Table has now shown twice this innings."""
    if len(_TWICE) >= 10_000:
        _TWICE.clear()
    _TWICE[key] = arrangement


def _may_bring_back(twice: set[int], cols: list[tuple[Card, ...]]) -> set[tuple[int, int]] | None:
    """The units (Table pile, count) a weave of which could bring back an arrangement
    of ``twice``: one that differs from the Table's in two piles, one of them shorter
    by the count; None when an arrangement is not known (every weave is then hashed)."""
    units = set()
    for key in twice:
        arrangement = _TWICE.get(key)
        if arrangement is None:
            return None
        differ = tuple(compress(_PILES, map(ne, arrangement, cols)))
        if len(differ) == 2:
            a, b = differ
            n = len(cols[a]) - len(arrangement[a])  # a weave's source is shorter after it
            if n > 0:
                units.add((a, n))
            elif n < 0:
                units.add((b, -n))
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
