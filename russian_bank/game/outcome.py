"""How a game ended, the one :class:`Outcome` of every game (two-pack and one-pack),
and its text form in a position or a kept game (``outcome: A won 46 30 8 0 0``)."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import TextFormError, quoted, whole_number
from .places import SEATS

OUTCOME_REASONS = ("won", "abandoned", "agreed", "dead")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended. ``winner`` is a seat, or None for a draw."""

    winner: int | None
    reason: str  # "won", "abandoned", "agreed", "dead"
    points: int = 0
    game_points: int = 0
    stock_cards: int = 0
    hand_cards: int = 0
    abandon_points: int = 0

    def __str__(self) -> str:
        if self.winner is None:
            return f"draw ({self.reason})"
        if self.reason == "abandoned":
            return f"{SEATS[self.winner]} wins {self.points} ({SEATS[1 - self.winner]} abandoned)"
        return f"{SEATS[self.winner]} {self.reason} {self.points}"


def outcome_text(o: Outcome | None) -> str:
    if o is None:
        return ""
    winner = "-" if o.winner is None else SEATS[o.winner]
    return (
        f"{winner} {o.reason} {o.points} {o.game_points} {o.stock_cards} "
        f"{o.hand_cards} {o.abandon_points}"
    )


def parse_outcome(text: str) -> Outcome | None:
    if not text:
        return None
    words = text.split()
    if len(words) < 2 or len(words) > 7 or words[1] not in OUTCOME_REASONS:
        raise TextFormError(f"outcome: {quoted(text)} is not 'WINNER REASON POINTS...'")
    w, reason, *nums = words
    n = [whole_number(x, "outcome", 0) for x in nums] + [0] * (5 - len(nums))
    return Outcome(None if w == "-" else _seat(w), reason, *n)


def _seat(text: str) -> int:
    if text not in SEATS:
        raise TextFormError(f"outcome: {quoted(text)} is not a seat (A or B)")
    return SEATS.index(text)


__all__ = ["OUTCOME_REASONS", "Outcome", "outcome_text", "parse_outcome"]
