"""What the table says, in words with card symbols, never in engine notation.

The engine knows the names of places (:func:`place_words`) and what an action
moved (its :class:`CardsMoved` events); this module only puts them into
sentences: "A played 7♣ from A's Stock to the Table", "Undid 7♣ from the
Table to a Bank". Nothing here judges a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ... import i18n
from ...engine import (
    Abandon,
    Action,
    EndInnings,
    IllegalAction,
    Outcome,
    Position,
    apply,
    place_words,
    table_view,
)
from ...engine.events import (
    CardsMoved,
    Compelled,
    Event,
    InningsEnded,
    StopCalled,
    WinPending,
)
from ...engine.move_words import outcome_words as move_outcome_words
from ...engine.places import FROM, HELD, SEATS, STOCK, TABLE, TO, Place
from ...engine.queries import cards_label as cards_words
from ...engine.queries import uncited
from ...engine.rules import RuleSet, Words
from ...engine.table_view import Pile
from ...game import game_type
from ...i18n import _, ngettext

COMMITTEE_WORDS = Words()


def plural(n: int, word: str) -> str:
    """``1 card``, ``2 cards``, ``1 face-up card`` (English only: words for people use
    ``ngettext``)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _top(piles: Mapping[Place, Pile] | None, place: Place) -> str:
    """' (onto 8♥)' when the place had a card on top before the move."""
    pile = piles.get(place) if piles is not None and place.kind != HELD else None
    if pile is None or not pile.cards:
        return ""
    return " " + _("(onto {card})").format(card=pile.cards[-1].label)


def move_words(
    ev: CardsMoved[Place],
    player: int,
    w: Words = COMMITTEE_WORDS,
    piles: Mapping[Place, Pile] | None = None,
) -> str:
    """One move of cards, without the actor: '7♣ from A's Stock to the Table', in
    the game's pile names ``w`` ('(onto 8♥)' when the ``piles`` before are given)."""
    what = cards_words(ev.cards)
    src = place_words(ev.src, player, w, role=FROM)
    dst = place_words(ev.dst, player, w, role=TO)
    if ev.why == "play":
        pile = piles.get(ev.dst) if piles is not None else None
        if pile is not None and ev.src.kind == ev.dst.kind == TABLE:  # which pile
            table = w.local().table
            if pile.cards:
                text = _("played {cards} onto {card} in the {table}")
                return text.format(cards=what, card=pile.cards[-1].label, table=table)
            return _("played {cards} to an empty space in the {table}").format(
                cards=what, table=table
            )
        dst += _top(piles, ev.dst)
    local = w.local()
    if ev.why == "turn":
        return _("turned {cards} {from_place}").format(cards=what, from_place=src)
    if ev.why == "turn over":
        n = ngettext("{n} card", "{n} cards", len(ev.cards)).format(n=len(ev.cards))
        text = _("turned the {discard} over to make a new {hand} ({cards})")
        return text.format(discard=local.discard, hand=local.hand, cards=n)
    if ev.why == "discard":
        return _("discarded {card}").format(card=what)
    text = _("played {cards} {from_place} {to_place}")
    return text.format(cards=what, from_place=src, to_place=dst)


def action_name(action: Action, w: Words = COMMITTEE_WORDS) -> str:
    """A short name of an action kind, for 'cannot be taken back' and the like."""
    return table_view.action_name(action, w)


def events_words(
    events: list[Event], player: int, w: Words, action: Any = None, piles: Any = None
) -> str:
    """What an action did, from the cards its events moved."""
    moves = [move_words(e, player, w, piles) for e in events if isinstance(e, CardsMoved)]
    if isinstance(action, EndInnings):
        return _("ended the innings")
    if moves:
        return "; ".join(moves)
    return action_name(action, w) if isinstance(action, Action) else ""


def action_words(before: Position, action: Action) -> str:
    """What ``action`` did from the position ``before`` it (the engine replays it
    on a copy and reports the cards moved)."""
    probe = before.clone()
    try:
        events = apply(probe, action)
    except IllegalAction:
        return action_name(action, before.rules.words)
    piles = table_view.TwoPackView(before.rules).piles(before)
    return events_words(events, before.player, before.rules.words, action, piles)


def undone(text: str) -> str:
    """'Undid 7♣ from the Table to a Bank' for what an action did."""
    if i18n.language() != "en":  # the English verbs below are English grammar
        return _("Undid: {what}").format(what=text)
    verb, _sep, rest = text.partition(" ")
    if verb in ("played", "turned", "discarded", "ended"):
        return f"Undid {rest}" if verb == "played" else f"Undid: {text}"
    return f"Undid {text}"


