"""Errors the adversary may Stop (British Bank, 000 §91.6).

A rule set may list rules (``RuleSet.errors``, by their keys in ``cites``) whose
breach the engine allows instead of refusing: the Player may commit the error,
and the adversary may Stop him for it until the Player's next definite action
(docs/rulesets/british.md). Which rule an action breaks is asked of the same
predicates that refuse it elsewhere (``legality.action_error``); this module
says it in words and opens the error on the position. What the Stop then does
is ``stopping``'s (the wrong play is taken back, as in Crapette).
"""

from __future__ import annotations

from ..game.events import ErrorOpened, Event
from ..game.places import SEATS
from ..i18n import N_, _
from .actions import Action, Play
from .legality import action_error
from .moves import rule_words
from .position import Position

# What the Player did, for each error (third person, for the notes both read).
_DEEDS = {
    "turn stock first": N_("turned his {hand} before the top card of his {stock}"),
    "turn hand space": N_("turned his {hand} with a space in the {table} his {stock} could fill"),
    "space from discard": N_("filled a space from his {discard}"),
    "space side": N_("filled a space on the adversary's side"),
    "build on stock": N_("built on the adversary's {stock}"),
    "build from table": N_("built on the adversary from the {table}"),
}


def error_note(pos: Position, rule: str) -> str:
    """The open error in words, naming the Player: e.g. "A filled a space from
    his Discard (000 §16, §20): an error (000 §91.6)"."""
    r = pos.rules
    w = r.words.local()
    deed = _(_DEEDS[rule]) if rule in _DEEDS else _("broke a rule")
    deed = deed.format(hand=w.hand, stock=w.stock, table=w.table, discard=w.discard)
    text = _("{seat} {deed} {cite}: an error {error}")
    return text.format(seat=SEATS[pos.player], deed=deed, cite=r.cite(rule), error=r.cite("error"))


def error_reason(pos: Position, action: Action) -> str | None:
    """For the table: the one line telling the Player that ``action`` (allowed
    now) is an error his adversary may Stop; None for a lawful action."""
    rule = action_error(pos, action)
    if rule is None:
        return None
    stop = pos.rules.cite("error")
    text = _("{reason}: allowed, but an error your adversary may Stop {cite}")
    return text.format(reason=rule_words(pos, rule), cite=stop)


def open_error(pos: Position, action: Action, rule: str) -> list[Event]:
    """After ``action`` broke ``rule``: the adversary may now Stop it; a play is
    remembered so that the Stop can take it back."""
    pos.error = error_note(pos, rule)
    pos.wrong_play = (action.src, action.dst, action.count) if isinstance(action, Play) else None
    return [ErrorOpened(rule, pos.error)]


def close_error(pos: Position) -> None:
    """The Player went on (or the innings ended): the error stands."""
    pos.error = ""
    pos.wrong_play = None
