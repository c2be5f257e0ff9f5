"""Cards and the two packs (000 §1, §61).

A card is one of 104 small immutable values: (pack, suit, rank). Its text form is
rank + suit + pack, for example ``THb`` for the ten of hearts of pack B and ``ASa``
for the ace of spades of pack A. Ace is low, King high (§61).
"""

from __future__ import annotations

import random
from typing import Final

from .errors import TextFormError, quoted

RANKS: Final = "A23456789TJQK"
SUITS: Final = "SHDC"  # spades, hearts, diamonds, clubs
PACKS: Final = "ab"
SUIT_SYMBOLS: Final = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANK_NAMES: Final = {
    1: "Ace",
    11: "Jack",
    12: "Queen",
    13: "King",
}
SUIT_NAMES: Final = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


class Card(int):
    """One of the 104 cards; an ``int`` 0..103 so it is cheap to hash and compare.

    ``index = pack * 52 + suit * 13 + (rank - 1)``.
    """

    __slots__ = ()

    @property
    def pack(self) -> int:
        return int(self) // 52

    @property
    def suit(self) -> int:
        return (int(self) // 13) % 4

    @property
    def rank(self) -> int:
        return int(self) % 13 + 1

    @property
    def face(self) -> str:
        """Rank and suit without the pack, e.g. ``TH`` (used for image names)."""
        return RANKS[self.rank - 1] + SUITS[self.suit]

    @property
    def label(self) -> str:
        """Short human label with the suit symbol, e.g. ``10\u2665``."""
        return LABELS[int(self)]

    @property
    def name(self) -> str:
        rank = RANK_NAMES.get(self.rank, str(self.rank))
        return f"{rank} of {SUIT_NAMES[SUITS[self.suit]]}"

    def __str__(self) -> str:
        return TEXT[int(self)]

    def __repr__(self) -> str:
        return f"Card({TEXT[int(self)]})"

    @staticmethod
    def parse(text: str) -> Card:
        card = BY_TEXT.get(text.strip()) if isinstance(text, str) else None
        if card is None:
            raise TextFormError(f"not a card: {quoted(text)} (expected e.g. 'THb')")
        return card


SUIT_RED: Final = (False, True, True, False)
CARDS: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(104))
TEXT: Final[tuple[str, ...]] = tuple(
    RANKS[i % 13] + SUITS[(i // 13) % 4] + PACKS[i // 52] for i in range(104)
)
LABELS: Final[tuple[str, ...]] = tuple(
    ("10" if i % 13 == 9 else RANKS[i % 13]) + SUIT_SYMBOLS[SUITS[(i // 13) % 4]]
    for i in range(104)
)
BY_TEXT: Final[dict[str, Card]] = {t: CARDS[i] for i, t in enumerate(TEXT)}

# Plain-int lookup tables for the hot paths of move generation.
RANK_OF: Final[tuple[int, ...]] = tuple(i % 13 + 1 for i in range(104))
SUIT_OF: Final[tuple[int, ...]] = tuple((i // 13) % 4 for i in range(104))
RED_OF: Final[tuple[bool, ...]] = tuple(SUIT_RED[(i // 13) % 4] for i in range(104))
# key = suit * 16 + rank identifies a card regardless of pack
KEY_OF: Final[tuple[int, ...]] = tuple(SUIT_OF[i] * 16 + RANK_OF[i] for i in range(104))


def pack_cards(pack: int) -> list[Card]:
    return list(CARDS[pack * 52 : pack * 52 + 52])


def shuffled_pack(pack: int, rng: random.Random) -> list[Card]:
    cards = pack_cards(pack)
    rng.shuffle(cards)
    return cards


def parse_cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def cards_label(cards: list[Card] | tuple[Card, ...]) -> str:
    """The cards as a person reads them: rank and suit symbol (``10♥ J♥``)."""
    return " ".join(LABELS[c] for c in cards)


def cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(TEXT[c] for c in cards)
