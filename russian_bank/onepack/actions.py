"""One-pack actions: small immutable values with a text form and a parser.

Piles are named ``held`` (the card just turned from the Hand), ``discard0`` /
``discard1`` and ``place0`` .. ``place7``. The Player is always the one who acts.

* ``turn``                -- turn the top card of the Hand (turning the Discard over
                             first when the Hand is empty).
* ``move SRC DST``        -- one card from the top of SRC to DST; ``move held
                             discardN`` (the Player's own) ends the innings.
* ``lift SRC DST``        -- a whole Table pile, in its order, onto another pile.
* ``abandon A``           -- a seat abandons: the other wins, as if he had gone out.
* ``agree draw``          -- both players agree to a draw.

003 is silent on the last two; the Committee's (000 §34, §37) are read into it: any
game may be given up or drawn by agreement (docs/one-pack.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..game.actions import Abandon, AgreeDraw
from ..game.errors import quoted
from ..game.places import SEATS

HELD = "held"
DISCARDS = ("discard0", "discard1")
PLACE_NAMES = tuple(f"place{i}" for i in range(8))
PILES = (HELD, *DISCARDS, *PLACE_NAMES)


def place_index(pile: str) -> int | None:
    return int(pile[5:]) if pile.startswith("place") else None


class _Step:
    """What every one-pack action shares: it is a step of the replay."""

    __slots__ = ()
    definite: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Turn(_Step):
    def __str__(self) -> str:
        return "turn"


@dataclass(frozen=True, slots=True)
class Move(_Step):
    src: str
    dst: str

    def __str__(self) -> str:
        return f"move {self.src} {self.dst}"


@dataclass(frozen=True, slots=True)
class Lift(_Step):
    src: str
    dst: str

    def __str__(self) -> str:
        return f"lift {self.src} {self.dst}"


Action = Turn | Move | Lift | Abandon | AgreeDraw


def parse_action(text: str) -> Action:
    words = text.split()
    if words == ["turn"]:
        return Turn()
    if words == ["agree", "draw"]:
        return AgreeDraw()
    if len(words) == 2 and words[0] == "abandon" and words[1] in SEATS:
        return Abandon(SEATS.index(words[1]))
    if len(words) == 3 and words[0] in ("move", "lift"):
        src, dst = words[1], words[2]
        if src not in PILES or dst not in PILES:
            raise ValueError(f"unknown pile in {quoted(text)} (piles: {', '.join(PILES)})")
        return Move(src, dst) if words[0] == "move" else Lift(src, dst)
    raise ValueError(f"not a one-pack action: {quoted(text)} (e.g. 'turn', 'move held place3')")
