"""Places on the Board (000 §40-45, Diagram I).

Seats are 0 (A, at the bottom of the screen) and 1 (B). The Table has eight
spaces ``table0``..``table7`` (0-3 is A's line, 4-7 B's line) and the Banks
eight spaces ``bank0``..``bank7`` (0-3 on A's side, 4-7 on B's side).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from ..i18n import NC_, pgettext
from .errors import TextFormError, quoted

if TYPE_CHECKING:
    from .words import Words

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


# The grammatical role of a place in a sentence: its subject or object (""), where
# a card comes from ("from": "from A's Stock") or where it goes ("to": "to the Table").
# A language that declines nouns or joins prepositions to articles (German "von der",
# French "du") writes each role as a whole.
SUBJECT: Final = ""
FROM: Final = "from"
TO: Final = "to"
ROLES: Final = (SUBJECT, FROM, TO)

# TRANSLATORS: "{seat}" is a seat's letter (A or B); {stock}, {hand}, {discard},
# {table}, {bank}, {banks} are the rule set's pile names (docs/translating.md).
_PHRASES: Final[dict[tuple[str, str, str], str]] = {
    # place
    ("stock", "seat", ""): NC_("place", "{seat}'s {stock}"),
    ("stock", "his", ""): NC_("place", "his {stock}"),
    ("stock", "your", ""): NC_("place", "your {stock}"),
    ("stock", "adv", ""): NC_("place", "your adversary's {stock}"),
    ("hand", "seat", ""): NC_("place", "{seat}'s {hand}"),
    ("hand", "his", ""): NC_("place", "his {hand}"),
    ("hand", "your", ""): NC_("place", "your {hand}"),
    ("hand", "adv", ""): NC_("place", "your adversary's {hand}"),
    ("discard", "seat", ""): NC_("place", "{seat}'s {discard}"),
    ("discard", "his", ""): NC_("place", "his {discard}"),
    ("discard", "your", ""): NC_("place", "your {discard}"),
    ("discard", "adv", ""): NC_("place", "your adversary's {discard}"),
    ("held", "his", ""): NC_("place", "his {hand}"),
    ("held", "your", ""): NC_("place", "the card you hold"),
    ("held", "seat", ""): NC_("place", "the card turned from {seat}'s {hand}"),
    ("held", "none", ""): NC_("place", "the card turned from the {hand}"),
    ("table", "", ""): NC_("place", "the {table}"),
    ("bank", "one", ""): NC_("place", "a {bank}"),
    ("bank", "all", ""): NC_("place", "the {banks}"),
    # from place
    ("stock", "seat", "from"): NC_("from place", "from {seat}'s {stock}"),
    ("stock", "his", "from"): NC_("from place", "from his {stock}"),
    ("stock", "your", "from"): NC_("from place", "from your {stock}"),
    ("stock", "adv", "from"): NC_("from place", "from your adversary's {stock}"),
    ("hand", "seat", "from"): NC_("from place", "from {seat}'s {hand}"),
    ("hand", "his", "from"): NC_("from place", "from his {hand}"),
    ("hand", "your", "from"): NC_("from place", "from your {hand}"),
    ("hand", "adv", "from"): NC_("from place", "from your adversary's {hand}"),
    ("discard", "seat", "from"): NC_("from place", "from {seat}'s {discard}"),
    ("discard", "his", "from"): NC_("from place", "from his {discard}"),
    ("discard", "your", "from"): NC_("from place", "from your {discard}"),
    ("discard", "adv", "from"): NC_("from place", "from your adversary's {discard}"),
    ("held", "his", "from"): NC_("from place", "from his {hand}"),
    ("held", "your", "from"): NC_("from place", "from the card you hold"),
    ("held", "seat", "from"): NC_("from place", "from the card turned from {seat}'s {hand}"),
    ("held", "none", "from"): NC_("from place", "from the card turned from the {hand}"),
    ("table", "", "from"): NC_("from place", "from the {table}"),
    ("bank", "one", "from"): NC_("from place", "from a {bank}"),
    ("bank", "all", "from"): NC_("from place", "from the {banks}"),
    # to place
    ("stock", "seat", "to"): NC_("to place", "to {seat}'s {stock}"),
    ("stock", "his", "to"): NC_("to place", "to his {stock}"),
    ("stock", "your", "to"): NC_("to place", "to your {stock}"),
    ("stock", "adv", "to"): NC_("to place", "to your adversary's {stock}"),
    ("hand", "seat", "to"): NC_("to place", "to {seat}'s {hand}"),
    ("hand", "his", "to"): NC_("to place", "to his {hand}"),
    ("hand", "your", "to"): NC_("to place", "to your {hand}"),
    ("hand", "adv", "to"): NC_("to place", "to your adversary's {hand}"),
    ("discard", "seat", "to"): NC_("to place", "to {seat}'s {discard}"),
    ("discard", "his", "to"): NC_("to place", "to his {discard}"),
    ("discard", "your", "to"): NC_("to place", "to your {discard}"),
    ("discard", "adv", "to"): NC_("to place", "to your adversary's {discard}"),
    ("held", "his", "to"): NC_("to place", "to his {hand}"),
    ("held", "your", "to"): NC_("to place", "to the card you hold"),
    ("held", "seat", "to"): NC_("to place", "to the card turned from {seat}'s {hand}"),
    ("held", "none", "to"): NC_("to place", "to the card turned from the {hand}"),
    ("table", "", "to"): NC_("to place", "to the {table}"),
    ("bank", "one", "to"): NC_("to place", "to a {bank}"),
    ("bank", "all", "to"): NC_("to place", "to the {banks}"),
}
_CONTEXTS: Final = {SUBJECT: "place", FROM: "from place", TO: "to place"}


def place_words(
    place: Place,
    player: int | None = None,
    words: Words | None = None,
    view: str = NAMED,
    role: str = SUBJECT,
) -> str:
    """The place in the rule set's words from a point of view, in the language in force.

    ``words`` are the rule set's pile names (the Committee's when not given);
    ``player`` is the seat the words speak of (``HIS``) or to (``YOUR``), and in
    the ``NAMED`` view the seat holding the card turned from the Hand. E.g.
    ``A's Stock`` / ``his Stock`` / ``your Stock``; ``the Table``; ``a Bank``
    (``the Banks`` when speaking to the player). ``role`` ``FROM`` or ``TO`` gives
    the place with its preposition: ``from A's Stock``, ``to the Table``."""
    if words is None:
        from .words import Words

        words = Words()
    if view not in VIEWS:
        raise ValueError(f"no point of view {view!r} (expected one of {', '.join(VIEWS)})")
    if role not in ROLES:
        raise ValueError(f"no role {role!r} (expected one of {', '.join(map(repr, ROLES))})")
    if place.kind in SEAT_KINDS:
        if view == HIS and place.index == player:
            form = "his"
        elif view == YOUR:
            form = "your" if place.index == player else "adv"
        else:
            form = "seat"
    elif place.kind == HELD:
        form = view if view in (HIS, YOUR) else "none" if player is None else "seat"
    elif place.kind == TABLE:
        form = ""
    else:
        form = "all" if view == YOUR else "one"
    kind = HELD if place.kind == HELD else place.kind
    if kind == HELD:
        seat = SEATS[player] if player is not None else ""
    else:
        seat = SEATS[place.index] if place.kind in SEAT_KINDS else ""
    w = words.local()
    text = pgettext(_CONTEXTS[role], _PHRASES[kind, form, role])
    return text.format(
        seat=seat,
        stock=w.stock,
        hand=w.hand,
        discard=w.discard,
        table=w.table,
        bank=w.bank,
        banks=w.banks,
    )


HELD_PLACE: Final = Place(HELD, 0)
TABLES: Final = tuple(Place(TABLE, i) for i in range(8))
BANKS: Final = tuple(Place(BANK, i) for i in range(8))
STOCKS: Final = (Place(STOCK, 0), Place(STOCK, 1))
HANDS: Final = (Place(HAND, 0), Place(HAND, 1))
DISCARDS: Final = (Place(DISCARD, 0), Place(DISCARD, 1))
_BY_TEXT: Final[dict[str, Place]] = {
    str(p): p for p in (HELD_PLACE, *TABLES, *BANKS, *STOCKS, *HANDS, *DISCARDS)
}
