"""An Overlay lays its panel out once, not every frame (the wrapping was most of a
frame's time: 50 ms at 3840x2160), and again as soon as what it shows changes:
its words, the language, the window's size, the Text size."""

from __future__ import annotations

import pygame
import pytest

from russian_bank import i18n
from russian_bank.ui.scenes import base
from russian_bank.ui.scenes.base import Overlay
from russian_bank.ui.scenes.menu import MenuScene


class Words(Overlay):
    """An overlay whose title only is looked up in the language in force (by the
    panel, as it lays it out): its own words stay the same in every language."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.extra = ""

    title = "Settings"  # (looked up by the panel itself when it lays it out)

    def lines(self) -> list[str]:
        return ["The computer thinks while you watch the cards go by." + self.extra]

    def items(self) -> list[tuple[str, str]]:
        return [("back", "Back")]


@pytest.fixture
def wraps(monkeypatch):
    """Counts the wrapping of an Overlay's paragraphs."""
    count = [0]
    original = base.wrap_paragraphs

    def counted(*args, **kw):
        count[0] += 1
        return original(*args, **kw)

    monkeypatch.setattr(base, "wrap_paragraphs", counted)
    return count


def fresh(scene):
    """The layout a new panel of the same kind lays out now (nothing kept)."""
    twin = type(scene)(scene.app)
    twin.__dict__.update({k: v for k, v in vars(scene).items() if k not in ("_laid",)})
    return twin.text_layout(), twin.geometry()


def test_the_menu_is_laid_out_once_and_drawing_it_changes_nothing(make_app, wraps):
    app = make_app(size=(1280, 800))
    menu = MenuScene(app)
    app.push(menu)
    surface = pygame.Surface(app.size)
    menu.draw(surface)
    first = pygame.image.tobytes(surface, "RGB")
    wraps[0] = 0
    for _ in range(5):
        menu.draw(surface)
    assert wraps[0] == 0  # no wrapping in the frames after the first
    assert pygame.image.tobytes(surface, "RGB") == first
    panel, rects, _unit = menu.geometry()
    panel.move_ip(100, 100)  # a caller's change to what it was given ...
    rects[0][2].move_ip(100, 100)
    assert (menu.text_layout(), menu.geometry()) == fresh(menu)  # ... is not kept


def test_a_change_of_words_language_size_or_text_size_lays_it_out_again(make_app, wraps):
    app = make_app(size=(1280, 800))
    panel = Words(app)
    app.push(panel)
    surface = pygame.Surface(app.size)
    panel.draw(surface)
    english = panel.text_layout()
    try:
        i18n.set_language(i18n.PSEUDO)
        assert panel.text_layout() != english
        assert panel.text_layout()[0][0].startswith(i18n.OPEN)
        assert panel.text_layout() == fresh(panel)[0]
    finally:
        i18n.set_language("en")
    assert panel.text_layout() == english
    panel.extra = " And more words, enough of them to need another line in the panel."
    assert panel.text_layout() == fresh(panel)[0] != english
    before = panel.geometry()
    app.resize((800, 600))
    assert panel.geometry() == fresh(panel)[1] != before
    before = panel.geometry()
    app.assets.set_text_scale(1.5)
    assert panel.text_layout() == fresh(panel)[0]
    assert panel.geometry() == fresh(panel)[1] != before
    wraps[0] = 0
    panel.draw(surface)
    panel.draw(surface)
    assert wraps[0] == 0
