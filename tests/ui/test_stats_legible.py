"""Issue 41 point 15: the Statistics table stays legible in a narrow window in every
language (at least TABLE_PX on screen: in two halves rather than smaller), and the
history pages' buttons keep their font in French and German (as wide as their labels
need, none shrunk on its own)."""

from __future__ import annotations

import pygame
import pytest

from russian_bank.ui.scenes.history import PastGamesScene
from russian_bank.ui.scenes.stats import TABLE_PX, StatsScene

from .helpers import click, key
from .languages import LANGUAGES, speaking
from .test_history_screens import menu_item, play_and_abandon


@pytest.mark.parametrize("size", [(640, 480), (700, 900), (1280, 800)])
def test_statistics_and_history_buttons_are_legible(make_app, size, monkeypatch):
    app = make_app(size=size, seed=11)
    play_and_abandon(app, gestures=3, seed=4)
    key(app, pygame.K_RETURN)
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            for name, kind in (("stats", StatsScene), ("past", PastGamesScene)):
                app.scenes = [app.game_scene]
                app.open_menu()
                click(app, menu_item(app, name))
                page = app.top
                assert isinstance(page, kind)
                if kind is StatsScene:
                    table = [
                        (t, s) for t, s, _b, _c, r, box in page.text_layout() if box != page.body()
                    ]
                    assert len(table) > 13  # every header and the rows
                    for text, s in table:
                        px = round(s * app.assets.text_scale)
                        assert px >= TABLE_PX, f"{text!r} at {px} px"
                buttons = page.buttons()
                full = max(10, buttons[0].rect.h * 11 // 20)  # a button's own font size
                for b in buttons:
                    assert app.renderer.button_size(b) == full, f"{b.label!r} shrunk"
