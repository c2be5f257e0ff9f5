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
from ..engine.queries import (
    bank_accepts,
    bankable,
    discard_out_of_order,
    error_reason,
    out_of_order,
    source_cards,
)
from ..engine.table_view import TwoPackView
from ..game.advice import Advice
from ..game.cards import KEY_OF, Card
from ..game.places import FROM, YOUR, place_words
from ..i18n import _, ngettext

# -- words ----------------------------------------------------------------------


def where_is(pos: Position, card: int) -> Place | None:
    """The place that holds ``card`` (a pile of the position)."""
    piles = TwoPackView(pos.rules).piles(pos)
    return next((place for place, pile in piles.items() if card in pile.cards), None)


def _and_cards(labels: list[str]) -> str:
    """``7♥ and the 8♣``: cards named one after the other (after a "the")."""
    text = labels[0] if labels else _("a card")
    for label in labels[1:]:
        text = _("{cards} and the {card}").format(cards=text, card=label)
    return text


def action_words(pos: Position, action: Action) -> str:
    """What ``action`` does, in words (for the Player at the table)."""
    me = pos.player
    w = pos.rules.words.local()
    if isinstance(action, Play):
        cards = source_cards(pos, action.src, action.count) or []
        if not cards:
            return _("Play a card")
        card = cards[0].label
        run = action.count != 1
        dst = action.dst
        if dst.kind == "bank":
            text = _("Put the {card} and the cards on it on the {banks}") if run else None
            text = text or _("Put the {card} on the {banks}")
            return text.format(card=card, banks=w.banks)
        if dst.kind == "table":
            col = pos.table[dst.index]
            if col:
                if run:
                    text = _("Put the {card} and the cards on it on the {top} in the {table}")
                else:
                    text = _("Put the {card} on the {top} in the {table}")
                return text.format(card=card, top=Card(col[-1]).label, table=w.table)
            if run:
                return _("Move the {card} and the cards on it into the empty space").format(
                    card=card
                )
            return _("Move the {card} into the empty space").format(card=card)
        pile = pos.stock[dst.index] if dst.kind == "stock" else pos.discard[dst.index]
        where = place_words(dst, me, pos.rules.words, YOUR)
        if pile:
            text = _("Load the {card} onto the {top} on {place}")
            return text.format(card=card, top=Card(pile[-1]).label, place=where)
        return _("Load the {card} onto {place}").format(card=card, place=where)
    if isinstance(action, Raise):
        where = place_words(action.src, me, pos.rules.words, YOUR, FROM)
        return _("Pick up the card {from_place}").format(from_place=where)
    if isinstance(action, TurnStock):
        return _("Turn the top card of your {stock}").format(stock=w.stock)
    if isinstance(action, TurnHand):
        return _("Turn a card from your {hand}").format(hand=w.hand)
    if isinstance(action, DiscardHeld):
        if pos.held is None:
            return _("Put the card on your {discard}").format(discard=w.discard)
        return _("Put the {card} on your {discard}").format(card=pos.held.label, discard=w.discard)
    if isinstance(action, TurnOverDiscard):
        text = _("Turn your {discard} over to make a new {hand}")
        return text.format(discard=w.discard, hand=w.hand)
    if isinstance(action, EndInnings):
        return _("End your innings")
    return _("Go on")


def _reason(pos: Position, action: Action) -> str:
    r = pos.rules
    w = r.words.local()
    if isinstance(action, Play):
        cards = source_cards(pos, action.src, action.count) or []
        if action.dst.kind == "bank":
            first = r.cite("bank first")
            if cards and cards[0].rank == 1:
                text = _("an Ace starts a {bank}, and the duty to bank comes first {cite}")
                return text.format(bank=w.bank, cite=first)
            return _("the duty to bank comes before anything else {cite}").format(cite=first)
        if action.dst.kind in ("stock", "discard"):
            text = _("loading your adversary gives him more to get rid of {cite}")
            return text.format(cite=r.cite("load"))
        if action.src.kind == "stock":
            text = ngettext(
                "every {stock} card left counts {points} point against you at the end {cite}",
                "every {stock} card left counts {points} points against you at the end {cite}",
                r.stock_card_points,
            )
            return text.format(stock=w.stock, points=r.stock_card_points, cite=r.cite("score"))
        if action.src.kind == "held":
            text = _("a card placed from your {hand} keeps your innings going {cite}")
            return text.format(hand=w.hand, cite=r.cite("held"))
        if not pos.table[action.dst.index]:
            return _("a space lets you move cards about {cite}").format(cite=r.cite("spaces"))
        text = _("it opens the {table} for the plays that follow {cite}")
        return text.format(table=w.table, cite=r.cite("table play"))
    if isinstance(action, TurnStock):
        text = _("nothing better to play, and the {stock} comes before the {hand} {cite}")
        return text.format(stock=w.stock, hand=w.hand, cite=r.cite("turn stock first"))
    if isinstance(action, TurnHand):
        text = _("nothing more is worth playing, so go on to your {hand} {cite}")
        return text.format(hand=w.hand, cite=r.cite("held"))
    if isinstance(action, DiscardHeld):
        text = _("it has no good place; discarding ends your innings {cite}")
        return text.format(cite=r.cite("discard"))
    if isinstance(action, TurnOverDiscard):
        text = _("your {hand} is empty, so the {discard} becomes your {hand} {cite}")
        return text.format(hand=w.hand, discard=w.discard, cite=r.cite("turn over"))
    return _("nothing else can be played {cite}").format(cite=r.cite("end innings"))


