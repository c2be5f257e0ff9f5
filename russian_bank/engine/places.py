"""Places on the Board (000 §40-45, Diagram I).

Seats are 0 (A, at the bottom of the screen) and 1 (B). The Table has eight
spaces ``table0``..``table7`` (0-3 is A's line, 4-7 B's line) and the Banks
eight spaces ``bank0``..``bank7`` (0-3 on A's side, 4-7 on B's side).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from .errors import TextFormError, quoted

if TYPE_CHECKING:
    from .rules import Words

SEATS: Final = "AB"

STOCK: Final = "stock"
HAND: Final = "hand"
DISCARD: Final = "discard"
HELD: Final = "held"
TABLE: Final = "table"
BANK: Final = "bank"

SEAT_KINDS: Final = (STOCK, HAND, DISCARD)


class Place(NamedTuple):
    """A pile: ``kind`` and either the seat (Stock, Hand, Discard) or the index."""

    kind: str
    index: int  # type: ignore[assignment]  # (shadows tuple.index on purpose)

    def __str__(self) -> str:
        if self.kind in SEAT_KINDS:
            return self.kind + SEATS[self.index]
        if self.kind == HELD:
            return HELD
        return f"{self.kind}{self.index}"

    @staticmethod
    def parse(text: str) -> Place:
        place = _BY_TEXT.get(text.strip()) if isinstance(text, str) else None
        if place is None:
            raise TextFormError(f"not a place: {quoted(text)} (expected e.g. 'table3' or 'stockA')")
        return place


# Points of view for naming a place (``place_words``):
NAMED: Final = "named"  # by seat, as a referee says it: "A's Stock"
HIS: Final = "his"  # as told of ``player``: "his Stock", "B's Stock" (the move log)
YOUR: Final = "your"  # as said to ``player``: "your Stock", "your adversary's Stock"
VIEWS: Final = (NAMED, HIS, YOUR)


def place_words(
    place: Place, player: int | None = None, words: Words | None = None, view: str = NAMED
) -> str:
    """The place in the rule set's words from a point of view.

    ``words`` are the rule set's pile names (the Committee's when not given);
    ``player`` is the seat the words speak of (``HIS``) or to (``YOUR``), and in
    the ``NAMED`` view the seat holding the card turned from the Hand. E.g.
    ``A's Stock`` / ``his Stock`` / ``your Stock``; ``the Table``; ``a Bank``
    (``the Banks`` when speaking to the player)."""
    if words is None:
        from .rules import Words

        words = Words()
    if view not in VIEWS:
        raise ValueError(f"no point of view {view!r} (expected one of {', '.join(VIEWS)})")
    if place.kind in SEAT_KINDS:
        name = {STOCK: words.stock, HAND: words.hand, DISCARD: words.discard}[place.kind]
        if view == HIS and place.index == player:
            return f"his {name}"
        if view == YOUR:
            return f"your {name}" if place.index == player else f"your adversary's {name}"
        return f"{SEATS[place.index]}'s {name}"
    if place.kind == HELD:
        if view == HIS:
            return f"his {words.hand}"
        if view == YOUR:
            return "the card you hold"
        whose = "the" if player is None else f"{SEATS[player]}'s"
        return f"the card turned from {whose} {words.hand}"
    if place.kind == TABLE:
        return f"the {words.table}"
    return f"the {words.banks}" if view == YOUR else f"a {words.bank}"


HELD_PLACE: Final = Place(HELD, 0)
TABLES: Final = tuple(Place(TABLE, i) for i in range(8))
BANKS: Final = tuple(Place(BANK, i) for i in range(8))
STOCKS: Final = (Place(STOCK, 0), Place(STOCK, 1))
HANDS: Final = (Place(HAND, 0), Place(HAND, 1))
DISCARDS: Final = (Place(DISCARD, 0), Place(DISCARD, 1))
_BY_TEXT: Final[dict[str, Place]] = {
    str(p): p for p in (HELD_PLACE, *TABLES, *BANKS, *STOCKS, *HANDS, *DISCARDS)
}
