"""The table at a remote game: the same controller, fed by the server.

The table never holds the game: it holds a *shadow* of its seat's observation, a
game whose face-down places are filled with stand-ins (``GameType.stand_in``),
drawn face down as always. The gestures work on the shadow as at any table, so a
drop the rules refuse snaps back at once with the rules' reason; an accepted
action is sent to the server, which judges it once and applies it, and the
server's next view replaces the shadow (the table animates the move from it).
The network runs on the client's own thread (``net.client.ThreadedClient``):
:meth:`RemoteController.update` only picks up what has arrived, so a frame never
waits for a socket. Undo and hints are off; the server's clock runs the grace.

Cards dropped where the rules let them go stay where they were let go until the
server's answer comes: its view (they fly on from there) or its refusal (they go
back, with its reason). The move log is told from the steps the server sent
(``movelog.StepLog``); while the adversary is away his seat's countdown is the
server's (``net.away``), shown here; the game's end says how it ended in words,
a forfeit by leaving included, on a banner that stays until the next game.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from ...engine.rulesets.base import without_citations
from ...game.events import CardsMoved, Compelled, StopCalled
from ...game.outcome import Outcome
from ...game.places import SEATS
from ...games import game_type
from ...history.narration import outcome_words
from ...i18n import _, ngettext
from ...net.client import Client, error_words, kept_seats
from ...net.wire import WireError, decode
from ..settings import KeptSeat, forget_seat, keep_seat
from .controller import Options, TableController
from .layout import Layout
from .messages import Message
from .movelog import StepLog


def shadow(client: Client) -> Any:
    """A game standing for the seat's view (its face-down cards are stand-ins)."""
    return game_type(str(client.info["rules"])).stand_in(client.obs)