def hint(pos: Position, seat: int, seed: int = 0) -> Advice[Action] | None:
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
    words, why = action_words(pos, action), _reason(pos, action)
    if isinstance(action, Play) and action.dst.kind == "bank":
        text = _("{action} first: {reason}.")
    else:
        text = _("{action}: {reason}.")
    return Advice(text.format(action=words, reason=why), places, action)


def fault_warning(game: Game, action: Action, check: bool = True) -> str | None:
    """The coach's warning before ``action`` if the engine says it would be a
    fault, or an error the adversary may Stop (British Bank, §91.6); None otherwise."""
    note = game.would_fault(action, check)  # check=False: the table judged it legal
    if note is None:
        return None
    pos = game.position
    error = error_reason(pos, action)
    if error is not None:
        return _("Careful: {error}.").format(error=error)
    discard = isinstance(action, DiscardHeld) and not bankable(pos)
    if (discard and discard_out_of_order(pos)) or (
        isinstance(action, Play) and (action.src, action.dst, action.count) in out_of_order(pos)
    ):
        # Crapette's order of play (002): the engine's note names the play it asks for
        text = _("Careful: {note}. That is a fault, and your adversary may call Stop.")
        return text.format(note=note)
    cards = bankable(pos)
    if not cards and isinstance(action, (Play, Raise)):
        # a run moved together with a bankable card inside it (§58)
        inside = source_cards(pos, action.src, action.count) or []
        accepts = bank_accepts(pos)
        cards = [c for c in inside if KEY_OF[c] in accepts]
    labels = [c.label for c in cards[:2]]
    if len(labels) == 2:
        names = _("{card} or the {other}").format(card=labels[0], other=labels[1])
    else:
        names = labels[0] if labels else _("a card")
    text = _(
        "Careful: the {cards} can go on a {bank}. Doing anything else first"
        " is a fault, and your adversary may call Stop {cite}."
    )
    return text.format(cards=names, bank=pos.rules.words.local().bank, cite=pos.rules.cite("fault"))


def fault_places(pos: Position) -> tuple[Place, ...]:
    """Where the cards of the open fault lie now (to glow on the table)."""
    places = [where_is(pos, c) for c in sorted(pos.fault or ())]
    return tuple(p for p in places if p is not None)


def explain_stop(before: Position, learner: int) -> Advice[Action]:
    """After a Stop: what was missed, told to ``learner`` (the stopped Player or
    the adversary who called). ``before`` is the position just before the Stop."""
    if before.error and before.fault is None:  # British Bank's error (§91.6)
        if learner == before.player:
            text = _(
                "Stopped for an error: {error}. The cards go back where they came"
                " from and your innings is over."
            )
            return Advice(text.format(error=before.error), ())
        text = _("Well caught: {error}. The innings passes to you.")
        return Advice(text.format(error=before.error), ())
    names = _and_cards([Card(c).label for c in sorted(before.fault or ())])
    places = fault_places(before)
    if before.missed_play is not None:  # out of Crapette's order of play (002)
        if learner == before.player:
            text = _("Stopped: {note}. Your turn is over.")
        else:
            text = _("Well caught: {note}. The turn passes to you.")
        return Advice(text.format(note=before.fault_note), places)
    r = before.rules
    w = r.words.local()
    if learner == before.player:
        text = _(
            "Stopped: the {cards} could have gone on a {bank}, and you did something else"
            " first {cite}. Your innings is over {stopped}"
        ).format(cards=names, bank=w.bank, cite=r.cite("fault"), stopped=r.cite("stopped"))
        if before.held is not None:
            more = _("; the card from your {hand} goes back {cite}")
            text += more.format(hand=w.hand, cite=r.cite("stop held"))
        if before.just_turned_over:
            more = _("; your {discard} is turned back {cite}")
            text += more.format(discard=w.discard, cite=r.cite("turn back"))
        return Advice(text + ".", places)
    text = _(
        "Well caught: the {cards} should have gone on a {bank} first {cite}."
        " The innings passes to you {stopped}."
    )
    text = text.format(cards=names, bank=w.bank, cite=r.cite("fault"), stopped=r.cite("stopped"))
    return Advice(text, places)


def explain_missed(pos: Position) -> Advice[Action]:
    """The adversary let a fault pass: which card should have been banked."""
    names = _and_cards([Card(c).label for c in sorted(pos.fault or ())])
    if pos.missed_play is not None:  # out of Crapette's order of play (002)
        text = _("Missed: {note}. You could have called Stop.").format(note=pos.fault_note)
        return Advice(text, fault_places(pos))
    text = _(
        "Missed: the {cards} could have gone on a {bank}, so you could have called Stop {cite}."
    )
    bank = pos.rules.words.local().bank
    return Advice(
        text.format(cards=names, bank=bank, cite=pos.rules.cite("missed")), fault_places(pos)
    )
