"""The review of a kept game: what a player may have missed.

Marks, each on a step of the replay:

* ``fault`` -- a fault (§21, §67) that the adversary let pass without a Stop;
* ``stop`` -- a Stop called (§24), with the referee's note;
* ``mistake`` -- a run of plays after which the Player's chance of winning, as the
  learned value judges it (``ai/chance.py``), is ``CHANCE_THRESHOLD`` or more below
  the chance the Expert's plan from the same start leaves him: "this gave B a 20%
  better chance to win", with both figures (only where the value judges the game:
  the Committee rules);
* ``expert`` -- a run of plays (from one turn of a card to the next) where the
  Expert's innings search would have played differently and its evaluation finds its
  own plan better by ``THRESHOLD`` cards or more. The mark says the plan in words and
  why in game terms: what the plan achieves that the Player's own plays did not
  (``claims``: more cards put on the Banks, more played from his Stock or from his Hand
  and Discard, more loaded onto the adversary, more spaces left in the Table), each
  counted on the positions the two lines reach from the same start. A run where the
  plan achieves none of these in more cards is not marked: the review never says "better"
  without saying why.

The Expert is asked what it would have done from what the Player could see
(the observation, never the face-down cards). ``analyse`` is plain code with a
progress callback and a cancel check; :class:`ReviewJob` runs it on a thread so
that the window never waits for it.

Every game of the registry is reviewed. A game with an Expert review of its own
(``GameType.review_plans``: the one-pack game, ``onepack/review.py``, which has no Stops
and so no faults to let pass) gives its Expert's plans, found better by ``THRESHOLD``
cards or more, and they are told with the same claims; the others get the marks above.
"""

from __future__ import annotations

import threading
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..ai.bots import Expert
from ..ai.chance import afterstate, chances, percent
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
from ..engine.move_words import plan_words
from ..game.events import StopCalled
from ..game.places import BANK, DISCARD, HAND, HELD, SEATS, STOCK, TABLE
from ..game.protocol import GameType
from ..games import game_type
from ..i18n import _, ngettext
from .replay import Replay

FAULT, STOP, EXPERT, MISTAKE = "fault", "stop", "expert", "mistake"
THRESHOLD = 1.0  # cards: smaller differences are within the evaluation's noise
CHANCE_THRESHOLD = 0.10  # a mistake lost at least this much of the chance of winning
CLOSING = TURNS + ENDS  # the actions that close a run of plays


CLAIMS = ("bank", "stock", "hand", "load", "space")  # what a better line can achieve


@dataclass(frozen=True)
class Mark:
    step: int
    kind: str  # fault, stop, expert, mistake
    text: str
    # expert: how much better the Expert's plan was judged; mistake: the chance lost
    delta: float = 0.0
    # expert: whose run, its first action and the action closing it (indices into the
    # record), the Expert's plays from the run's start, and what they achieve more than
    # the Player's own: (claim, by how many)
    seat: int = -1
    first: int = -1
    last: int = -1
    plan: tuple[Any, ...] = ()
    claims: tuple[tuple[str, int], ...] = ()


def counts(game: GameType[Any, Any, Any], pos: Any, seat: int) -> dict[str, int]:
    """What the claims count on a position of any game, for ``seat``, from its table
    view's piles: cards on the Banks, cards left in his Stock and in his Hand, held
    card and Discard (fewer is more gone), cards on the adversary's Stock and Discard,
    empty Table piles."""
    piles = game.table_view.piles(pos)

    def n(kinds: tuple[str, ...], owner: int | None = None) -> int:
        return sum(
            len(p.cards)
            for place, p in piles.items()
            if place.kind in kinds and (owner is None or place.kind == HELD or place.index == owner)
        )

    return {
        "bank": n((BANK,)),
        "stock": -n((STOCK,), seat),
        "hand": -n((HAND, DISCARD, HELD), seat),
        "load": n((STOCK, DISCARD), 1 - seat),
        "space": sum(1 for place, p in piles.items() if place.kind == TABLE and not p.cards),
    }


def claims(
    game: GameType[Any, Any, Any], seat: int, played: Any, planned: Any
) -> tuple[tuple[str, int], ...]:
    """What the position the plan reaches (``planned``) has more of than the one the
    Player's own plays reached (``played``), both from the same start."""
    a, b = counts(game, played, seat), counts(game, planned, seat)
    return tuple((k, b[k] - a[k]) for k in CLAIMS if b[k] > a[k])


def claim_words(game: GameType[Any, Any, Any], seat: int, claim: str, n: int) -> str:
    """One reason in words: "it puts 2 more cards on the Banks"."""
    w = game.table_view.words.local()
    who, other = SEATS[seat], SEATS[1 - seat]
    if claim == "bank":
        text = ngettext(
            "it puts {n} more card on the {banks}", "it puts {n} more cards on the {banks}", n
        )
    elif claim == "stock":
        text = ngettext(
            "it plays {n} more card from {seat}'s {stock}",
            "it plays {n} more cards from {seat}'s {stock}",
            n,
        )
    elif claim == "hand":
        text = ngettext(
            "it plays {n} more card of {seat}'s {hand} and {discard}",
            "it plays {n} more cards of {seat}'s {hand} and {discard}",
            n,
        )
    elif claim == "load":
        text = ngettext(
            "it loads {n} more card onto {other}", "it loads {n} more cards onto {other}", n
        )
    else:
        text = ngettext(
            "it leaves {n} more space empty in the {table}",
            "it leaves {n} more spaces empty in the {table}",
            n,
        )
    return text.format(
        n=n,
        seat=who,
        other=other,
        banks=w.banks,
        stock=w.stock,
        hand=w.hand,
        discard=w.discard,
        table=w.table,
    )