class RemoteController(TableController):
    """``link`` is a :class:`~russian_bank.net.client.ThreadedClient` whose first
    view has arrived (``link.client.obs``)."""

    watching = False  # a spectator's table (``ui.table.watching``)

    def __init__(
        self,
        link: Any,
        layout: Layout,
        options: Options | None = None,
        play_sound: Callable[[str], None] = lambda name: None,
        on_change: Callable[[], None] = lambda: None,
    ) -> None:
        self.link = link
        c = link.client
        self.seat = SEATS.index(c.seat or "A")  # a spectator is shown seat A's side
        self.view: dict[str, Any] = dict(c.view)
        self.view_at = time.monotonic()
        super().__init__(shadow(c), layout, options, play_sound, {}, on_change)
        self.chat: list[str] = []
        self.rtt: float | None = None
        self.over: dict[str, Any] | None = None
        self._ping_at = 0.0
        self.steps = StepLog(self.kind)  # the move log, told from the server's steps
        self._fresh = False  # the shadow is the position just before the next step
        self.held: KeptSeat | None = None  # the seat kept in the config folder
        self.forfeited: int | None = None  # the seat that forfeited this game by leaving
        for ev in c.events:  # what came before the table opened (a rejoin: the game so far)
            self._remember(ev)
        self._fresh = True

    # -- who is who: the other seat is played elsewhere ------------------------------

    def is_bot(self, seat: int) -> bool:
        return seat != self.seat

    def who(self, seat: int) -> str:
        names = self.view.get("names") or ["", ""]
        return f"{names[seat] or SEATS[seat]} ({SEATS[seat]})"

    def kept(self) -> dict[int, float | None]:
        """The seats kept while their players are away: seconds left until each
        forfeits, counted down from the server's view (None: waited for)."""
        gone = time.monotonic() - self.view_at
        return {
            s: None if left is None else max(0.0, left - gone)
            for s, left in kept_seats(self.view).items()
        }

    def away_words(self) -> str | None:
        """The countdown of the adversary's seat while he is away, in words."""
        for seat, left in self.kept().items():
            if seat == self.seat:
                continue
            if left is None:
                said = _("{name} is away: his seat is kept and the game waits for him")
                return said.format(name=self.who(seat))
            n = math.ceil(left)
            said = _("{name}'s seat is kept for {time}; his clock is stopped")
            return said.format(name=self.who(seat), time=f"{n // 60}:{n % 60:02d}")
        return None

    def result_words(self, ev: dict[str, Any]) -> str:
        """How the game ended, in full words (a forfeit by leaving says so)."""
        try:
            out: Outcome = decode(ev.get("outcome"), Outcome, "outcome")
        except WireError:
            return _("Game over")
        if out.winner is None:
            return _("Game over: {outcome}").format(outcome=outcome_words(out))
        result = ngettext(
            "{seat} wins {points} point", "{seat} wins {points} points", out.points
        ).format(seat=self.who(out.winner), points=out.points)
        loser = 1 - out.winner
        if self.forfeited == loser == self.seat and not self.watching:
            return _("Game over: you were away too long and forfeit. {result}").format(
                result=result
            )
        if self.forfeited == loser:
            said = _("Game over: {name} left and did not come back in time: he forfeits. {result}")
            return said.format(name=self.who(loser), result=result)
        if out.reason == "abandoned":
            said = _("Game over: {name} abandons. {result}")
            return said.format(name=self.who(loser), result=result)
        return _("Game over: {result}").format(result=result)

    def keep_seat(self, kept: bool = True) -> None:
        """The seat held is kept in the config folder (its token changes at each
        return) so that a program started again can take it up; forgotten when the
        game ends. ``kept`` False: not at all (a host's server ends with his program)."""
        c = self.link.client
        held = None
        if kept and self.over is None and c.token and c.room:
            held = KeptSeat(c.url, c.room, c.token)
        if held != self.held:
            self.held = held
            if held is None:
                forget_seat()
            else:
                keep_seat(held)

    def can_abandon(self) -> bool:
        """May this seat abandon (003 has no abandoning: its game is played out)?"""
        try:
            self.kind.parse_action(f"abandon {SEATS[self.seat]}")
        except ValueError:
            return False
        return not self.watching

    def grace_left(self) -> float | None:
        left = self.view.get("grace_left")
        if left is None:
            return None
        return max(0.0, float(left) - (time.monotonic() - self.view_at))

    def undo_reason(self) -> str | None:
        return _("Undo is off in a game over the network")

    # -- actions go to the server ------------------------------------------------------

    def act(self, action: Any, seat: int | None = None, legal: bool = False) -> bool:
        """Judged once here (not again when ``legal``: the table view judged it),
        sent, and shown when the server's view comes back: the server judges it and
        applies it, the shadow never does."""
        if isinstance(action, str):
            try:
                action = self.kind.parse_action(action)
            except ValueError as e:
                self.refuse(self.seat, str(e))
                return False
        why = None if legal else self.game.reason(action)
        if why is None and seat is not None and seat != self.seat:
            why = _("you play only your own seat")
        if why is not None:
            self.refuse(self.seat, why)
            return False
        self.link.call("send", type="act", action=str(action))
        return True

    def say_chat(self, text: str) -> None:
        self.link.call("send", type="chat", text=text)

    # -- time: pick up what arrived ----------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        self.animator.update(dt)
        self.notes.tick(dt)
        now = time.monotonic()
        if now - self._ping_at > 2.0:
            self._ping_at = now
            self.link.call("ping")
        for msg in self.link.poll():
            self._receive(msg)
        self.rtt = self.link.client.rtt

    def _their_step(self, ev: dict[str, Any]) -> None:
        """The other seat's Stop, Compel or Stand, in words at this table."""
        name = self.who(SEATS.index(ev["seat"]))
        for e in ev.get("read", []):  # the shared events, read once (``Client``)
            if isinstance(e, StopCalled):
                # worded in this player's words on arrival; the rule in words, no section
                note = without_citations(e.note)
                self.say(
                    self.seat,
                    _("Stop! {name} stops you: {note}").format(name=name, note=note),
                    "fault",
                )
            elif isinstance(e, Compelled):
                if e.where == "bank":
                    said = _("{name} compels a card of yours to the Banks")
                else:
                    said = _("{name} compels a card of yours to the Table")
                self.say(self.seat, said.format(name=name))
        if ev.get("by") == "forfeit":
            cite = self.position.rules.cite("abandon")
            said = _("{name} was away too long and forfeits {cite}")
            self.say(self.seat, said.format(name=name, cite=cite))

    def _remember(self, ev: dict[str, Any]) -> None:
        """What an event changes at this table, said or not: the move log, the
        game's end (its banner stays until the next game), a forfeit."""
        if int(ev.get("seq", 0)) <= self.steps.seq:
            return  # (told already: a returning seat is sent what it may have missed)
        self.steps.tell(ev, self.position if self._fresh else None)
        if ev.get("kind") == "step":
            self._fresh = False
            if ev.get("by") == "forfeit" and ev.get("seat") in ("A", "B"):
                self.forfeited = SEATS.index(ev["seat"])
        if ev.get("game") != self.view.get("game"):
            return  # (an earlier game's: its end is not this game's)
        if ev.get("kind") == "over":
            self.over = ev
            self.notes.banner = Message(self.result_words(ev), math.inf, "over")
        elif ev.get("kind") == "new game":
            self.over, self.forfeited, self.notes.banner = None, None, None

    def let_go(self, refused: bool = False) -> None:
        """Cards dropped and sent go back where they came from (refused, or the
        connection lost before the answer came). A refused drop of raised cards
        tells the server they are put back, as the local table does (§26)."""
        d = self.drag
        if d is not None and d.sent:
            before = self.placed_cards()
            self.drag = None
            self.animate(before)
            back = self.table_view.back(self.position, None, d.count)  # (the server's raise)
            if refused and back is not None:
                self.act(back, legal=True)

    def _receive(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "view":
            self._fresh = True
            obs = self.link.client.obs if msg.get("seq") == self.link.client.seq else None
            self.view, self.view_at = msg, time.monotonic()
            self.seat = SEATS.index(msg["seat"] or "A")
            before = self.placed_cards()
            if obs is None:
                obs = decode(msg["obs"], self.kind.observation_type, "obs")
            self.match.game = self.kind.stand_in(obs)
            self.version += 1
            self.gestures.lost()
            self.animate(before)
            self.on_change()
        elif kind == "error":
            self.let_go(refused=True)
            self.refuse(self.seat, error_words(msg))
        elif kind == "events":  # what a returning seat missed: remembered, not said
            for ev in msg["events"]:
                self._remember(ev)
        elif kind == "event":
            ev = msg["event"]
            self._remember(ev)
            if ev.get("kind") == "step" and ev.get("seat") != SEATS[self.seat]:
                self._their_step(ev)
            elif ev.get("kind") == "step":  # this seat's action, as the server applied it
                read = ev.get("read", [])  # (its moves are shown by the view)
                self.notes.report([e for e in read if not isinstance(e, CardsMoved)])
            elif ev.get("kind") == "chat":
                line = f"{ev.get('name', '')}: {ev.get('text', '')}"
                self.chat.append(line)
                self.say(self.seat, line)
            elif ev.get("kind") == "new game":
                self.say(self.seat, _("Rematch: a new deal, the seats changed places"))
            elif ev.get("kind") == "away":
                self.say(self.seat, _("Your adversary's connection dropped: his seat is kept"))
            elif ev.get("kind") == "back" and ev.get("seat") != SEATS[self.seat]:
                self.say(self.seat, _("Your adversary is back"))
            elif ev.get("kind") == "back":
                self.say(self.seat, _("Reconnected: the game goes on"))
        elif kind == "lost":
            self.let_go()
            said = _("Connection lost ({why}): reconnecting").format(why=msg.get("reason", ""))
            self.say(self.seat, said)
            self.link.call("resume")


__all__ = ["RemoteController", "shadow"]
