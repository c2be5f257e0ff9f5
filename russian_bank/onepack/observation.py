"""What one player sees of a one-pack position (for bots and the table).

Both Hands are face down: an observation holds their sizes and the set of cards
not in sight, never a Hand card (so a bot cannot read one by accident). The
Discards (every card was seen face up), the Table and the card just turned are
shown. A bot searches on :func:`working_position`, the observation with stand-ins
in the Hands, with :func:`try_move`: no move touches a Hand card, and no rule reads
one (only a Hand's size).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..game.cards import Card
from ..game.events import CardsMoved
from ..game.outcome import Outcome
from .actions import Lift, Move
from .position import PLACES, Position
from .rules import move_cards


@dataclass(frozen=True)
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


# what a seat sees as it lies: every field of the position but the Hands
SHOWN = tuple(f.name for f in fields(Observation) if f.name not in ("seat", "hand_sizes", "unseen"))


def _copied(value: object) -> object:
    """``value`` with each list in it copied (a pile of cards, a list of piles)."""
    return [_copied(v) for v in value] if isinstance(value, list) else value


def observe(pos: Position, seat: int) -> Observation:
    shown: dict[str, Any] = {name: _copied(getattr(pos, name)) for name in SHOWN}
    unseen = tuple(sorted(pos.hands[0] + pos.hands[1]))
    return Observation(seat, hand_sizes=[len(h) for h in pos.hands], unseen=unseen, **shown)


def working_position(obs: Observation) -> Position:
    """The observation as a position, the Hands filled with the unseen cards in a
    fixed order (which card lies where is not known): a copy, sharing no list."""
    n, stand_ins = obs.hand_sizes[0], list(obs.unseen)
    shown: dict[str, Any] = {name: _copied(getattr(obs, name)) for name in SHOWN}
    return Position(hands=[stand_ins[:n], stand_ins[n:]], **shown)


def try_move(pos: Position, action: Move | Lift) -> CardsMoved[str]:
    """Make a move in a search (no Hand card is touched). Putting the held card on
    one's own Discard ends the turn: the position then shows the adversary on move,
    before any lay-out of his."""
    ev = move_cards(pos, action)
    if ev.why == "discard":
        pos.player = 1 - pos.player
        pos.shifts = 0
    return ev


__all__ = ["PLACES", "Observation", "observe", "try_move", "working_position"]
