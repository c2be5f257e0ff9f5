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
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ...engine.rulesets.base import without_citations
from ...game.events import CardsMoved, Compelled, StopCalled
from ...game.places import SEATS
from ...games import game_type
from ...i18n import _
from ...net.client import Client, error_words
from ...net.wire import decode
from .controller import Options, TableController
from .layout import Layout


def shadow(client: Client) -> Any:
    """A game standing for the seat's view (its face-down cards are stand-ins)."""
    return game_type(str(client.info["rules"])).stand_in(client.obs)


class RemoteController(TableController):
    """``link`` is a :class:`~russian_bank.net.client.ThreadedClient` whose first
    view has arrived (``link.client.obs``)."""

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
        self.seat = SEATS.index(c.seat)
        self.view: dict[str, Any] = dict(c.view)
        self.view_at = time.monotonic()
        super().__init__(shadow(c), layout, options, play_sound, {}, on_change)
        self.chat: list[str] = []
        self.rtt: float | None = None
        self.over: dict[str, Any] | None = None
        self._ping_at = 0.0

    # -- who is who: the other seat is played elsewhere ------------------------------

    def is_bot(self, seat: int) -> bool:
        return seat != self.seat

    def who(self, seat: int) -> str:
        names = self.view.get("names") or ["", ""]
        return f"{names[seat] or SEATS[seat]} ({SEATS[seat]})"

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

    def _receive(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "view":
            obs = self.link.client.obs if msg.get("seq") == self.link.client.seq else None
            self.view, self.view_at = msg, time.monotonic()
            self.seat = SEATS.index(msg["seat"])
            before = self.placed_cards()
            if obs is None:
                obs = decode(msg["obs"], self.kind.observation_type, "obs")
            self.match.game = self.kind.stand_in(obs)
            self.version += 1
            self.gestures.lost()
            self.animate(before)
            self.on_change()
        elif kind == "error":
            self.refuse(self.seat, error_words(msg))
        elif kind == "event":
            ev = msg["event"]
            if ev.get("kind") == "step" and ev.get("seat") != SEATS[self.seat]:
                self._their_step(ev)
            elif ev.get("kind") == "step":  # this seat's action, as the server applied it
                read = ev.get("read", [])  # (its moves are shown by the view)
                self.notes.report([e for e in read if not isinstance(e, CardsMoved)])
            elif ev.get("kind") == "chat":
                line = f"{ev.get('name', '')}: {ev.get('text', '')}"
                self.chat.append(line)
                self.say(self.seat, line)
            elif ev.get("kind") == "over":
                self.over = ev
            elif ev.get("kind") == "new game":
                self.over = None
                self.say(self.seat, _("Rematch: a new deal, the seats changed places"))
            elif ev.get("kind") == "away":
                self.say(self.seat, _("Your adversary's connection dropped: his seat is kept"))
            elif ev.get("kind") == "back" and ev.get("seat") != SEATS[self.seat]:
                self.say(self.seat, _("Your adversary is back"))
            elif ev.get("kind") == "back":
                self.say(self.seat, _("Reconnected: the game goes on"))
        elif kind == "lost":
            said = _("Connection lost ({why}): reconnecting").format(why=msg.get("reason", ""))
            self.say(self.seat, said)
            self.link.call("resume")


__all__ = ["RemoteController", "shadow"]
