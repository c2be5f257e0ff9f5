"""The Hassock rules (001): Tableaux, Center, Hassock, Stock and Mat."""

from __future__ import annotations

from types import MappingProxyType

from .base import Option, RuleSet, Words

CITES = MappingProxyType(
    {
        "bank": "law A",
        "table fit": "law C",
        "space from hand": "The Play",
        "own discard": "law D",
        "duty": "law B",
        "stop": "law B",
        "weave": "law C",
        "build": "The Play",
        "build on stock": "The Play",
        "build on discard": "The Play",
        "second card": "law E",
        "discard": "law E",
    }
)

RULES = RuleSet(
    name="hassock",
    title="Russian Bank, Hassock rules",
    source="001",
    description="Hassock, Stock and Mat; the Mat is dead to you.",
    words=Words(
        stock="Hassock",
        hand="Stock",
        discard="Mat",
        table="Tableaux",
        bank="Center pile",
        banks="Center",
        held="card turned from the Stock",
    ),
    cites=CITES,
    stock_size=13,
    hand_to_space_before_stock_empty=True,
    discard_playable=False,
    held_to_discard_on_stop=True,
    build_from_discard=False,
    game_points=0,
    reminder=(
        "Hassock rules (001): empty your Hassock, Stock and Mat first.",
        "Center: Aces, then up in suit (law A). Tableaux: down, colours alternating.",
        "Cards from the Hassock or Stock may fill Tableaux spaces at any time.",
        "Your Mat is dead to you (law D); build on the adversary's Hassock or Mat in suit.",
        "Your turn ends the moment a Stock card goes on your Mat (law E).",
        "Missing a Center play lets the adversary call STOP (law B).",
        "Score: 2 per Hassock card, 1 per Stock and Mat card; no game bonus.",
    ),
)

OPTIONS = {
    "in-suit": Option(
        "the Tableaux are built down in suit (001, Variation)",
        {"table_in_suit": True, "cites": MappingProxyType({**CITES, "table fit": "Variation"})},
    ),
}
