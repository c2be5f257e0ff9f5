"""The live table's computer thinks in a process of its own.

A decision in a thread of the table's process shares the interpreter lock with
the frames: while a Master searched (about half a second), frames took up to
22 ms (``bench ui --master``), more than a 60 Hz frame. In a worker process (the
server's :class:`net.think.Thinkers` pool, one worker) the frames keep the lock.

The bot travels to the worker with the observation and comes back with its
answer, as on the server. At the table the bot stays the same object (its level
and Mistakes setting are read and changed there), so its state after the thought
(its plan, the positions seen this innings, its random stream) is copied back
into it when the table takes the answer, on the table's thread, and only if
nothing changed the bot meanwhile. A thought the table throws away (an action or
undo came first) leaves the bot as it was.
"""

from __future__ import annotations

import pickle
from concurrent.futures import Future
from typing import Any

from ..net.think import Thinkers, _ready


class _Answer(Future[Any]):
    """The action of a thought; taking it copies the bot's new state back."""

    def __init__(self, bot: Any, sent: bytes) -> None:
        super().__init__()
        self.bot = bot
        self.sent = sent  # the bot as it went to the worker
        self.taken = False

    def result(self, timeout: float | None = None) -> Any:
        action, after = super().result(timeout)
        if not self.taken:
            self.taken = True
            if pickle.dumps(self.bot) == self.sent:  # nothing asked the bot meanwhile
                self.bot.__dict__.update(after.__dict__)
        return action


class ProcessThinker:
    """``Match.think`` for the live table: each decision in the worker process."""

    def __init__(self) -> None:
        self.thinkers = Thinkers(1)
        self.ready = self.thinkers.pool.submit(_ready)  # start it now, not in a decision

    def __call__(self, bot: Any, obs: Any) -> Future[Any]:
        sent = pickle.dumps(bot)
        answer = _Answer(bot, sent)
        answer.set_running_or_notify_cancel()

        def done(f: Future[tuple[Any, Any]]) -> None:
            try:
                answer.set_result(f.result())
            except BaseException as e:  # the runner reads it as the bot's failure
                answer.set_exception(e)

        self.thinkers.submit(bot, obs).add_done_callback(done)
        return answer

    def close(self) -> None:
        self.thinkers.pool.shutdown(wait=False, cancel_futures=True)


__all__ = ["ProcessThinker"]
