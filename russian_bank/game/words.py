"""What a game calls its piles (every game's vocabulary: ``Words``), in English and in
the language in force."""

from __future__ import annotations

from dataclasses import dataclass

from .. import i18n
from ..i18n import NC_, pgettext

# TRANSLATORS: each pile's name is translated in its own context. The sentences that
# use them are written for the names the docs/translating.md table gives (French: la
# Crapette, le Talon, le Pot, le Tableau, une Fondation; German: die Reserve, der Talon,
# die Ablage, die Auslage, die Bank): a rule set's own names must keep those genders.
PILE_CONTEXTS = {
    "stock": "Stock pile",
    "hand": "Hand pile",
    "discard": "Discard pile",
    "table": "the Table",
    "bank": "one Bank",
    "banks": "the Banks",
    "held": "the card held",
}


@dataclass(frozen=True, slots=True)
class Words:
    """What a rule set calls its piles (singular; ``banks`` names them all), in
    English; :meth:`local` gives them in the language in force."""

    stock: str = NC_("Stock pile", "Stock")
    hand: str = NC_("Hand pile", "Hand")
    discard: str = NC_("Discard pile", "Discard")
    table: str = NC_("the Table", "Table")
    bank: str = NC_("one Bank", "Bank")
    banks: str = NC_("the Banks", "Banks")
    held: str = NC_("the card held", "card turned from the Hand")

    def local(self) -> Words:
        """These names in the language in force (looked up now, so a change of
        language shows at once)."""
        if i18n.language() == "en":
            return self  # (the English names are these)
        return Words(
            **{
                name: pgettext(ctx, getattr(self, name)) if getattr(self, name) else ""
                for name, ctx in PILE_CONTEXTS.items()
            }
        )


__all__ = ["PILE_CONTEXTS", "Words"]
