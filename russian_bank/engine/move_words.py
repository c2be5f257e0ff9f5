"""Two-pack actions in words with card symbols, for the move log of a replay and the
review's plans (the game interface's ``narrate``; the one-pack game's are in
``onepack/words.py``).

``narrate(pos, action)`` carries out a legal action and says it in one line;
``describe(me, under, action, events, rules)`` reads the position *before* the
action and the engine's events *after* it. Players never see engine notation here;
the piles are named and the rules cited by the rule set being played
(``engine.places.place_words``, ``RuleSet.cite``).
"""

from __future__ import annotations

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
from .piles import cards_label as cards_words
from .places import HIS, SEATS, TABLE, Place, place_words
from .position import Position
from .rules import RuleSet, Words

MAX_PARTS = 6  # a longer plan is shortened in the middle


def target_words(place: Place, actor: int, under: Card | None, words: Words) -> str:
    """Where a play goes: 'a Bank', "B's Discard", 'the Table on 8♠', or 'an empty
    space in the Table' (``under`` is the card a Table target covers)."""
    if place.kind != TABLE:
        return place_words(place, actor, words, HIS)
    if under is None:
        return f"an empty space in the {words.table}"
    return f"the {words.table} on {under.label}"


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
        text = f"{who} takes hold of a card" if isinstance(action, Raise) else f"{who} puts it back"
    for e in events:
        if isinstance(e, GameOver):
            text += f". Game over: {e.outcome}"
    return text


def _describe(
    under: Card | None, action: Action, events: list[Event], me: int, rules: RuleSet
) -> str | None:
    who = SEATS[me]
    w = rules.words
    cards = cards_words(_moved(events))
    if isinstance(action, Play):
        src = place_words(action.src, me, w, HIS)
        dst = target_words(action.dst, me, under, w)
        return f"{who}: {cards} from {src} to {dst}"
    if isinstance(action, TurnStock):
        return f"{who} turns his {w.stock}: {cards}"
    if isinstance(action, TurnHand):
        return f"{who} turns {cards} from his {w.hand}"
    if isinstance(action, DiscardHeld):
        return f"{who} discards {cards}; his innings ends"
    if isinstance(action, TurnOverDiscard):
        return f"{who} turns his {w.discard} over to make his {w.hand}"
    if isinstance(action, EndInnings):
        return f"{who} ends his innings {rules.cite('end innings')}"
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
        return f"{SEATS[action.seat]} compels {SEATS[1 - action.seat]}"
    if isinstance(action, Stand):
        return f"{SEATS[action.seat]} lets the win stand {rules.cite('stand')}"
    if isinstance(action, Abandon):
        return f"{SEATS[action.seat]} abandons the game {rules.cite('abandon')}"
    if isinstance(action, AgreeDraw):
        return f"The players agree to a draw {rules.cite('draw')}"
    return None


def narrate(pos: Position, action: Action) -> tuple[list[Event], str]:
    """Carry out ``action`` (legal: it is not checked) on ``pos``; its events and its
    line for the move log, e.g. 'A: 7♥ from his Stock to a Bank'."""
    me, under = pos.player, under_card(pos, action)
    events = apply(pos, action, check=False)
    return events, describe(me, under, action, events, pos.rules)


def plan_words(pos: Position, plan: list[Action]) -> str:
    """A plan of the Expert in words: its plays, then how it ends, e.g.
    '7♥ to a Bank, 4♣ to the Table on 5♦, then turn the Stock'."""
    p = pos.clone()
    w = pos.rules.words
    parts: list[str] = []
    for a in plan:
        if isinstance(a, Play):
            dst = target_words(a.dst, p.player, under_card(p, a), w)
            events = apply(p, a, check=False)
            parts.append(f"{cards_words(_moved(events))} to {dst}")
        elif isinstance(a, TurnStock):
            parts.append(f"then turn the {w.stock}")
        elif isinstance(a, TurnHand):
            parts.append(f"then turn the {w.hand}")
        elif isinstance(a, TurnOverDiscard):
            parts.append(f"then turn the {w.discard} over")
        elif isinstance(a, DiscardHeld):
            parts.append("then discard")
        elif isinstance(a, EndInnings):
            parts.append("then end the innings")
    if len(parts) > MAX_PARTS:
        more = len(parts) - MAX_PARTS + 1
        parts = [*parts[: MAX_PARTS - 2], f"{more} more plays", parts[-1]]
    return ", ".join(parts) or "nothing"


__all__ = ["cards_words", "describe", "narrate", "plan_words", "target_words", "under_card"]
