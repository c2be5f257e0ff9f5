"""The Committee rules (000, 1920): the default game."""

from __future__ import annotations

from ...i18n import N_
from .base import Option, RuleSet

RULES = RuleSet(
    name="committee",
    title_en=N_("Russian Bank (Committee rules, 1920)"),
    description_en=N_("The 1920 rules: the default game."),
    reminder=(
        N_("Empty your Stock, Hand and Discard before your adversary (§1)."),
        N_("Banks: Ace first, then up in suit to the King. Table: down, colours alternating."),
        N_("Build on the adversary's Stock or Discard: same suit, one up or down."),
        N_("Turn your Stock before your Hand; fill Table spaces before turning the Hand."),
        N_("Discarding the card from your Hand ends your innings (§15)."),
        N_(
            "Duty: if a card you may use fits a Bank, bank one first. Otherwise the adversary "
            "may call STOP and take the innings (§21-28)."
        ),
    ),
    help_text=(
        N_("The aim: be the first to get rid of all your cards, Stock, Hand and Discard (§1)."),
        N_(
            "Your Stock lies at your right, your Hand and Discard at your left. The Table is the "
            "two lines of four cards across the board; the Banks lie between them (§3, §40-45)."
        ),
        N_(
            "The Banks start with Aces and climb in suit up to the King; cards of both packs "
            "share them (§5, §43)."
        ),
        N_(
            "On the Table a card goes on one a rank higher and of the other colour. A space "
            "takes any card from the Table or your Stock, but not from your Discard (§6, §16, "
            "§17)."
        ),
        N_(
            "Turn the top of your Stock before your Hand, and fill every space before you turn "
            "your Hand while your Stock has cards (§9, §17)."
        ),
        N_(
            "A card turned from your Hand is held until you play it; putting it on your Discard "
            "ends your innings (§12, §15). When your Hand is used up, turn your Discard over: it "
            "becomes your Hand (§19)."
        ),
        N_(
            "You may load your adversary's face-up Stock card or Discard with cards of the same "
            "suit, one higher or one lower (§29, §50)."
        ),
        N_(
            "The duty to bank: whenever a card you may play fits a Bank, your next move must put "
            "a card on the Banks. If you do anything else, your adversary may call Stop and take "
            "over (§21, §24, §67). Banking the card first repairs the fault (§69)."
        ),
        N_(
            "To call Stop press S (for A) or K (for B), or the Stop button. A Stop when there "
            "was no fault is refused (§66). After your adversary has turned his Discard over, "
            "you may compel him to bank instead of stopping him (§38, §70)."
        ),
        N_(
            "Moving several Table cards at once needs free spaces: two cards with one space, "
            "four with two (§58)."
        ),
        N_(
            "The winner scores 30, plus 2 for each card left in the loser's Stock and 1 for each "
            "in his Hand and Discard (§31). Abandoning costs 20 more (§34)."
        ),
    ),
)

OPTIONS: dict[str, Option] = {}
