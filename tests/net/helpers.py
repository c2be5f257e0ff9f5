"""Shared pieces of the remote-table tests: a loopback server, bots, the local match."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import socket
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

from russian_bank.ai import make_bot
from russian_bank.engine import Game
from russian_bank.engine.rulesets import rule_set
from russian_bank.match import LOOK, Match, bot_rng
from russian_bank.net.client import Client
from russian_bank.net.config import Config
from russian_bank.net.server import Server

LEVEL = "club"
ACTION_TIME = 0.3


def run(coro: Any, timeout: float = 120) -> Any:
    """Run a test's coroutine with a hard bound on its time."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


@contextlib.asynccontextmanager
async def serving(**options: Any) -> AsyncIterator[Server]:
    options.setdefault("allow_seed", True)
    srv = Server(Config(host="127.0.0.1", port=0, **options))
    await srv.start()
    try:
        yield srv
    finally:
        await srv.stop()


def url(srv: Server) -> str:
    return f"ws://127.0.0.1:{srv.port}"


async def two_seats(
    srv: Server, seed: int, rules: str = "committee", clock: str = "steps", **opts: Any
) -> tuple[Client, Client]:
    a, b = Client(url(srv), "Ann"), Client(url(srv), "Bob")
    await a.connect()
    await b.connect()
    joined = await a.create(clock=clock, seed=seed, rules=rules, action_time=ACTION_TIME, **opts)
    await b.join(joined["room"])
    return a, b


def bot(seat: int, seed: int, game: int = 0, level: str = LEVEL) -> Any:
    return make_bot(level, seat, bot_rng(seed, game, seat))


def local_record(seed: int, rules: str = "committee", game: int = 0, level: str = LEVEL) -> str:
    """The record the local match runner makes of the same bots on the same deal."""
    g = Game.new(seed, rule_set(rules))
    m = Match(g, {s: bot(s, seed, game, level) for s in (0, 1)}, action_time=ACTION_TIME)
    while not m.over:
        m.advance(LOOK)
    return g.record_text()


def garbage(rng: random.Random) -> str:
    return "".join(chr(rng.randrange(32, 127)) for _ in range(rng.randrange(0, 60)))


SLOW = 3.0  # seconds a slow computer sleeps before some of its decisions
SLOW_AT = (3, 6)  # which of its decisions (counted from 1)


class Slow:
    """A computer that sleeps ``SLOW`` seconds before its decisions ``SLOW_AT``,
    wherever it thinks (it travels to a worker whole, its count with it), and
    otherwise decides as the bot it wraps."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.decisions = 0

    def choose(self, obs: Any) -> Any:
        self.decisions += 1
        if self.decisions in SLOW_AT:
            time.sleep(SLOW)
        return self.bot.choose(obs)

    def react(self, obs: Any, now: float) -> Any:
        return self.bot.react(obs, now)

    def accepts_draw(self, obs: Any) -> bool:
        return bool(self.bot.accepts_draw(obs))


class SlowKind:
    """A game of the registry whose computers are :class:`Slow`."""

    def __init__(self, kind: Any) -> None:
        self.kind = kind

    def __getattr__(self, name: str) -> Any:
        return getattr(self.kind, name)

    def make_bot(self, *args: Any, **options: Any) -> Slow:
        return Slow(self.kind.make_bot(*args, **options))


async def connect_from(url_: str, source: str, **options: Any) -> Any:
    """A WebSocket connection to ``url_`` leaving from the address ``source`` (Linux
    routes all of 127/8 to the loopback: 127.0.0.2 is another address on it)."""
    from urllib.parse import urlsplit

    from websockets.asyncio.client import connect

    where = urlsplit(url_)
    sock = socket.socket()
    sock.setblocking(False)
    sock.bind((source, 0))
    try:
        await asyncio.get_running_loop().sock_connect(sock, (where.hostname, where.port))
    except OSError:
        sock.close()
        raise
    options.setdefault("open_timeout", 10)
    return await connect(url_, sock=sock, compression=None, proxy=None, **options)


class From(Client):
    """A seat whose connection leaves from ``source`` (another loopback address)."""

    def __init__(self, url_: str, name: str, source: str) -> None:
        super().__init__(url_, name)
        self.source = source

    async def connect(self) -> None:
        self.ws = await connect_from(self.url, self.source, max_size=1 << 20)


async def seats_from(srv: Server, seed: int, sources: tuple[str, str]) -> tuple[Client, Client]:
    """Two seats of one steps room, from two addresses of their own."""
    a, b = From(url(srv), "Ann", sources[0]), From(url(srv), "Bob", sources[1])
    await a.connect()
    await b.connect()
    joined = await a.create(clock="steps", seed=seed, action_time=ACTION_TIME)
    await b.join(joined["room"])
    return a, b


def p99(samples: list[float]) -> float:
    """The 99th percentile of ``samples``, in milliseconds."""
    ordered = sorted(samples)
    return 1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


class Collect(logging.Handler):
    """Every log line while it is attached (``lines``), and the bad ones."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record)

    def count(self, level: int = logging.WARNING) -> int:
        return sum(r.levelno >= level for r in self.lines)

    def tracebacks(self) -> list[str]:
        return [r.getMessage() for r in self.lines if r.exc_info or "Traceback" in r.getMessage()]


@contextlib.contextmanager
def logged() -> Iterator[Collect]:
    """Collect the log's lines (every logger, INFO and up) for the ``with`` block."""
    log, root = Collect(), logging.getLogger()
    old = root.level
    root.addHandler(log)
    root.setLevel(logging.INFO)
    try:
        yield log
    finally:
        root.removeHandler(log)
        root.setLevel(old)
