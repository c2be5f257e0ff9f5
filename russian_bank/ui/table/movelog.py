"""The move log: the whole game in words, replayed from the game record.

Each recorded action is replayed by the engine on a copy of the position before
it, and its events are put into words (:mod:`words`): both sides' plays and
turns, Stops with their reasons, Compels, and faults the adversary let pass
(told when the innings ends, so the log never tips off the adversary while the
fault is open), and British Bank's errors let pass (§91.6), told once the
Player has gone on from them. An Undo shortens the record; the log is then rebuilt.
"""

from __future__ import annotations

from typing import Any

from ...engine import Play, Stand, Stop
from ...engine.events import CardsMoved, FaultOpened, GameOver, InningsEnded
from ...engine.places import SEATS
from ...engine.queries import waiting
from ...game import game_type
from ...i18n import _
from ..kit import words


class MoveLog:
    """The log of any game of the registry, in the table's words (its table view
    puts the game's events in the table's places; its words name the piles)."""

    def __init__(self) -> None:
        self.game: Any = None
        self.lines: list[str] = []
        self.done = 0  # actions of the record already in ``lines``
        self._open_fault: str | None = None

    def sync(self, game: Any) -> list[str]:
        """The log of ``game`` up to its last action (cheap when nothing changed)."""
        if game is not self.game or len(game.actions) < self.done:
            self.game, self.lines, self.done, self._open_fault = game, [], 0, None
        for i in range(self.done, len(game.actions)):
            self._add(game, i)
        self.done = len(game.actions)
        return self.lines

    def _add(self, game: Any, i: int) -> None:
        action = game.actions[i]
        before = game.position_before(i)
        kind = game_type(before.rules.spec)
        view = kind.table_view
        fault = getattr(before, "fault", None)  # (a game without Stops has no faults)
        error = getattr(before, "error", "")
        if fault is None:
            self._open_fault = None
        after = before.clone()
        events = view.events(kind.apply(after, action, False))
        if error and getattr(after, "error", "") != error and not isinstance(action, Stop):
            # British Bank (§91.6): the Player went on, the error stands
            self.lines.append(_("Error let pass: {note}").format(note=error))
        if isinstance(action, Stand):  # one line: the card was told by the line before
            who = SEATS[action.seat]
            if self._open_fault:
                said = _("{seat} lets it stand (no Stop); fault let pass: {note}")
                self.lines.append(said.format(seat=who, note=self._open_fault))
                self._open_fault = None
            else:
                wait = waiting(before)
                what = wait.what if wait is not None else _("Last card played")
                said = _("{seat} lets it stand (no Stop): {what}")
                self.lines.append(said.format(seat=who, what=what))
        piles = view.piles(before)
        for ev in events:
            if isinstance(ev, FaultOpened):
                self._open_fault = ev.note
            elif isinstance(ev, InningsEnded):
                if self._open_fault and ev.reason != "stop":
                    self.lines.append(_("Fault let pass: {note}").format(note=self._open_fault))
                self._open_fault = None
            elif isinstance(ev, GameOver):
                if isinstance(action, Play) and ev.outcome.reason == "won":
                    moved = [e for e in events if isinstance(e, CardsMoved)]
                    label = moved[-1].cards[-1].label if moved else ""
                    last = _("{seat} played the last card, {card}")
                    self.lines.append(last.format(seat=SEATS[before.player], card=label))
                outcome = words.outcome_words(ev.outcome)
                self.lines.append(_("Game over: {outcome}").format(outcome=outcome))
                continue
            text = words.event_words(ev, before.player, view.words, piles)
            if text:
                self.lines.append(text)
