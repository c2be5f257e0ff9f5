"""What the one table asks of any game about a pile: its cards as they lie (``Pile``)
and what pressing on it asks (``Press``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .cards import Card


@dataclass(frozen=True)
class Pile:
    """The cards of one pile, bottom first; those from ``up_from`` on lie face up."""

    cards: tuple[Card, ...]
    up_from: int = 0


@dataclass(frozen=True)
class Press:
    """What pressing on a pile asks: first ``act`` (a turn, a raise: judged by the
    table's ``player_act``), then hold ``take`` cards of the pile (to drag, or to
    play with the keyboard); or a refusal in the rules' words."""

    act: Any = None
    take: int = 0
    refuse: str | None = None


NOTHING: Final = Press()

__all__ = ["NOTHING", "Pile", "Press"]
