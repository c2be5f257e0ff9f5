"""Replaying a kept game step by step.

A *step* is one definite action (a play, a turn, a discard, a Stop...) with the
raise that began it; raising and putting back alone are not steps. Step 0 is the
deal. Opening a replay only reads the record; the game is replayed lazily, as
far as the steps asked for, keeping a snapshot every ``SNAP`` steps so that any
step already reached is rebuilt from at most ``SNAP`` steps. The actions are not
re-checked one by one: a stored file is guarded by its checksum, and an imported
one was replayed by the rules on import.

A replay works for every game of the registry (``russian_bank.game``), one-pack
included: it deals and carries out each action through the game's interface (``deal``,
``apply``, ``reason``), and tells each step in the table's move-log words
(:class:`~.narration.Narrator`: the same sentences as the table's log, the step's lines
joined in one), so each line names the piles in the game's own words.
"""

from __future__ import annotations

from typing import Any

from ..game.places import SEATS
from ..game.protocol import GameType
from ..games import game_type
from ..i18n import _
from .narration import Narrator
from .records import Kept, RecordError, first_position, read_record

SNAP = 32


class Replay:
    def __init__(self, kept: Kept) -> None:
        self.kept = kept
        read = read_record(kept.record)
        self.game: GameType[Any, Any, Any] = game_type(read.rules)
        try:
            self.actions: list[Any] = [self.game.parse_action(t) for t in read.actions]
        except ValueError as e:
            raise RecordError(
                _("the record holds an action that cannot be read ({why})").format(why=e)
            ) from None
        last = len(self.actions) - 1
        # actions applied at the end of each step
        self.ends: list[int] = [0] + [
            i + 1 for i, a in enumerate(self.actions) if a.definite or i == last
        ]
        pos = first_position(read)
        self.lines: list[str] = [_("The deal")]  # the move log so far, one line per step
        self.movers: list[int] = [pos.player]  # whose action each step was
        self._snaps: list[Any] = [pos.clone()]
        self._front = pos  # the position after the last step reached
        self._reached = 0
        self._narrator = Narrator()  # the table's move-log words (one wording, issue 19)

    @property
    def steps(self) -> int:
        """The number of the last step (the final position)."""
        return len(self.ends) - 1

    @property
    def reached(self) -> int:
        return self._reached

    def reach(self, step: int) -> None:
        """Replay as far as ``step`` (the move log then holds its line)."""
        step = min(step, self.steps)
        pos = self._front
        acts = self.actions
        while self._reached < step:
            k = self._reached + 1
            last = self.ends[k] - 1
            said: list[str] = []
            try:
                for i in range(self.ends[k - 1], last + 1):
                    a, me = acts[i], pos.player
                    said += self._narrator.tell(pos, a)[1]
            except Exception as e:  # a damaged record must not crash the table
                raise self._broken(k, i, e) from None
            self.lines.append(
                ". ".join(said) or _("{seat} takes hold of a card").format(seat=SEATS[me])
            )
            self.movers.append(getattr(a, "seat", me))
            self._reached = k
            if k % SNAP == 0:
                self._snaps.append(pos.clone())

    def _broken(self, k: int, i: int, e: Exception) -> RecordError:
        """Step ``k`` cannot be replayed (action ``i`` failed with ``e``): put the
        front back at step ``k - 1`` and say why in one line, in the rules' words."""
        pos = self._at(k - 1)
        self._front = pos.clone()
        for a in self.actions[self.ends[k - 1] : i]:
            self.game.apply(pos, a, False)
        why = self.game.reason(pos, self.actions[i]) or str(e) or _("the record is damaged")
        return RecordError(_("move {n} breaks the rules: {why}").format(n=k, why=why))

    def _at(self, step: int) -> Any:
        """The position after ``step``, rebuilt from the last snapshot before it."""
        k = step // SNAP
        pos = self._snaps[k].clone()
        for a in self.actions[self.ends[k * SNAP] : self.ends[step]]:
            self.game.apply(pos, a, False)
        return pos

    def position(self, step: int) -> Any:
        """A fresh copy of the position after ``step`` (0 = the deal)."""
        step = max(0, min(step, self.steps))
        self.reach(step)
        if step == self._reached:
            return self._front.clone()
        return self._at(step)

    def start(self) -> Any:
        """A fresh copy of the deal (safe from another thread: the deal never changes)."""
        return self._snaps[0].clone()

    def line(self, step: int) -> str:
        self.reach(step)
        return self.lines[step]
