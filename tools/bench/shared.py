"""Several server processes behind one router, sharing a Redis:
``python -m tools.bench network --processes 4 [--redis URL] [--kill-one]``.

Starts ``--processes`` ``russian-bank-server --redis`` processes and the router
(``net.router``), and a Redis of its own when ``--redis`` is not given (Debian's
``redis-server`` in a temporary folder, ``appendfsync always``). Plays ``--rooms``
*steps* rooms through the router from ``--clients`` processes (bot against bot,
both seats clients: the flood), each seat coming back with its token whenever its
connection is lost (``net.botseat.play_on``). With ``--kill-one``, once every room
has played ``--kill-at`` actions, the process owning the most rooms is killed with
``kill -9``. Prints the rooms finished, actions a second, the action round trip at
p50 and p99, Redis's own count and time of the journal writes, and with
``--kill-one`` how long its rooms' seats took to come back and whether every record
equals the local runner's for the same seed (no action lost). Exits 0 when every
room finished with the local runner's record.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import signal
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import redis

from russian_bank.ai import make_bot
from russian_bank.engine import Game
from russian_bank.engine.rulesets import rule_set
from russian_bank.match import LOOK, Match, bot_rng
from russian_bank.net import collector
from russian_bank.net.botseat import Played, play_on
from russian_bank.net.client import Client
from russian_bank.net.shared import ROOMS, journal_key, owner_key
from russian_bank.sim import pct

from .cluster import Cluster, start_redis, stop


def local_record(seed: int, level: str, action_time: float) -> str:
    """The record the local match runner makes of the same bots on the same deal."""
    g = Game.new(seed, rule_set("committee"))
    bots = {s: make_bot(level, s, bot_rng(seed, 0, s)) for s in (0, 1)}
    m = Match(g, bots, action_time=action_time)
    while not m.over:
        m.advance(LOOK)
    return g.record_text()


async def room(url: str, seed: int, level: str, action_time: float) -> list[Played]:
    a, b = Client(url, "A"), Client(url, "B")
    await a.connect()
    joined = await a.create(clock="steps", seed=seed, action_time=action_time)
    await b.join(joined["room"])
    seats = [
        play_on(c, make_bot(level, s, bot_rng(seed, 0, s)), timeout=3600)
        for s, c in enumerate((a, b))
    ]
    out = await asyncio.gather(*seats)
    await a.close()
    await b.close()
    return list(out)


async def _rooms(url: str, seeds: list[int], opts: dict[str, Any]) -> list[Any]:
    made = []
    for s in seeds:  # (opened a few at a time: the processes are not flooded with handshakes)
        made.append(asyncio.ensure_future(room(url, s, opts["level"], opts["action_time"])))
        await asyncio.sleep(0.01)
    results = await asyncio.gather(*made, return_exceptions=True)
    return [r if not isinstance(r, BaseException) else repr(r)[:200] for r in results]


def clients(job: tuple[str, list[int], dict[str, Any]]) -> list[Any]:
    """One client process: its share of the rooms, and each finished record checked
    against the local runner's."""
    url, seeds, opts = job
    collector.quiet()
    out = asyncio.run(_rooms(url, seeds, opts))
    for seed, seats in zip(seeds, out, strict=True):
        if not isinstance(seats, str):
            local = local_record(seed, opts["level"], opts["action_time"])
            seats[0].error = "" if all(x.records == [local] for x in seats) else "not local"
    return out


def kill_one(store: redis.Redis, n: int, at: int) -> tuple[float, int, int]:
    """Once ``n`` rooms have each played ``at`` actions: ``kill -9`` of the process
    that owns the most of them. When, its pid, how many rooms it held."""
    while True:
        codes = [str(c) for c in store.smembers(ROOMS)]  # type: ignore[union-attr]
        if len(codes) >= n:
            lengths = [int(store.llen(journal_key(c))) for c in codes]  # type: ignore[arg-type]
            if min(lengths) > at:
                break
        time.sleep(0.5)
    owners = [str(o) for o in store.mget([owner_key(c) for c in codes])]  # type: ignore[union-attr]
    busiest, held = Counter(owners).most_common(1)[0]
    pid = int(busiest.split(":")[1])
    os.kill(pid, signal.SIGKILL)
    return time.monotonic(), pid, held


def run(a: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        own = None
        url = a.redis
        if url is None:
            own, url = start_redis(Path(tmp) / "redis")
        log = open(Path(tmp) / "servers.log", "w")  # noqa: SIM115
        cluster = Cluster(url, a.processes, log)
        store = redis.Redis.from_url(url, decode_responses=True)
        store.config_resetstat()
        try:
            opts = {"level": a.level, "action_time": a.action_time}
            seeds = [a.seed + i for i in range(a.rooms)]
            jobs = [(cluster.url, seeds[i :: a.clients], opts) for i in range(a.clients)]
            t0 = time.perf_counter()
            killed = None
            with multiprocessing.get_context("spawn").Pool(a.clients) as pool:
                pending = pool.map_async(clients, jobs)
                if a.kill_one:
                    killed = kill_one(store, a.rooms, a.kill_at)
                parts = pending.get()
            wall = time.perf_counter() - t0
            stats = store.info("commandstats")
            sent = store.info("stats").get("total_net_input_bytes", 0)
            # (counted before the stop: a stopping process gives its leases up to the others)
            taken = (Path(tmp) / "servers.log").read_text().count("taken over")
        finally:
            cluster.close()
            log.close()
            if own is not None:
                stop(own)
    results = [r for part in parts for r in part]
    failed = [r for r in results if isinstance(r, str)]
    done = [r for r in results if not isinstance(r, str)]
    local = sum(1 for seats in done if not seats[0].error)
    trips = [t for seats in done for x in seats for t in x.round_trips]
    actions = sum(seats[0].records[0].count("\n") - 3 for seats in done if seats[0].records)
    print(
        f"rooms: {a.rooms} ({a.level} against {a.level}, steps table) over {a.processes} "
        f"processes behind the router; {a.clients} client processes"
    )
    print(f"games finished: {len(done)} of {a.rooms}; with the local runner's record: {local}")
    if failed:
        print(f"rooms that failed: {len(failed)} (first: {failed[0]})")
    print(f"actions: {actions}; wall: {wall:.1f} s; {actions / wall:.0f} actions/s")
    p50, p99 = (pct(trips, q) * 1000 for q in (0.5, 0.99))
    print(f"action round trip ms p50: {p50:.2f} p99: {p99:.2f} ({len(trips)} round trips)")
    ev = stats.get("cmdstat_evalsha", {})
    print(
        f"redis: {ev.get('calls', 0)} journal writes, {ev.get('usec_per_call', 0):.0f} us each "
        f"in Redis; {sent / 2**20:.1f} MiB sent to Redis"
    )
    if killed is not None:
        when, pid, held = killed
        back = [t for seats in done for x in seats for t in x.resumed]
        rooms_back = sum(1 for seats in done if any(x.resumed for x in seats))
        print(
            f"killed: process {pid} (kill -9) holding {held} rooms; taken over: {taken}; "
            f"rooms whose seats came back: {rooms_back}; seats back in "
            f"p50 {pct(back, 0.5):.2f} s, max {max(back, default=0):.2f} s"
        )
    return 0 if local == a.rooms else 1


__all__ = ["local_record", "run"]
