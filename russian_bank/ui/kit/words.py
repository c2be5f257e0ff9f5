"""What the table says, in words with card symbols, never in engine notation.

The engine knows the names of places (:func:`place_words`) and what an action
moved (its :class:`CardsMoved` events); this module only puts them into
sentences: "A played 7♣ from A's Stock to the Table", "Undid 7♣ from the
Table to a Bank". Nothing here judges a rule.
"""

from __future__ import annotations

from ...engine import (
    Abandon,
    Action,
    AgreeDraw,
    Compel,
    DiscardHeld,
    EndInnings,
    Outcome,
    Play,
    Position,
    Stand,
    Stop,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
    apply,
    place_words,
)
from ...engine.events import (
    CardsMoved,
    Compelled,
    Event,
    InningsEnded,
    StopCalled,
    WinPending,
)
from ...engine.laws import IllegalAction
from ...engine.pile_rules import pile_rule
from ...engine.piles import cards_label as cards_words
from ...engine.places import BANK, DISCARD, HAND, HELD, SEATS, STOCK, TABLE, Place
from ...engine.rules import RuleSet, Words
from ...engine.rulesets import rule_set

COMMITTEE_WORDS = Words()


def plural(n: int, word: str) -> str:
    """``1 card``, ``2 cards``, ``1 face-up card``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _top(pos: Position, place: Place) -> str:
    """' (onto 8♥)' when the place had a card on top before the move."""
    if place.kind == TABLE:
        pile = pos.table[place.index]
    elif place.kind == BANK:
        pile = pos.banks[place.index]
    elif place.kind in (STOCK, DISCARD):
        pile = (pos.stock if place.kind == STOCK else pos.discard)[place.index]
    else:
        return ""
    return f" (onto {pile[-1].label})" if pile else ""


def move_words(ev: CardsMoved[Place], player: int, before: Position | None = None) -> str:
    """One move of cards, without the actor: '7♣ from A's Stock to the Table'
    (in the rule set's pile names when the position ``before`` is given)."""
    what = cards_words(ev.cards)
    w = before.rules.words if before is not None else COMMITTEE_WORDS
    src, dst = place_words(ev.src, player, w), place_words(ev.dst, player, w)
    if before is not None and ev.why == "play":
        if ev.src.kind == ev.dst.kind == TABLE:  # which pile: the card it goes onto
            pile = before.table[ev.dst.index]
            onto = f"onto {pile[-1].label}" if pile else "to an empty space"
            return f"played {what} {onto} in the {w.table}"
        dst += _top(before, ev.dst)
    if ev.why == "turn":
        return f"turned {what} from {src}"
    if ev.why == "turn over":
        n = plural(len(ev.cards), "card")
        return f"turned the {w.discard} over to make a new {w.hand} ({n})"
    if ev.why == "discard":
        return f"discarded {what}"
    return f"played {what} from {src} to {dst}"


def action_name(action: Action, w: Words = COMMITTEE_WORDS) -> str:
    """A short name of an action kind, for 'cannot be taken back' and the like."""
    if isinstance(action, Stop):
        return f"{SEATS[action.seat]}'s Stop"
    if isinstance(action, Compel):
        return f"{SEATS[action.seat]}'s Compel"
    if isinstance(action, Stand):
        return f"{SEATS[action.seat]} letting the card stand"
    if isinstance(action, Abandon):
        return f"{SEATS[action.seat]} abandoning the game"
    if isinstance(action, AgreeDraw):
        return "the agreed draw"
    if isinstance(action, Play):
        return "a play"
    names = {
        TurnStock: f"turning the {w.stock}",
        TurnHand: f"turning the {w.hand}",
        DiscardHeld: "the discard",
        TurnOverDiscard: f"turning the {w.discard} over",
        EndInnings: "ending the innings",
    }
    return names.get(type(action), "a raise")


def action_words(before: Position, action: Action) -> str:
    """What ``action`` did from the position ``before`` it (the engine replays it
    on a copy and reports the cards moved)."""
    probe = before.clone()
    try:
        events = apply(probe, action)
    except IllegalAction:
        return action_name(action, before.rules.words)
    moves = [move_words(e, before.player, before) for e in events if isinstance(e, CardsMoved)]
    if isinstance(action, EndInnings):
        return "ended the innings"
    return "; ".join(moves) if moves else action_name(action, before.rules.words)


def undo_words(before: Position, action: Action) -> str:
    """'Undid 7♣ from the Table to a Bank' for the action taken back."""
    text = action_words(before, action)
    verb, _, rest = text.partition(" ")
    if verb in ("played", "turned", "discarded", "ended"):
        return f"Undid {rest}" if verb == "played" else f"Undid: {text}"
    return f"Undid {text}"


def outcome_words(out: Outcome) -> str:
    if out.winner is None:
        return "drawn by agreement" if out.reason == "agreed" else "drawn: no one can go on"
    w, lo = SEATS[out.winner], SEATS[1 - out.winner]
    pts = plural(out.points, "point")
    if out.reason == "abandoned":
        return f"{w} wins {pts} ({lo} abandoned)"
    return f"{w} wins {pts}"


def abandon_words(pos: Position, seat: int) -> str:
    """How the game would be scored if ``seat`` abandoned it now (the engine scores it)."""
    probe = pos.clone()
    apply(probe, Abandon(seat))
    assert probe.outcome is not None
    return outcome_words(probe.outcome)


def event_words(ev: Event, player: int, before: Position | None = None) -> str | None:
    """The move-log line for one engine event (None for the quiet ones)."""
    if isinstance(ev, CardsMoved):
        if ev.why in ("back", "stop"):
            return None
        if ev.why == "deal":  # 002: the second player lays out at his first turn
            if ev.dst.kind != STOCK:
                return None  # one line for the layout; the depot's cards stay unnamed
            w = before.rules.words if before is not None else COMMITTEE_WORDS
            return f"{SEATS[ev.dst.index]} lays out his {w.stock} and {w.table}"
        if ev.why == "retract":  # the Stop takes a wrong play back (002; British §91.6)
            w = before.rules.words if before is not None else COMMITTEE_WORDS
            where = place_words(ev.dst, player, w)
            return f"{cards_words(ev.cards)} goes back to {where}"
        return f"{SEATS[player]} {move_words(ev, player, before)}"
    if isinstance(ev, StopCalled):
        return stop_words(ev)
    if isinstance(ev, Compelled):
        return compel_words(ev)
    if isinstance(ev, WinPending):
        return f"{SEATS[ev.seat]} played the last card, {ev.card.label}"
    if isinstance(ev, InningsEnded) and ev.reason != "stop":
        return f"{SEATS[ev.next_player]}'s innings begins"
    return None


def stop_words(ev: StopCalled) -> str:
    return f"Stop! {SEATS[ev.seat]} stops {SEATS[1 - ev.seat]}: {ev.note}"


def compel_words(ev: Compelled) -> str:
    who, whom = SEATS[ev.seat], SEATS[1 - ev.seat]
    return f"{who} compels {whom} to play {ev.card.label} to the {ev.where}"


def pile_tip(pos: Position, place: Place) -> str:
    """A hover tooltip naming a pile in the rule book's words, with what it holds
    and what it is for under the rule set being played (asked of the engine)."""
    if place.kind == HELD:
        return held_tip(pos, pos.player)
    w = pos.rules.words
    if place.kind == STOCK:
        n, up = len(pos.stock[place.index]), pos.stock_up[place.index]
        name = place_words(place, pos.player, w)
        rule = pile_rule(pos.rules, STOCK, top_up=up > 0)
        return f"{name}: {plural(n, 'card')}, {up} face up. {rule}"
    rule = pile_rule(pos.rules, place.kind)
    if place.kind in (HAND, DISCARD):
        n = len(pos.hand[place.index] if place.kind == HAND else pos.discard[place.index])
        down = " face down" if place.kind == HAND else ""
        return f"{place_words(place, pos.player, w)}: {plural(n, 'card')}{down}. {rule}"
    if place.kind == TABLE:  # a pile holding cards is not a space
        pile = pos.table[place.index]
        if not pile:
            return f"An empty space in the {w.table}. {rule}"
        return f"In the {w.table}: {plural(len(pile), 'card')}, {pile[-1].label} on top. {rule}"
    bank = pos.banks[place.index]
    top = f"up to {bank[-1].label}" if bank else "empty"
    return f"A {w.bank} ({top}). {rule}"


def held_tip(pos: Position, seat: int) -> str:
    """The slot where ``seat`` holds the card turned from his Hand."""
    w = pos.rules.words
    mine = pos.held is not None and pos.player == seat
    card = pos.held.label if mine and pos.held is not None else "empty now"
    return (
        f"Held ({card}): the card turned from {SEATS[seat]}'s {w.hand} lies here. Play it,"
        f" or put it on the {w.discard} to end the turn {pos.rules.cite('discard')}."
    )


def rules_label(spec: str) -> str:
    """A rule set and its options, as the menu names it."""
    r = rule_set(spec)
    return r.title + "".join(f" + {flag}" for flag in r.options)


def controls_text(w: Words) -> str:
    """How the table is worked, in the rule set's words (the Help's last paragraph
    but the keys)."""
    return (
        f"At the table: drag cards to play; click your {w.stock} or {w.hand} to turn;"
        f" double-click sends a card to a {w.bank}; hold the right button on a {w.stock}"
        f" or {w.discard} to look through it. H gives a hint; F1 or ? opens this help;"
        " Esc opens the menu."
    )


def button_tip(name: str, rules: RuleSet) -> str | None:
    """What a table button does, in the rule set's words (its hover tooltip)."""
    w = rules.words
    tips = {
        "stop": f"Call Stop when your adversary has failed to play a card to the {w.banks}"
        f" {rules.cite('stop section')}.",
        "compel": "Make your adversary play the card the rules now require of him"
        f" {rules.cite('compel')}.",
        "end": f"End your innings: with your {w.hand} and {w.discard} empty there is no card"
        " to discard.",
        "menu": "New game, Undo, draw, settings, rules (Esc).",
    }
    return tips.get(name)
