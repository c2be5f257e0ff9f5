"""Issue 41 point 10: the menu does not re-flow when one of its settings is cycled
(no font and no row changes under the pointer), and with the largest cards its
title, text and labels stay inside the panel and their buttons, in every language.
Point 15: no button's label is shrunk to a tiny font of its own."""

from __future__ import annotations

import pygame
import pytest

from russian_bank.games import every_name
from russian_bank.ui.scenes.dialogs import SettingsScene
from russian_bank.ui.scenes.menu import MenuScene
from russian_bank.ui.settings import MISTAKES, OPPONENTS

from .helpers import click, key
from .languages import LANGUAGES, speaking

SIZES = [(640, 480), (700, 900), (1280, 800), (1920, 1080)]
SMALLEST_LABEL = 12  # pixels: the label's font as drawn, the Text size applied


def look(app):
    """What the player sees of the menu: every button's place, the one label size,
    and every line's font size and place."""
    panel, rects, _unit = app.top.geometry()
    text = [(size, bold, r.topleft) for _l, size, bold, r, _b in app.top.text_layout()]
    return panel, [r for _n, _l, r in rects], app.top.label_size(), text


def check_inside(app):
    """Title and lines inside the panel, labels inside their buttons, none tiny."""
    menu = app.top
    panel, rects, _unit = menu.geometry()
    for line, _size, _bold, r, box in menu.text_layout():
        assert panel.contains(r) and box.contains(r), f"{line!r} leaves the panel"
    size = menu.label_size()
    font = app.assets.font(size, True)
    assert font.get_height() >= SMALLEST_LABEL, f"labels at {font.get_height()} px"
    for _name, label, r in rects:
        w, h = font.size(label)
        assert w <= r.w and h <= r.h, f"{label!r} ({w}x{h}) does not fit its button {r}"
        assert panel.contains(r), f"{label!r} button leaves the panel"


@pytest.mark.parametrize("size", SIZES)
def test_menu_keeps_its_fonts_and_rows_while_a_setting_is_cycled(make_app, size, monkeypatch):
    app = make_app(size=size)
    app.settings.card_scale = 1.5
    app.save_settings()
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            key(app, pygame.K_ESCAPE)
            assert isinstance(app.top, MenuScene)
            first = look(app)
            where = {n: r.center for n, _l, r in app.top.geometry()[1]}
            cycles = {"ruleset": len(every_name())}
            if app.bots_available():
                cycles |= {"opponent": len(OPPONENTS), "mistakes": len(MISTAKES)}
            for name, count in cycles.items():
                for _ in range(count):
                    click(app, where[name])
                    panel, rects, label, text = look(app)
                    assert (panel, rects) == first[:2], f"rows moved after {name}"
                    assert label == first[2], f"labels' font changed after {name}"
                    assert [t[:2] for t in text[:3]] == [t[:2] for t in first[3][:3]], (
                        f"the title's or a line's font changed after {name}"
                    )
                    check_inside(app)
            key(app, pygame.K_ESCAPE)


@pytest.mark.parametrize("size", SIZES)
def test_menu_after_the_largest_cards_are_chosen_stays_inside_its_panel(
    make_app, size, monkeypatch
):
    app = make_app(size=size)
    key(app, pygame.K_ESCAPE)
    settings = next(r for n, _l, r in app.top.geometry()[1] if n == "settings")
    click(app, settings.center)
    assert isinstance(app.top, SettingsScene)
    cards = next(r for n, _l, r in app.top.geometry()[1] if n == "cards")
    while app.settings.card_scale != 1.5:
        click(app, cards.center)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            check_inside(app)
