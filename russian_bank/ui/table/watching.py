"""The remote table of a spectator: both seats are others, nothing to play.

A spectator (``net.watch``) is sent the public view: seat A's side of what both
players see, so the table draws A at the bottom and both seats as played
elsewhere (no Stop, Compel, End or Hint button shows for a seat that is not
his). What happens is worded as for someone who is not seated ("Ann calls Stop",
never "stops you"); a move, a Stop key, a chat line or Undo is refused here at
once in words, and the server would refuse it too.
"""

from __future__ import annotations

import math
from typing import Any

from ...engine.rulesets.base import without_citations
from ...game.events import Compelled, StopCalled
from ...game.places import SEATS
from ...i18n import _
from .remote import RemoteController


class WatchingController(RemoteController):
    """A :class:`RemoteController` for a link that watches (``Client.watch``)."""

    watching = True

    def is_bot(self, seat: int) -> bool:
        return True  # both seats are played elsewhere

    def act(self, action: Any, seat: int | None = None, legal: bool = False) -> bool:
        self.refuse(self.seat, _("You are watching this game: you cannot play in it"))
        return False

    def call_stop(self, seat: int, options: tuple[str, ...] = ()) -> bool:
        return self.act(None)  # (refused in words: no seat of his to call for)

    def say_chat(self, text: str) -> None:
        self.refuse(self.seat, _("You are watching this game: the players' chat is theirs"))

    def undo_reason(self) -> str | None:
        return _("You are watching this game: you cannot play in it")

    def keep_seat(self, kept: bool = True) -> None:
        """A spectator holds no seat: nothing to keep."""

    def away_words(self) -> str | None:
        """The line saying he watches, then a seat's countdown while its player is away."""
        names = self.view.get("names") or ["", ""]
        out = _("You are watching {a} and {b}").format(a=names[0] or "A", b=names[1] or "B")
        for seat, left in self.kept().items():
            if left is None:
                said = _("{name} is away: his seat is kept and the game waits for him")
            else:
                said = _("{name}'s seat is kept for {time}; his clock is stopped")
            n = 0 if left is None else math.ceil(left)
            away = said.format(name=self.who(seat), time=f"{n // 60}:{n % 60:02d}")
            out = f"{out} · {away}"
        return out

    def _step_words(self, ev: dict[str, Any]) -> None:
        """A seat's Stop, Compel or forfeit, worded for a spectator."""
        seat = SEATS.index(ev["seat"])
        name = self.who(seat)
        for e in ev.get("read", []):
            if isinstance(e, StopCalled):
                note = without_citations(e.note)
                said = _("Stop! {name} calls Stop: {note}")
                self.say(1 - seat, said.format(name=name, note=note), "fault")
            elif isinstance(e, Compelled):
                if e.where == "bank":
                    said = _("{name} compels {other} to play a card to the Banks")
                else:
                    said = _("{name} compels {other} to play a card to the Table")
                self.say(1 - seat, said.format(name=name, other=self.who(1 - seat)))
        if ev.get("by") == "forfeit":
            said = _("{name} was away too long and forfeits {cite}")
            self.say(seat, said.format(name=name, cite=self.position.rules.cite("abandon")))

    def _receive(self, msg: dict[str, Any]) -> None:
        if msg["type"] == "lost":  # no seat to take up again: said, never retried in a loop
            said = _("Connection lost ({why}): leave, then watch the game again")
            self.say(self.seat, said.format(why=msg.get("reason", "")))
            return
        ev = msg.get("event") if msg["type"] == "event" else None
        kind = ev.get("kind") if isinstance(ev, dict) else None
        if ev is None or kind not in ("step", "away", "back", "new game"):
            super()._receive(msg)
            return
        self._remember(ev)
        seat = SEATS.index(ev["seat"]) if ev.get("seat") in SEATS else None
        if kind == "step":
            self._step_words(ev)
        elif kind == "new game":
            self.say(self.seat, _("Rematch: a new deal, the seats changed places"))
        elif seat is not None and kind == "away":
            said = _("{name}'s connection dropped: his seat is kept")
            self.say(seat, said.format(name=self.who(seat)))
        elif seat is not None:
            self.say(seat, _("{name} is back").format(name=self.who(seat)))


__all__ = ["WatchingController"]
