"""What the table says, in words with card symbols, never in engine notation.

The engine knows the names of places (``place_words``) and what an action moved
(its ``CardsMoved`` events); the move log's sentences ("A played 7♣ from A's Stock
to the Table") are the history's (:mod:`russian_bank.history.narration`, shared
with the Replay); this module adds the table's own: "Undid 7♣ from the Table to a
Bank", tooltips, the rule set's label. Nothing here judges a rule.
"""

from __future__ import annotations

from typing import Any

from ... import i18n
from ...engine import Abandon, Action, IllegalAction, Position, apply, table_view
from ...engine.queries import uncited
from ...engine.rules import RuleSet
from ...games import game_type
from ...history.narration import events_words, outcome_words
from ...i18n import _


def plural(n: int, word: str) -> str:
    """``1 card``, ``2 cards``, ``1 face-up card`` (English only: words for people use
    ``ngettext``)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def action_words(before: Position, action: Action) -> str:
    """What ``action`` did from the position ``before`` it (the engine replays it
    on a copy and reports the cards moved)."""
    probe = before.clone()
    try:
        events = apply(probe, action)
    except IllegalAction:
        return table_view.action_name(action, before.rules.words)
    piles = table_view.TwoPackView(before.rules).piles(before)
    return events_words(events, before.player, before.rules.words, action, piles)


def undone(text: str) -> str:
    """'Undid 7♣ from the Table to a Bank' for what an action did."""
    if i18n.language() != "en":  # the English verbs below are English grammar
        return _("Undid: {what}").format(what=text)
    verb, _sep, rest = text.partition(" ")
    if verb in ("played", "turned", "discarded", "ended"):
        return f"Undid {rest}" if verb == "played" else f"Undid: {text}"
    return f"Undid {text}"


def abandon_words(pos: Any, seat: int) -> str:
    """How the game would be scored if ``seat`` abandoned it now (the game's engine
    scores it: either game)."""
    probe = pos.clone()
    game_type(pos.rules.spec).apply(probe, Abandon(seat))
    assert probe.outcome is not None
    return outcome_words(probe.outcome)


def rules_label(spec: str) -> str:
    """A rule set and its options, as the menu names it."""
    kind = game_type(spec)
    return kind.title + "".join(f" + {flag}" for flag in kind.rules.options)


def button_tip(name: str, rules: RuleSet) -> str | None:
    """What a table button does, in the rule set's words (its hover tooltip)."""
    w = rules.words.local()
    if name == "stop":
        text = _("Call Stop when your adversary has failed to play a card to the {banks} {cite}.")
        return uncited(text, banks=w.banks)
    if name == "compel":
        text = _("Make your adversary play the card the rules now require of him {cite}.")
        return uncited(text)
    if name == "end":
        text = _(
            "End your innings: with your {hand} and {discard} empty there is no card to discard."
        )
        return text.format(hand=w.hand, discard=w.discard)
    if name == "menu":
        return _("New game, Undo, draw, settings, rules (Esc).")
    return None
