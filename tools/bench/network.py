"""Many rooms against one server: ``python -m tools.bench network --rooms 200``.

Starts one ``russian-bank-server`` process on loopback (its own data folder in a
temporary directory, so rooms are saved as in service; ``--thinkers`` worker
processes for its computers), then plays ``--rooms`` bot-against-bot games at
once through it, from ``--clients`` processes of their own (so that no client's
thinking delays another client's reading). Two kinds of room:

* ``--clock real`` (the default): the server's clock runs the room, as for
  people. Seat A is a novice bot client playing as a person would (it waits ``--pause``
  seconds, then sends its action); seat B is the server's computer, thinking in
  the server's worker processes, at ``--action-time`` seconds an action.
* ``--clock steps``: both seats are bot clients at a *steps* table, answering the
  room's every question at once: a flood, the most the server can be asked.

Prints the games finished, the action round trip (an action sent, until its step
comes back) at p50 and p99, the processes' CPU time, and the server's memory
(resident set) at the start, at its peak and per room. Exits 0 when every room
finished its game (with ``--seconds``: when no room broke before the time ran out).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from russian_bank.ai import LEVELS, make_bot
from russian_bank.cli import count, positive_float, positive_int
from russian_bank.match import bot_rng
from russian_bank.net import collector
from russian_bank.net.botseat import Played, play, play_real
from russian_bank.net.client import Client
from russian_bank.sim import pct


def rss_kib(pid: int) -> int:
    """Resident memory of a process, in KiB (0 if it cannot be read)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pid: int) -> float:
    """User and system time of a process so far (0 if it cannot be read)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def cpu_wait(pid: int | str = "self") -> float:
    """Seconds the threads of a process have waited, runnable, for a CPU (the
    kernel's schedstat): on a shared machine, what delays come from elsewhere."""
    total = 0
    for stat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        try:
            total += int(stat.read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total / 1e9


def start_server(data: Path, thinkers: int) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "russian_bank.net.server", "--port", "0", "--data", str(data)]
        + ["--allow-seed", "--thinkers", str(thinkers), "--grace", "0.5"]
        # every room's clients come from 127.0.0.1: one address's caps would refuse them
        + ["--per-address", "0", "--rooms-per-minute", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "listening on port" not in line:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, int(line.split()[-1])


async def steps_room(url: str, seed: int, level: str, action_time: float) -> list[Played]:
    a, b = Client(url, "A"), Client(url, "B")
    await a.connect()
    await b.connect()
    joined = await a.create(clock="steps", seed=seed, action_time=action_time)
    await b.join(joined["room"])
    bots = [make_bot(level, s, bot_rng(seed, 0, s)) for s in (0, 1)]
    out = await asyncio.gather(play(a, bots[0], timeout=1800), play(b, bots[1], timeout=1800))
    await a.close()
    await b.close()
    return list(out)


async def real_room(
    url: str, seed: int, level: str, action_time: float, pause: float, out: Played
) -> list[Played]:
    a = Client(url, "A")
    await a.connect()
    await a.create(clock="real", seed=seed, action_time=action_time, opponent=level)
    await play_real(a, make_bot("novice", 0, bot_rng(seed, 0, 0)), pause, 1800, out)
    await a.close()
    return [out]


async def _rooms(url: str, seeds: list[int], opts: dict[str, Any]) -> list[Any]:
    if opts["clock"] == "steps":
        made = [steps_room(url, s, opts["level"], opts["action_time"]) for s in seeds]
        results = await asyncio.gather(*made, return_exceptions=True)
        return [r if not isinstance(r, BaseException) else repr(r) for r in results]
    played = [Played() for _ in seeds]
    made = [
        real_room(url, s, opts["level"], opts["action_time"], opts["pause"], out)
        for s, out in zip(seeds, played, strict=True)
    ]
    tasks = [asyncio.ensure_future(m) for m in made]
    await asyncio.wait(tasks, timeout=opts["seconds"])
    for t in tasks:
        t.cancel()
    ends = await asyncio.gather(*tasks, return_exceptions=True)
    for out, end in zip(played, ends, strict=True):
        if isinstance(end, Exception):
            out.error = repr(end)[:200]
    # a room stopped by --seconds counts its round trips, not as a finished game
    return [[out] for out in played]


def clients(job: tuple[str, list[int], dict[str, Any]]) -> tuple[list[Any], float, float]:
    """One client process: its share of the rooms; what each played, its CPU time
    and its wait for a CPU."""
    url, seeds, opts = job
    collector.quiet()  # (a hundred rooms' clients in one process: a server's heap)
    out = asyncio.run(_rooms(url, seeds, opts))
    return out, time.process_time(), cpu_wait()


def run(url: str, a: argparse.Namespace, pid: int) -> tuple[list[Any], int, float, float]:
    """Every room, shared out among the client processes; the server's peak memory."""
    opts = {
        "clock": a.clock,
        "level": a.level,
        "action_time": a.action_time,
        "pause": a.pause,
        "seconds": a.seconds,
    }
    seeds = [a.seed + i for i in range(a.rooms)]
    jobs = [(url, seeds[i :: a.clients], opts) for i in range(a.clients)]
    peak = rss_kib(pid)
    with multiprocessing.get_context("spawn").Pool(a.clients) as pool:
        pending = pool.map_async(clients, jobs)
        while not pending.ready():
            pending.wait(0.5)
            peak = max(peak, rss_kib(pid))
        parts = pending.get()
    results = [r for part, _cpu, _wait in parts for r in part]
    return results, peak, sum(p[1] for p in parts), sum(p[2] for p in parts)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.bench network")
    p.add_argument("--rooms", type=positive_int, default=200)
    p.add_argument("--clock", choices=("real", "steps"), default="real")
    p.add_argument("--level", choices=LEVELS, default="novice", help="the server's computer")
    p.add_argument("--action-time", type=positive_float, default=0.5)
    p.add_argument(
        "--pause", type=positive_float, default=0.5, help="the person bot's pause (real)"
    )
    p.add_argument("--thinkers", type=count, default=2, help="the server's worker processes")
    p.add_argument("--clients", type=positive_int, default=2, help="client processes")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--seconds", type=positive_float, default=None, help="real clock: stop the rooms then"
    )
    p.add_argument(
        "--processes", type=positive_int, help="N server processes sharing a Redis (steps rooms)"
    )
    p.add_argument("--redis", metavar="URL", help="their Redis (default: one of its own)")
    p.add_argument("--kill-one", action="store_true", help="kill -9 one process mid-run")
    p.add_argument("--kill-at", type=positive_int, default=40, help="... once each room has")
    a = p.parse_args(argv)
    if a.processes is not None:  # several processes behind the router (tools/bench/shared.py)
        from .shared import run as shared_run

        return shared_run(a)
    with tempfile.TemporaryDirectory() as tmp:
        proc, port = start_server(Path(tmp), a.thinkers)
        try:
            time.sleep(0.3)
            start = rss_kib(proc.pid)
            t0 = time.perf_counter()
            results, peak, client_cpu, client_wait = run(f"ws://127.0.0.1:{port}", a, proc.pid)
            wall = time.perf_counter() - t0
            server_cpu, server_wait = cpu_seconds(proc.pid), cpu_wait(proc.pid)
            pool_cpu = sum(cpu_seconds(c) for c in children(proc.pid))
        finally:
            proc.kill()
            proc.wait(10)
    done = [r for r in results if not isinstance(r, str)]
    failed = [r for r in results if isinstance(r, str)]
    failed += [x.error for seats in results if not isinstance(seats, str) for x in seats if x.error]
    finished = sum(1 for seats in done if seats[0].records and _agree(seats))
    trips = [t for seats in done for x in seats for t in x.round_trips]
    actions = sum(seats[0].records[0].count("\n") - 3 for seats in done if seats[0].records)
    if a.clock == "steps":
        kind = f"{a.level} against {a.level}, steps table, action time {a.action_time:g} s"
    else:
        kind = (
            f"real clock: a bot client (pause {a.pause:g} s) against the server's "
            f"{a.level} (action time {a.action_time:g} s, {a.thinkers} thinkers)"
        )
    print(f"rooms: {a.rooms} ({kind}); {a.clients} client processes")
    print(f"games finished: {finished} of {a.rooms}; actions: {actions}; wall: {wall:.1f} s")
    if failed:
        print(f"rooms that failed: {len(failed)} (first: {failed[0]})")
    print(f"round trips measured: {len(trips)}")
    print(
        f"cpu: server {server_cpu:.1f} s, its thinkers {pool_cpu:.1f} s, clients {client_cpu:.1f} s"
    )
    print(
        f"server memory: start {start / 1024:.1f} MiB, peak {peak / 1024:.1f} MiB, "
        f"per room {(peak - start) / max(1, a.rooms):.0f} KiB"
    )
    print(
        f"waited for a CPU (other programs' load): server {server_wait:.1f} s, "
        f"clients {client_wait:.1f} s, in {wall:.0f} s"
    )
    p50, p90, p99 = (pct(trips, q) * 1000 for q in (0.5, 0.9, 0.99))
    print(f"action round trip ms p50: {p50:.2f} p90: {p90:.2f} p99: {p99:.2f}")
    # a room stopped by --seconds is no failure; a room that broke always is
    return 0 if not failed and (finished == a.rooms or a.seconds is not None) else 1


def _agree(seats: list[Played]) -> bool:
    return all(x.records == seats[0].records for x in seats)


def children(pid: int) -> list[int]:
    """The process ids of a process's children (its thinkers)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    return out


if __name__ == "__main__":
    raise SystemExit(main())
