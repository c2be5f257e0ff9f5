"""Belgian Bank, or Options (000 §92): the Stop carries the adversary's options."""

from __future__ import annotations

from types import MappingProxyType

from .base import COMMITTEE_CITES, Option, RuleSet

RULES = RuleSet(
    name="belgian",
    title="Belgian Bank",
    description="A Stop carries the adversary's two options.",
    cites=MappingProxyType({**COMMITTEE_CITES, "stop options": "§92"}),
    belgian_options=True,
    reminder=(
        "As the Committee rules, except (000 §92): whoever calls Stop may also",
        "1. have the Player's bankable Stock and Discard cards banked first,",
        "2. have the Hand card whose turning caused the Stop put on the Discard.",
    ),
)

OPTIONS: dict[str, Option] = {}
