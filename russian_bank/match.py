"""The match runner: one game, its seats (people or bots) and its clocks.

One door for a game whatever drives it: the table calls :meth:`Match.advance`
with the frame time, the simulator and the tests with virtual time. The runner
owns what happens *between* the gestures of the rule book:

* whose turn it is to act, and the pace of a computer Player (one definite
  action every ``action_time`` seconds; the same pause whether the action was a
  fault or not, so the computer's timing never gives a fault away);
* the computer adversary's reaction (``bot.react`` is asked at every step, with
  the runner's clock);
* the grace after a last card (§68): the engine waits (phase ``pending``) for
  Stop or Stand; when the grace runs out the runner plays Stand for a person;
* the automatic referee, which calls Stop for a person who asked for it;
* draws offered to a computer (§37).

Any game with the face of ``game.protocol.GameSession`` runs here: the two-pack ``engine.Game``
and the one-pack ``onepack.game.OnePackGame``. The Stops, the grace and the referee
run only for a game whose rules have Stops (``game.stops``). It imports only
``engine``. People's actions come in through :meth:`Match.act`; everything else
happens inside :meth:`Match.advance`, which returns the steps taken so that a
caller can animate and report them.

With ``worker=True`` (the table) a computer Player thinks in a worker thread: its
``choose`` starts as soon as its turn to act begins, on the observation of that
moment, and :meth:`Match.advance` never waits for it; the answer is played when
the usual pause is over (later only if the thought takes longer than the pause).
Any action or undo in between makes the thought stale; it is then thrown away and
asked again. Without a worker (the simulator, the tests) ``choose`` runs inline at
the end of the pause, so the virtual clock and the replays stay exact.
"""

from __future__ import annotations

import hashlib
import random
import threading
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .engine import (
    ARRANGING,
    OVER,
    PENDING,
    PLAY,
    AgreeDraw,
    Compel,
    Stand,
    Stop,
    stop_reason,
)
from .game.events import ErrorOpened, FaultClosed, FaultOpened, GameOver, InningsEnded
from .game.protocol import Bot, Runnable

GRACE = 3.0  # seconds the adversary has for Stop after a last card (§68)
ACTION_TIME = 1.6  # seconds between a computer Player's definite actions (normal pace)
RAISED_SHARE = 0.4  # a raised card is played after this share of ACTION_TIME
AUTO_STOP_DELAY = 0.7  # the automatic referee calls Stop after this long (at pace 1)
PACE = {"slow": 1.6, "normal": 1.0, "fast": 0.55, "instant": 0.0}  # pause multipliers
LOOK = 0.1  # the longest step of the clock inside one advance (the bots' blink)

_POOL: ThreadPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def _pool() -> ThreadPoolExecutor:
    """The one thread the computers think on (one table is live at a time)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-think")
        return _POOL


@dataclass
class _Thought:
    """A ``choose`` running in the worker for ``seat`` at generation ``gen``."""

    seat: int
    gen: int
    future: Future[Any]


G = TypeVar("G", bound=Runnable[Any, Any, Any])


def bot_rng(match_seed: int, game: int, seat: int) -> random.Random:
    """A bot's random stream, drawn from its own stream: a hash of
    ("bot", match seed, game, seat). Nothing about the deal can be read from it."""
    digest = hashlib.sha256(repr(("bot", match_seed, game, seat)).encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def fresh_rng() -> random.Random:
    """A bot's random stream at the table: fresh entropy from the system."""
    return random.Random(random.SystemRandom().getrandbits(128))


@dataclass(frozen=True)
class Step:
    """One action taken inside the runner, at ``time`` on its clock."""

    time: float
    seat: int
    action: Any  # the game's own Action
    events: tuple[Any, ...]  # the game's own Events
    by: str  # "person", "bot", "grace", "referee"


