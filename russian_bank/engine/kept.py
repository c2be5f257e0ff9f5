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
from operator import attrgetter
from typing import TYPE_CHECKING, Protocol

from ..game.cards import Card
from ..game.places import Place

if TYPE_CHECKING:
    from .actions import Action, Play, Raise


class Position(Protocol):
    """What is kept is kept for: a position's stamp, rule set, Player and phase
    (``position.Position``, which imports this module)."""

    @property
    def stamp(self) -> int: ...
    @property
    def rules(self) -> object: ...
    @property
    def player(self) -> int: ...
    @property
    def phase(self) -> str: ...


STAMPS = count(1)
# what ``plays._after_turn`` reads of a generation: the Banks' and the Table's masks, the
# spaces the held card may fill, whether it may build, the keys near the piles to build
# on and those piles' keys, and where several-card moves begin in the list
Turn = tuple[list[int], list[int], int, bool, set[int], int, int, int]
# what a generation after a play to no Bank reads of the one before: the Banks' masks
# by key and the keys they take, the Table's masks and the spaces' mask (``plays._refit``)
Fit = tuple[list[int], set[int], list[int], int]
_KEY = attrgetter("src", "dst", "count")  # a play as (source, destination, count)


class KeptFacts:
    """What the referee asks again and again of the same cards (``moves.bank_accepts``,
    ``moves.available`` and the available cards a Bank takes), kept under the stamp,
    rule set, Player and phase they were worked out under. Do not change them."""

    __slots__ = ("stamp", "rules", "player", "phase", "accepts", "available", "bankable")

    def __init__(
        self,
        pos: Position,
        accepts: set[int],
        available: list[tuple[Place, Card]] | None,
        bankable: list[tuple[Place, Card]],
    ) -> None:
        self.stamp = pos.stamp
        self.rules = pos.rules
        self.player = pos.player
        self.phase = pos.phase
        self.accepts = accepts  # keys (suit * 16 + rank) some Bank takes
        self.available = available  # the exposed cards the Player may play (None: not yet asked)
        self.bankable = bankable  # those of them a Bank takes

    def holds_for(self, pos: Position) -> bool:
        """Worked out for these cards, rule set, Player and phase."""
        return (
            self.stamp == pos.stamp
            and self.rules is pos.rules
            and self.player == pos.player
            and self.phase == pos.phase
        )


class KeptPlays(KeptFacts):
    """The legal plays last worked out for a position (``plays.legal_plays``),
    as their ``Play`` actions, with the raises they allow and the facts worked
    out on the way; never part of the text form. ``plays``: the same plays as
    (source, destination, count), made from the actions when first asked for.
    ``by_unit``: the plays of each unit (source, count), gathered from the
    actions once asked for (the plays of one unit stand together, in the order
    of the list)."""

    __slots__ = (
        "actions",
        "raises",
        "by_unit",
        "lists",
        "compel",
        "compels",
        "_plays",
        "turn",
        "fit",
    )

    def __init__(
        self,
        pos: Position,
        accepts: set[int],
        bankable: list[tuple[Place, Card]],
        actions: tuple[Play, ...],
        raises: tuple[Raise, ...],
    ) -> None:
        self.stamp = pos.stamp
        self.rules = pos.rules
        self.player = pos.player
        self.phase = pos.phase
        self.accepts = accepts
        self.available = None  # ``moves.available``: worked out when asked
        self.bankable = bankable
        self.actions = actions  # the plays as actions
        self.raises = raises  # one card from each exposed pile but the held card, then several
        self.by_unit: dict[tuple[Place, int], tuple[Play, ...]] | None = None
        # the legal actions of these cards (``legality.legal_actions``), as ``KeptActions``
        self.lists: dict[object, list[Action]] | None = None
        self.compel: bool | None = None  # may the adversary Compel (no fault, compelled play open)
        self.compels: dict[tuple[object, ...], bool] | None = None  # the same, with one open
        self._plays: tuple[tuple[Place, Place, int], ...] | None = None
        self.turn: Turn | None = None  # for the plays after a Hand card is turned
        self.fit: Fit | None = None  # for the plays after a play to no Bank

    @property
    def plays(self) -> tuple[tuple[Place, Place, int], ...]:
        """The plays as (source, destination, count), in the order of the actions."""
        plays = self._plays
        if plays is None:
            plays = self._plays = tuple(map(_KEY, self.actions))
        return plays

    def _units(self) -> dict[tuple[Place, int], tuple[Play, ...]]:
        by_unit = self.by_unit
        if by_unit is None:  # each unit's plays stand together (``plays._generate``)
            by_unit = self.by_unit = {}
            acts = self.actions
            n = len(acts)
            start = 0
            while start < n:
                act = acts[start]
                src, count = act.src, act.count
                end = start + 1
                while end < n and acts[end].src == src and acts[end].count == count:
                    end += 1
                by_unit[src, count] = acts[start:end]
                start = end
        return by_unit

    def unit_actions(self, unit: tuple[Place, int]) -> tuple[Play, ...]:
        """The plays of the cards ``unit`` (source, count), in their order."""
        return self._units().get(unit, ())

    def has_unit(self, unit: tuple[Place, int]) -> bool:
        """Whether the cards ``unit`` (source, count) have a play."""
        return unit in self._units()


class KeptActions:
    """The legal actions worked out under one stamp, rule set, Player and phase
    (``legality.legal_actions``), one list for each state of the raise: what is
    raised and the fault it may open. While the Player plays, the kept plays of
    the same stamp keep them (``KeptPlays.lists``: one object per stamp); this
    is for the moments between (a Stop awaited, the game over)."""

    __slots__ = ("stamp", "rules", "player", "phase", "lists", "compels")

    def __init__(self, pos: Position) -> None:
        self.stamp = pos.stamp
        self.rules = pos.rules
        self.player = pos.player
        self.phase = pos.phase
        self.lists: dict[object, list[Action]] | None = None
        self.compels: dict[tuple[object, ...], bool] | None = None  # may the adversary Compel
