"""A hint: a line for the player, the places to glow on the table, and the action
it advises (``GameType.hint``; the coach, ``tutorial/coach.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from .places import Place

A = TypeVar("A")


@dataclass(frozen=True)
class Advice(Generic[A]):
    """A line for the player and the places to glow on the table."""

    text: str
    places: tuple[Place, ...] = ()
    action: A | None = None


__all__ = ["Advice"]
