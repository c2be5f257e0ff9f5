"""One-pack actions in words with card symbols, for the move log and the replay (the
game interface's ``narrate``; the two-pack game's are in ``engine/move_words.py``).

The piles are named in 003's words (``RULES.words``: Hand, Discard, Table) and the
players by their seats at the table (``SEATS``); players never see the action
notation (``move held place3``).
"""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.events import CardsMoved, Event, GameOver
from ..engine.outcome import Outcome
from ..engine.places import SEATS
from ..engine.queries import cards_label
from .actions import DISCARDS, HELD, Action, Lift, Move, Turn, place_index
from .observation import Observation, try_move
from .position import Position
from .rules import apply
from .ruleset import RULES

WORDS = RULES.words
MAX_PARTS = 6  # a longer plan is shortened in the middle


def pile_words(pile: str, seat: int, under: Card | None = None) -> str:
    """A pile from ``seat``'s point of view: 'his Hand', "B's Discard", 'the Table
    on 8♠' (``under`` is the card a Table place's top shows) or 'an empty place in
    the Table'; a Table place the cards leave is 'the Table'."""
    if pile == HELD or pile.startswith("hand"):
        owner = seat if pile == HELD else int(pile[4:])
        return f"his {WORDS.hand}" if owner == seat else f"{SEATS[owner]}'s {WORDS.hand}"
    if pile in DISCARDS:
        owner = DISCARDS.index(pile)
        return f"his {WORDS.discard}" if owner == seat else f"{SEATS[owner]}'s {WORDS.discard}"
    if under is None:
        return f"an empty place in the {WORDS.table}"
    return f"the {WORDS.table} on {under.label}"


def _source_words(pile: str, seat: int) -> str:
    """Where cards come from: a Table place is 'the Table' (its card is the one named)."""
    return f"the {WORDS.table}" if place_index(pile) is not None else pile_words(pile, seat)


def outcome_words(o: Outcome) -> str:
    """How the game ended, e.g. 'A wins 37: he got rid of all his cards'."""
    if o.winner is None:
        return "blocked with equal cards: a draw"
    how = "he got rid of all his cards" if o.reason == "won" else "fewer cards left (blocked)"
    return f"{SEATS[o.winner]} wins {o.points}: {how}"


def describe(me: int, under: Card | None, action: Action, events: list[Event]) -> str:
    """One line for the move log; ``me`` is the Player before the action and ``under``
    the top card of the Table place it goes to (read before the action)."""
    who = SEATS[me]
    parts: list[str] = []
    laid: list[Card] = []
    for ev in events:
        if not isinstance(ev, CardsMoved):
            continue
        cards = cards_label(ev.cards)
        if ev.why == "turn over":
            parts.append(f"{who} turns his {WORDS.discard} over to make his {WORDS.hand}")
        elif ev.why == "turn":
            parts.append(f"{who} turns {cards} from his {WORDS.hand}")
        elif ev.why == "discard":
            parts.append(f"{who} puts {cards} on his {WORDS.discard}; his turn ends")
        elif ev.why == "lay out":
            laid += ev.cards
        else:  # play, lift
            src = _source_words(str(ev.src), me)
            dst = pile_words(str(ev.dst), me, under)
            verb = "lifts" if ev.why == "lift" else "plays"
            parts.append(f"{who} {verb} {cards} from {src} to {dst}")
    if laid:
        parts.append(f"{SEATS[1 - me]} lays out {cards_label(laid)}")
    if not parts and isinstance(action, Turn):
        parts.append(f"{who} would turn his {WORDS.discard} over with nothing changed: blocked")
    text = "; ".join(parts)
    for ev in events:
        if isinstance(ev, GameOver):
            text += f". Game over: {outcome_words(ev.outcome)}"
    return text


def under_card(pos: Position, action: Action) -> Card | None:
    """The card a move or lift onto a Table place will cover (read before it)."""
    if isinstance(action, Move | Lift):
        i = place_index(action.dst)
        if i is not None and pos.places[i]:
            return pos.places[i][-1]
    return None


def plan_words(obs: Observation, plan: list[Action]) -> str:
    """A plan of the Expert in words, e.g. '7♥ to the Table on 8♠, 8♣ to B's
    Discard' (``obs`` is the position the plan starts from, as the Player saw it)."""
    p = obs.clone()
    parts = []
    for a in plan:
        if isinstance(a, Move | Lift):
            i = place_index(a.dst)
            under = p.places[i][-1] if i is not None and p.places[i] else None
            moved = try_move(p, a)
            parts.append(f"{cards_label(moved.cards)} to {pile_words(a.dst, obs.player, under)}")
    if len(parts) > MAX_PARTS:
        more = len(parts) - MAX_PARTS + 1
        parts = [*parts[: MAX_PARTS - 2], f"{more} more plays", parts[-1]]
    return ", ".join(parts) or "nothing more: turn the next card"


def narrate(pos: Position, action: Action) -> tuple[list[Event], str]:
    """Carry out ``action`` (legal: it is not checked) on ``pos``; its events and its
    line for the move log."""
    me, under = pos.player, under_card(pos, action)
    events = apply(pos, action, check=False)
    return events, describe(me, under, action, events)


__all__ = ["describe", "narrate", "outcome_words", "pile_words", "plan_words", "under_card"]
