"""Two-pack actions in words with card symbols: the review's plans (``plan_words``)
and how a game ended (``outcome_words``); the move log is told by
``history/narration.py`` from the engine's events. Players never see engine notation
here; the piles are named by the rule set being played (``engine.places.place_words``).
"""

from __future__ import annotations

from ..game.cards import Card
from ..game.cards import cards_label as cards_words
from ..game.events import CardsMoved, Event
from ..game.outcome import Outcome
from ..game.places import HIS, SEATS, TABLE, TO, Place, place_words
from ..game.words import Words
from ..i18n import _, ngettext
from .actions import (
    Action,
    DiscardHeld,
    EndInnings,
    Play,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
)
from .laws import apply
from .position import Position

MAX_PARTS = 6  # a longer plan is shortened in the middle


def target_words(place: Place, actor: int, under: Card | None, words: Words) -> str:
    """Where a play goes, with its preposition: 'to a Bank', "to B's Discard", 'to the
    Table on 8♠', or 'to an empty space in the Table' (``under`` is the card a Table
    target covers), in the language in force."""
    if place.kind != TABLE:
        return place_words(place, actor, words, HIS, TO)
    table = words.local().table
    if under is None:
        return _("to an empty space in the {table}").format(table=table)
    return _("to the {table} on {card}").format(table=table, card=under.label)


def _moved(events: list[Event]) -> tuple[Card, ...]:
    for e in events:
        if isinstance(e, CardsMoved):
            return e.cards
    return ()


def under_card(pos: Position, action: Action) -> Card | None:
    """The card a Play onto the Table will cover (read before the action)."""
    if isinstance(action, Play) and action.dst.kind == TABLE:
        col = pos.table[action.dst.index]
        return col[-1] if col else None
    return None


def outcome_words(out: Outcome) -> str:
    """How a game ended, in the language in force (a record keeps ``str(out)``)."""
    if out.winner is None:
        return _("drawn")
    seat, other = SEATS[out.winner], SEATS[1 - out.winner]
    if out.reason == "abandoned":
        text = ngettext(
            "{seat} wins {points} point ({other} abandoned)",
            "{seat} wins {points} points ({other} abandoned)",
            out.points,
        )
    else:
        text = ngettext("{seat} wins {points} point", "{seat} wins {points} points", out.points)
    return text.format(seat=seat, other=other, points=out.points)


def plan_words(pos: Position, plan: list[Action]) -> str:
    """A plan of the Expert in words: its plays, then how it ends, e.g.
    '7♥ to a Bank, 4♣ to the Table on 5♦, then turn the Stock'."""
    p = pos.clone()
    w = pos.rules.words.local()
    parts: list[str] = []
    for a in plan:
        if isinstance(a, Play):
            dst = target_words(a.dst, p.player, under_card(p, a), pos.rules.words)
            events = apply(p, a, check=False)
            text = _("{cards} {to_place}")
            parts.append(text.format(cards=cards_words(_moved(events)), to_place=dst))
        elif isinstance(a, TurnStock):
            parts.append(_("then turn the {stock}").format(stock=w.stock))
        elif isinstance(a, TurnHand):
            parts.append(_("then turn the {hand}").format(hand=w.hand))
        elif isinstance(a, TurnOverDiscard):
            parts.append(_("then turn the {discard} over").format(discard=w.discard))
        elif isinstance(a, DiscardHeld):
            parts.append(_("then discard"))
        elif isinstance(a, EndInnings):
            parts.append(_("then end the innings"))
    if len(parts) > MAX_PARTS:
        more = len(parts) - MAX_PARTS + 1
        text = ngettext("{n} more play", "{n} more plays", more).format(n=more)
        parts = [*parts[: MAX_PARTS - 2], text, parts[-1]]
    return _(", ").join(parts) or _("nothing")


__all__ = [
    "cards_words",
    "outcome_words",
    "plan_words",
    "target_words",
    "under_card",
]
