"""Issue 41, point 2: the focus ring left on a pile the next game does not have
(a Stock, then a one-pack deal) neither breaks the drawing nor needs a Tab."""

from __future__ import annotations

import pygame

from russian_bank.game.places import STOCK, Place
from russian_bank.games import game_type

from .helpers import ctl, key, step


def test_i41_2_ring_on_a_stock_then_a_one_pack_deal_draws(make_app) -> None:
    app = make_app()
    key(app, pygame.K_TAB)  # the first Tab shows the ring on the Player's Stock
    assert app.game_scene.keys.focus == Place(STOCK, 0)
    app.game_scene.new_game(game_type("one-pack").new_game(3))
    app.step(1 / 60)  # frame() would hide an error behind the recovery screen
    app.draw(app.screen)
    assert app.game_scene.keys.focus in app.game_scene.keys.order(ctl(app))


def test_i41_2_a_ring_on_a_place_the_game_lacks_is_not_drawn(make_app) -> None:
    app = make_app()
    app.game_scene.new_game(game_type("one-pack").new_game(3))
    keys = app.game_scene.keys
    keys.used, keys.focus, keys.picked = True, Place(STOCK, 0), (Place(STOCK, 0), 1)
    app.step(1 / 60)  # the ring still names the Stock: the frame draws without it
    key(app, pygame.K_TAB)
    assert app.game_scene.keys.focus in app.game_scene.keys.order(ctl(app))
    step(app)
