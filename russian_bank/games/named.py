"""What every game type reads from its rule set value."""

from __future__ import annotations

from ..engine.rules import RuleSet
from ..game.words import Words
from ..onepack.ruleset import OnePackRules


class Named:
    """What every game reads from its rule set value, asked anew each time (the
    title in the language in force)."""

    rules: RuleSet | OnePackRules

    @property
    def name(self) -> str:
        return self.rules.spec

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def words(self) -> Words:
        return self.rules.words

    @property
    def game_points(self) -> int:
        return self.rules.game_points