def expert_mark(
    game: GameType[Any, Any, Any],
    step: int,
    seat: int,
    span: tuple[int, int],
    plan_text: str,
    plan: list[Any],
    delta: float,
    start: Any,
    played: Any,
) -> Mark | None:
    """The mark for a run the Expert would have played better, or None when its plan
    achieves nothing countable more than the Player's plays (no "why" to say)."""
    planned = start.clone()
    for a in plan:
        game.apply(planned, a, False)
    found = claims(game, seat, played, planned)
    if not found:
        return None
    why = _("; ").join(claim_words(game, seat, k, n) for k, n in found)
    text = _("Better for {seat}: {plan}. Why: {why}.").format(
        seat=SEATS[seat], plan=plan_text, why=why
    )
    return Mark(step, EXPERT, text, delta, seat, span[0], span[1], tuple(plan), found)


@dataclass
class _Run:
    """The Player's plays since his last turn of a card."""

    step: int  # the step the run begins with
    seat: int
    root: Position  # the observed position where it began
    plays: list[Action]
    first: int  # the index of its first action
    start: Position  # the position where it began (the claims are counted on it)
    loads: int = 0


def analyse(
    replay: Replay,
    progress: Callable[[float], None] = lambda f: None,
    cancelled: Callable[[], bool] = lambda: False,
    cap: int = Expert.cap,
) -> list[Mark]:
    """Every mark of the game, in step order."""
    game = replay.game
    plans = game.review_plans(replay.start(), replay.actions, THRESHOLD, progress, cancelled)
    if plans is not None:  # the game's own Expert (one-pack): no Stops, no faults
        return _told(replay, plans)
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
            root = working_position(observe(pos, pos.player))
            run = _Run(step, pos.player, root, [], i, pos.clone())
        if run is not None and isinstance(action, CLOSING) and pos.player == run.seat:
            marks += _judge(run, working_position(observe(pos, run.seat)), action, cap, pos, i)
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


def _told(replay: Replay, plans: list[tuple[int, int, str, float, list[Any]]]) -> list[Mark]:
    """The marks of a game's own Expert review, each told with its claims."""
    game, marks = replay.game, []
    pos, done = replay.start(), 0
    for first, last, plan_text, delta, plan in plans:
        for a in replay.actions[done:first]:
            game.apply(pos, a, False)
        start = pos.clone()
        for a in replay.actions[first:last]:
            game.apply(pos, a, False)
        done = last
        step = bisect_right(replay.ends, first)
        mark = expert_mark(
            game, step, start.player, (first, last), plan_text, plan, delta, start, pos
        )
        if mark is not None:
            marks.append(mark)
    return marks


def _judge(
    run: _Run, before_close: Position, close: Action, cap: int, played: Position, last: int
) -> list[Mark]:
    """Compare the Player's run with the Expert's best plan from the same start: the
    plan's mark (``expert``) and the chance of winning the run lost (``mistake``)."""
    w = DEFAULT
    path_len = len(run.plays) + 1
    actual = leaf_value(before_close, close, run.seat, w)
    actual -= w.table_load * run.loads + w.play_cost * path_len
    res = search_innings(run.root, cap=cap, w=w)
    best = res.best()
    if best is None or [str(a) for a in best.path] == [str(a) for a in run.plays + [close]]:
        return []
    delta = best.value - actual
    plays = [a for a in best.path if isinstance(a, Play)]
    game = game_type(run.start.rules.spec)
    span = (run.first, last)
    text = plan_words(run.root, best.path)
    marks: list[Mark] = []
    if delta >= THRESHOLD:
        mark = expert_mark(game, run.step, run.seat, span, text, plays, delta, run.start, played)
        marks += [] if mark is None else [mark]
    with_plan = chances(afterstate(best.pos, best.turn))
    as_played = chances(afterstate(played, close))
    if with_plan is None or as_played is None:
        return marks  # the value does not judge this game
    other = 1 - run.seat  # the figures said, in whole percent, are the ones compared
    if percent(as_played[other]) - percent(with_plan[other]) >= round(100 * CHANCE_THRESHOLD):
        lost = with_plan[run.seat] - as_played[run.seat]
        said = chance_lost_words(run.seat, with_plan, as_played)
        if not marks:  # no Expert mark says the plan: this one does
            said += " " + _("The Expert's plan: {plan}.").format(plan=text)
        marks.append(Mark(run.step, MISTAKE, said, lost, run.seat, *span, tuple(best.path)))
    return marks


def chance_lost_words(
    seat: int, with_plan: tuple[float, float], as_played: tuple[float, float]
) -> str:
    """ "Mistake: this raised A's chance to win by 19%, to 48% instead of 29%": the
    adversary's chance as played and after the Expert's plan, in whole percent."""
    other = 1 - seat
    after, before = percent(as_played[other]), percent(with_plan[other])
    text = _(
        "Mistake: this raised {other}'s chance to win by {points}%,"
        " to {after}% instead of {before}%."
    )
    return text.format(other=SEATS[other], points=after - before, after=after, before=before)


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


__all__ = [
    "CHANCE_THRESHOLD",
    "CLAIMS",
    "EXPERT",
    "FAULT",
    "MISTAKE",
    "STOP",
    "Mark",
    "ReviewJob",
    "analyse",
    "chance_lost_words",
    "claims",
    "counts",
]
