"""French Bank (000 §90): Hand and Stock cards may fill Table spaces before the
Stock is empty; two options: no building on the adversary, one side each."""

from __future__ import annotations

from types import MappingProxyType

from ...i18n import N_
from .base import COMMITTEE_CITES, Option, RuleSet

RULES = RuleSet(
    name="french",
    title_en=N_("French Bank"),
    description_en=N_("Hand cards may fill Table spaces at any time."),
    cites=MappingProxyType(
        {
            **COMMITTEE_CITES,
            "space from hand": "§90",
            "table side": "§90",
            "space side": "§90",
            "build on stock": "§90",
            "build on discard": "§90",
            "turn hand space": "§90",
        }
    ),
    hand_to_space_before_stock_empty=True,
    reminder=(
        N_("As the Committee rules, except (000 §90):"),
        N_(
            "a card from your Hand or Stock may fill a Table space at any time, and an empty "
            "space does not stop you turning your Hand."
        ),
        N_("Option 'no building': nothing is built on the adversary's piles."),
        N_("Option 'one side': you play to the Table only on your own line of four."),
    ),
)

OPTIONS = {
    "no-building": Option(
        N_("no building on the adversary's piles"),
        {"build_on_stock": False, "build_on_discard": False},
    ),
    "one-side": Option(
        N_("you play to the Table on your own side only"),
        {"own_side_table": True, "own_side_spaces": True},
    ),
}
