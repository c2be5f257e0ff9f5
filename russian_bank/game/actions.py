"""What every game's actions share: the base class, and the two actions any game knows
(a seat abandons, both agree to a draw: 000 §34, §37; read into 003 by docs/one-pack.md).
Each game's own actions (engine.actions, onepack.actions) build on these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .places import SEATS


class Action:
    """Base class of every action; subclasses are frozen dataclasses."""

    __slots__ = ()

    @property
    def definite(self) -> bool:
        """True for actions that change the cards (raising and putting back do not)."""
        return True


@dataclass(frozen=True, slots=True)
class Abandon(Action):
    seat: int

    def __str__(self) -> str:
        return f"abandon {SEATS[self.seat]}"


@dataclass(frozen=True, slots=True)
class AgreeDraw(Action):
    def __str__(self) -> str:
        return "agree draw"


AGREE_DRAW: Final = AgreeDraw()

__all__ = ["AGREE_DRAW", "Abandon", "Action", "AgreeDraw"]
