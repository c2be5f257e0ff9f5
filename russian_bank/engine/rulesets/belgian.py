"""Belgian Bank, or Options (000 §92): the Stop carries the adversary's options."""

from __future__ import annotations

from types import MappingProxyType

from ...i18n import N_
from .base import COMMITTEE_CITES, Option, RuleSet

RULES = RuleSet(
    name="belgian",
    title_en=N_("Belgian Bank"),
    description_en=N_("A Stop carries the adversary's two options."),
    cites=MappingProxyType({**COMMITTEE_CITES, "stop options": "§92"}),
    belgian_options=True,
    reminder=(
        N_(
            "As the Committee rules, except (000 §92): whoever calls Stop may also 1. have the "
            "Player's bankable Stock and Discard cards banked first, 2. have the Hand card whose "
            "turning caused the Stop put on the Discard."
        ),
    ),
)

OPTIONS: dict[str, Option] = {}
