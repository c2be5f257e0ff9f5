"""Headless pygame for the table tests: dummy video and audio, a private config dir."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _config_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield
    if pygame.display.get_init():
        pygame.event.clear()


@pytest.fixture
def make_app():
    from russian_bank.ui.app import App
    from russian_bank.ui.settings import Settings

    def make(size=(1280, 800), seed=1, pace="instant", coach=False, **kw):
        kw.setdefault("resume", False)
        kw.setdefault("settings", Settings())
        app = App(size, seed=seed, pace=pace, **kw)
        app.settings.coach = coach  # off unless a test is about the coach
        return app

    yield make
