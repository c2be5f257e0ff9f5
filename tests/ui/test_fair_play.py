"""Fair play at the table (issue 10): no peeking by the seed, by Undo or by spreading."""

from __future__ import annotations

import pygame

from russian_bank.engine import Game, Place
from russian_bank.game.places import DISCARD
from russian_bank.ui.scenes.dialogs import ResultsScene
from russian_bank.ui.settings import Settings

from .helpers import ctl, move_card, place_center, press, release, step
from .test_menu_actions import item, needs_bots, open_menu
from .test_table import no_aces, setup

DISCARD_A = Place(DISCARD, 0)
DISCARD_B = Place(DISCARD, 1)


def discards(pos):
    no_aces(pos)
    for t in ("9Db", "3Cb", "KHb"):
        move_card(pos, t, "discardB")
    for t in ("5Sa", "QDa"):
        move_card(pos, t, "discardA")


def test_s45_s79_only_the_owner_spreads_against_the_computer(make_app):
    needs_bots()
    app = make_app(settings=Settings(opponent="novice"))
    setup(app, discards, player=0)
    c = ctl(app)
    press(app, place_center(app, DISCARD_B), button=3)  # the computer's Discard
    assert c.spread is None and c.spread_cards() == []
    assert c.last_reason == "Only B may spread his Discard (§45-47, §79)"
    assert c.messages[0].text == c.last_reason
    release(app, place_center(app, DISCARD_B), button=3)
    press(app, place_center(app, DISCARD_A), button=3)  # his own: shown to both
    assert [str(x) for x in c.spread_cards()] == ["5Sa", "QDa"]
    assert "A spreads his Discard" in c.messages[1].text
    app.draw(app.screen)
    release(app, place_center(app, DISCARD_A), button=3)
    assert c.spread is None


def test_s45_hot_seat_each_owner_spreads_his_own_for_both(make_app):
    app = make_app()
    setup(app, discards, player=0)
    c = ctl(app)
    press(app, place_center(app, DISCARD_B), button=3)
    assert [str(x) for x in c.spread_cards()] == ["9Db", "3Cb", "KHb"]
    assert "B spreads his Discard" in c.messages[0].text
    release(app, place_center(app, DISCARD_B), button=3)


def test_s45_the_adversary_sees_only_the_top_of_a_discard(make_app):
    """Two Discards that differ only under the top card draw the same pixels."""
    shots = []
    for under in (("9Db", "3Cb"), ("2Cb", "JSb")):

        def build(pos, under=under):
            no_aces(pos)
            for t in (*under, "KHb"):
                move_card(pos, t, "discardB")

        app = make_app()
        setup(app, build, player=0)
        step(app)
        app.draw(app.screen)
        rect = app.game_scene.layout.rects[DISCARD_B]
        shots.append(pygame.image.tobytes(app.screen.subsurface(rect), "RGB"))
    assert shots[0] == shots[1]


def test_seed_against_the_computer_shown_only_when_the_game_ends(make_app):
    needs_bots()
    app = make_app(seed=424242, settings=Settings(opponent="novice"))
    c = ctl(app)
    step(app)
    assert c.game.seed == 424242
    assert not any("424242" in line for line in c.log)
    assert all("424242" not in m.text for m in c.messages.values())
    app.game_scene.new_game(Game.new(515151))  # "Next game": no seed either
    c = ctl(app)
    assert not any("515151" in line for line in c.log)
    open_menu(app)
    click_abandon(app)
    for _ in range(300):
        if isinstance(app.top, ResultsScene):
            break
        step(app)
    assert isinstance(app.top, ResultsScene)
    assert "Deal: seed 515151 (kept in the record)" in app.top.lines()
    assert "seed: 515151" in c.game.record_text()


def click_abandon(app):
    from .helpers import click

    click(app, item(app, "abandon"))
    click(app, item(app, app.top.items()[0][0]))  # confirm: A abandons


def test_hot_seat_game_still_names_its_seed(make_app):
    app = make_app(seed=777)
    assert any("seed 777" in line for line in ctl(app).log)
