"""Tooltips, the opponent's level, the sound state, plurals and hint contrast."""

from __future__ import annotations

import pygame

from russian_bank.engine import Place
from russian_bank.game.places import HAND, STOCK, TABLE
from russian_bank.ui.kit.widgets import MESSAGE_COLORS, PANEL
from russian_bank.ui.scenes.dialogs import SettingsScene
from russian_bank.ui.settings import Settings

from .helpers import click, ctl, place_center, post, press, release, step


def hover(app, pos):
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    step(app, 50)  # rest there (longer than the tooltip delay)
    app.draw(app.screen)
    return " ".join(t[0] for t in app.renderer.texts)


def test_hover_names_every_pile_in_words(make_app):
    app = make_app()
    me = ctl(app).position.player
    shown = hover(app, place_center(app, Place(STOCK, me)))
    assert f"{'AB'[me]}'s Stock: 12 cards, 0 face up" in shown
    shown = hover(app, place_center(app, Place(HAND, 1 - me)))
    assert f"{'AB'[1 - me]}'s Hand: 36 cards face down" in shown
    shown = hover(app, place_center(app, Place(TABLE, 2)))
    top = ctl(app).position.table[2][-1].label
    assert f"In the Table: 1 card, {top} on top" in shown and "space" not in shown.split(".")[0]
    shown = hover(app, app.game_scene.layout.rects[Place("bank", 0)].center)
    assert "A Bank (empty)" in shown
    # the mouse moves on: the tooltip waits again
    post(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    assert app.game_scene.tip() is None


def test_held_card_explained_on_hover(make_app):
    app = make_app()
    c = ctl(app)
    lay = app.game_scene.layout
    shown = hover(app, lay.held_rects[c.position.player].center)
    assert "the card turned from" in shown and "Hand" in shown


def test_stop_button_tooltip(make_app):
    app = make_app()
    b = next(b for b in app.game_scene.buttons() if b.name == "stop1")
    assert "Call Stop" in hover(app, b.rect.center)


def test_computer_level_shown_at_the_table(make_app):
    app = make_app(settings=Settings(opponent="club"))
    app.draw(app.screen)
    assert any(t[0].startswith("Computer B (club)") for t in app.renderer.texts)
    assert pygame.display.get_caption()[0] == ctl(app).position.rules.title


def test_sound_setting_says_when_there_is_no_device(make_app):
    app = make_app()
    scene = SettingsScene(app)
    app.sounds.available = True
    assert ("sound", "Sound: on") in scene.items()
    app.sounds.available = False
    assert ("sound", "Sound: no sound device") in scene.items()


def test_spread_of_one_face_up_card_is_singular(make_app):
    app = make_app()
    me = ctl(app).position.player
    click(app, place_center(app, Place(STOCK, me)))  # one card face up
    press(app, place_center(app, Place(STOCK, me)), button=3)
    app.draw(app.screen)
    shown = " ".join(t[0] for t in app.renderer.texts)
    release(app, place_center(app, Place(STOCK, me)), button=3)
    assert "1 face-up card," in shown


def luminance(c):
    def ch(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (ch(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_hint_text_has_strong_contrast_on_its_panel():
    a, b = luminance(MESSAGE_COLORS["hint"]), luminance(PANEL)
    assert (max(a, b) + 0.05) / (min(a, b) + 0.05) >= 7  # WCAG AAA for text


def test_i19_no_tooltip_over_the_card_just_clicked(make_app):
    """Issue 19: the tooltip popped up over the card just clicked; it waits for
    the mouse to move again."""
    app = make_app()
    me = ctl(app).position.player
    at = place_center(app, Place(STOCK, me))
    hover(app, at)
    assert app.game_scene.tip() is not None
    click(app, at)  # turns the Stock's top card
    step(app, 50)
    assert app.game_scene.tip() is None
    hover(app, (at[0] + 1, at[1]))
    assert app.game_scene.tip() is not None


def test_i19_a_face_up_stock_is_not_offered_a_turn(make_app):
    """Issue 19: the Stock's tooltip said "Click to turn its top card face up" with
    its top card face up."""
    app = make_app()
    me = ctl(app).position.player
    at = place_center(app, Place(STOCK, me))
    assert "Click to turn" in hover(app, at)
    click(app, at)
    assert ctl(app).position.stock_up[me] == 1
    shown = hover(app, (at[0] + 1, at[1]))
    assert "1 face up" in shown and "Click to turn" not in shown and "face up: play it" in shown


def test_i19_crapette_calls_a_file_with_a_card_no_space(make_app):
    """Issue 19: Crapette called a pile holding a card "A space of the files: 1 card"."""
    app = make_app(settings=Settings(rules="crapette"))
    pos = ctl(app).position
    full = next(i for i in range(8) if pos.table[i])
    shown = hover(app, place_center(app, Place(TABLE, full)))
    assert "A space of the files" not in shown and "In the files: 1 card" in shown
