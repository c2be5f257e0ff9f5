"""§34: a new game with a game in progress asks first and scores the abandoned game."""

from __future__ import annotations

import pygame

from russian_bank.engine import Place
from russian_bank.game.places import STOCK
from russian_bank.ui.kit import words
from russian_bank.ui.scenes.dialogs import NewGameScene

from .helpers import click, ctl, key, place_center, step


def items(app):
    _p, rects, _u = app.top.geometry()
    return {n: r for n, _l, r in rects}


def type_seed(app, text):
    key(app, pygame.K_ESCAPE)
    click(app, items(app)["seed"].center)
    for ch in text:
        key(app, getattr(pygame, f"K_{ch}"), unicode=ch)
    key(app, pygame.K_RETURN)


def test_s34_enter_in_seed_field_asks_and_scores_the_abandoned_game(make_app):
    app = make_app(seed=5)
    c = ctl(app)
    click(app, place_center(app, Place(STOCK, c.position.player)))  # the game is begun
    old = c.game
    expect = {s: words.abandon_words(c.position, s) for s in (0, 1)}
    type_seed(app, "42")
    assert isinstance(app.top, NewGameScene) and ctl(app).game is old
    text = " ".join(app.top.lines())
    assert "§" not in text and expect[0] in text and expect[1] in text  # no citation (i19)
    click(app, items(app)["no"].center)  # play on: nothing changes
    assert app.top is app.game_scene and ctl(app).game is old and app.games == 0
    type_seed(app, "42")
    click(app, items(app)["abandon0"].center)  # A abandons
    out = old.outcome
    assert out.reason == "abandoned" and out.winner == 1
    assert app.match == [0, out.points] and app.games == 1
    assert ctl(app).game.seed == 42 and app.top is app.game_scene
    assert "abandoned" in ctl(app).messages[ctl(app).position.player].text


def test_new_game_before_any_play_needs_no_question(make_app):
    app = make_app(seed=5)
    old = ctl(app).game
    key(app, pygame.K_n, mod=pygame.KMOD_LCTRL)
    assert app.top is app.game_scene and ctl(app).game is not old
    assert app.games == 0 and app.match == [0, 0]


def test_s34_ctrl_n_against_the_computer_offers_only_the_human(make_app):
    from russian_bank.ui.settings import Settings

    app = make_app(seed=5, settings=Settings(opponent="novice"))
    c = ctl(app)
    assert app.bots_available() and c.is_bot(1)
    if c.position.player == 0:
        click(app, place_center(app, Place(STOCK, 0)))
    else:
        step(app, 30)  # the computer begins
    assert c.game.actions
    key(app, pygame.K_n, mod=pygame.KMOD_LCTRL)
    assert isinstance(app.top, NewGameScene)
    assert list(items(app)) == ["abandon0", "no"]
    assert "If A abandons: B wins" in " ".join(app.top.lines())


def test_i19_a_new_players_first_game_is_against_the_novice_then_his_last_choice():
    """Issue 19: after the lessons a newcomer's first New game was against himself
    (hot seat). A first start plays the computer at Novice; the Opponent he picks
    in the menu is the one of his next start."""
    import pygame

    from russian_bank.ui.app import App
    from russian_bank.ui.scenes.menu import MenuScene

    from .helpers import click, key, step
    from .test_history_screens import menu_item

    first = App((1024, 640), seed=1, resume=False, pace="instant")
    assert first.settings.opponent == "novice"
    assert 1 in first.game_scene.ctl.bots  # B is the computer
    key(first, pygame.K_ESCAPE)  # the lessons' welcome closes
    first.open_menu()
    step(first)
    assert isinstance(first.top, MenuScene)
    assert any("novice" in label.lower() for _n, label, _r in first.top.geometry()[1])
    while first.settings.opponent != "human":
        click(first, menu_item(first, "opponent"))
    second = App((1024, 640), seed=1, resume=False, pace="instant")
    assert second.settings.opponent == "human" and not second.game_scene.ctl.bots
