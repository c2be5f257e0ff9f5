"""The move log: the whole game in words, replayed from the game record.

Each recorded action is told by the history's :class:`~russian_bank.history.narration.
Narrator` (the Replay's words too, issue 19) from the events the game made when it was
taken and the positions it kept for undo (``Session.taken``): nothing is copied nor
carried out again. One line per event, oldest first. An Undo shortens the record; the
log is then rebuilt.
A remote table holds no record: its :class:`StepLog` tells the steps the server
sent, from their events, with the same words.
"""

from __future__ import annotations

import contextlib
from typing import Any

from ...engine import Stand
from ...engine.queries import waiting
from ...game.errors import TextFormError
from ...game.events import CardsMoved, Event, FaultClosed
from ...game.places import SEATS, Place
from ...history.narration import Narrator
from ...i18n import _


class MoveLog:
    """The log of any game of the registry, in the table's words (its table view
    puts the game's events in the table's places; its words name the piles)."""

    def __init__(self) -> None:
        self.game: Any = None
        self.lines: list[str] = []
        self.done = 0  # actions of the record already in ``lines``
        self._narrator = Narrator()

    def sync(self, game: Any) -> list[str]:
        """The log of ``game`` up to its last action (cheap when nothing changed)."""
        if game is not self.game or len(game.actions) < self.done:
            self.game, self.lines, self.done, self._narrator = game, [], 0, Narrator()
        for i in range(self.done, len(game.actions)):
            before, events, after = game.taken(i)  # (no copy, nothing carried out again)
            self.lines += self._narrator.taken(before, game.actions[i], events, after)
        self.done = len(game.actions)
        return self.lines


class WireView:
    """A game's table view for events read off the wire, whose piles are named by
    their text forms (``net.wire.read_events``): put in the table's places by the
    game's view, then any place still a text read back as a place."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.words = view.words

    def events(self, events: list[Event]) -> list[Event]:
        out: list[Event] = []
        for ev in self.view.events(events):
            if isinstance(ev, CardsMoved) and isinstance(ev.src, str):
                try:
                    ev = CardsMoved(
                        ev.cards, Place.parse(ev.src), Place.parse(ev.dst), ev.face_up, ev.why
                    )
                except TextFormError:
                    continue  # (a pile this table cannot place: not told)
            out.append(ev)
        return out


class StepLog(MoveLog):
    """The log of a remote table, told from the steps the server sent (their events,
    read once by the client under ``"read"``): the table holds no record, only its
    seat's view. Each event is told once (by its ``seq``); a new game starts a new
    log. ``sync`` answers as :meth:`MoveLog.sync` does, so the log screen reads either."""

    def __init__(self, kind: Any) -> None:
        super().__init__()
        self.kind = kind  # the room's game (``GameType``)
        self.seq = 0
        self._closed = False  # the last step closed the fault (a FaultClosed)

    def sync(self, game: Any) -> list[str]:
        return self.lines

    def tell(self, ev: dict[str, Any], pos: Any = None) -> None:
        """One event of the room; ``pos`` the shadow's position just before it (its
        piles name the card a move went onto), or None if steps came since."""
        seq = int(ev.get("seq", 0))
        if seq <= self.seq:
            return
        self.seq = seq
        if ev.get("game") != self.game or ev.get("kind") == "new game":
            self.game, self.lines, self._narrator = ev.get("game"), [], Narrator()
            self._closed = False
        if ev.get("kind") != "step" or ev.get("seat") not in ("A", "B"):
            return
        seat = SEATS.index(str(ev["seat"]))
        try:
            action = self.kind.parse_action(str(ev.get("action")))
        except ValueError:
            return  # (not an action of this game: the client said so when it came)
        player = seat if self.kind.caller(action) is None else 1 - seat
        view = self.kind.table_view
        piles = view.piles(pos) if pos is not None else None
        shown = WireView(view)
        wait = waiting(pos) if pos is not None and isinstance(action, Stand) else None
        if ev.get("by") == "forfeit":
            self.lines.append(
                _("{seat} was away too long: his seat forfeits").format(seat=SEATS[seat])
            )
        read = list(ev.get("read", []))
        if (pos is not None and getattr(pos, "fault", None) is None) or self._closed:
            self._narrator.fault_closed()  # (as ``Narrator.tell`` reads the position before)
        self._closed = any(isinstance(e, FaultClosed) for e in read)
        # (events the table cannot tell are left out: the table never stops for its log)
        with contextlib.suppress(KeyError, IndexError, TypeError, ValueError, AttributeError):
            self.lines += self._narrator.told(shown, action, read, player, piles, wait)


__all__ = ["MoveLog", "StepLog"]
