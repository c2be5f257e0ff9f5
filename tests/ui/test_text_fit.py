"""Every text panel wraps to its box at every window size (nothing is cut off)."""

from __future__ import annotations

import pygame
import pytest

from russian_bank.engine import Abandon
from russian_bank.ui.app import MIN_SIZE
from russian_bank.ui.scenes.dialogs import (
    AbandonScene,
    DrawOfferScene,
    NewGameScene,
    ResultsScene,
    SettingsScene,
)
from russian_bank.ui.scenes.help import HelpScene
from russian_bank.ui.scenes.menu import MenuScene

from .helpers import ctl, key, post, step
from .languages import LANGUAGES, speaking

# Issue 23: every text here fits in English, French and German; each test builds
# its table once and checks it in each language (tests/ui/languages.py).

SIZES = [(1280, 800), (1024, 640), MIN_SIZE, (700, 900)]


def resize(app, size):
    post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
    step(app)
    app.resize(size)  # the dummy driver does not resize the window itself


def check_overlay(app, scene):
    W, H = app.size
    screen = pygame.Rect(0, 0, W, H)
    panel, rects, _unit = scene.geometry()
    assert screen.contains(panel), (type(scene).__name__, panel)
    for line, size, bold, r, box in scene.text_layout():
        assert panel.contains(box)
        assert box.contains(r), (type(scene).__name__, W, H, line)
        assert app.assets.font(size, bold).size(line)[0] <= r.w
    for name, _label, r in rects:
        assert panel.contains(r), (type(scene).__name__, W, H, name)


def check_menus_and_help(app):
    """The Menu and Settings overlays and every line of the help fit their panels."""
    for scene in (MenuScene(app), SettingsScene(app)):
        app.scenes = [app.game_scene, scene]
        check_overlay(app, scene)
    helpscene = HelpScene(app)
    _panel, box, _buttons, _unit = helpscene.panel()
    for line in helpscene.text_lines():
        assert box.left <= line.rect.left and line.rect.right <= box.right, line.text
    app.scenes = [app.game_scene]


@pytest.mark.parametrize("size", SIZES)
def test_every_overlay_wraps_inside_its_panel(make_app, size, monkeypatch):
    app = make_app(size=(1280, 800), seed=3)
    resize(app, size)
    assert app.size == size
    c = ctl(app)
    c.act("turn stock")
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            scenes = [
                MenuScene(app),
                SettingsScene(app),
                AbandonScene(app),
                DrawOfferScene(app, 0),
                NewGameScene(app, None),
            ]
            for scene in scenes:
                app.push(scene)
                step(app)
                check_overlay(app, scene)
                app.scenes = [app.game_scene]
    c.act(Abandon(0))
    key(app, pygame.K_RETURN)
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            results = ResultsScene(app)
            app.push(results)
            check_overlay(app, results)
            app.scenes = [app.game_scene]


def test_help_wraps_lines_that_would_run_off(make_app, monkeypatch):
    app = make_app(size=(1024, 640))
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            scene = HelpScene(app)
            paragraphs = scene.paragraphs()
            _panel, box, _buttons, _unit = scene.panel()
            lines = scene.text_lines()
            shown = [ln.text for ln in lines]
            assert len(shown) > len(paragraphs)  # at least one paragraph was wrapped
            assert " ".join(shown).split() == " ".join(paragraphs).split()  # no word lost
            assert all(box.left <= ln.rect.left and ln.rect.right <= box.right for ln in lines)


@pytest.mark.parametrize("size", SIZES)
def test_zone_texts_fit_their_boxes(make_app, size, monkeypatch):
    app = make_app(size=(1280, 800), seed=3)
    resize(app, size)
    c = ctl(app)
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            c.say(0, "A long message that must wrap inside the zone of A at every window size" * 2)
            c.say(1, "Stop! A stops B: B played 7♣ to the Table while 6♥ on his Stock could go")
            app.renderer.forget_static()
            app.draw(app.screen)
            texts = app.renderer.texts
            assert texts
            for line, r, box in texts:
                assert box.contains(r), (size, line, r, box)
            c.act("turn stock")
