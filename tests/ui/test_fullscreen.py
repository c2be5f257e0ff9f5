"""Issue 41 point 9: F11 lays the table out for the size the window really has.

On an X display with no window manager a desktop full-screen request is not
honoured, yet SDL reports the window at the desktop's size; the table was laid out
for that size and cropped. The test runs the real window under Xvfb (skipped where
Xvfb or libX11 is missing) and asks the X server itself how large the window is.
"""

from __future__ import annotations

import ctypes.util
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import json, os, sys
import pygame
from russian_bank.ui.app import App
from russian_bank.ui.fullscreen import real_window_rect
from russian_bank.ui.settings import Settings

def settle(app):
    for _ in range(20):
        app.step(1 / 60)
        pygame.time.wait(20)

out = {}
for rules in ("committee", "one-pack"):
    app = App((1000, 700), seed=3, resume=False, autosave=False, settings=Settings(rules=rules))
    settle(app)
    seen = []
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0,
                                             unicode="", scancode=0))
        settle(app)
        real = real_window_rect()
        seen.append({
            "real": list(real.size) if real else None,
            "layout": list(app.game_scene.layout.size),
            "surface": list(app.screen.get_size()),
            "full": app.fullscreen,
        })
    out[rules] = seen
    pygame.display.quit()
print(json.dumps(out))
"""


def xvfb_display():
    """A private Xvfb display (1600x900, no window manager), or skip."""
    if shutil.which("Xvfb") is None or ctypes.util.find_library("X11") is None:
        pytest.skip("needs Xvfb and libX11")
    for n in range(140, 160):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            break
    proc = subprocess.Popen(
        ["Xvfb", f":{n}", "-screen", "0", "1600x900x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        if Path(f"/tmp/.X11-unix/X{n}").exists():
            return proc, f":{n}"
        time.sleep(0.05)
    proc.kill()
    pytest.skip("Xvfb did not start")


def test_f11_lays_out_for_the_window_it_really_has_without_a_window_manager(tmp_path):
    proc, display = xvfb_display()
    try:
        env = dict(os.environ, DISPLAY=display, PYTHONPATH=str(ROOT))
        env.pop("SDL_VIDEODRIVER", None)
        env.update(SDL_AUDIODRIVER="dummy", XDG_CONFIG_HOME=str(tmp_path / "config"))
        env["XDG_DATA_HOME"] = str(tmp_path / "data")
        done = subprocess.run(
            [sys.executable, "-c", CHILD],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
        )
    finally:
        proc.kill()
        proc.wait()
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    for rules, (full, back) in seen.items():
        assert full["full"] and not back["full"]
        # the X server's own word on the window: the whole screen, and the table
        # laid out for exactly that
        assert full["real"] == [1600, 900], f"{rules}: the window did not cover the screen"
        assert full["layout"] == full["real"] == full["surface"], rules
        assert back["real"] == back["layout"] == back["surface"] == [1000, 700], rules
