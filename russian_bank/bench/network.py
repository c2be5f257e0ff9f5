"""Many rooms against one server: ``python -m russian_bank.bench network --rooms 200``.

Starts one ``russian-bank-server`` process on loopback (its own data folder in a
temporary directory, so rooms are saved as in service), then plays ``--rooms``
bot-against-bot games at once through it from this process: two clients per room,
each a bot seat at a *steps* table (``net.botseat``). Prints the games finished,
the action round trip (an answer carrying an action, until its step comes back)
at p50 and p99, and the server's memory (resident set) at the start, at its peak
and per room.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..ai import LEVELS, make_bot
from ..cli import positive_float, positive_int
from ..match import bot_rng
from ..net.botseat import Played, play
from ..net.client import Client
from ..sim import pct


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


def start_server(data: Path) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "russian_bank.net.server", "--port", "0", "--data", str(data)]
        + ["--allow-seed"],
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


async def room(url: str, seed: int, level: str, action_time: float) -> tuple[Played, Played]:
    a, b = Client(url, "A"), Client(url, "B")
    await a.connect()
    await b.connect()
    joined = await a.create(clock="steps", seed=seed, action_time=action_time)
    await b.join(joined["room"])
    bots = [make_bot(level, s, bot_rng(seed, 0, s)) for s in (0, 1)]
    out = await asyncio.gather(play(a, bots[0], timeout=1800), play(b, bots[1], timeout=1800))
    await a.close()
    await b.close()
    return out[0], out[1]


async def run(url: str, rooms: int, level: str, action_time: float, seed: int, pid: int):
    peak = [rss_kib(pid)]

    async def sample() -> None:
        while True:
            peak.append(rss_kib(pid))
            await asyncio.sleep(0.5)

    sampler = asyncio.ensure_future(sample())
    results = await asyncio.gather(
        *(room(url, seed + i, level, action_time) for i in range(rooms)), return_exceptions=True
    )
    sampler.cancel()
    return results, max(peak)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m russian_bank.bench network")
    p.add_argument("--rooms", type=positive_int, default=200)
    p.add_argument("--level", choices=LEVELS, default="novice")
    p.add_argument("--action-time", type=positive_float, default=0.1)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        proc, port = start_server(Path(tmp))
        try:
            time.sleep(0.3)
            start = rss_kib(proc.pid)
            t0 = time.perf_counter()
            results, peak = asyncio.run(
                run(f"ws://127.0.0.1:{port}", a.rooms, a.level, a.action_time, a.seed, proc.pid)
            )
            wall = time.perf_counter() - t0
            server_cpu = cpu_seconds(proc.pid)
        finally:
            proc.kill()
            proc.wait(10)
    done = [r for r in results if not isinstance(r, BaseException)]
    failed = [r for r in results if isinstance(r, BaseException)]
    finished = sum(1 for x, y in done if x.records and x.records == y.records)
    trips = [t for x, y in done for t in x.round_trips + y.round_trips]
    actions = sum(x.records[0].count("\n") - 3 for x, _y in done if x.records)
    kind = f"{a.level} against {a.level}, steps table, action time {a.action_time:g} s"
    print(f"rooms: {a.rooms} ({kind})")
    print(f"games finished: {finished} of {a.rooms}; actions: {actions}; wall: {wall:.1f} s")
    if failed:
        print(f"rooms that failed: {len(failed)} (first: {failed[0]!r})")
    print(f"round trips measured: {len(trips)}")
    mine = time.process_time()
    print(f"cpu: server {server_cpu:.1f} s, clients (this process) {mine:.1f} s")
    print(
        f"server memory: start {start / 1024:.1f} MiB, peak {peak / 1024:.1f} MiB, "
        f"per room {(peak - start) / max(1, a.rooms):.0f} KiB"
    )
    p50, p99 = pct(trips, 0.5) * 1000, pct(trips, 0.99) * 1000
    print(f"action round trip ms p50: {p50:.2f} p99: {p99:.2f}")
    return 0 if finished == a.rooms else 1


if __name__ == "__main__":
    raise SystemExit(main())
