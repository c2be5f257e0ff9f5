"""Accessibility settings: card design, four-colour suits, text size, reduced motion."""

from __future__ import annotations

import pygame
import pytest

from russian_bank.engine import Card
from russian_bank.ui.app import MIN_SIZE
from russian_bank.ui.scenes.dialogs import SettingsScene
from russian_bank.ui.settings import Settings, load_settings

from .helpers import card_center, click, ctl, drag, key, place_center, step
from .test_table import first_ace_seed
from .test_text_fit import check_menus_and_help, resize


def open_settings(app):
    key(app, pygame.K_ESCAPE)
    _p, rects, _u = app.top.geometry()
    click(app, next(r for n, _l, r in rects if n == "settings").center)
    assert isinstance(app.top, SettingsScene)


def press_item(app, name):
    _p, rects, _u = app.top.geometry()
    click(app, next(r for n, _l, r in rects if n == name).center)


def face_bytes(app, text):
    cards = app.assets.cards(ctl(app).layout.card_size)
    return pygame.image.tobytes(cards.face(Card.parse(text)), "RGBA")


def colour_count(app, text, target, tol=40):
    """Pixels of the face of ``text`` within ``tol`` of the colour ``target``."""
    data = face_bytes(app, text)
    n = 0
    for i in range(0, len(data), 4):
        if data[i + 3] > 200 and all(abs(data[i + k] - target[k]) <= tol for k in range(3)):
            n += 1
    return n


def test_second_card_design_chosen_in_settings(make_app):
    app = make_app()
    classic = face_bytes(app, "KHa")
    open_settings(app)
    press_item(app, "deck")
    assert app.settings.deck == "bold" and app.assets.deck == ("bold", False)
    assert face_bytes(app, "KHa") != classic
    assert load_settings()[0].deck == "bold"  # saved
    press_item(app, "deck")
    assert face_bytes(app, "KHa") == classic


def test_four_colour_suits(make_app):
    blue, green, red = (18, 86, 196), (10, 128, 62), (200, 16, 46)
    app = make_app()
    assert colour_count(app, "9Da", blue) == 0 and colour_count(app, "9Da", red) > 50
    open_settings(app)
    press_item(app, "four")
    assert app.settings.four_colour
    assert colour_count(app, "9Da", blue) > 50 and colour_count(app, "9Da", red) == 0
    assert colour_count(app, "9Ca", green) > 50
    assert colour_count(app, "9Ha", red) > 50  # Hearts stay red
    press_item(app, "deck")  # the bold design has its four-colour variant too
    assert colour_count(app, "9Da", blue) > 50


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 800)])
def test_larger_text_still_fits_every_panel(make_app, size):
    app = make_app()
    small = app.assets.font(20).get_height()
    open_settings(app)
    press_item(app, "scale")
    press_item(app, "scale")
    assert app.settings.text_scale == 1.5
    assert app.assets.font(20).get_height() > small * 1.3
    resize(app, size)
    check_menus_and_help(app)
    app.draw(app.screen)
    for line, r, box in app.renderer.texts:
        assert box.contains(r), line


def test_reduced_motion_moves_cards_at_once(make_app):
    seed, i = first_ace_seed()
    app = make_app(seed=seed, pace="normal", settings=Settings(reduced_motion=True))
    c = ctl(app)
    assert not c.options.motion
    ace = c.position.table[i][-1]
    lay = app.game_scene.layout
    drag(
        app,
        card_center(app, ace),
        lay.rects[next(iter(b for b in lay.rects if b.kind == "bank"))].center,
    )
    assert ace in c.position.banks[0] or any(ace in b for b in c.position.banks)
    assert not c.flights  # no card flies
    click(
        app,
        place_center(
            app, next(p for p in lay.rects if p.kind == "stock" and p.index == c.position.player)
        ),
    )
    assert not c.flights
    # and the setting switches back to full motion
    open_settings(app)
    press_item(app, "motion")
    assert c.options.motion and not app.settings.reduced_motion
    step(app)


def test_each_settings_entry_changes_its_own_setting_alone(make_app):
    """Every entry of the Settings panel that steps or switches a value changes that
    setting and no other, and it is saved."""
    fields = {
        "fault": "fault_mode",
        "sound": "sound",
        "pace": "pace",
        "deck": "deck",
        "four": "four_colour",
        "cards": "card_scale",
        "scale": "text_scale",
        "motion": "reduced_motion",
        "coach": "coach",
        "clock": "stop_clock",
        "language": "language",
    }
    app = make_app()
    open_settings(app)
    for item, field in fields.items():
        before = {f: getattr(app.settings, f) for f in fields.values()}
        press_item(app, item)
        after = {f: getattr(app.settings, f) for f in fields.values()}
        assert {f for f in after if after[f] != before[f]} == {field}, item
        assert getattr(load_settings()[0], field) == after[field], item