def undo_words(before: Position, action: Action) -> str:
    """'Undid 7♣ from the Table to a Bank' for the action taken back."""
    return undone(action_words(before, action))


def outcome_words(out: Outcome) -> str:
    if out.winner is None:
        if out.reason == "agreed":
            return _("drawn by agreement")
        return _("drawn: no one can go on")
    return move_outcome_words(out)


def abandon_words(pos: Position, seat: int) -> str:
    """How the game would be scored if ``seat`` abandoned it now (the engine scores it)."""
    probe = pos.clone()
    apply(probe, Abandon(seat))
    assert probe.outcome is not None
    return outcome_words(probe.outcome)


def event_words(
    ev: Event,
    player: int,
    w: Words = COMMITTEE_WORDS,
    piles: Mapping[Place, Pile] | None = None,
) -> str | None:
    """The move-log line for one event of any game, its places in the table's terms
    (None for the quiet ones); ``w`` the game's pile names, ``piles`` before it."""
    if isinstance(ev, CardsMoved):
        if ev.why in ("back", "stop"):
            return None
        if ev.why == "deal":  # 002: the second player lays out at his first turn
            if ev.dst.kind != STOCK:
                return None  # one line for the layout; the depot's cards stay unnamed
            local = w.local()
            text = _("{seat} lays out his {stock} and {table}")
            return text.format(seat=SEATS[ev.dst.index], stock=local.stock, table=local.table)
        if ev.why == "lay out":  # 003: a player's first turn opens with his row of four
            text = _("{seat} lays out {cards}")
            return text.format(seat=SEATS[ev.src.index], cards=cards_words(ev.cards))
        if ev.why == "retract":  # the Stop takes a wrong play back (002; British §91.6)
            where = place_words(ev.dst, player, w, role=TO)
            return _("{cards} goes back {to_place}").format(
                cards=cards_words(ev.cards), to_place=where
            )
        return _("{seat} {did}").format(seat=SEATS[player], did=move_words(ev, player, w, piles))
    if isinstance(ev, StopCalled):
        return stop_words(ev)
    if isinstance(ev, Compelled):
        return compel_words(ev)
    if isinstance(ev, WinPending):
        text = _("{seat} played the last card, {card}")
        return text.format(seat=SEATS[ev.seat], card=ev.card.label)
    if isinstance(ev, InningsEnded) and ev.reason != "stop":
        return _("{seat}'s innings begins").format(seat=SEATS[ev.next_player])
    return None


def stop_words(ev: StopCalled) -> str:
    text = _("Stop! {seat} stops {other}: {note}")
    return text.format(seat=SEATS[ev.seat], other=SEATS[1 - ev.seat], note=ev.note)


def compel_words(ev: Compelled) -> str:
    who, whom = SEATS[ev.seat], SEATS[1 - ev.seat]
    if ev.where == "bank":
        text = _("{seat} compels {other} to play {card} to the Banks")
    else:
        text = _("{seat} compels {other} to play {card} to the Table")
    return text.format(seat=who, other=whom, card=ev.card.label)


def pile_tip(pos: Position, place: Place) -> str:
    """A hover tooltip naming a two-pack pile (the game's table view says it)."""
    return table_view.TwoPackView(pos.rules).tip(pos, place)


def held_tip(pos: Position, seat: int) -> str:
    return table_view.TwoPackView(pos.rules).held_tip(pos, seat)


def rules_label(spec: str) -> str:
    """A rule set and its options, as the menu names it."""
    kind = game_type(spec)
    return kind.title + "".join(f" + {flag}" for flag in kind.rules.options)


def button_tip(name: str, rules: RuleSet) -> str | None:
    """What a table button does, in the rule set's words (its hover tooltip)."""
    w = rules.words.local()
    if name == "stop":
        text = _("Call Stop when your adversary has failed to play a card to the {banks} {cite}.")
        return uncited(text, banks=w.banks)
    if name == "compel":
        text = _("Make your adversary play the card the rules now require of him {cite}.")
        return uncited(text)
    if name == "end":
        text = _(
            "End your innings: with your {hand} and {discard} empty there is no card to discard."
        )
        return text.format(hand=w.hand, discard=w.discard)
    if name == "menu":
        return _("New game, Undo, draw, settings, rules (Esc).")
    return None
