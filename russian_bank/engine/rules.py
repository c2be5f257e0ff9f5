"""The rule-set seam: the engine's one door to the rule sets.

Each rule set of RULES.md §6 is a module of ``russian_bank/engine/rulesets/``
holding one :class:`RuleSet` value (and its options); the registry there names
them (``committee``, ``french``, ``british``, ``belgian``, ``italian``,
``hassock``, ``crapette``) and ``rulesets/base.py`` says what a rule set is. The
engine reads a rule set's fields at the few places that differ between the sets;
nothing outside the engine reads a rule from them directly: it asks an engine query
(``russian_bank.engine.queries``).

This module only gathers those names, so that the rest of the engine imports them
from one place and the rule-set modules import nothing that imports them back.
"""

from __future__ import annotations

from ..game.words import Words
from .rulesets import COMMITTEE, rule_set
from .rulesets.base import COMMITTEE_CITES, RuleSet

__all__ = ["COMMITTEE", "COMMITTEE_CITES", "RuleSet", "Words", "rule_set"]
