"""The table laid out from the minimum window size up, landscape and portrait."""

from __future__ import annotations

import itertools

import pygame
import pytest

from russian_bank.engine import Place
from russian_bank.game.places import DISCARD, HAND, STOCK
from russian_bank.ui.app import MIN_SIZE

from .helpers import ctl, key, post, step

SIZES = [MIN_SIZE, (800, 600), (1024, 640), (1280, 800), (1920, 1080), (700, 900), (640, 960)]


def resize(app, size):
    post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
    step(app)
    app.resize(size)


@pytest.mark.parametrize("size", SIZES)
def test_layout_fits_the_window_without_overlaps(make_app, size):
    app = make_app(size=(1280, 800))
    resize(app, size)
    lay = app.game_scene.layout
    screen = pygame.Rect(0, 0, *size)
    boxes = dict(lay.rects)
    for s in (0, 1):
        boxes[("held", s)] = lay.held_rects[s]
        boxes[("zone", s)] = lay.zones[s].rect
    if lay.log_rect is not None:  # a wide window: the move log beside the table
        boxes["log"] = lay.log_rect
        for i in range(8):  # the Table's fans stop short of it
            assert lay.table_area(i).right <= lay.log_rect.left
    for name, r in boxes.items():
        assert screen.contains(r), (size, name, r)
    for (n1, r1), (n2, r2) in itertools.combinations(boxes.items(), 2):
        assert not r1.colliderect(r2), (size, n1, n2)
    # the buttons: inside their zone, apart, and the Menu button always there
    buttons = app.game_scene.buttons()
    assert "menu" in [b.name for b in buttons]
    for b in buttons:
        assert lay.zones[b.seat].rect.contains(b.rect), (size, b.name)
    for b1, b2 in itertools.combinations(buttons, 2):
        assert not b1.rect.colliderect(b2.rect), (size, b1.name, b2.name)


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 800), (700, 900)])
def test_pile_labels_stay_inside_their_slots(make_app, size):
    app = make_app(size=(1280, 800))
    resize(app, size)
    app.draw(app.screen)
    labels = [t for t in app.renderer.texts if t[0] in ("A's", "Discard", "held", "A's Discard")]
    assert labels
    for line, r, box in app.renderer.texts:
        assert box.contains(r), (size, line)


def test_portrait_gives_the_zones_full_width_strips(make_app):
    app = make_app(size=(700, 900))
    lay = app.game_scene.layout
    assert lay.portrait
    for s in (0, 1):
        assert lay.zones[s].rect.w >= 700 - 2 * lay.margin - 1
    wide = make_app(size=(1280, 800)).game_scene.layout
    assert not wide.portrait


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 800)])
def test_count_badge_leaves_the_corner_indexes_clear(make_app, size):
    app = make_app(size=size)
    lay = app.game_scene.layout
    cw, ch = lay.card_size
    badge = max(9, ch // 9)
    for place in (Place(STOCK, 0), Place(HAND, 1), Place(DISCARD, 0)):
        r = lay.rects[place]
        for count in (0, 9, 36, 44):
            b = app.renderer.badge_rect(r, count, badge)
            right_index = pygame.Rect(r.x + cw * 74 // 100, r.y + ch * 66 // 100, cw // 4, ch // 3)
            left_index = pygame.Rect(r.x, r.y + ch * 66 // 100, cw // 4, ch // 3)
            assert not b.colliderect(right_index) and not b.colliderect(left_index)


def test_minimum_window_size_is_set_and_resizes_clamp(make_app):
    app = make_app(size=(300, 200))
    assert app.size == MIN_SIZE
    assert app.window.minimum_size == MIN_SIZE


def test_f11_full_screen_at_desktop_size_and_back(make_app, capfd):
    app = make_app(size=(1000, 700))
    desktop = pygame.display.get_desktop_sizes()[0]
    key(app, pygame.K_F11)
    assert app.fullscreen and app.size == desktop == app.game_scene.layout.size
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == (1000, 700)
    assert ctl(app).layout.size == (1000, 700)
    assert "re-creating window" not in capfd.readouterr().err
