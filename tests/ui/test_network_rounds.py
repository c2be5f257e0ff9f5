"""Issue 41, point 5: each Host or Join lets go of what it took (its threads, its
sockets, its event loops): rounds of hosting and joining leave the program as they
found it. RB_NET_ROUNDS=50 runs the issue's fifty rounds (default 6)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import threading
import time

import pygame
import pytest

from russian_bank.ui.scenes import network
from russian_bank.ui.scenes.network import HostScene, JoinScene

from .helpers import post, run_until, step

ROUNDS = int(os.environ.get("RB_NET_ROUNDS", "6"))


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    monkeypatch.setattr(network, "HOST", "127.0.0.1")
    monkeypatch.setattr(network, "INTERFACES", ["127.0.0.1"])
    monkeypatch.setattr(network, "PORT", 0)


def held() -> tuple[int, int, int]:
    """Threads, open sockets, event loops not closed."""
    gc.collect()
    sockets = 0
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):  # (closed since it was listed)
            sockets += os.readlink(f"/proc/self/fd/{fd}").startswith("socket:")
    loops = sum(
        1 for o in gc.get_objects() if isinstance(o, asyncio.BaseEventLoop) and not o.is_closed()
    )
    return threading.active_count(), sockets, loops


def settled(before: tuple[int, int, int], seconds: float = 6.0) -> tuple[int, int, int]:
    """What is held once the last Join's listening (two seconds) is over."""
    end = time.monotonic() + seconds
    now = held()
    while now != before and time.monotonic() < end:
        time.sleep(0.2)
        now = held()
    return now


def escape(app) -> None:
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    step(app)


def one_round(app, way: str) -> None:
    """Host, Join that host's room from a second screen, Look; then leave both by
    ``way``: their Cancel, Esc, or the menu opened over them (Ctrl+N, F10...)."""
    host = HostScene(app)
    app.push(host)
    assert run_until(app, lambda: host.link is not None and bool(host.link.client.room))
    srv = host.hosted.server
    assert srv is not None and host.link is not None
    join = JoinScene(app, f"127.0.0.1:{srv.port}", host.link.client.room)
    app.push(join)
    join.choose("look")
    assert run_until(app, lambda: join.room_info is not None), join.lines()
    if way == "menu":
        app.open_menu()
        step(app)
        return
    for scene in (join, host):
        assert app.top is scene
        if way == "esc":
            escape(app)
        else:
            scene.choose("cancel")


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts /proc/self/fd")
def test_i41_5_host_and_join_rounds_leave_nothing_behind(make_app) -> None:
    app = make_app((1024, 700))
    one_round(app, "cancel")  # (what the first round loads for good: modules, fonts)
    time.sleep(2.5)  # (its Join's listening ends)
    before = held()
    for i in range(ROUNDS):
        one_round(app, ("cancel", "esc", "menu")[i % 3])
    after = settled(before)
    print(f"threads, sockets, loops: {before} before, {after} after {ROUNDS} rounds")
    assert after == before
