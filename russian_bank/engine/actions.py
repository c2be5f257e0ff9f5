"""Actions in the rule book's own words, each a small immutable value with a text form.

======================  ====================================================  ==========
text form               meaning                                               rule
======================  ====================================================  ==========
raise table3            take hold of a card (a drag starts)                   §56, §57
raise table3/2          take hold of the last 2 cards of a Table sequence     §58
back                    put the raised card back where it was                 §26
back banks              put it back after trying it on a Bank it does not fit §71, §88
play table3 bank0       let go of a card on a place (raising it first if      §48
                        it was not already raised)
turn stock              turn the top card of the Stock face up                §8, §10
turn hand               turn the top card of the Hand (it is then held)       §12
discard                 place the held card on the Discard; ends the innings  §15
turn over               turn the Discard over to become the Hand              §19
end innings             finish when there is no Hand or Discard to go on with §53
stop B                  the adversary calls Stop                              §24
stop B bank expose      Belgian Bank: Stop with the adversary's options        §92
compel B                the adversary compels the Player instead              §38, §70
stand B                 the adversary lets a win by a faulty last card stand  §68
abandon A               a player abandons the game                            §34
agree draw              both players agree to a draw                          §37
======================  ====================================================  ==========
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

# the actions every game shares, re-exported with this game's own
from ..game.actions import AGREE_DRAW as AGREE_DRAW
from ..game.actions import Abandon as Abandon
from ..game.actions import Action as Action
from ..game.actions import AgreeDraw as AgreeDraw
from ..game.errors import TextFormError, quoted, whole_number
from ..game.memo import Memo
from ..game.places import SEATS, Place


def _unit(src: Place, count: int) -> str:
    return f"{src}/{count}" if count != 1 else str(src)


@dataclass(frozen=True, slots=True)
class Raise(Action):
    src: Place
    count: int = 1

    def __str__(self) -> str:
        return f"raise {_unit(self.src, self.count)}"

    @property
    def definite(self) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class Back(Action):
    tried_bank: bool = False

    def __str__(self) -> str:
        return "back banks" if self.tried_bank else "back"

    @property
    def definite(self) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class Play(Action):
    src: Place
    dst: Place
    count: int = 1

    def __str__(self) -> str:
        return f"play {_unit(self.src, self.count)} {self.dst}"


@dataclass(frozen=True, slots=True)
class TurnStock(Action):
    def __str__(self) -> str:
        return "turn stock"


@dataclass(frozen=True, slots=True)
class TurnHand(Action):
    def __str__(self) -> str:
        return "turn hand"


@dataclass(frozen=True, slots=True)
class DiscardHeld(Action):
    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True, slots=True)
class TurnOverDiscard(Action):
    def __str__(self) -> str:
        return "turn over"


@dataclass(frozen=True, slots=True)
class EndInnings(Action):
    def __str__(self) -> str:
        return "end innings"


@dataclass(frozen=True, slots=True)
class Stop(Action):
    seat: int
    options: tuple[str, ...] = ()  # Belgian Bank (§92): "bank", "expose"

    def __str__(self) -> str:
        return " ".join(("stop", SEATS[self.seat], *self.options))


@dataclass(frozen=True, slots=True)
class Compel(Action):
    seat: int

    def __str__(self) -> str:
        return f"compel {SEATS[self.seat]}"


@dataclass(frozen=True, slots=True)
class Stand(Action):
    seat: int

    def __str__(self) -> str:
        return f"stand {SEATS[self.seat]}"


TURN_STOCK: Final = TurnStock()
TURN_HAND: Final = TurnHand()
DISCARD_HELD: Final = DiscardHeld()
TURN_OVER: Final = TurnOverDiscard()
END_INNINGS: Final = EndInnings()
BACK: Final = Back()
BACK_BANKS: Final = Back(True)

# each play and raise made once from its fields and then shared (actions are immutable
# values): ``PLAYS[src, dst, count]``, ``RAISES[src, count]``
PLAYS: Final[Memo[tuple[Place, Place, int], Play]] = Memo(lambda key: Play(*key))
RAISES: Final[Memo[tuple[Place, int], Raise]] = Memo(lambda key: Raise(*key))

_FIXED: Final[dict[str, Action]] = {
    str(a): a
    for a in (TURN_STOCK, TURN_HAND, DISCARD_HELD, TURN_OVER, END_INNINGS, BACK, BACK_BANKS)
}
_FIXED[str(AGREE_DRAW)] = AGREE_DRAW
STOP_OPTIONS: Final = ((), ("bank",), ("expose",), ("bank", "expose"))
_SEATED: Final[dict[str, Callable[[int], Action]]] = {
    "stop": Stop,
    "compel": Compel,
    "stand": Stand,
    "abandon": Abandon,
}


def _parse_unit(text: str) -> tuple[Place, int]:
    if "/" in text:
        place, count = text.split("/", 1)
        return Place.parse(place), whole_number(count, f"card count in {quoted(text)}", 1, 13)
    return Place.parse(text), 1


def parse_action(text: str) -> Action:
    """The action written ``text`` (see the table above); TextFormError if none."""
    if not isinstance(text, str):
        raise TextFormError(f"not an action: {quoted(text)} (an action is text, e.g. 'turn stock')")
    words = " ".join(text.split())
    if words in _FIXED:
        return _FIXED[words]
    parts = words.split(" ")
    if len(parts) == 2 and parts[0] in _SEATED and parts[1] in ("A", "B"):
        return _SEATED[parts[0]](SEATS.index(parts[1]))
    if len(parts) in (3, 4) and parts[0] == "stop" and parts[1] in ("A", "B"):
        options = tuple(parts[2:])
        if options not in STOP_OPTIONS:
            raise TextFormError(f"not a Stop option: {' '.join(options)!r} (bank, expose)")
        return Stop(SEATS.index(parts[1]), options)
    if len(parts) == 2 and parts[0] == "raise":
        src, count = _parse_unit(parts[1])
        return Raise(src, count)
    if len(parts) == 3 and parts[0] == "play":
        src, count = _parse_unit(parts[1])
        return Play(src, Place.parse(parts[2]), count)
    raise TextFormError(f"not an action: {quoted(text)}")
