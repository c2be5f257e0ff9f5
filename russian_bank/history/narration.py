"""The move log in words: one wording for the table's log and the Replay (issue 19).

:class:`Narrator` carries out a game's actions one by one and says what each did, from
the engine's events put in the table's places by the game's table view: "A played 7♣
from A's Stock to the Table (onto 8♦)", "B's innings begins", Stops with the referee's
note, Compels, and faults the adversary let pass (told when the innings ends, so the
log never tips off the adversary while the fault is open), and British Bank's errors
let pass (§91.6), told once the Player has gone on from them. The table's move log
(``ui/table/movelog.py``) tells a game's record with it, one line per event; the Replay
(``history/replay.py``) tells each step with it, that step's lines in one. Lines run
oldest first in both, and name the seats A and B in every game.

Nothing here judges a rule: the engine says what moved, the rule set names the piles
(``engine.places.place_words``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import Action, EndInnings, Outcome, Play, Stand, Stop, place_words, table_view
from ..engine.move_words import outcome_words as move_outcome_words
from ..engine.queries import waiting
from ..engine.rulesets.base import without_citations
from ..game.cards import cards_label as cards_words
from ..game.events import (
    CardsMoved,
    Compelled,
    Event,
    FaultOpened,
    GameOver,
    InningsEnded,
    StopCalled,
    WinPending,
)
from ..game.places import FROM, HELD, SEATS, STOCK, TABLE, TO, Place
from ..game.view import Pile
from ..game.words import Words
from ..games import game_type
from ..i18n import _, ngettext

COMMITTEE_WORDS = Words()


class Narrator:
    """Tells a game's actions in the order they were taken, in the table's words."""

    def __init__(self) -> None:
        self._open_fault: str | None = None

    def tell(self, pos: Any, action: Any) -> tuple[list[Event], list[str]]:
        """Carry out ``action`` on ``pos`` (any game's position, the action legal: it is
        not checked); its events and the move-log lines it makes (none for a raise)."""
        was = _before(pos, action)
        events = game_type(pos.rules.spec).apply(pos, action, False)
        return events, self._said(was, action, events, pos)

    def taken(self, before: Any, action: Any, events: list[Event], after: Any) -> list[str]:
        """The move-log lines of ``action`` as a game took it: from the position
        ``before`` it, the ``events`` it made and the position ``after`` it (the game's
        own, ``Session.taken``: only read, nothing carried out again, issue 42)."""
        return self._said(_before(before, action), action, events, after)

    def _said(
        self, was: tuple[Any, ...], action: Any, events: list[Event], after: Any
    ) -> list[str]:
        view, fault, error, player, piles, wait = was
        if fault is None:
            self._open_fault = None
        lines: list[str] = []
        if error and getattr(after, "error", "") != error and not isinstance(action, Stop):
            # British Bank (§91.6): the Player went on, the error stands
            lines.append(_("Error let pass: {note}").format(note=without_citations(error)))
        return lines + self.told(view, action, events, player, piles, wait)

    def fault_closed(self) -> None:
        """The fault open before the next action is closed (what ``tell`` reads off
        the position before it; a remote table off the view before, or a FaultClosed)."""
        self._open_fault = None

    def told(
        self,
        view: Any,
        action: Any,
        events: list[Event],
        player: int,
        piles: Mapping[Place, Pile] | None = None,
        wait: Any = None,
    ) -> list[str]:
        """The move-log lines of ``action``, taken by (or against) the Player ``player``,
        from its ``events`` (the engine's: put in the table's places by ``view``, the
        game's table view); ``piles`` before it and what the game was ``wait``-ing for
        make the words fuller where they are known (a remote table knows the events
        the server sent, and the piles only of the view before them)."""
        lines: list[str] = []
        if isinstance(action, Stand):  # one line: the card was told by the line before
            who = SEATS[action.seat]
            if self._open_fault:
                said = _("{seat} lets it stand (no Stop); fault let pass: {note}")
                lines.append(said.format(seat=who, note=self._open_fault))
                self._open_fault = None
            else:
                what = wait.what if wait is not None else _("Last card played")
                said = _("{seat} lets it stand (no Stop): {what}")
                lines.append(said.format(seat=who, what=what))
        shown = view.events(events)
        for ev in shown:
            if isinstance(ev, FaultOpened):
                self._open_fault = ev.note
            elif isinstance(ev, InningsEnded):
                if self._open_fault and ev.reason != "stop":
                    note = without_citations(self._open_fault)  # the rule in words
                    lines.append(_("Fault let pass: {note}").format(note=note))
                self._open_fault = None
            elif isinstance(ev, GameOver):
                if isinstance(action, Play) and ev.outcome.reason == "won":
                    moved = [e for e in shown if isinstance(e, CardsMoved)]
                    label = moved[-1].cards[-1].label if moved else ""
                    last = _("{seat} played the last card, {card}")
                    lines.append(last.format(seat=SEATS[player], card=label))
                outcome = outcome_words(ev.outcome)
                lines.append(_("Game over: {outcome}").format(outcome=outcome))
                continue
            text = event_words(ev, player, view.words, piles)
            if text:
                lines.append(text)
        return lines


def _before(pos: Any, action: Any) -> tuple[Any, ...]:
    """What the words read of the position before an action (any game's: a game
    without Stops has no fault nor error): its table view, fault, error, Player,
    piles, and what it waited for (a Stand's)."""
    view = game_type(pos.rules.spec).table_view
    fault = getattr(pos, "fault", None)
    wait = waiting(pos) if isinstance(action, Stand) else None
    return view, fault, getattr(pos, "error", ""), pos.player, view.piles(pos), wait


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
    if ev.why in ("play", "lift"):  # (a one-pack lift moves a whole pile)
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


def events_words(
    events: list[Event], player: int, w: Words, action: Any = None, piles: Any = None
) -> str:
    """What an action did, from the cards its events moved."""
    moves = [move_words(e, player, w, piles) for e in events if isinstance(e, CardsMoved)]
    if isinstance(action, EndInnings):
        return _("ended the innings")
    if moves:
        return "; ".join(moves)
    return table_view.action_name(action, w) if isinstance(action, Action) else ""


def outcome_words(out: Outcome) -> str:
    if out.winner is None:
        if out.reason == "agreed":
            return _("drawn by agreement")
        return _("drawn: no one can go on")
    return move_outcome_words(out)


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
    text = _("Stop! {seat} stops {other}: {note}")  # the rule in words, no section
    note = without_citations(ev.note)
    return text.format(seat=SEATS[ev.seat], other=SEATS[1 - ev.seat], note=note)


def compel_words(ev: Compelled) -> str:
    who, whom = SEATS[ev.seat], SEATS[1 - ev.seat]
    if ev.where == "bank":
        text = _("{seat} compels {other} to play {card} to the Banks")
    else:
        text = _("{seat} compels {other} to play {card} to the Table")
    return text.format(seat=who, other=whom, card=ev.card.label)
