"""The server's computers think in worker processes, never on its event loop.

A computer seated by the server (``create`` with an ``opponent`` level) decides
its Player's actions with ``bot.choose``: a Master takes up to about half a
second, and a server holds hundreds of rooms on one event loop. So the rooms of a
real clock run their match in the runner's worker mode (``Match.worker``): the
thought starts when the computer's turn to act begins, runs in a process of a
:class:`Thinkers` pool, and the runner plays its answer when the pause is over,
while the loop goes on serving every other room (and this room's clock, which the
server alone keeps).

A bot keeps state from one decision to the next (its plan, the positions it has
seen this innings, its random stream), so the bot itself travels to the worker
with the observation (in its wire form: ``net.wire``) and comes back with the
answer; :class:`PooledBot` takes the bot back only from its latest thought, and
only if nothing asked the bot anything in between. Its reactions as the adversary
(``react``: cheap tests of the observation, each tick) and draw answers stay on
the loop.

A *steps* room runs its match on a virtual clock, and its game must be the one
the local runner plays (tests, the bench's flood): there the computer is a
:class:`SteppedBot`. When the runner asks it to ``choose``, it sends the thought
to the pool and raises :class:`Thinking`; the room takes the tick back (as it does
for a remote seat's ``ask``) and its virtual clock stands still until the thought
comes back, when the same tick is run again and gets the answer. The loop serves
everyone else meanwhile.

A worker ends with the process that started it: its pool is shut down when its owner
closes (the server's ``stop``, the table's quit), and a worker whose owner died without
closing it (killed, or a test run that ended) sees its parent gone and ends too, so no
idle worker is left running. A worker runs at a lower priority than its owner
(``THINK_NICE``), so that on a busy machine the owner's answers to the players and
its frames come before the computers' thoughts.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..ai import TABLE_THINK
from ..match import fresh_rng
from .seats import NeedAnswer
from .wire import decode, encode


def _think(frozen: bytes, kind: type, obs: Any) -> tuple[Any, Any]:
    """In a worker: the bot's choice for the observation, and the bot after it."""
    bot = pickle.loads(frozen)  # our own bytes, made by ``Thinkers.submit``
    action = bot.choose(decode(obs, kind, "obs"))
    return action, bot


def _think_frozen(frozen: bytes, kind: type, obs: Any) -> tuple[Any, bytes]:
    """In a worker: as :func:`_think`, the bot after it sent back as it will be
    sent out again (:class:`PooledBot` reads it only when it is asked something)."""
    action, bot = _think(frozen, kind, obs)
    return action, pickle.dumps(bot)


def _ready() -> int:
    return os.getpid()


THINK_NICE = 5  # how much lower a worker's priority is than its owner's


def _start_worker(parent: int) -> None:
    """In a worker, at its start: yield the processor to its owner first (the owner's
    loop answers the players and draws the table; a thought can wait a moment, as
    its pause hides it), and end once ``parent`` is no longer its parent."""
    with contextlib.suppress(OSError):  # (lowering one's own priority is always allowed)
        os.nice(THINK_NICE)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


