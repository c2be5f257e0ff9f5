"""Two-pack actions in words with card symbols: the review's plans (``plan_words``),
how a game ended (``outcome_words``) and one action in a line (``describe``, which
reads the position *before* the action and the engine's events *after* it; the move
log itself is told by ``history/narration.py`` from the events). Players never see
engine notation here; the piles are named and the rules cited by the rule set being
played (``engine.places.place_words``, ``RuleSet.cite``).
"""

from __future__ import annotations

from ..i18n import _, ngettext
from .actions import (
    Abandon,
    Action,
    AgreeDraw,
    Compel,
    DiscardHeld,
    EndInnings,
    Play,
    Raise,
    Stand,
    Stop,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
)
from .cards import Card
from .events import CardsMoved, Compelled, Event, GameOver, StopCalled
from .laws import apply
from .outcome import Outcome
from .piles import cards_label as cards_words
from .places import FROM, HIS, SEATS, TABLE, TO, Place, place_words
from .position import Position
from .rules import RuleSet, Words

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


def describe(
    me: int, under: Card | None, action: Action, events: list[Event], rules: RuleSet
) -> str:
    """One line for the move log, e.g. 'A: 7♥ from his Stock to a Bank'; ``me`` is
    the Player before the action, ``under`` from :func:`under_card`, ``rules`` the
    rule set the game is played under (its pile names and citations)."""
    who = SEATS[me]
    text = _describe(under, action, events, me, rules)
    if text is None:  # a raise or a put-back, only ever the last action of a record
        if isinstance(action, Raise):
            text = _("{seat} takes hold of a card").format(seat=who)
        else:
            text = _("{seat} puts it back").format(seat=who)
    for e in events:
        if isinstance(e, GameOver):
            text = _("{line}. Game over: {outcome}").format(
                line=text, outcome=outcome_words(e.outcome)
            )
    return text


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


def _describe(
    under: Card | None, action: Action, events: list[Event], me: int, rules: RuleSet
) -> str | None:
    who = SEATS[me]
    w = rules.words.local()
    cards = cards_words(_moved(events))
    if isinstance(action, Play):
        src = place_words(action.src, me, rules.words, HIS, FROM)
        dst = target_words(action.dst, me, under, rules.words)
        return _("{seat}: {cards} {from_place} {to_place}").format(
            seat=who, cards=cards, from_place=src, to_place=dst
        )
    if isinstance(action, TurnStock):
        return _("{seat} turns his {stock}: {cards}").format(seat=who, stock=w.stock, cards=cards)
    if isinstance(action, TurnHand):
        return _("{seat} turns {cards} from his {hand}").format(seat=who, cards=cards, hand=w.hand)
    if isinstance(action, DiscardHeld):
        return _("{seat} discards {cards}; his innings ends").format(seat=who, cards=cards)
    if isinstance(action, TurnOverDiscard):
        text = _("{seat} turns his {discard} over to make his {hand}")
        return text.format(seat=who, discard=w.discard, hand=w.hand)
    if isinstance(action, EndInnings):
        text = _("{seat} ends his innings {cite}")
        return text.format(seat=who, cite=rules.cite("end innings"))
    if isinstance(action, Stop):
        for e in events:
            if isinstance(e, StopCalled):
                text = _("Stop! {seat} stops {other}: {note}")
                return text.format(seat=SEATS[e.seat], other=SEATS[1 - e.seat], note=e.note)
        return _("Stop! called by {seat}").format(seat=SEATS[action.seat])
    if isinstance(action, Compel):
        for e in events:
            if isinstance(e, Compelled):
                if e.where == "bank":
                    text = _("{seat} compels {other}: {card} to the Banks")
                else:
                    text = _("{seat} compels {other}: {card} to the Table")
                return text.format(seat=SEATS[e.seat], other=SEATS[1 - e.seat], card=e.card.label)
        text = _("{seat} compels {other}")
        return text.format(seat=SEATS[action.seat], other=SEATS[1 - action.seat])
    if isinstance(action, Stand):
        text = _("{seat} lets the win stand {cite}")
        return text.format(seat=SEATS[action.seat], cite=rules.cite("stand"))
    if isinstance(action, Abandon):
        text = _("{seat} abandons the game {cite}")
        return text.format(seat=SEATS[action.seat], cite=rules.cite("abandon"))
    if isinstance(action, AgreeDraw):
        return _("The players agree to a draw {cite}").format(cite=rules.cite("draw"))
    return None


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
    "describe",
    "outcome_words",
    "plan_words",
    "target_words",
    "under_card",
]
