"""What one player sees of a one-pack position (for bots and the table).

Both Hands are face down: an observation holds their sizes and the set of cards
not in sight, never a Hand card (so a bot cannot read one by accident). The
Discards (every card was seen face up), the Table and the card just turned are
shown. Moves that touch no face-down card can be tried on an observation with
:func:`try_move`, so a bot can search a turn without knowing the Hands.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.events import CardsMoved
from ..engine.position import Outcome
from .actions import Lift, Move
from .position import PLACES, Position
from .rules import move_cards


@dataclass
class Observation:
    seat: int  # who is looking
    dealer: int
    player: int
    hand_sizes: list[int]
    discards: list[list[Card]]
    places: list[list[Card]]
    laid: list[bool]
    held: Card | None
    shifts: int
    turnovers: list[int]
    marks: list[int]
    outcome: Outcome | None
    unseen: tuple[Card, ...]  # the cards in the two Hands, as a sorted set

    def hand_size(self, seat: int) -> int:
        return self.hand_sizes[seat]

    def cards_left(self, seat: int) -> int:
        n = self.hand_sizes[seat] + len(self.discards[seat])
        if seat == self.player and self.held is not None:
            n += 1
        return n

    def key(self) -> tuple[object, ...]:
        """Everything that can change by a move, for search (hashable)."""
        return (
            self.player,
            self.held,
            tuple(tuple(d) for d in self.discards),
            tuple(tuple(p) for p in self.places),
        )

    def clone(self) -> Observation:
        return Observation(
            self.seat,
            self.dealer,
            self.player,
            list(self.hand_sizes),
            [list(d) for d in self.discards],
            [list(p) for p in self.places],
            list(self.laid),
            self.held,
            self.shifts,
            list(self.turnovers),
            list(self.marks),
            self.outcome,
            self.unseen,
        )


def observe(pos: Position, seat: int) -> Observation:
    unseen = tuple(sorted(pos.hands[0] + pos.hands[1]))
    return Observation(
        seat,
        pos.dealer,
        pos.player,
        [len(pos.hands[0]), len(pos.hands[1])],
        [list(d) for d in pos.discards],
        [list(p) for p in pos.places],
        list(pos.laid),
        pos.held,
        pos.shifts,
        list(pos.turnovers),
        list(pos.marks),
        pos.outcome,
        unseen,
    )


def try_move(obs: Observation, action: Move | Lift) -> CardsMoved[str]:
    """Make a move on an observation (no Hand card is touched). Putting the held
    card on one's own Discard ends the turn: the observation then shows the
    adversary on move, before any lay-out of his."""
    ev = move_cards(obs, action)
    if ev.why == "discard":
        obs.player = 1 - obs.player
        obs.shifts = 0
    return ev


__all__ = ["PLACES", "Observation", "observe", "try_move"]
