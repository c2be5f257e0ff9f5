"""Issue 41, point 8: many games never freeze the table. Past games and Statistics
with 10,000 kept games open at once and fill in frame by frame; Replay of a
5,000-action game goes to its End a frame's share at a time.

These tests check the slicing: the screen is up after one frame, the work is
spread over many frames, no frame comes near a freeze (half a second of processor
time: reading everything in one frame takes longer), and the screen is right once
done. How fast the frames are (60 a second) is measured by
``python -m tools.bench screens``, not here: a test machine's speed is not ours."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from russian_bank.history import Replay, Store, keep
from russian_bank.ui.scenes.history import PastGamesScene
from russian_bank.ui.scenes.replay import ReplayScene
from russian_bank.ui.scenes.stats import StatsScene
from tools.bench.screens import FRAME, fill_store, frames_until, opened

from .helpers import post

KEPT = 10_000
FREEZE = 0.5  # processor seconds: a frame this long is a frozen table


def test_i41_8_past_games_with_ten_thousand_games_opens_at_once(make_app) -> None:
    fill_store(Store().folder, KEPT)
    app = make_app()
    page = PastGamesScene(app)
    first = opened(app, page)
    assert "Reading the kept games" in page.note and not page.reading.done
    frames = frames_until(app, lambda: page.reading.done)
    assert len(frames) > 10, len(frames)  # read frame by frame, not at once
    assert len(page.games) == KEPT and page.note == ""
    assert max([first, *frames]) < FREEZE, (first, max(frames))
    assert page.games[0].date > page.games[-1].date  # newest first


def test_i41_8_statistics_with_ten_thousand_games_opens_at_once(make_app) -> None:
    finished = fill_store(Store().folder, KEPT)
    app = make_app()
    page = StatsScene(app)
    first = opened(app, page)
    assert not page.reading.done
    frames = frames_until(app, lambda: page.reading.done)
    assert len(frames) > 10, len(frames)
    assert page.total.games == finished
    assert max([first, *frames]) < FREEZE, (first, max(frames))


def test_i41_8_a_5000_action_replay_goes_to_its_end_frame_by_frame(make_app) -> None:
    from tools.bench.history import long_game

    game = long_game(5_000, seed=3)
    app = make_app()
    scene = ReplayScene(app, Replay(keep(game, ("human", "human"))))
    first = opened(app, scene)
    post(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)
    app.step(FRAME)
    assert scene.heading == scene.replay.steps and scene.step < scene.replay.steps
    frames = frames_until(app, lambda: scene.step == scene.replay.steps)
    assert len(frames) > 3, len(frames)  # a frame's share at a time
    assert scene.ctl.position.to_text() == game.position.to_text()
    for k in (pygame.K_LEFT, pygame.K_HOME, pygame.K_RIGHT, pygame.K_END, pygame.K_LEFT):
        post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
        frames += frames_until(app, lambda: not pygame.event.peek(), 5)
        frames += frames_until(app, lambda: scene.heading is None)
    assert scene.step == scene.replay.steps - 1
    assert max([first, *frames]) < FREEZE, (first, max(frames))


def test_i41_8_the_frame_share_bounds_a_frame_s_replaying(make_app, monkeypatch) -> None:
    """A frame replays until its share of time is spent (a clock that moves 1 ms a
    look: 5 looks, 8 steps each), however far away the step asked for is."""
    from russian_bank.ui.kit import replay_lines
    from tools.bench.history import long_game

    game = long_game(2_000, seed=3)
    replay = Replay(keep(game, ("human", "human")))
    replay.position(0)
    clock = iter(range(10**6))
    monkeypatch.setattr(
        replay_lines, "time", SimpleNamespace(perf_counter=lambda: next(clock) / 1000)
    )
    assert replay_lines.replay_towards(replay, replay.steps, 0.005) is None
    assert 8 <= replay.reached <= 8 * 6, replay.reached
