"""The review of a kept game: what a player may have missed.

Marks, each on a step of the replay:

* ``fault`` -- a fault (§21, §67) that the adversary let pass without a Stop;
* ``stop`` -- a Stop called (§24), with the referee's note;
* ``expert`` -- a run of plays (from one turn of a card to the next) where the
  Expert's innings search would have played differently, with how much better
  its evaluation found its own plan, in cards (one Hand card = 1).

The Expert is asked what it would have done from what the Player could see
(the observation, never the face-down cards). ``analyse`` is plain code with a
progress callback and a cancel check; :class:`ReviewJob` runs it on a thread so
that the window never waits for it.

Every game of the registry is reviewed. A game with an Expert review of its own
(``GameType.review_plans``: the one-pack game, ``onepack/review.py``, which has no Stops
and so no faults to let pass) gives its Expert marks, found better by ``THRESHOLD``
cards or more; the others get the marks above.
"""

from __future__ import annotations

import threading
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass

from ..ai.bots import Expert
from ..ai.determinize import working_position
from ..ai.evaluate import DEFAULT
from ..ai.search import leaf_value, search_innings
from ..ai.util import ENDS, TURNS
from ..engine import (
    ARRANGING,
    PLAY,
    Action,
    Play,
    Position,
    Raise,
    apply,
    observe,
)
from ..engine.events import StopCalled
from ..engine.move_words import plan_words
from ..engine.places import DISCARD, SEATS, STOCK, TABLE
from ..i18n import _, ngettext
from .replay import Replay

FAULT, STOP, EXPERT = "fault", "stop", "expert"
THRESHOLD = 1.0  # cards: smaller differences are within the evaluation's noise
CLOSING = TURNS + ENDS  # the actions that close a run of plays


@dataclass(frozen=True)
class Mark:
    step: int
    kind: str  # fault, stop, expert
    text: str
    delta: float = 0.0  # expert: how much better the Expert's plan was judged


@dataclass
class _Run:
    """The Player's plays since his last turn of a card."""

    step: int  # the step the run begins with
    seat: int
    root: Position  # the observed position where it began
    plays: list[Action]
    loads: int = 0


def analyse(
    replay: Replay,
    progress: Callable[[float], None] = lambda f: None,
    cancelled: Callable[[], bool] = lambda: False,
    cap: int = Expert.cap,
) -> list[Mark]:
    """Every mark of the game, in step order."""
    plans = replay.game.review_plans(replay.start(), replay.actions, THRESHOLD, progress, cancelled)
    if plans is not None:  # the game's own Expert (one-pack): no Stops, no faults
        return [Mark(bisect_right(replay.ends, i), EXPERT, t, d) for i, t, d in plans]
    marks: list[Mark] = []
    pos = replay.start()
    n = len(replay.actions)
    fault_from: tuple[int, str, int] | None = None  # step, note, seat of an open fault
    run: _Run | None = None
    step = 0
    for i, action in enumerate(replay.actions):
        if cancelled():
            break
        if i % 16 == 0:
            progress(i / max(1, n))
        if i >= replay.ends[step]:
            step += 1
        if run is None and _run_may_start(pos, action):
            run = _Run(step, pos.player, working_position(observe(pos, pos.player)), [])
        if run is not None and isinstance(action, CLOSING) and pos.player == run.seat:
            mark = _judge(run, working_position(observe(pos, run.seat)), action, cap)
            if mark is not None:
                marks.append(mark)
            run = None
        had = pos.fault
        events = apply(pos, action, check=False)
        stopped = [e for e in events if isinstance(e, StopCalled)]
        for e in stopped:
            said = _("{seat} called Stop: {note}").format(seat=SEATS[e.seat], note=e.note)
            marks.append(Mark(step, STOP, said))
        if run is not None:
            if isinstance(action, Play) and pos.player == run.seat and not stopped:
                run.plays.append(action)
                if action.src.kind == TABLE and action.dst.kind in (STOCK, DISCARD):
                    run.loads += 1
            elif action.definite:
                run = None  # a Stop, a Compel or the end of the game broke the run
        if pos.fault is not None and had is None:
            fault_from = (step, pos.fault_note or _("a fault"), pos.player)
        elif pos.fault is None and fault_from is not None:
            if not stopped:
                f_step, note, seat = fault_from
                text = _("Fault not stopped: {note}. {seat} could have called Stop").format(
                    note=note, seat=SEATS[1 - seat]
                )
                marks.append(Mark(f_step, FAULT, text))
            fault_from = None
    progress(1.0)
    marks.sort(key=lambda m: m.step)
    return marks


def _run_may_start(pos: Position, action: Action) -> bool:
    return (
        pos.phase in (PLAY, ARRANGING)
        and pos.raised is None
        and pos.compelled is None
        and isinstance(action, (Play, Raise, *CLOSING))
    )


def _judge(run: _Run, before_close: Position, close: Action, cap: int) -> Mark | None:
    """Compare the Player's run with the Expert's best plan from the same start."""
    w = DEFAULT
    path_len = len(run.plays) + 1
    actual = leaf_value(before_close, close, run.seat, w)
    actual -= w.table_load * run.loads + w.play_cost * path_len
    res = search_innings(run.root, cap=cap, w=w)
    best = res.best()
    if best is None:
        return None
    delta = best.value - actual
    if delta < THRESHOLD or [str(a) for a in best.path] == [str(a) for a in run.plays + [close]]:
        return None
    plan = plan_words(run.root, best.path)
    n = max(1, round(delta))
    # in words: the plan, and what it is worth (the Expert counts in cards)
    text = ngettext(
        "From the position before this move the Expert would have played: {plan}."
        " It reckons that as good as getting rid of {n} more card",
        "From the position before this move the Expert would have played: {plan}."
        " It reckons that as good as getting rid of {n} more cards",
        n,
    ).format(plan=plan, n=n)
    return Mark(run.step, EXPERT, text, delta)


class ReviewJob:
    """``analyse`` on a background thread: poll ``progress``, ``done`` and ``marks``."""

    def __init__(self, replay: Replay, cap: int = Expert.cap) -> None:
        self.replay = replay
        self.cap = cap
        self.progress = 0.0
        self.marks: list[Mark] = []
        self.error: str | None = None
        self.done = False
        self._cancel = False
        self._thread = threading.Thread(target=self._run, name="review", daemon=True)

    def start(self) -> ReviewJob:
        self._thread.start()
        return self

    def cancel(self) -> None:
        self._cancel = True

    def join(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)

    def _run(self) -> None:
        try:
            self.marks = analyse(self.replay, self._progress, lambda: self._cancel, self.cap)
        except Exception as e:  # shown in the window, never raised into it
            self.error = _("The review stopped: {why}").format(why=e)
        self.done = True

    def _progress(self, f: float) -> None:
        self.progress = f


__all__ = ["EXPERT", "FAULT", "STOP", "Mark", "ReviewJob", "analyse"]
