"""Italian Bank (000 §93): Stock of 13, its top turned at the deal, the lower begins."""

from __future__ import annotations

from types import MappingProxyType

from ...i18n import N_
from .base import COMMITTEE_CITES, Option, RuleSet

RULES = RuleSet(
    name="italian",
    title_en=N_("Italian Bank"),
    description_en=N_("Stock of 13, tops turned up; the lower begins."),
    cites=MappingProxyType({**COMMITTEE_CITES, "deal": "§93"}),
    stock_size=13,
    stock_top_up_at_deal=True,
    first_player="stock top",
    reminder=(
        N_(
            "As the Committee rules, except (000 §93): each Stock has 13 cards and its top is "
            "turned at the deal; the lower top begins (equal tops: cut)."
        ),
        N_("The game begins at once: there is no arranging before the first turn."),
    ),
)

OPTIONS: dict[str, Option] = {}
