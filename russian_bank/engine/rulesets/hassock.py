"""The Hassock rules (001): Tableaux, Center, Hassock, Stock and Mat."""

from __future__ import annotations

from types import MappingProxyType

from ...game.words import Words
from ...i18n import N_, NC_
from .base import Option, RuleSet

CITES = MappingProxyType(
    {
        "bank": NC_("rule book section", "law A"),
        "table fit": NC_("rule book section", "law C"),
        "space from hand": NC_("rule book section", "The Play"),
        "own discard": NC_("rule book section", "law D"),
        "duty": NC_("rule book section", "law B"),
        "stop": NC_("rule book section", "law B"),
        "weave": NC_("rule book section", "law C"),
        "build": NC_("rule book section", "The Play"),
        "build on stock": NC_("rule book section", "The Play"),
        "build on discard": NC_("rule book section", "The Play"),
        "second card": NC_("rule book section", "law E"),
        "discard": NC_("rule book section", "law E"),
    }
)

RULES = RuleSet(
    name="hassock",
    title_en=N_("Russian Bank, Hassock rules"),
    source="001",
    description_en=N_("Hassock, Stock and Mat; the Mat is dead to you."),
    words=Words(
        stock=NC_("Stock pile", "Hassock"),
        hand=NC_("Hand pile", "Stock"),
        discard=NC_("Discard pile", "Mat"),
        table=NC_("the Table", "Tableaux"),
        bank=NC_("one Bank", "Center pile"),
        banks=NC_("the Banks", "Center"),
        held=NC_("the card held", "card turned from the Stock"),
    ),
    cites=CITES,
    stock_size=13,
    hand_to_space_before_stock_empty=True,
    discard_playable=False,
    held_to_discard_on_stop=True,
    build_from_discard=False,
    game_points=0,
    reminder=(
        N_("Hassock rules (001): empty your Hassock, Stock and Mat first."),
        N_("Center: Aces, then up in suit (law A). Tableaux: down, colours alternating."),
        N_("Cards from the Hassock or Stock may fill Tableaux spaces at any time."),
        N_("Your Mat is dead to you (law D); build on the adversary's Hassock or Mat in suit."),
        N_("Your turn ends the moment a Stock card goes on your Mat (law E)."),
        N_("Missing a Center play lets the adversary call STOP (law B)."),
        N_("Score: 2 per Hassock card, 1 per Stock and Mat card; no game bonus."),
    ),
)

OPTIONS = {
    "in-suit": Option(
        N_("the Tableaux are built down in suit (001, Variation)"),
        {
            "table_in_suit": True,
            "cites": MappingProxyType(
                {**CITES, "table fit": NC_("rule book section", "Variation")}
            ),
        },
    ),
}
