"""What the world outside the engine may ask about the rules (RULES.md §3-5).

The table, the bots and the evaluation ask these instead of re-deriving a rule,
so every rule set answers for itself: what fits where, what is bankable, what
closes a run of plays, what a card left over scores, and what the rule set calls
its piles.
"""

from __future__ import annotations

from typing import NamedTuple

from ..game.cards import KEY_OF, Card, cards_label
from ..game.places import BANK, DISCARD, HAND, HELD, STOCK, TABLE, Place
from ..i18n import _, ngettext
from .actions import DISCARD_HELD, END_INNINGS, TURN_HAND, TURN_OVER, TURN_STOCK, Action
from .legality import _turn_hand_reason, action_error
from .moves import (
    _sources,
    bank_accepts,
    bankable,
    fits_bank,
    fits_build,
    fits_table,
    source_cards,
    table_accepts,
)
from .order import PlayKey, discard_out_of_order, orderly
from .pile_rules import uncited
from .plays import legal_plays
from .position import ARRANGING, PENDING, Outcome, Position
from .referee import false_stop, stop_options
from .refusals import play_reason
from .rules import RuleSet
from .stoppable import error_reason

__all__ = [
    "PlayKey",
    "action_error",
    "error_reason",
    "bankable",
    "bank_accepts",
    "cards_label",
    "builds_on",
    "card_points",
    "discard_out_of_order",
    "fits_bank",
    "fits_build",
    "fits_table",
    "is_bankable",
    "lawful",
    "legal_plays",
    "orderly_plays",
    "out_of_order",
    "pile_name",
    "play_reason",
    "rules_in_brief",
    "score_lines",
    "source_cards",
    "false_stop",
    "stop_options",
    "table_accepts",
    "turn_action",
    "uncited",
    "waiting",
    "Waiting",
]


class Waiting(NamedTuple):
    """What waits for the adversary's Stop or Stand (phase ``pending``), in words."""

    what: str  # "Last card played"; "9♣ laid on the waste heap"
    stakes: str  # what Stand lets happen: "the game is won"; "the turn ends"
    cite: str


def waiting(pos: Position) -> Waiting | None:
    """Why the game waits for the adversary now: a last card off the Banks
    (§68), or in Crapette a card laid on the Player's own waste heap out of the
    order of play (002); None when it does not wait."""
    if pos.phase != PENDING:
        return None
    me = pos.player
    if pos.cards_left(me) == 0 or not pos.discard[me]:
        return Waiting(_("Last card played"), _("the game is won"), "(§68)")
    label = pos.discard[me][-1].label
    r = pos.rules
    what = _("{card} laid on the {discard}").format(card=label, discard=r.words.local().discard)
    return Waiting(what, _("the turn ends"), r.cite("stop"))


def builds_on(pos: Position, kind: str) -> bool:
    """May the adversary's pile of ``kind`` (Stock or Discard) be built on at all
    in this rule set, without error? (Which card fits is :func:`fits_build`.)"""
    return _sources(pos, errors=False)[1][kind]


def is_bankable(pos: Position, card: Card) -> bool:
    """Would some Bank take ``card`` now?"""
    return KEY_OF[card] in bank_accepts(pos)


def orderly_plays(pos: Position, plays: list[PlayKey] | None = None) -> list[PlayKey]:
    """The legal plays (``plays``: all of ``legal_plays(pos)``, or made here)
    that keep the rule set's order of play (Crapette, 002 orders 1, 2 and 5: no
    fault for them); every legal play in the other rule sets."""
    return orderly(pos, legal_plays(pos) if plays is None else plays)


def out_of_order(pos: Position, plays: list[PlayKey] | None = None) -> list[PlayKey]:
    """The legal plays that would be a fault against the order of play (002)."""
    plays = legal_plays(pos) if plays is None else plays
    keep = orderly(pos, plays)
    if keep is plays:
        return []
    kept = set(keep)
    return [p for p in plays if p not in kept]


def turn_action(pos: Position) -> Action | None:
    """The definite action that closes a run of plays now: turn a Stock or Hand
    card, discard the held card, turn over the Discard, or end the innings
    (never one the rule set allows only as an error, 000 §91.6, nor a
    discard out of Crapette's order of play, 002).

    None when the rules allow none of them yet (a space must be filled first)."""
    me = pos.player
    stock = pos.stock[me]
    if pos.phase == ARRANGING:
        return TURN_STOCK
    if pos.held is not None:
        # Crapette: not while a card could go on a foundation or a file (002 orders 4, 5)
        return None if discard_out_of_order(pos) else DISCARD_HELD
    if stock and not pos.stock_up[me]:
        return TURN_STOCK
    if pos.hand[me]:
        return TURN_HAND if _turn_hand_reason(pos, errors=False) is None else None
    if pos.discard[me]:
        return TURN_OVER
    if stock:
        return END_INNINGS
    return None


def card_points(rules: RuleSet, kind: str) -> int:
    """What one card left on a loser's pile of ``kind`` scores (§31; 001)."""
    return rules.stock_card_points if kind == STOCK else rules.hand_card_points


def pile_name(rules: RuleSet, place: Place | str) -> str:
    """The rule set's own word for a pile (``Stock``; ``Hassock``; ``depot``), in the
    language in force."""
    kind = place.kind if isinstance(place, Place) else place
    w = rules.words.local()
    return {
        STOCK: w.stock,
        HAND: w.hand,
        DISCARD: w.discard,
        TABLE: w.table,
        BANK: w.bank,
        HELD: w.held,
    }[kind]


def score_lines(rules: RuleSet, outcome: Outcome, loser: str) -> list[str]:
    """The score breakdown in the rule set's words (for the results screen)."""
    w = rules.words.local()
    lines = []
    if outcome.game_points:
        lines.append(_("Game: {points}").format(points=outcome.game_points))
    s, h = outcome.stock_cards, outcome.hand_cards
    sp, hp = rules.stock_card_points, rules.hand_card_points
    # TRANSLATORS: "{seat}" is the loser's seat letter; the count is of the cards left there
    text = ngettext(
        "{seat}'s {stock}: {n} card \u00d7 {points} = {total}",
        "{seat}'s {stock}: {n} cards \u00d7 {points} = {total}",
        s,
    )
    lines.append(text.format(seat=loser, stock=w.stock, n=s, points=sp, total=s * sp))
    text = ngettext(
        "{seat}'s {hand} and {discard}: {n} card \u00d7 {points} = {total}",
        "{seat}'s {hand} and {discard}: {n} cards \u00d7 {points} = {total}",
        h,
    )
    lines.append(
        text.format(seat=loser, hand=w.hand, discard=w.discard, n=h, points=hp, total=h * hp)
    )
    if outcome.abandon_points:
        text = _("{seat} abandoned {cite}: +{points}")
        lines.append(uncited(text, seat=loser, points=outcome.abandon_points))
    return lines


def lawful(pos: Position, actions: list[Action]) -> list[Action]:
    """Those of ``actions`` that are no error the adversary may Stop (000 §91.6);
    all of them in a rule set that allows no errors."""
    if not pos.rules.errors:
        return actions
    return [a for a in actions if action_error(pos, a) is None]


def rules_in_brief(rules: RuleSet) -> list[str]:
    """The rules of ``rules`` in brief for the Help, one paragraph each: the set's
    own help text, else its reminder; in the language in force."""
    return [_(text) for text in (rules.help_text or rules.reminder)]
