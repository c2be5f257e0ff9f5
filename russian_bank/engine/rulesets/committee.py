"""The Committee rules (000, 1920): the default game."""

from __future__ import annotations

from ..rules import RuleSet
from .base import Option

RULES = RuleSet(
    name="committee",
    title="Russian Bank (Committee rules, 1920)",
    description="The 1920 rules: the default game.",
    reminder=(
        "Empty your Stock, Hand and Discard before your adversary (§1).",
        "Banks: Ace first, then up in suit to the King. Table: down, colours alternating.",
        "Build on the adversary's Stock or Discard: same suit, one up or down.",
        "Turn your Stock before your Hand; fill Table spaces before turning the Hand.",
        "Discarding the card from your Hand ends your innings (§15).",
        "Duty: if a card you may use fits a Bank, bank one first. Otherwise the",
        "adversary may call STOP and take the innings (§21-28).",
    ),
)

OPTIONS: dict[str, Option] = {}