class Thinkers:
    """A pool of worker processes for the computers' decisions."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool = self._new_pool()
        self.thoughts = 0
        self.restarts = 0  # pools started again after a worker died

    def _new_pool(self) -> ProcessPoolExecutor:
        # a fresh interpreter per worker: nothing of the server's threads is forked
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(
            self.workers, context, initializer=_start_worker, initargs=(os.getpid(),)
        )

    def warm(self) -> set[int]:
        """Start every worker now (not during the first game); their process ids."""
        return {f.result() for f in [self.pool.submit(_ready) for _ in range(self.workers)]}

    def submit(self, bot: Any, obs: Any) -> Future[tuple[Any, Any]]:
        """The bot is copied now, on the caller's thread, not later by the pool's."""
        return self._submit(_think, pickle.dumps(bot), obs)

    def submit_frozen(self, frozen: bytes, obs: Any) -> Future[tuple[Any, bytes]]:
        """As :meth:`submit` for a bot already pickled; the bot comes back pickled."""
        return self._submit(_think_frozen, frozen, obs)

    def _submit(self, work: Any, frozen: bytes, obs: Any) -> Future[Any]:
        self.thoughts += 1
        kind, wire = type(obs), encode(obs)
        try:
            return self.pool.submit(work, frozen, kind, wire)
        except BrokenProcessPool:  # a worker was killed: a new pool (the thought in it
            self.restarts += 1  # when it died failed; the runner played its fallback)
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = self._new_pool()
            return self.pool.submit(work, frozen, kind, wire)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class PooledBot:
    """A server computer whose ``choose`` runs in :class:`Thinkers`.

    Between two thoughts of one turn nothing asks the bot anything, so it stays
    pickled as the worker sent it back and goes out again as it is: the loop
    neither writes it nor reads it. It is read back (:attr:`bot`) only when a
    question is put to it here (a reaction, a draw), and pickled again for the
    next thought after that."""

    def __init__(self, bot: Any, thinkers: Thinkers) -> None:
        self._bot: Any = bot
        self._frozen: bytes | None = None  # the bot pickled, if that is its latest state
        self.thinkers = thinkers
        self._asked = 0  # counts the questions put to the bot here
        self._latest = 0  # the latest thought sent to a worker
        self._lock = threading.Lock()  # a thought comes back on the pool's thread

    @property
    def bot(self) -> Any:
        """The bot itself, read back from the worker's copy when it is needed."""
        if self._bot is None:
            assert self._frozen is not None
            self._bot = pickle.loads(self._frozen)  # our own worker's bytes
        return self._bot

    def _asking(self) -> Any:
        """The bot, about to be asked something (which may change it)."""
        self._asked += 1
        bot = self.bot
        self._frozen = None
        return bot

    def choose(self, obs: Any) -> Any:
        with self._lock:
            return self._asking().choose(obs)

    def react(self, obs: Any, now: float) -> Any:
        with self._lock:
            return self._asking().react(obs, now)

    def accepts_draw(self, obs: Any) -> bool:
        with self._lock:
            return bool(self._asking().accepts_draw(obs))

    def forget(self) -> None:
        """The game moved on: a thought under way is not the bot's latest state."""
        with self._lock:
            self._asked += 1

    def think(self, obs: Any) -> Future[Any]:
        """``choose`` in a worker: a future of the action (``Match.think``)."""
        with self._lock:
            self._latest += 1
            number, asked = self._latest, self._asked
            if self._frozen is None:  # (the bot was asked something since)
                self._frozen = pickle.dumps(self._bot)
            sent = self.thinkers.submit_frozen(self._frozen, obs)
        answer: Future[Any] = Future()
        answer.set_running_or_notify_cancel()

        def done(f: Future[tuple[Any, bytes]]) -> None:
            try:
                action, frozen = f.result()
            except BaseException as e:  # the runner reads it as a bot's failure
                answer.set_exception(e)
                return
            with self._lock:
                if number == self._latest and asked == self._asked:
                    self._bot, self._frozen = None, frozen
            answer.set_result(action)

        sent.add_done_callback(done)
        return answer


class Thinking(NeedAnswer):
    """Raised by a :class:`SteppedBot` whose thought is under way in the pool."""


class SteppedBot:
    """A server computer at a steps table: ``choose`` runs in :class:`Thinkers`
    while the room's virtual clock waits (see the module text)."""

    def __init__(self, bot: Any, thinkers: Thinkers, seat: int) -> None:
        self.pooled = PooledBot(bot, thinkers)
        self.seat = seat
        self.thought: Future[Any] | None = None

    def choose(self, obs: Any) -> Any:
        thought = self.thought
        if thought is None:
            self.thought = self.pooled.think(obs)
            raise Thinking(self.seat, "think", None)
        if not thought.done():
            raise Thinking(self.seat, "think", None)
        self.thought = None
        return thought.result()  # (a failed thought: the runner's fallback)

    def thinking(self) -> bool:
        return self.thought is not None and not self.thought.done()

    def forget(self) -> None:
        """The game moved on without the thought (a forfeit, a draw): drop it."""
        if self.thought is not None:
            self.thought = None
            self.pooled.forget()

    def react(self, obs: Any, now: float) -> Any:
        return self.pooled.react(obs, now)

    def accepts_draw(self, obs: Any) -> bool:
        return self.pooled.accepts_draw(obs)


def computer(
    kind: Any, level: str, seat: int, thinkers: Thinkers | None, steps: bool, seed: int | None
) -> Any:
    """The server's computer of ``level`` at ``seat`` of a game of ``kind``
    (``game.GameType``). At a steps table dealt from the host's ``seed`` (tests)
    it is the simulated bot (``GameType.bot_rng``, no time cap), so that the game
    replays exactly; otherwise its stream is fresh and a search stops in time.
    With ``thinkers`` it thinks there: a :class:`SteppedBot` at a steps table, a
    :class:`PooledBot` at a real one."""
    if steps and seed is not None:
        bot = kind.make_bot(level, seat, kind.bot_rng(seed, 0, seat, seed))
    else:
        bot = kind.make_bot(level, seat, fresh_rng())
        if hasattr(bot, "time_cap"):  # a searching computer at a table
            bot.time_cap = TABLE_THINK
    if thinkers is None:
        return bot
    return SteppedBot(bot, thinkers, seat) if steps else PooledBot(bot, thinkers)


def think(bot: Any, obs: Any) -> Future[Any]:
    """``Match.think`` for a pooled computer."""
    assert isinstance(bot, PooledBot)
    return bot.think(obs)


__all__ = ["PooledBot", "SteppedBot", "Thinkers", "Thinking", "computer", "think"]
