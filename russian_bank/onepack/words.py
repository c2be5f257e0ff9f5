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
from ..engine.places import DISCARD, FROM, HAND, HIS, SEATS, TABLE, TO, Place, place_words
from ..engine.queries import cards_label
from ..i18n import _, ngettext
from .actions import DISCARDS, HELD, Action, Lift, Move, Turn, place_index
from .observation import try_move
from .position import Position
from .rules import apply
from .ruleset import RULES

WORDS = RULES.words
MAX_PARTS = 6  # a longer plan is shortened in the middle


def pile_words(pile: str, seat: int, under: Card | None = None) -> str:
    """Where cards go, from ``seat``'s point of view, in the language in force: 'to
    his Hand', "to B's Discard", 'to the Table on 8♠' (``under`` is the card a Table
    place's top shows) or 'to an empty place in the Table'."""
    if place_index(pile) is None:
        return place_words(_place(pile, seat), seat, WORDS, HIS, TO)
    table = WORDS.local().table
    if under is None:
        return _("to an empty place in the {table}").format(table=table)
    return _("to the {table} on {card}").format(table=table, card=under.label)


def _place(pile: str, seat: int) -> Place:
    """A Hand or Discard pile (the card held is its owner's Hand) as an engine place."""
    if pile == HELD or pile.startswith("hand"):
        return Place(HAND, seat if pile == HELD else int(pile[4:]))
    return Place(DISCARD, DISCARDS.index(pile))


def _source_words(pile: str, seat: int) -> str:
    """Where cards come from: 'from his Hand'; a Table place is 'from the Table'
    (its card is the one named)."""
    place = Place(TABLE, 0) if place_index(pile) is not None else _place(pile, seat)
    return place_words(place, seat, WORDS, HIS, FROM)


def outcome_words(o: Outcome) -> str:
    """How the game ended, e.g. 'A wins 37: he got rid of all his cards'."""
    if o.winner is None:
        return _("blocked with equal cards: a draw")
    if o.reason == "won":
        text = _("{seat} wins {points}: he got rid of all his cards")
    else:
        text = _("{seat} wins {points}: fewer cards left (blocked)")
    return text.format(seat=SEATS[o.winner], points=o.points)


def describe(me: int, under: Card | None, action: Action, events: list[Event]) -> str:
    """One line for the move log; ``me`` is the Player before the action and ``under``
    the top card of the Table place it goes to (read before the action)."""
    who = SEATS[me]
    w = WORDS.local()
    parts: list[str] = []
    laid: list[Card] = []
    for ev in events:
        if not isinstance(ev, CardsMoved):
            continue
        cards = cards_label(ev.cards)
        if ev.why == "turn over":
            text = _("{seat} turns his {discard} over to make his {hand}")
            parts.append(text.format(seat=who, discard=w.discard, hand=w.hand))
        elif ev.why == "turn":
            text = _("{seat} turns {cards} from his {hand}")
            parts.append(text.format(seat=who, cards=cards, hand=w.hand))
        elif ev.why == "discard":
            text = _("{seat} puts {cards} on his {discard}; his turn ends")
            parts.append(text.format(seat=who, cards=cards, discard=w.discard))
        elif ev.why == "lay out":
            laid += ev.cards
        else:  # play, lift
            src = _source_words(str(ev.src), me)
            dst = pile_words(str(ev.dst), me, under)
            if ev.why == "lift":
                text = _("{seat} lifts {cards} {from_place} {to_place}")
            else:
                text = _("{seat} plays {cards} {from_place} {to_place}")
            parts.append(text.format(seat=who, cards=cards, from_place=src, to_place=dst))
    if laid:
        text = _("{seat} lays out {cards}")
        parts.append(text.format(seat=SEATS[1 - me], cards=cards_label(laid)))
    if not parts and isinstance(action, Turn):
        text = _("{seat} would turn his {discard} over with nothing changed: blocked")
        parts.append(text.format(seat=who, discard=w.discard))
    text = "; ".join(parts)
    for ev in events:
        if isinstance(ev, GameOver):
            text = _("{line}. Game over: {outcome}").format(
                line=text, outcome=outcome_words(ev.outcome)
            )
    return text


def under_card(pos: Position, action: Action) -> Card | None:
    """The card a move or lift onto a Table place will cover (read before it)."""
    if isinstance(action, Move | Lift):
        i = place_index(action.dst)
        if i is not None and pos.places[i]:
            return pos.places[i][-1]
    return None


def plan_words(start: Position, plan: list[Action]) -> str:
    """A plan of the Expert in words, e.g. '7♥ to the Table on 8♠, 8♣ to B's
    Discard' (``start`` is the position the plan starts from, as the Player saw it:
    ``observation.working_position``)."""
    p = start.clone()
    parts = []
    for a in plan:
        if isinstance(a, Move | Lift):
            i = place_index(a.dst)
            under = p.places[i][-1] if i is not None and p.places[i] else None
            moved = try_move(p, a)
            dst = pile_words(a.dst, start.player, under)
            parts.append(
                _("{cards} {to_place}").format(cards=cards_label(moved.cards), to_place=dst)
            )
    if len(parts) > MAX_PARTS:
        more = len(parts) - MAX_PARTS + 1
        text = ngettext("{n} more play", "{n} more plays", more).format(n=more)
        parts = [*parts[: MAX_PARTS - 2], text, parts[-1]]
    return _(", ").join(parts) or _("nothing more: turn the next card")


def narrate(pos: Position, action: Action) -> tuple[list[Event], str]:
    """Carry out ``action`` (legal: it is not checked) on ``pos``; its events and its
    line for the move log."""
    me, under = pos.player, under_card(pos, action)
    events = apply(pos, action, check=False)
    return events, describe(me, under, action, events)


__all__ = ["describe", "narrate", "outcome_words", "pile_words", "plan_words", "under_card"]
