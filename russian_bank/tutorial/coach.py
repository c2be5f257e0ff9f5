"""The coach's pure parts: a hint with a reason in words, the warning before a
fault, and the explanation of a Stop (what was missed, with the cards to show).

Rule knowledge is asked of the engine (``Game.would_fault``, the fault the
position records, the bankable cards); the hint comes from the Expert's search.
Everything said here is in words and card symbols, never engine notation.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import (
    PLAY,
    Action,
    DiscardHeld,
    EndInnings,
    Game,
    Place,
    Play,
    Position,
    Raise,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
    action_reason,
    observe,
)
from ..engine.cards import KEY_OF, Card
from ..engine.moves import bank_accepts, bankable, source_cards
from ..engine.queries import discard_out_of_order, error_reason, out_of_order


@dataclass(frozen=True)
class Advice:
    """A line for the player and the places to glow on the table."""

    text: str
    places: tuple[Place, ...] = ()
    action: Action | None = None


# -- words ----------------------------------------------------------------------


def place_words(place: Place, seat: int) -> str:
    """A place as the player at ``seat`` would name it."""
    kind = place.kind
    if kind in ("stock", "hand", "discard"):
        whose = "your" if place.index == seat else "your adversary's"
        return f"{whose} {kind.title()}"
    if kind == "held":
        return "the card you hold"
    if kind == "table":
        return "the Table"
    return "the Banks"


def where_is(pos: Position, card: int) -> Place | None:
    """The place that holds ``card`` (a pile of the position)."""
    from ..engine import BANKS, DISCARDS, HANDS, HELD_PLACE, STOCKS, TABLES

    piles: list[tuple[Place, list[int]]] = []
    for s in (0, 1):
        piles += [(STOCKS[s], list(pos.stock[s])), (HANDS[s], list(pos.hand[s]))]
        piles.append((DISCARDS[s], list(pos.discard[s])))
    piles.append((HELD_PLACE, [] if pos.held is None else [pos.held]))
    piles += [(TABLES[i], list(t)) for i, t in enumerate(pos.table)]
    piles += [(BANKS[i], list(b)) for i, b in enumerate(pos.banks)]
    for place, cards in piles:
        if card in cards:
            return place
    return None


def action_words(pos: Position, action: Action) -> str:
    """What ``action`` does, in words (for the Player at the table)."""
    me = pos.player
    if isinstance(action, Play):
        cards = source_cards(pos, action.src, action.count) or []
        if not cards:
            return "Play a card"
        card = cards[0].label
        what = f"the {card}" if action.count == 1 else f"the {card} and the cards on it"
        dst = action.dst
        if dst.kind == "bank":
            return f"Bank {what}"
        if dst.kind == "table":
            col = pos.table[dst.index]
            if col:
                return f"Put {what} on the {Card(col[-1]).label} in the Table"
            return f"Move {what} into the empty space"
        pile = pos.stock[dst.index] if dst.kind == "stock" else pos.discard[dst.index]
        top = f" {Card(pile[-1]).label} on" if pile else ""
        return f"Load {what} onto the{top} {place_words(dst, me)}"
    if isinstance(action, Raise):
        return f"Pick up the card from {place_words(action.src, me)}"
    if isinstance(action, TurnStock):
        return "Turn the top card of your Stock"
    if isinstance(action, TurnHand):
        return "Turn a card from your Hand"
    if isinstance(action, DiscardHeld):
        held = pos.held.label if pos.held is not None else "card"
        return f"Put the {held} on your Discard"
    if isinstance(action, TurnOverDiscard):
        return "Turn your Discard over to make a new Hand"
    if isinstance(action, EndInnings):
        return "End your innings"
    return "Go on"


def _reason(pos: Position, action: Action) -> str:
    if isinstance(action, Play):
        cards = source_cards(pos, action.src, action.count) or []
        if action.dst.kind == "bank":
            if cards and cards[0].rank == 1:
                return "an Ace starts a Bank, and the duty to bank comes first, §21"
            return "the duty to bank comes before anything else, §21"
        if action.dst.kind in ("stock", "discard"):
            return "loading your adversary gives him more to get rid of, §29, §51"
        if action.src.kind == "stock":
            return "every Stock card you place counts double against you at the end, §31"
        if action.src.kind == "held":
            return "a card placed from your Hand keeps your innings going, §12"
        if not pos.table[action.dst.index]:
            return "a space lets you move cards about, §58"
        return "it opens the Table for the plays that follow, §49"
    if isinstance(action, TurnStock):
        return "nothing better to play, and the Stock comes before the Hand, §9"
    if isinstance(action, TurnHand):
        return "nothing more is worth playing, so go on to your Hand, §12"
    if isinstance(action, DiscardHeld):
        return "it has no good place; discarding ends your innings, §15"
    if isinstance(action, TurnOverDiscard):
        return "your Hand is empty, so the Discard becomes your Hand, §19"
    return "nothing else can be played, §53"


def hint(pos: Position, seat: int, seed: int = 0) -> Advice | None:
    """A good next action for ``seat`` from the Expert's search, with a reason.

    None when it is not the seat's innings or the game is not being played."""
    from ..ai import make_bot

    if pos.player != seat or pos.phase not in (PLAY, "arranging") or pos.raised is not None:
        return None  # (with a card in the fingers, the play under way comes first)
    bot = make_bot("expert", seat, random.Random(seed))
    try:
        action = bot.choose(observe(pos, seat))
    except RuntimeError:  # nothing for the Player to do (the bot says so)
        return None
    if action_reason(pos, action) is not None:
        return None
    places: tuple[Place, ...] = ()
    if isinstance(action, Play):
        places = (action.src, action.dst)
    elif isinstance(action, (TurnStock, TurnHand)):
        places = (Place("stock" if isinstance(action, TurnStock) else "hand", seat),)
    words = action_words(pos, action)
    if isinstance(action, Play) and action.dst.kind == "bank":
        words += " first"
    return Advice(f"{words}: {_reason(pos, action)}.", places, action)


