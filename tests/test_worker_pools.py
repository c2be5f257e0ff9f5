"""No idle worker process is left running (net/think.py, ui/thinker.py): a pool's
workers end when its owner closes it, and a worker whose owner died without closing
it (killed, as the network bench stops its server) sees its parent gone and ends."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from russian_bank.net.think import THINK_NICE, Thinkers
from russian_bank.ui.thinker import ProcessThinker

ROOT = Path(__file__).resolve().parents[1]


def running(pid: int) -> bool:
    """Is ``pid`` a live process (a zombie waiting to be reaped has ended)?"""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def ended(pids: set[int], seconds: float = 20.0) -> bool:
    end = time.monotonic() + seconds
    while any(running(p) for p in pids):
        if time.monotonic() > end:
            return False
        time.sleep(0.1)
    return True


def kill_left(pids: set[int]) -> None:
    for pid in pids:
        if running(pid):
            os.kill(pid, signal.SIGKILL)


def test_the_servers_pool_ends_its_workers_when_closed():
    thinkers = Thinkers(2)
    pids = thinkers.warm() | set(thinkers.pool._processes)  # every worker started
    try:
        assert pids and all(running(p) for p in pids)
        thinkers.close()
        assert ended(pids)
    finally:
        kill_left(pids)


def test_a_worker_thinks_at_a_lower_priority_than_its_owner():
    """The owner's loop (the players' answers, the table's frames) comes first on a busy
    machine: every worker of the server's pool and the table's thinker is niced."""
    thinkers, thinker = Thinkers(2), ProcessThinker()
    pids = thinkers.warm() | set(thinkers.pool._processes) | {thinker.ready.result(timeout=120)}
    try:
        want = {min(os.getpriority(os.PRIO_PROCESS, 0) + THINK_NICE, 19)}
        assert len(pids) == 3 and THINK_NICE > 0
        end = time.monotonic() + 20  # (a worker the warm-up did not need may still be starting)
        while (seen := {os.getpriority(os.PRIO_PROCESS, p) for p in pids}) != want:
            assert time.monotonic() < end, (seen, want)
            time.sleep(0.05)
    finally:
        thinkers.close()
        thinker.close()
        kill_left(pids)


def test_the_tables_thinker_ends_its_worker_when_closed():
    thinker = ProcessThinker()
    pid = thinker.ready.result(timeout=120)
    try:
        assert running(pid)
        thinker.close()  # as the window's quit does: it does not wait
        assert ended({pid})
    finally:
        kill_left({pid})


def test_a_worker_ends_when_its_owner_is_killed_without_closing_it():
    owner = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import time; from russian_bank.net.think import Thinkers\n"
            "print(*Thinkers(1).warm(), flush=True); time.sleep(600)",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    pids: set[int] = set()
    try:
        assert owner.stdout is not None
        pids = {int(owner.stdout.readline())}
        assert all(running(p) for p in pids)
        owner.kill()  # SIGKILL: the pool is never shut down
        owner.wait(10)
        assert ended(pids)
    finally:
        owner.kill()
        kill_left(pids)
