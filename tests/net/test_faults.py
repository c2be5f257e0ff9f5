"""Faults of the network, not of the players (issue 21): a dropped seat comes
back, an absent one forfeits (§34), a killed server resumes its games."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from russian_bank.engine import Game
from russian_bank.history import Store
from russian_bank.net.botseat import play
from russian_bank.net.client import Client

from .helpers import bot, local_record, run, serving, two_seats


async def _drop_and_resume(seed: int) -> tuple[list[str], list[str], list[str]]:
    async with serving() as srv:
        a, b = await two_seats(srv, seed)
        other = asyncio.ensure_future(play(b, bot(1, seed)))
        mine = bot(0, seed)
        first = await play(a, mine, stop_after=150)  # well inside the first innings
        assert not a.over
        await a.drop()  # the cable is cut: no closing handshake
        await asyncio.sleep(0.3)
        assert b.events[-1]["kind"] == "away"
        old_token = a.token
        await a.resume()
        assert a.token != old_token  # a seat token works once
        rest = await play(a, mine)
        rb = await other
        refused = Client(a.url, "Eve")
        await refused.connect()
        await refused.send("resume", room=a.room, token=old_token)
        reply = await refused.recv()
        await refused.close()
        await a.close()
        await b.close()
        assert first.answers == 150
        return rest.records, rb.records, [reply["type"], reply.get("reason", "")]


def test_a_dropped_seat_reconnects_mid_innings_and_finishes():
    seed = 13
    ra, rb, reply = run(_drop_and_resume(seed))
    assert ra == rb == [local_record(seed)]  # the same game as if nothing had happened
    assert reply[0] == "error" and "token" in reply[1]  # the replayed token is refused


async def _forfeit(tmp: Path) -> tuple[Client, Client, Store]:
    async with serving(forfeit=0.5, data=tmp) as srv:
        a, b = await two_seats(srv, 4, clock="real")
        await b.drop()
        t0 = time.monotonic()
        while a.over is None:
            await a.recv(timeout=5)
        waited = time.monotonic() - t0
        assert 0.45 <= waited < 3
        await b.resume()  # comes back too late: the game was scored while he was away
        while b.over is None:
            await b.recv(timeout=5)
        await a.close()
        await b.close()
        return a, b, Store(tmp / "games")


def test_s34_an_absent_player_forfeits_after_the_grace(tmp_path):
    a, b, server_store = run(_forfeit(tmp_path))
    outcome = a.over["outcome"]
    assert outcome["winner"] == 0 and outcome["reason"] == "abandoned"
    assert outcome["points"] > 0  # scored as §34 scores an abandoned game
    assert Game.from_record(a.record).outcome.reason == "abandoned"
    for who, c in (("a", a), ("b", b)):  # kept in both players' history
        store = Store(tmp_path / f"history-{who}")
        store.save(c.kept())
        (kept,) = store.games()
        assert kept.result_words().endswith("(B abandoned)")
    (kept,) = server_store.games()
    assert kept.outcome.reason == "abandoned"


def _start_server(data: Path, log) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "russian_bank.net.server",
            "--port",
            "0",
            "--data",
            str(data),
            "--allow-seed",
        ],
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    line = proc.stdout.readline()
    assert "listening on port" in line, line
    return proc, int(line.split()[-1])


async def _killed(tmp: Path, log) -> tuple[int, int, list[str], str]:
    proc, port = _start_server(tmp, log)
    try:
        url = f"ws://127.0.0.1:{port}"
        a, b = Client(url, "Ann"), Client(url, "Bob")
        await a.connect()
        await b.connect()
        seed = 17
        joined = await a.create(clock="steps", seed=seed, action_time=0.3)
        await b.join(joined["room"])
        save = tmp / "rooms" / f"{joined['room']}.json"
        bots = (bot(0, seed), bot(1, seed))
        games = [
            asyncio.ensure_future(play(c, bt, delay=0.004))
            for c, bt in zip((a, b), bots, strict=True)
        ]
        saved = 0
        while saved < 60:  # a third of the way or so
            await asyncio.sleep(0.05)
            if save.exists():
                saved = json.loads(save.read_text())["record"].count("\n") - 3
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(5)
        for g in games:
            with contextlib.suppress(Exception):
                await g
        saved_record = json.loads(save.read_text())["record"]
        proc, port = _start_server(tmp, log)
        for c in (a, b):
            c.url = f"ws://127.0.0.1:{port}"
            await c.resume()
        ra, rb = await asyncio.gather(play(a, bots[0]), play(b, bots[1]))
        await a.close()
        await b.close()
        return (
            saved,
            len(Game.from_record(saved_record).actions),
            ra.records + rb.records,
            saved_record,
        )
    finally:
        proc.kill()
        proc.wait(5)


def test_a_server_killed_mid_game_resumes_it_after_a_restart(tmp_path):
    log_path = tmp_path / "server.log"
    with open(log_path, "w") as log:
        saved, n, records, saved_record = run(_killed(tmp_path, log), timeout=150)
    assert saved >= 60
    final = Game.from_record(records[0])
    assert records[0] == records[1] and final.over
    # the game went on from the saved position: its actions begin the final record
    assert [str(x) for x in final.actions[:n]] == [
        str(x) for x in Game.from_record(saved_record).actions
    ]
    assert len(final.actions) > n
    assert "Traceback" not in log_path.read_text()
