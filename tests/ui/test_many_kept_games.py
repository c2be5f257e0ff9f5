"""Issue 41, point 8: many games never freeze the table. Past games and Statistics
with 10,000 kept games open at once and fill in frame by frame; Replay of a
5,000-action game moves at 60 frames a second, End included (replayed a frame's
share at a time). Times are processor seconds (the machine is shared)."""

from __future__ import annotations

import random
import statistics
import time
from datetime import UTC, datetime, timedelta

import pygame

from russian_bank.engine import Game
from russian_bank.history import Replay, Store, keep
from russian_bank.ui.scenes.history import PastGamesScene
from russian_bank.ui.scenes.replay import ReplayScene
from russian_bank.ui.scenes.stats import StatsScene

from .helpers import post

KEPT = 10_000
FRAME = 1 / 60


def fill_store(n: int = KEPT) -> int:
    """``n`` kept games (20 deals, each a few dozen actions, on different dates);
    returns how many are finished."""
    games = []
    for seed in range(20):
        g, rng = Game.new(seed), random.Random(seed)
        while len(g.actions) < 60 and not g.over and g.legal_actions():
            g.apply(rng.choice(g.legal_actions()))
        games.append(g)
    folder = Store().folder
    folder.mkdir(parents=True)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    for i in range(n):
        k = keep(games[i % 20], ("human", "club"), when=start + timedelta(minutes=i))
        (folder / f"{k.date.replace(':', '')}-{i}.rbgame").write_text(k.to_text(), "utf-8")
    return sum(1 for i in range(n) if games[i % 20].over)


def timed_frames(app, done, most: int = 3000) -> list[float]:
    """Processor seconds of each frame (event, update, draw) until ``done()``."""
    out: list[float] = []
    while not done() and len(out) < most:
        t = time.process_time()
        app.step(FRAME)
        out.append(time.process_time() - t)
    assert done(), f"not done after {len(out)} frames"
    return out


def test_i41_8_past_games_with_ten_thousand_games_opens_at_once(make_app) -> None:
    fill_store()
    app = make_app()
    t = time.process_time()
    page = PastGamesScene(app)
    app.push(page)
    app.step(FRAME)
    opened = time.process_time() - t
    assert opened < 0.1, f"{opened:.3f} s to open"
    assert "Reading the kept games" in page.note
    frames = timed_frames(app, lambda: page.reading.done)
    assert len(page.games) == KEPT and page.note == ""
    assert max(frames) < 0.1 and statistics.median(frames) < FRAME, (max(frames), len(frames))
    assert page.games[0].date > page.games[-1].date  # newest first


def test_i41_8_statistics_with_ten_thousand_games_opens_at_once(make_app) -> None:
    finished = fill_store()
    app = make_app()
    t = time.process_time()
    page = StatsScene(app)
    app.push(page)
    app.step(FRAME)
    opened = time.process_time() - t
    assert opened < 0.1, f"{opened:.3f} s to open"
    frames = timed_frames(app, lambda: page.reading.done)
    assert page.total.games == finished
    assert max(frames) < 0.1 and statistics.median(frames) < FRAME, (max(frames), len(frames))


def test_i41_8_a_5000_action_replay_moves_at_60_frames_a_second(make_app) -> None:
    from tools.bench.history import long_game

    game = long_game(5_000, seed=3)
    runs = []
    for _try in range(3):  # (40 frames on a shared machine: the best of three runs)
        frames = _replay_frames(make_app, game)
        frames.sort()
        p95 = frames[int(len(frames) * 0.95)]
        print(
            f"{len(frames)} frames: median {statistics.median(frames) * 1000:.1f} ms,"
            f" 95% {p95 * 1000:.1f} ms, max {frames[-1] * 1000:.1f} ms"
        )
        runs.append((p95, frames[-1]))
        if p95 < FRAME and frames[-1] < 0.25:
            break
    assert min(runs)[0] < FRAME and min(runs)[1] < 0.25, runs


def _replay_frames(make_app, game) -> list[float]:  # type: ignore[no-untyped-def]
    """The frames' times of a replay of ``game``: to its end, then back and forth."""
    app = make_app()
    scene = ReplayScene(app, Replay(keep(game, ("human", "human"))))
    app.push(scene)
    app.step(FRAME)
    post(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)
    frames = timed_frames(app, lambda: scene.step == scene.replay.steps)
    assert scene.ctl.position.to_text() == game.position.to_text()
    for k in (pygame.K_LEFT, pygame.K_HOME, pygame.K_RIGHT, pygame.K_END, pygame.K_LEFT):
        post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
        frames += timed_frames(app, lambda: not pygame.event.peek(), 5)
        frames += timed_frames(app, lambda: getattr(scene, "heading", None) is None)
    return frames
