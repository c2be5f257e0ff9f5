"""What a position keeps of its own answers (never part of its text form): the
legal plays, the legal actions and the referee's facts, each under the stamp of
the cards they were worked out for (docs/engine.md, "Speed").

Every change of a position's cards takes a new stamp from the one count
``STAMPS`` (``Position.touch``), so two positions with the same stamp (a copy
and its original, before either moves a card) have the same cards, and an
answer kept under a stamp is still true.
"""

from __future__ import annotations

from itertools import count
from typing import NamedTuple

from .cards import Card
from .places import Place

STAMPS = count(1)


class KeptPlays:
    """The legal plays last worked out for a position (``plays.legal_plays``)
    and the stamp and head they were worked out under; never part of the text
    form. ``units``: the (source, count) of every play, once asked for."""

    __slots__ = ("stamp", "head", "plays", "units")

    def __init__(
        self, stamp: int, head: tuple[object, ...], plays: tuple[tuple[Place, Place, int], ...]
    ) -> None:
        self.stamp = stamp
        self.head = head  # the rule set, the Player and the phase
        self.plays = plays
        self.units: frozenset[tuple[Place, int]] | None = None


class KeptFacts(NamedTuple):
    """What the referee asks again and again of the same cards (``moves.bank_accepts``,
    ``moves.available``), kept under the stamp they were worked out under."""

    stamp: int
    head: tuple[object, ...]  # the rule set, the Player and the phase
    accepts: set[int]
    available: list[tuple[Place, Card]]


class KeptActions(NamedTuple):
    """The legal actions worked out under one stamp (``legality.legal_actions``),
    one list for each state of the raise: what is raised and the fault it may open."""

    stamp: int
    head: tuple[object, ...]  # the rule set, the Player and the phase
    lists: dict[tuple[object, ...], tuple[object, ...]]
