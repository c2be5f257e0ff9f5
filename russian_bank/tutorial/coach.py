"""The coach's pure parts: a hint with a reason in words, the warning before a
fault, and the explanation of a Stop (what was missed, with the cards to show).

Rule knowledge is asked of the engine (``Game.would_fault``, the fault the
position records, the bankable cards); the hint comes from the Expert's search.
Everything said here is in words and card symbols, never engine notation, with
the piles named and the rules cited by the rule set being played
(``place_words``, ``RuleSet.cite``).
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
from ..engine.places import YOUR, place_words
from ..engine.queries import (
    bank_accepts,
    bankable,
    discard_out_of_order,
    error_reason,
    out_of_order,
    source_cards,
)


@dataclass(frozen=True)
class Advice:
    """A line for the player and the places to glow on the table."""

    text: str
    places: tuple[Place, ...] = ()
    action: Action | None = None


# -- words ----------------------------------------------------------------------


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
    w = pos.rules.words
    if isinstance(action, Play):
        cards = source_cards(pos, action.src, action.count) or []
        if not cards:
            return "Play a card"
        card = cards[0].label
        what = f"the {card}" if action.count == 1 else f"the {card} and the cards on it"
        dst = action.dst
        if dst.kind == "bank":
            return f"Put {what} on the {w.banks}"
        if dst.kind == "table":
            col = pos.table[dst.index]
            if col:
                return f"Put {what} on the {Card(col[-1]).label} in the {w.table}"
            return f"Move {what} into the empty space"
        pile = pos.stock[dst.index] if dst.kind == "stock" else pos.discard[dst.index]
        top = f" {Card(pile[-1]).label} on" if pile else ""
        return f"Load {what} onto the{top} {place_words(dst, me, w, YOUR)}"
    if isinstance(action, Raise):
        return f"Pick up the card from {place_words(action.src, me, w, YOUR)}"
    if isinstance(action, TurnStock):
        return f"Turn the top card of your {w.stock}"
    if isinstance(action, TurnHand):
        return f"Turn a card from your {w.hand}"
    if isinstance(action, DiscardHeld):
        held = pos.held.label if pos.held is not None else "card"
        return f"Put the {held} on your {w.discard}"
    if isinstance(action, TurnOverDiscard):
        return f"Turn your {w.discard} over to make a new {w.hand}"
    if isinstance(action, EndInnings):
        return "End your innings"
    return "Go on"


def _reason(pos: Position, action: Action) -> str:
    r = pos.rules
    w = r.words
    if isinstance(action, Play):
        cards = source_cards(pos, action.src, action.count) or []
        if action.dst.kind == "bank":
            if cards and cards[0].rank == 1:
                first = r.cite("bank first")
                return f"an Ace starts a {w.bank}, and the duty to bank comes first {first}"
            return f"the duty to bank comes before anything else {r.cite('bank first')}"
        if action.dst.kind in ("stock", "discard"):
            return f"loading your adversary gives him more to get rid of {r.cite('load')}"
        if action.src.kind == "stock":
            return (
                f"every {w.stock} card left counts {r.stock_card_points} against you at the end"
                f" {r.cite('score')}"
            )
        if action.src.kind == "held":
            return f"a card placed from your {w.hand} keeps your innings going {r.cite('held')}"
        if not pos.table[action.dst.index]:
            return f"a space lets you move cards about {r.cite('spaces')}"
        return f"it opens the {w.table} for the plays that follow {r.cite('table play')}"
    if isinstance(action, TurnStock):
        return (
            f"nothing better to play, and the {w.stock} comes before the {w.hand}"
            f" {r.cite('turn stock first')}"
        )
    if isinstance(action, TurnHand):
        return f"nothing more is worth playing, so go on to your {w.hand} {r.cite('held')}"
    if isinstance(action, DiscardHeld):
        return f"it has no good place; discarding ends your innings {r.cite('discard')}"
    if isinstance(action, TurnOverDiscard):
        over = r.cite("turn over")
        return f"your {w.hand} is empty, so the {w.discard} becomes your {w.hand} {over}"
    return f"nothing else can be played {r.cite('end innings')}"


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


def fault_warning(game: Game, action: Action, check: bool = True) -> str | None:
    """The coach's warning before ``action`` if the engine says it would be a
    fault, or an error the adversary may Stop (British Bank, §91.6); None otherwise."""
    note = game.would_fault(action, check)  # check=False: the table judged it legal
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
        f"Careful: the {names} can go on a {pos.rules.words.bank}. Doing anything else first"
        f" is a fault, and your adversary may call Stop {pos.rules.cite('fault')}."
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
    r = before.rules
    w = r.words
    if learner == before.player:
        text = (
            f"Stopped: the {names} could have gone on a {w.bank}, and you did something else "
            f"first {r.cite('fault')}. Your innings is over {r.cite('stopped')}"
        )
        if before.held is not None:
            text += f"; the card from your {w.hand} goes back {r.cite('stop held')}"
        if before.just_turned_over:
            text += f"; your {w.discard} is turned back {r.cite('turn back')}"
        return Advice(text + ".", places)
    return Advice(
        f"Well caught: the {names} should have gone on a {w.bank} first {r.cite('fault')}. "
        f"The innings passes to you {r.cite('stopped')}.",
        places,
    )


def explain_missed(pos: Position) -> Advice:
    """The adversary let a fault pass: which card should have been banked."""
    cards = sorted(pos.fault or ())
    names = " and the ".join(Card(c).label for c in cards) or "a card"
    if pos.missed_play is not None:  # out of Crapette's order of play (002)
        return Advice(f"Missed: {pos.fault_note}. You could have called Stop.", fault_places(pos))
    w = pos.rules.words
    return Advice(
        f"Missed: the {names} could have gone on a {w.bank}, so you could have called Stop"
        f" {pos.rules.cite('missed')}.",
        fault_places(pos),
    )
