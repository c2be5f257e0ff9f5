"""British Bank, or Stop Patience (000 §91)."""

from __future__ import annotations

from types import MappingProxyType

from ...i18n import N_
from .base import COMMITTEE_CITES, Option, RuleSet

RULES = RuleSet(
    name="british",
    title_en=N_("British Bank"),
    description_en=N_("Stock of 13, Table in suit, a second Hand card."),
    cites=MappingProxyType(
        {
            **COMMITTEE_CITES,
            "table fit": "§91.2",
            "space side": "§91.3",
            "second card": "§91.4",
            "build on stock": "§91.5",
            "build from table": "§91.5",
            "stop": "§91.6",
            "error": "§91.6",
        }
    ),
    stock_size=13,
    table_in_suit=True,
    own_side_spaces=True,
    second_hand_card=True,
    build_on_stock=False,
    build_from_table=False,
    # the six "other errors and neglects" of §91.6 (docs/rulesets/british.md)
    errors=frozenset(
        {
            "turn stock first",
            "turn hand space",
            "space from discard",
            "space side",
            "build on stock",
            "build from table",
        }
    ),
    reminder=(
        N_("As the Committee rules, except (000 §91):"),
        N_(
            "the Stock has 13 cards; the Table is built down in suit; you fill only the spaces "
            "of your own line of four; once an innings, a Hand card with no place may be "
            "discarded and another turned; you build on the adversary's Discard only, never from "
            "the Table; an error against these rules (or turning your Hand too soon) stands "
            "unless your adversary Stops it before your next play (§91.6)."
        ),
    ),
)

OPTIONS: dict[str, Option] = {}
