"""Actions in words with card symbols, for the move log of a replay.

``describe(pos, action, events)`` reads the position *before* the action and the
engine's events *after* it. Players never see engine notation here.
"""

from __future__ import annotations

from ..engine import (
    Abandon,
    Action,
    AgreeDraw,
    Compel,
    DiscardHeld,
    EndInnings,
    Play,
    Position,
    Raise,
    Stand,
    Stop,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
    apply,
)
from ..engine.cards import Card
from ..engine.events import CardsMoved, Compelled, Event, GameOver, StopCalled
from ..engine.piles import cards_label as cards_words
from ..engine.places import BANK, DISCARD, HAND, HELD, SEATS, STOCK, TABLE, Place

MAX_PARTS = 6  # a longer plan is shortened in the middle
_KINDS = {STOCK: "Stock", HAND: "Hand", DISCARD: "Discard"}


def place_words(place: Place, actor: int, under: Card | None = None, target: bool = False) -> str:
    """'his Stock', "B's Discard", 'a Bank', 'the Table on 8♠', 'an empty Table space'
    (``under`` is the card a Table target covers, None for an empty space)."""
    if place.kind in _KINDS:
        whose = "his" if place.index == actor else f"{SEATS[place.index]}'s"
        return f"{whose} {_KINDS[place.kind]}"
    if place.kind == HELD:
        return "his Hand"
    if place.kind == BANK:
        return "a Bank"
    if target:
        return f"the Table on {under.label}" if under is not None else "an empty Table space"
    return "the Table"


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


def describe(me: int, under: Card | None, action: Action, events: list[Event]) -> str:
    """One line for the move log, e.g. 'A: 7♥ from his Stock to a Bank'; ``me`` is
    the Player before the action, ``under`` from :func:`under_card`."""
    who = SEATS[me]
    text = _describe(under, action, events, me)
    if text is None:  # a raise or a put-back, only ever the last action of a record
        text = f"{who} takes hold of a card" if isinstance(action, Raise) else f"{who} puts it back"
    for e in events:
        if isinstance(e, GameOver):
            text += f". Game over: {e.outcome}"
    return text


def _describe(under: Card | None, action: Action, events: list[Event], me: int) -> str | None:
    who = SEATS[me]
    cards = cards_words(_moved(events))
    if isinstance(action, Play):
        src = place_words(action.src, me)
        dst = place_words(action.dst, me, under, True)
        return f"{who}: {cards} from {src} to {dst}"
    if isinstance(action, TurnStock):
        return f"{who} turns his Stock: {cards}"
    if isinstance(action, TurnHand):
        return f"{who} turns {cards} from his Hand"
    if isinstance(action, DiscardHeld):
        return f"{who} discards {cards}; his innings ends"
    if isinstance(action, TurnOverDiscard):
        return f"{who} turns his Discard over to make his Hand"
    if isinstance(action, EndInnings):
        return f"{who} ends his innings (§53)"
    if isinstance(action, Stop):
        for e in events:
            if isinstance(e, StopCalled):
                return f"Stop! {SEATS[e.seat]} stops {SEATS[1 - e.seat]}: {e.note}"
        return f"Stop! called by {SEATS[action.seat]}"
    if isinstance(action, Compel):
        for e in events:
            if isinstance(e, Compelled):
                return (
                    f"{SEATS[e.seat]} compels {SEATS[1 - e.seat]}: {e.card.label} to the {e.where}"
                )
        return f"{SEATS[action.seat]} compels the Player"
    if isinstance(action, Stand):
        return f"{SEATS[action.seat]} lets the win stand (§68)"
    if isinstance(action, Abandon):
        return f"{SEATS[action.seat]} abandons the game (§34)"
    if isinstance(action, AgreeDraw):
        return "The players agree to a draw (§37)"
    return None


def plan_words(pos: Position, plan: list[Action]) -> str:
    """A plan of the Expert in words: its plays, then how it ends, e.g.
    '7♥ to a Bank, 4♣ to the Table on 5♦, then turn the Stock'."""
    p = pos.clone()
    parts: list[str] = []
    for a in plan:
        if isinstance(a, Play):
            dst = place_words(a.dst, p.player, under_card(p, a), True)
            events = apply(p, a, check=False)
            parts.append(f"{cards_words(_moved(events))} to {dst}")
        elif isinstance(a, TurnStock):
            parts.append("then turn the Stock")
        elif isinstance(a, TurnHand):
            parts.append("then turn the Hand")
        elif isinstance(a, TurnOverDiscard):
            parts.append("then turn the Discard over")
        elif isinstance(a, DiscardHeld):
            parts.append("then discard")
        elif isinstance(a, EndInnings):
            parts.append("then end the innings")
    if len(parts) > MAX_PARTS:
        more = len(parts) - MAX_PARTS + 1
        parts = [*parts[: MAX_PARTS - 2], f"{more} more plays", parts[-1]]
    return ", ".join(parts) or "nothing"


__all__ = ["cards_words", "describe", "place_words", "plan_words", "under_card"]
