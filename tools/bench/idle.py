"""``python -m tools.bench idle``: the processor time of an idle table.

The table runs its real loop (``App.run``, headless) and nobody touches it: after
``--warm`` seconds, the process's processor time (every thread of it) is read over
``--seconds`` seconds, and the loop is asked to quit. Last line:
``idle table: X% of a core over N s``. Target: under 1% (issue 42).
``--opponent novice``: a computer at seat B, measured once it is A's turn and the
cards lie still (the computer only watches, for a Stop). ``--menu``: with the menu
open over the table.
"""

from __future__ import annotations

import argparse
import os
import threading
import time

from russian_bank.cli import duration, size


def idle_share(
    seconds: float = 10.0,
    warm: float = 2.0,
    window: tuple[int, int] = (1280, 800),
    opponent: str = "human",
    seed: int = 7,
    menu: bool = False,
) -> float:
    """The share of one core the idle table's process used over ``seconds``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from russian_bank.ui.app import App
    from russian_bank.ui.settings import Settings

    settings = Settings(sound=False, opponent=opponent)
    app = App(window, seed=seed, resume=False, autosave=False, settings=settings)
    spent: list[float] = []

    ctl = app.game_scene.ctl
    if menu:
        app.open_menu()

    def watch() -> None:
        time.sleep(warm)
        for _ in range(600):  # (a computer's innings first: at most a minute)
            if not ctl.is_bot(ctl.position.player) and not ctl.flights:
                break
            time.sleep(0.1)
        cpu, wall = time.process_time(), time.monotonic()
        time.sleep(seconds)
        spent.append((time.process_time() - cpu) / (time.monotonic() - wall))
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    app.run()
    watcher.join()
    return spent[0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.bench idle")
    ap.add_argument("--seconds", type=duration, default=10.0, help="how long to measure")
    ap.add_argument("--warm", type=duration, default=2.0, help="seconds before measuring")
    ap.add_argument("--size", type=size, default=(1280, 800), help="window size WxH")
    ap.add_argument("--opponent", default="human", help="human, or a computer level")
    ap.add_argument("--menu", action="store_true", help="with the menu open")
    args = ap.parse_args(argv or [])
    share = idle_share(args.seconds, args.warm, args.size, args.opponent, menu=args.menu)
    print(f"idle table: {share * 100:.2f}% of a core over {args.seconds:g} s")
    return 0
