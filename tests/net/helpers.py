"""Shared pieces of the remote-table tests: a loopback server, bots, the local match."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator
from typing import Any

from russian_bank.ai import make_bot
from russian_bank.engine import Game
from russian_bank.engine.rulesets import rule_set
from russian_bank.match import LOOK, Match, bot_rng
from russian_bank.net.client import Client
from russian_bank.net.server import Config, Server

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
