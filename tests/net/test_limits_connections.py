"""Issue 43: connections per address and in all, below the file descriptors.

One address holding connections open is turned away at its cap with one line, and
the log says so once a while; a player from another address gets in and plays, and
his game's round trips stay short. Out of file descriptors in accept, the server
pauses and writes one line, not a traceback per try."""

from __future__ import annotations

import asyncio
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus

from russian_bank.net.botseat import play
from russian_bank.net.client import unreached_words

from .helpers import bot, connect_from, local_record, logged, p99, run, seats_from, serving, url

ROOT = Path(__file__).resolve().parents[2]
SEED = 29


def attacker(port: int, mode: str, n: int, seconds: float) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.net.attacker", str(port), mode, str(n), str(seconds)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


async def finish(proc: subprocess.Popen[str]) -> dict:
    """Tell the attacker to stop (if it is still at it): what it met."""
    out, _ = await asyncio.to_thread(proc.communicate, "stop\n", 60)
    assert proc.returncode == 0
    return json.loads(out)


async def game_beside(srv) -> tuple[list[str], list[float]]:
    """A whole game between two bots from 127.0.0.2 and 127.0.0.3: its records
    and its round trips (an answer sent until its step came back)."""
    a, b = await seats_from(srv, SEED, ("127.0.0.2", "127.0.0.3"))
    ra, rb = await asyncio.gather(
        play(a, bot(0, SEED), delay=0.002), play(b, bot(1, SEED), delay=0.002)
    )
    await a.close()
    await b.close()
    return ra.records + rb.records, ra.round_trips + rb.round_trips


def test_one_address_is_held_at_its_cap_and_a_player_from_another_gets_in_and_plays():
    async def go():
        async with serving(per_address=20) as srv:
            flood = attacker(srv.port, "hold", 40, 60.0)  # 40 held, then knocking on
            while srv.gate.open.get("127.0.0.1", 0) < 20 and flood.poll() is None:
                await asyncio.sleep(0.05)
            records, trips = await game_beside(srv)
            held_during = srv.gate.open.get("127.0.0.1", 0)
            seen = await finish(flood)
            return records, trips, held_during, seen, srv.errors

    with logged() as log:
        records, trips, held, seen, errors = run(go(), 120)
    met = seen["met"]
    refused = met.get("status 429", 0)
    print(
        f"held {met['held']} of 40, turned away {refused} (429), let in later "
        f"{met.get('let in later', 0)}; the game beside: {len(trips)} round trips, "
        f"p99 {p99(trips):.1f} ms; {log.count()} warning lines"
    )
    assert met["held"] == 20 and held == 20
    assert refused >= 20 and met.get("let in later", 0) == 0
    assert seen["bodies"] == ["too many connections from your address (20): close some\n"]
    assert records == [local_record(SEED)] * 2  # the player got in and played it whole
    assert p99(trips) < 50
    assert errors == 0 and log.tracebacks() == []
    refusals = [r for r in log.lines if "refused" in r.getMessage()]
    assert 1 <= len(refusals) <= 2  # one line a while (60 s), not one per knock
    assert log.count() <= 3


def test_the_total_cap_turns_away_any_address_with_one_line_until_one_closes():
    async def go():
        async with serving(max_connections=10, per_address=0) as srv:
            held = [await connect_from(url(srv), "127.0.0.1") for _ in range(10)]
            with pytest.raises(InvalidStatus) as e:
                await connect_from(url(srv), "127.0.0.2")
            await held.pop().close()
            while srv.gate.admitted >= 10:
                await asyncio.sleep(0.01)
            ws = await connect_from(url(srv), "127.0.0.2")  # room again
            for w in [*held, ws]:
                await w.close()
            return e.value

    refused = run(go(), 60)
    response = refused.response
    assert response.status_code == 503
    assert response.body == b"the server holds all the connections it can: try again later\n"
    # and the player reads why, in words (not "answers, but not as a Russian Bank table")
    assert unreached_words("ws://h:1", refused) == "ws://h:1 is full: try again later"


def test_a_player_turned_away_by_the_cap_of_his_address_reads_why():
    async def go():
        async with serving(per_address=1) as srv:
            held = await connect_from(url(srv), "127.0.0.1")
            with pytest.raises(InvalidStatus) as e:
                await connect_from(url(srv), "127.0.0.1")
            await held.close()
            return e.value

    said = unreached_words("ws://h:1", run(go(), 60))
    assert said == "ws://h:1 turns you away: too many connections from your address"


def test_out_of_descriptors_the_server_pauses_accepting_and_says_so_in_one_line():
    """The test's process (where the server runs) is left a few descriptors; an
    attacker process opens 200 sockets: accept fails with EMFILE."""

    async def go():
        async with serving() as srv:
            flood = attacker(srv.port, "silent", 200, 3.0)
            soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
            in_use = len(os.listdir("/proc/self/fd"))
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (in_use + 6, hard))
                flood.stdin.write("go\n")
                flood.stdin.flush()
                await asyncio.sleep(2.5)
            finally:
                resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
            seen = await finish(flood)
            records, trips = await game_beside(srv)  # and then a player plays
            return seen, records, srv.errors

    with logged() as log:
        seen, records, errors = run(go(), 120)
    lines = [r.getMessage() for r in log.lines if "accept" in r.getMessage()]
    print(f"attacker {seen['met']}; {len(lines)} lines on accept: {lines[:2]}")
    assert seen["met"]["opened"] > 50  # (the kernel's backlog holds them meanwhile)
    assert 1 <= len(lines) <= 2 and "Too many open files" in lines[0]
    assert log.tracebacks() == [] and errors == 0
    assert records == [local_record(SEED)] * 2
