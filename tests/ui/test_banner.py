"""Issue 19: a Stop and the game's end deserve a banner, not small red text. Both
show large across the table for a moment, by real clicks and keys."""

from __future__ import annotations

import pygame

from russian_bank.engine import Place
from russian_bank.game.places import STOCK
from russian_bank.ui.table.banner import banner_rect
from russian_bank.ui.table.messages import BANNER_TIME

from .helpers import click, ctl, key, place_center, step
from .test_history_screens import menu_item
from .test_table import fault_position, setup


def drawn(app):
    app.renderer.texts = []
    app.game_scene.draw(app.screen)
    return app.renderer.texts


def banner_texts(app):
    band = banner_rect(app.game_scene.layout)
    inner = band.inflate(-band.h // 2, -8)  # where the banner writes
    return [(t, r) for t, r, box in drawn(app) if box == inner]


def test_i19_a_stop_shows_a_banner_for_a_moment(make_app):
    for size in [(640, 480), (1280, 800), (700, 900)]:
        app = make_app(size=size)
        setup(app, fault_position(0), player=0)
        assert not banner_texts(app)
        click(app, place_center(app, Place(STOCK, 0)))  # a fault: turning with an Ace open
        key(app, pygame.K_k)  # B stops A
        shown = banner_texts(app)
        assert [t for t, _r in shown] == ["Stop! B stops A"], shown
        title = max(r.h for t, r, _b in drawn(app) if t.startswith("B ·"))
        assert shown[0][1].h > title, "the banner is larger than the seats' titles"
        step(app, int(60 * (BANNER_TIME + 0.5)))
        assert not banner_texts(app)


def test_i19_the_games_end_shows_a_banner(make_app):
    app = make_app()
    key(app, pygame.K_ESCAPE)
    click(app, menu_item(app, "abandon"))
    names = [n for n, _l, _r in app.top.geometry()[1]]
    click(app, menu_item(app, names[0]))
    assert ctl(app).game.over
    shown = [t for t, _r in banner_texts(app)]
    assert shown and shown[0].startswith("Game over:") and "wins" in " ".join(shown)
