"""Events out of the engine, so a table can animate and a bot can react.

``Event``, ``CardsMoved`` and ``GameOver`` are shared by every game (the one-pack
game, ``onepack/``, makes the same ones with its own pile names): the animation, the
move log, replay and review read them once for all games (``russian_bank.game``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from .cards import Card, cards_text
from .outcome import Outcome
from .places import SEATS, Place


class Event:
    __slots__ = ()


P = TypeVar("P")  # a game's pile id: the two-pack ``Place``, the one-pack pile name


@dataclass(frozen=True, slots=True)
class CardsMoved(Event, Generic[P]):
    """Cards went from one place to another (``face_up`` is how they lie there)."""

    cards: tuple[Card, ...]
    src: P
    dst: P
    face_up: bool = True
    why: str = "play"  # play, turn, discard, turn over, back, stop; one-pack: lift, lay out

    def __str__(self) -> str:
        return f"moved {cards_text(self.cards)} {self.src} -> {self.dst} ({self.why})"


@dataclass(frozen=True, slots=True)
class Raised(Event):
    place: Place
    count: int

    def __str__(self) -> str:
        return f"raised {self.place}/{self.count}"


@dataclass(frozen=True, slots=True)
class PutBack(Event):
    place: Place
    count: int
    intention_shown: bool

    def __str__(self) -> str:
        return f"put back {self.place}/{self.count}"


@dataclass(frozen=True, slots=True)
class FaultOpened(Event):
    """The Player failed his duty to bank; the adversary may now call Stop."""

    cards: tuple[Card, ...]
    note: str

    def __str__(self) -> str:
        return f"fault: {self.note}"


@dataclass(frozen=True, slots=True)
class ErrorOpened(Event):
    """British Bank (000 §91.6): the Player broke a rule the rule set lets him
    break; the adversary may Stop him for it until his next definite action."""

    rule: str  # the rule's key in ``RuleSet.cites``
    note: str

    def __str__(self) -> str:
        return f"error: {self.note}"


@dataclass(frozen=True, slots=True)
class FaultClosed(Event):
    note: str

    def __str__(self) -> str:
        return f"fault closed: {self.note}"


@dataclass(frozen=True, slots=True)
class StopCalled(Event):
    seat: int
    note: str

    def __str__(self) -> str:
        return f"Stop! called by {SEATS[self.seat]}: {self.note}"


@dataclass(frozen=True, slots=True)
class Compelled(Event):
    seat: int
    card: Card
    where: str  # the kind of place the card must go to: "bank" or "table"

    def __str__(self) -> str:
        where = "Banks" if self.where == "bank" else "Table"
        return f"{SEATS[self.seat]} compels {self.card.label} to the {where}"


@dataclass(frozen=True, slots=True)
class StopReserved(Event):
    """§27: the Player finished leaving bankable cards on his Stock or Discard."""

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"Stop reserved against {SEATS[self.seat]} for {cards_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class WinPending(Event):
    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{SEATS[self.seat]} played his last card {self.card.label}: Stop or Stand (§68)"


@dataclass(frozen=True, slots=True)
class DiscardPending(Event):
    """Crapette (002): a card laid on the Player's own waste heap out of the
    order of play; the turn ends with it unless the adversary calls Stop."""

    seat: int
    card: Card
    note: str  # in words: "A laid 9♣ on his waste heap"

    def __str__(self) -> str:
        return f"{self.note}: Stop or Stand (002)"


@dataclass(frozen=True, slots=True)
class InningsEnded(Event):
    seat: int
    reason: str  # "discard", "end", "stop"
    next_player: int

    def __str__(self) -> str:
        return f"innings of {SEATS[self.seat]} ended ({self.reason})"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    outcome: Outcome

    def __str__(self) -> str:
        return f"game over: {self.outcome}"
