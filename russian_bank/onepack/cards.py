"""The one pack of 003: the 52 cards of the project's pack A, written without the pack.

A card's text is rank + suit (``8C`` is the eight of clubs, ``TD`` the ten of
diamonds). Ranks go round: 003 lets the King follow the Queen and meet the Ace
(its example puts the King of diamonds on the Ace of diamonds), so Ace-King is a
sequence like any other.
"""

from __future__ import annotations

from typing import Final

from ..game.cards import CARDS, RANK_OF, SUIT_OF, SUITS, Card
from ..game.errors import quoted

PACK: Final[tuple[Card, ...]] = CARDS[:52]
RANK_SPAN: Final = 13


def parse_card(text: str) -> Card:
    t = text.strip().upper()
    if len(t) != 2:
        raise ValueError(f"not a card: {quoted(text)} (expected e.g. '8C')")
    return Card.parse(t + "a")


def parse_cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(c.face for c in cards)


def step(lower: Card, upper: Card) -> int:
    """+1 if ``upper`` is one above ``lower`` in the same suit (King then Ace),
    -1 if one below, 0 if they are not in suit and sequence."""
    if SUIT_OF[lower] != SUIT_OF[upper]:
        return 0
    d = (RANK_OF[upper] - RANK_OF[lower]) % RANK_SPAN
    if d == 1:
        return 1
    if d == RANK_SPAN - 1:
        return -1
    return 0


# STEP[a * 52 + b] == step(a, b), for the hot loop of legal_actions
STEP: Final[tuple[int, ...]] = tuple(step(a, b) for a in PACK for b in PACK)

__all__ = [
    "PACK",
    "STEP",
    "SUITS",
    "Card",
    "cards_text",
    "parse_card",
    "parse_cards",
    "step",
]