@dataclass
class Match(Generic[G]):
    """A game between two seats; ``bots`` holds the computer seats."""

    game: G
    bots: Mapping[int, Bot[Any, Any]] = field(default_factory=dict)
    pace: float = 1.0  # multiplies every pause (0 = as fast as possible)
    grace: float = GRACE
    action_time: float = ACTION_TIME
    referee: frozenset[int] = frozenset()  # seats the automatic referee stops for
    clock: float = 0.0
    log: list[str] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    keep_steps: bool = False
    worker: bool = False  # think in a worker thread (the table) instead of inline
    think: Callable[[Any, Any], Future[Any]] | None = None  # (bot, obs): another worker

    def __post_init__(self) -> None:
        self._wait = 0.0  # time the computer Player has waited since the last action
        self._grace_left: float | None = None
        self._referee_wait = 0.0
        self._gen = 0  # counts every change of the game the runner saw
        self._thought: _Thought | None = None
        self._acted: int | None = None  # the seat of the last definite action, if the Player

    def thinking(self) -> bool:
        """Is a computer's decision running in the worker right now?"""
        t = self._thought
        return t is not None and t.gen == self._gen and not t.future.done()

    # -- state ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game.over

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def to_act(self) -> int | None:
        """The seat whose action the game waits for: the Player, or the adversary
        while a last card waits for Stop or Stand; None when the game is over."""
        g = self.game
        if g.phase == OVER:
            return None
        return 1 - g.player if g.phase == PENDING else g.player

    def grace_left(self) -> float | None:
        """Seconds left for Stop after a last card (None unless waiting)."""
        return self._grace_left if self.game.phase == PENDING else None

    # -- people --------------------------------------------------------------------

    def act(self, action: Any, seat: int, check: bool = True) -> list[Any]:
        """A person's action (raises the game's error with the reason);
        ``check=False`` for an action the rules have just judged legal."""
        return list(self._apply(action, seat, "person", check).events)

    def reason(self, action: Any) -> str | None:
        return self.game.reason(action)

    def offer_draw(self, seat: int) -> bool | None:
        """``seat`` offers a draw (§37). A computer answers at once (True: the game is
        drawn); None when the other seat is a person, who must agree himself."""
        other = 1 - seat
        bot = self.bots.get(other)
        if bot is None or self.over:
            return None
        try:
            yes = bool(bot.accepts_draw(self.game.observe(other)))
        except Exception as e:  # a bot bug must not end the game
            self.log.append(f"bot {other} accepts_draw failed: {e!r}")
            yes = False
        if yes:
            self._apply(AgreeDraw(), other, "bot")
        return yes

    def undone(self) -> None:
        """The caller took actions back with ``game.undo``: start the pauses again."""
        self._wait = 0.0
        self._grace_left = None
        self._referee_wait = 0.0
        self._gen += 1

    def stop_time(self) -> tuple[float, float] | None:
        """The time left to call Stop on the computer Player's last action, and the
        whole of it: the pause before its next action (the next action ends the
        chance). None unless the game has Stops, a computer is the Player and has
        acted in this innings."""
        g = self.game
        me = g.player
        if not g.stops or me not in self.bots or g.phase != PLAY or self._acted != me:
            return None
        whole = self.action_time * self.pace * (RAISED_SHARE if g.raised() else 1.0)
        if whole <= 0:
            return None
        return max(0.0, whole - self._wait), whole

    def timers(self) -> tuple[float, float, float | None, float]:
        """The clock and the pauses running on it (a remote table saves them with the
        game, and takes back a tick that stopped to wait for a remote seat's answer)."""
        return (self.clock, self._wait, self._grace_left, self._referee_wait)

    def set_timers(self, timers: tuple[float, float, float | None, float]) -> None:
        self.clock, self._wait, self._grace_left, self._referee_wait = timers

    # -- time ----------------------------------------------------------------------

    def advance(self, dt: float, hold: bool = False) -> list[Step]:
        """Let ``dt`` seconds pass. ``hold`` keeps a computer Player from acting
        (the table holds it while cards are still flying); the adversary's
        reactions and the grace run on regardless."""
        out: list[Step] = []
        left = dt
        while True:
            step = min(left, LOOK)
            out += self._tick(step, hold)
            left -= step
            if left <= 1e-12 or self.over:
                return out

    def _tick(self, dt: float, hold: bool) -> list[Step]:
        self.clock += dt
        g = self.game
        if g.phase == OVER:
            return []
        if g.stops:
            out = self._run_adversary(dt)
            if out:
                return out
        return self._run_player(dt, hold)

    def _run_adversary(self, dt: float) -> list[Step]:
        g = self.game
        adv = 1 - g.player
        # the adversary first: a computer watches, a Stop beats the next action
        bot = self.bots.get(adv)
        if bot is not None and g.phase in (PLAY, PENDING):
            act = self._ask(adv, lambda b: b.react(g.observe(adv), self.clock), "react")
            if act is not None and g.reason(act) is None:
                return [self._apply(act, adv, "bot", check=False)]
        return self._run_grace(dt) + self._run_referee(dt)

    def _run_grace(self, dt: float) -> list[Step]:
        pos = self.game.position  # a game with Stops: the two-pack Position
        if pos.phase != PENDING:
            self._grace_left = None
            return []
        adv = pos.adversary
        if self._grace_left is None:
            self._grace_left = self.grace
        self._grace_left -= dt
        if adv in self.referee:  # the referee calls a Stop that is due, a little early
            self._grace_left = min(self._grace_left, self.grace - AUTO_STOP_DELAY)
        if self._grace_left > 0:
            return []
        self._grace_left = None
        if adv in self.referee and stop_reason(pos, adv) is None:
            return [self._apply(Stop(adv), adv, "referee")]
        return [self._apply(Stand(adv), adv, "grace")]

    def _run_referee(self, dt: float) -> list[Step]:
        pos = self.game.position  # a game with Stops: the two-pack Position
        adv = pos.adversary
        if adv not in self.referee or pos.phase != PLAY or stop_reason(pos, adv) is not None:
            self._referee_wait = 0.0
            return []
        self._referee_wait += dt
        if self._referee_wait < AUTO_STOP_DELAY * max(self.pace, 0.2):
            return []
        self._referee_wait = 0.0
        return [self._apply(Stop(adv), adv, "referee")]

    def _run_player(self, dt: float, hold: bool) -> list[Step]:
        g = self.game
        me = g.player
        bot = self.bots.get(me)
        if bot is None or g.phase not in (ARRANGING, PLAY):
            self._wait = 0.0
            return []
        if self.worker:
            self._start_thought(me)  # while the cards fly and the pause runs
        if hold:
            self._wait = 0.0
            return []
        self._wait += dt
        wait = self.action_time * self.pace
        if g.raised():
            wait *= RAISED_SHARE
        if self._wait < wait - 1e-9:
            return []
        if self.worker:
            t = self._thought
            assert t is not None
            if not t.future.done():
                return []  # still thinking: the table draws on
            self._thought = None
            action = self._ask(me, lambda b: t.future.result(), "choose")
        else:
            action = self._ask(me, lambda b: b.choose(g.observe(me)), "choose")
        if action is None or self.game.reason(action) is not None:
            if action is not None:
                self.log.append(f"bot {me} chose {action}: {self.game.reason(action)}")
            mine = [
                a for a in self.game.legal_actions() if not isinstance(a, Stop | Compel | Stand)
            ]
            if not mine:
                return []
            action = mine[0]
        return [self._apply(action, me, "bot", check=False)]

    def _start_thought(self, seat: int) -> None:
        t = self._thought
        if t is not None and t.gen == self._gen and t.seat == seat:
            return
        obs = self.game.observe(seat)  # on this thread: the worker never reads the game
        bot = self.bots[seat]
        future = _pool().submit(bot.choose, obs) if self.think is None else self.think(bot, obs)
        self._thought = _Thought(seat, self._gen, future)

    def _ask(self, seat: int, call: Callable[[Bot[Any, Any]], Any], what: str) -> Any:
        try:
            return call(self.bots[seat])
        except Exception as e:  # a bot bug must not end the game
            self.log.append(f"bot {seat} {what} failed: {e!r}")
            del self.log[:-200]
            return None

    def _apply(self, action: Any, seat: int, by: str, check: bool = True) -> Step:
        events = self.game.apply(action) if check else self.game.apply(action, check=False)
        self._gen += 1
        self._wait = 0.0
        self._referee_wait = 0.0
        if self.game.phase != PENDING:
            self._grace_left = None
        step = Step(self.clock, seat, action, tuple(events), by)
        player = self.game.player
        if getattr(action, "definite", True):
            self._acted = seat if seat == player else None
        if self.keep_steps:
            self.steps.append(step)
        return step

    def run(self, limit: float = 1e6) -> None:
        """Play on (virtual time) until the game is over or ``limit`` seconds pass;
        with people at a seat only the clock and the computers move."""
        end = self.clock + limit
        while not self.over and self.clock < end:
            self.advance(LOOK)


def stop_spans(steps: Iterable[Step], seat: int) -> list[tuple[float, float]]:
    """When each fault opened by ``seat`` as Player opened and closed. An error
    the rule set lets the Player make (British Bank, 000 §91.6) counts too, until
    his next action."""
    out: list[tuple[float, float]] = []
    opened: float | None = None
    error = False
    for s in steps:
        if error and opened is not None and s.seat == seat:
            out.append((opened, s.time))
            opened, error = None, False
        for ev in s.events:
            if isinstance(ev, FaultOpened | ErrorOpened) and s.seat == seat and opened is None:
                opened, error = s.time, isinstance(ev, ErrorOpened)
            elif isinstance(ev, FaultClosed | InningsEnded | GameOver) and opened is not None:
                out.append((opened, s.time))
                opened, error = None, False
    return out
