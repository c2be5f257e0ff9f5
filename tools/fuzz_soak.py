"""A long random-input session against the whole table, with what it holds.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYTHONPATH=. \
        python tools/fuzz_soak.py [MINUTES] [SEED]

The events of tests/ui/test_fuzz.py (mouse, keys, resizes, menus, Quit and
resume) for MINUTES of wall time (default 10), in a private config folder,
against the Novice; every minute one line: events, restarts, resident memory,
open files, open font files, threads. Issue 41 asked that memory and open
files stay flat over ten minutes (they grew 72 -> 837 MB, 633 font files).
"""

from __future__ import annotations

import contextlib
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def held() -> tuple[float, int, int]:
    """Resident memory (MB), open files, open font files."""
    rss = 0.0
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
    links = []
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):  # (closed since it was listed)
            links.append(os.readlink(f"/proc/self/fd/{fd}"))
    return rss, len(links), sum(1 for x in links if x.endswith(".ttf"))


def main(argv: list[str]) -> int:
    minutes = float(argv[0]) if argv else 10.0
    seed = int(argv[1]) if len(argv) > 1 else 41
    home = tempfile.mkdtemp(prefix="rb-soak-")
    os.environ["XDG_CONFIG_HOME"] = f"{home}/config"
    os.environ["XDG_DATA_HOME"] = f"{home}/data"
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    from tests.ui.test_fuzz import BATCH, FRAME_CHANCE, Fuzzer, check, start

    rng = random.Random(seed)
    app = start("novice", resume=False, seed=seed)
    fz = Fuzzer(rng, app)
    events = restarts = 0
    t0 = time.monotonic()
    next_line = t0

    def line(label: str) -> None:
        rss, files, fonts = held()
        print(
            f"{label:>6} {events:>8} events {restarts:>4} restarts  {rss:7.1f} MB"
            f"  {files:>4} open files  {fonts:>3} font files  {threading.active_count()} threads",
            flush=True,
        )

    while time.monotonic() - t0 < minutes * 60:
        if time.monotonic() >= next_line:
            line(f"{(time.monotonic() - t0) / 60:.0f} min")
            next_line += 60
        for _ in range(BATCH):
            fz.one()
            events += 1
            if rng.random() < FRAME_CHANCE:
                app.frame(rng.choice([0.0, 1 / 60, 0.05, 0.1, 0.3]))
            if not app.running:  # Quit: the game resumes in a new App, as a player restarts
                app = start("novice", resume=True, seed=None)
                fz.app = app
                restarts += 1
        app.frame(1 / 60)
        if app.game_scene.ctl.game.actions:  # (a fresh deal untouched is not saved yet)
            check(app, f"after {events} events")
    line("end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
