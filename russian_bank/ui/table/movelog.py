"""The move log: the whole game in words, replayed from the game record.

Each recorded action is told by the history's :class:`~russian_bank.history.narration.
Narrator` (the Replay's words too, issue 19) from the events the game made when it was
taken and the positions it kept for undo (``Session.taken``): nothing is copied nor
carried out again. One line per event, oldest first. An Undo shortens the record; the
log is then rebuilt.
"""

from __future__ import annotations

from typing import Any

from ...history.narration import Narrator


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
            self.lines += self._narrator.told(before, game.actions[i], events, after)
        self.done = len(game.actions)
        return self.lines


__all__ = ["MoveLog"]
