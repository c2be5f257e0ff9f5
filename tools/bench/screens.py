"""``python -m tools.bench screens``: the history screens' frames with many games
(issue 41, point 8), headless, in processor time (the frame's own cost when the
machine is busy with other work).

- Past games and Statistics with ``--kept`` kept games (10,000 by default):
  the time to open the screen (its first frame) and each frame while the games
  are read in behind it.
- Replay of a ``--actions``-action game (5,000): End, then back and forth
  (Left, Home, Right, End, Left), each frame until the step is reached.

Each line: ``NAME: opened X ms; N frames: p50 A ms, p95 B ms, max C ms``.
Targets: opened under 100 ms, p95 under 16.7 ms (60 frames a second), max under
250 ms. The tests check the slicing (work spread over frames, the screens right
once done); this measures its speed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from russian_bank.cli import positive_int

FRAME = 1 / 60


def fill_store(folder: Path, n: int) -> int:
    """``n`` kept games in ``folder`` (20 deals played a few dozen random actions,
    on different dates); returns how many of them are finished."""
    from russian_bank.engine import Game
    from russian_bank.history import keep

    games = []
    for seed in range(20):
        g, rng = Game.new(seed), random.Random(seed)
        while len(g.actions) < 60 and not g.over and g.legal_actions():
            g.apply(rng.choice(g.legal_actions()))
        games.append(g)
    folder.mkdir(parents=True)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    for i in range(n):
        k = keep(games[i % 20], ("human", "club"), when=start + timedelta(minutes=i))
        (folder / f"{k.date.replace(':', '')}-{i}.rbgame").write_text(k.to_text(), "utf-8")
    return sum(1 for i in range(n) if games[i % 20].over)


def frames_until(app: Any, done: Callable[[], bool], most: int = 10_000) -> list[float]:
    """Processor seconds of each frame (events, update, draw) until ``done()``."""
    out: list[float] = []
    while not done() and len(out) < most:
        t = time.process_time()
        app.step(FRAME)
        out.append(time.process_time() - t)
    if not done():
        raise RuntimeError(f"not done after {len(out)} frames")
    return out


def opened(app: Any, scene: Any) -> float:
    """Processor seconds to push ``scene`` and draw its first frame."""
    t = time.process_time()
    app.push(scene)
    app.step(FRAME)
    return time.process_time() - t


def report(name: str, first: float | None, frames: list[float]) -> str:
    frames = sorted(frames)
    p95 = frames[min(len(frames) - 1, int(len(frames) * 0.95))]
    head = f"{name}: " + (f"opened {first * 1000:.1f} ms; " if first is not None else "")
    return (
        f"{head}{len(frames)} frames: p50 {statistics.median(frames) * 1000:.1f} ms,"
        f" p95 {p95 * 1000:.1f} ms, max {frames[-1] * 1000:.1f} ms"
    )


def replay_frames(app: Any, game: Any) -> tuple[float, list[float]]:
    """Open a replay of ``game``, press End, then go back and forth; the opening's
    time and every frame's."""
    import pygame

    from russian_bank.history import Replay, keep
    from russian_bank.ui.scenes.replay import ReplayScene

    scene = ReplayScene(app, Replay(keep(game, ("human", "human"))))
    first = opened(app, scene)
    frames: list[float] = []
    for key in (pygame.K_END, pygame.K_LEFT, pygame.K_HOME, pygame.K_RIGHT, pygame.K_END):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        frames += frames_until(app, lambda: not pygame.event.peek(), 5)
        frames += frames_until(app, lambda: getattr(scene, "heading", None) is None)
    if scene.ctl.position.to_text() != game.position.to_text():
        raise RuntimeError("the replay did not end on the game's final position")
    return first, frames


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench screens")
    parser.add_argument("--kept", type=positive_int, default=10_000, help="kept games")
    parser.add_argument("--actions", type=positive_int, default=5_000, help="replayed game")
    parser.add_argument("--runs", type=positive_int, default=3)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["XDG_DATA_HOME"] = str(Path(tmp) / "data")
        os.environ["XDG_CONFIG_HOME"] = str(Path(tmp) / "config")
        from russian_bank.history import Store
        from russian_bank.ui.app import App
        from russian_bank.ui.scenes.history import PastGamesScene
        from russian_bank.ui.scenes.stats import StatsScene
        from russian_bank.ui.settings import Settings

        from .history import long_game

        def app() -> Any:
            a = App((1280, 800), seed=1, pace="instant", resume=False, settings=Settings())
            a.settings.sound = False
            return a

        fill_store(Store().folder, args.kept)
        game = long_game(args.actions, seed=3)
        for run in range(args.runs):
            for name, kind in (("Past games", PastGamesScene), ("Statistics", StatsScene)):
                a = app()
                page = kind(a)
                first = opened(a, page)
                frames = frames_until(a, lambda p=page: bool(p.reading.done))
                print(f"run {run + 1}", report(name, first, frames))
            first, frames = replay_frames(app(), game)
            print(f"run {run + 1}", report(f"Replay of {len(game.actions)} actions", first, frames))
    return 0
