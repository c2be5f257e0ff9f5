"""Issue 42: the idle table sleeps until something changes. It redrew and compared a
whole frame 60 times a second (5-8% of a core, doing nothing); the window's loop now
waits for an event or the table's next timer, and draws only what changed. The
timers still fire: the computer plays, notices go, the tooltip shows."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from russian_bank.engine import Place
from russian_bank.game.places import STOCK
from russian_bank.ui.table import messages

from .helpers import ctl, place_center

ROOT = Path(__file__).resolve().parents[2]


def test_i42_an_idle_table_uses_almost_no_processor_time(tmp_path):
    """The real loop, headless, nobody touching the table: its process's processor
    time over 4 s (``python -m tools.bench idle``; target under 1%, and a noisy
    machine's margin here)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["XDG_CONFIG_HOME"] = str(tmp_path)
    out = subprocess.run(
        [sys.executable, "-m", "tools.bench", "idle", "--seconds", "4", "--warm", "1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    found = re.search(r"idle table: ([0-9.]+)% of a core", out.stdout)
    assert found, out.stdout + out.stderr
    assert float(found.group(1)) < 3.0, found.group(0)


def test_i42_the_sleeping_loop_still_plays_the_computer_and_its_timers(make_app, monkeypatch):
    """``App.run`` at the live window (headless): the computer plays its innings,
    the notices go after their time while the table sleeps, the tooltip shows after
    the mouse rests; and in between, the loop sleeps instead of drawing."""
    from russian_bank.ui.settings import Settings

    monkeypatch.setattr(messages, "MESSAGE_TIME", 1.0)
    app = make_app(seed=7, settings=Settings(opponent="novice", sound=False))
    scene, c = app.game_scene, ctl(app)
    assert c.position.player == 1 and c.is_bot(1)  # the computer begins
    drawn = [0]
    draw = app.draw

    def counted_draw(surface: pygame.Surface) -> None:
        drawn[0] += 1
        draw(surface)

    monkeypatch.setattr(app, "draw", counted_draw)
    seen: dict[str, object] = {}

    def until(test: Callable[[], bool], seconds: float = 30.0) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if test():
                return True
            time.sleep(0.05)
        return False

    def watch() -> None:
        try:
            seen["played"] = until(
                lambda: c.position.player == 0 and not c.flights and len(c.game.actions) > 1
            )
            seen["notices go"] = until(lambda: not c.messages, 10.0)
            frames = drawn[0]
            time.sleep(1.5)  # nothing happens: the loop sleeps, draws nothing
            seen["still"] = drawn[0] - frames
            where = place_center(app, Place(STOCK, 0))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(0, 0)))
            frames = drawn[0]
            seen["tooltip"] = until(lambda: scene.tip() is not None, 5.0)
            time.sleep(0.2)
            seen["tooltip drawn"] = drawn[0] - frames
        finally:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    app.run()
    watcher.join(5)
    assert seen["played"] and seen["notices go"], seen
    assert seen["still"] == 0, seen  # (90 frames before: 60 a second)
    assert seen["tooltip"] and seen["tooltip drawn"], seen


def test_i42_a_watching_computer_still_stops_a_fault_while_the_table_sleeps(make_app):
    """Between the person's actions the table sleeps; the computer watching for a
    Stop still looks at the clock (ten times a second) and stops a fault."""
    from russian_bank.engine import Stop
    from russian_bank.ui.settings import Settings

    from .test_table import fault_position, setup

    app = make_app(settings=Settings(opponent="master", sound=False))
    setup(app, fault_position(0), player=0)
    c = ctl(app)
    assert c.is_bot(1) and c.position.player == 0
    seen: dict[str, object] = {}

    def watch() -> None:
        try:
            time.sleep(1.0)  # the table at rest first
            where = place_center(app, Place(STOCK, 0))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=where, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=where, button=1))
            end = time.monotonic() + 10
            while time.monotonic() < end and "stopped" not in seen:
                if c.position.fault is not None:
                    seen["fault"] = True
                if any(isinstance(a, Stop) for a in c.game.actions):
                    seen["stopped"] = True
                time.sleep(0.05)
        finally:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    app.run()
    watcher.join(5)
    assert seen.get("stopped"), seen