def fault_warning(game: Game, action: Action) -> str | None:
    """The coach's warning before ``action`` if the engine says it would be a
    fault, or an error the adversary may Stop (British Bank, §91.6); None otherwise."""
    note = game.would_fault(action)
    if note is None:
        return None
    pos = game.position
    error = error_reason(pos, action)
    if error is not None:
        return f"Careful: {error}."
    discard = isinstance(action, DiscardHeld) and not bankable(pos)
    if (discard and discard_out_of_order(pos)) or (
        isinstance(action, Play) and (action.src, action.dst, action.count) in out_of_order(pos)
    ):
        # Crapette's order of play (002): the engine's note names the play it asks for
        return f"Careful: {note}. That is a fault, and your adversary may call Stop."
    cards = bankable(pos)
    if not cards and isinstance(action, (Play, Raise)):
        # a run moved together with a bankable card inside it (§58)
        inside = source_cards(pos, action.src, action.count) or []
        accepts = bank_accepts(pos)
        cards = [c for c in inside if KEY_OF[c] in accepts]
    names = " or the ".join(c.label for c in cards[:2]) or "a card"
    return (
        f"Careful: the {names} can go on a Bank. Doing anything else first is a fault, "
        "and your adversary may call Stop (§21, §67)."
    )


def fault_places(pos: Position) -> tuple[Place, ...]:
    """Where the cards of the open fault lie now (to glow on the table)."""
    places = [where_is(pos, c) for c in sorted(pos.fault or ())]
    return tuple(p for p in places if p is not None)


def explain_stop(before: Position, learner: int) -> Advice:
    """After a Stop: what was missed, told to ``learner`` (the stopped Player or
    the adversary who called). ``before`` is the position just before the Stop."""
    if before.error and before.fault is None:  # British Bank's error (§91.6)
        if learner == before.player:
            return Advice(
                f"Stopped for an error: {before.error}. The cards go back where they came "
                "from and your innings is over.",
                (),
            )
        return Advice(f"Well caught: {before.error}. The innings passes to you.", ())
    cards = sorted(before.fault or ())
    names = " and the ".join(Card(c).label for c in cards) or "a card"
    places = fault_places(before)
    if before.missed_play is not None:  # out of Crapette's order of play (002)
        if learner == before.player:
            return Advice(f"Stopped: {before.fault_note}. Your turn is over.", places)
        return Advice(f"Well caught: {before.fault_note}. The turn passes to you.", places)
    if learner == before.player:
        text = (
            f"Stopped: the {names} could have gone on a Bank, and you did something else "
            "first (§21, §67). Your innings is over (§24)"
        )
        if before.held is not None:
            text += "; the card from your Hand goes back (§26)"
        if before.just_turned_over:
            text += "; your Discard is turned back (§68)"
        return Advice(text + ".", places)
    return Advice(
        f"Well caught: the {names} should have gone on a Bank first (§21, §67). "
        "The innings passes to you (§24).",
        places,
    )


def explain_missed(pos: Position) -> Advice:
    """The adversary let a fault pass: which card should have been banked."""
    cards = sorted(pos.fault or ())
    names = " and the ".join(Card(c).label for c in cards) or "a card"
    if pos.missed_play is not None:  # out of Crapette's order of play (002)
        return Advice(f"Missed: {pos.fault_note}. You could have called Stop.", fault_places(pos))
    return Advice(
        f"Missed: the {names} could have gone on a Bank, so you could have called Stop (§21, §24).",
        fault_places(pos),
    )
