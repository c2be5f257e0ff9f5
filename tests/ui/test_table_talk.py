"""Issue 41 point 11: the computer's box never talks to the person; a tooltip never
covers the pile or card it is about (the card just clicked or played stays in view)."""

from __future__ import annotations

import pygame
import pytest

from russian_bank.engine import Place
from russian_bank.game.places import STOCK, TABLE
from russian_bank.ui.settings import Settings

from .helpers import DT, ctl, post, step

SPOKEN_TO = ("your", "Your", "Drag", "click", "turn your")


def first_player_is(app, seat):
    return ctl(app).position.player == seat


@pytest.mark.parametrize("rules", ["committee", "one-pack"])
def test_the_computers_box_never_tells_the_person_what_to_do(make_app, rules):
    seen_b_first = False
    for seed in range(1, 12):
        app = make_app(seed=seed, settings=Settings(opponent="novice", rules=rules))
        c = ctl(app)
        if c.position.player != 1:
            continue
        seen_b_first = True
        b = c.messages.get(1)
        assert b is None or not any(w in b.text for w in SPOKEN_TO), b.text
        a = c.messages.get(0)
        assert a is not None and "B begins" in a.text, a
        for _ in range(120):  # the computer plays its innings; the turn comes back
            step(app)
            b = c.messages.get(1)
            assert b is None or not any(w in b.text for w in SPOKEN_TO), b.text
        break
    assert seen_b_first, "no deal of these seeds lets B begin"


def rest_on(app, pos):
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    step(app, frames=int(0.8 / DT))


@pytest.mark.parametrize("size", [(640, 480), (700, 900), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("cards", [1.0, 1.5])
def test_a_tooltip_never_covers_the_pile_it_is_about(make_app, size, cards):
    app = make_app(size=size, settings=Settings(card_scale=cards))
    scene = app.game_scene
    lay = scene.layout
    places = [Place(TABLE, i) for i in range(8)] + [Place(STOCK, 0), Place(STOCK, 1)]
    for place in places:
        pile = lay.rects[place].clip(lay.shown_part(place))
        rest_on(app, pile.center)
        target = scene.tip_target()
        assert target is not None, place
        text, about = target
        _size, box = app.renderer.tooltip_box(app.size, text, pile.center, about)
        assert not box.colliderect(about), f"the tooltip covers {place}: {box} on {about}"
        assert pygame.Rect(0, 0, *app.size).contains(box)


def test_no_tooltip_over_a_card_just_dropped(make_app):
    app = make_app()
    at = app.game_scene.layout.rects[Place(TABLE, 0)].center
    rest_on(app, at)
    assert app.game_scene.tip() is not None
    post(pygame.MOUSEBUTTONDOWN, pos=at, button=1)
    post(pygame.MOUSEBUTTONUP, pos=at, button=1)
    step(app, frames=int(1.0 / DT))
    assert app.game_scene.tip() is None  # until the mouse moves again
