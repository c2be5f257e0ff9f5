"""Settings, faults modes, the grace period, spreading, keys, saving, screenshots."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame

from russian_bank.engine import OVER, PENDING, PLAY, Card, Place
from russian_bank.game.places import BANKS, DISCARD, STOCK, TABLE
from russian_bank.ui.scenes.dialogs import SettingsScene
from russian_bank.ui.scenes.menu import MenuScene
from russian_bank.ui.settings import Settings, config_dir

from .helpers import (
    card_center,
    click,
    ctl,
    drag,
    key,
    move_card,
    place_center,
    post,
    press,
    release,
    step,
)
from .test_table import fault_position, no_aces, setup


def last_card_position(pos):
    """A has one card left, 4C face up on his Stock; 5H in the Table; an Ace open."""
    for s in (0,):
        for pile in (pos.stock[s], pos.hand[s]):
            while pile:
                pos.hand[1].insert(0, pile.pop())
    pos.stock_up[0] = 0
    pos.hand_unknown = [0, len(pos.hand[1])]
    move_card(pos, "4Ca", "stockA")
    move_card(pos, "5Ha", "table0")
    pos.hand_unknown = [0, len(pos.hand[1])]


def play_last_card(app):
    four = Card.parse("4Ca")
    drag(app, card_center(app, four), place_center(app, Place(TABLE, 0)))
    assert ctl(app).position.phase == PENDING


def test_grace_countdown_then_win_stands(make_app):
    app = make_app()
    setup(app, last_card_position)
    play_last_card(app)
    c = ctl(app)
    assert c.grace_left() is not None
    step(app, 60)  # one second: still waiting for a Stop
    assert c.position.phase == PENDING and 1.5 < c.grace_left() < 2.5
    step(app, 150)
    assert c.position.phase == OVER and c.game.outcome.winner == 0


def test_stop_during_grace_returns_last_card(make_app):
    app = make_app()
    setup(app, last_card_position)
    play_last_card(app)
    key(app, pygame.K_k)
    pos = ctl(app).position
    assert pos.phase == PLAY and pos.player == 1
    assert [str(c) for c in pos.discard[0]] == ["4Ca"]  # §68


def test_automatic_referee_stops(make_app):
    app = make_app(settings=Settings(fault_mode="automatic"))
    setup(app, fault_position(0))
    click(app, place_center(app, Place(STOCK, 0)))
    assert ctl(app).position.fault is not None
    step(app, 60)
    assert ctl(app).position.player == 1  # the referee called Stop for B


def test_beginner_mode_refuses_fault(make_app):
    app = make_app(settings=Settings(fault_mode="beginner"))
    setup(app, fault_position(0))
    pos = ctl(app).position
    click(app, place_center(app, Place(STOCK, 0)))
    assert pos.stock_up[0] == 0 and pos.fault is None
    assert "Beginner" in ctl(app).last_reason


def test_double_click_banks(make_app):
    app = make_app()
    setup(app, fault_position(0))
    ace = Card.parse("ASa")
    at = card_center(app, ace)
    click(app, at)
    click(app, at)
    pos = ctl(app).position
    assert any(b == [ace] for b in pos.banks)
    assert pos.fault is None


def test_right_button_spreads_discard_without_change(make_app):
    def build(pos):
        no_aces(pos)
        for t in ("9Db", "3Cb", "KHb"):
            move_card(pos, t, "discardB")

    app = make_app()
    setup(app, build)
    before = ctl(app).position.to_text()
    press(app, place_center(app, Place(DISCARD, 1)), button=3)
    assert [str(c) for c in ctl(app).spread_cards()] == ["9Db", "3Cb", "KHb"]
    release(app, place_center(app, Place(DISCARD, 1)), button=3)
    assert ctl(app).spread is None
    assert ctl(app).position.to_text() == before


def test_escape_menu_settings_and_ctrl_n(make_app):
    app = make_app()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    _p, rects, _u = app.top.geometry()
    click(app, next(r for n, _l, r in rects if n == "settings").center)
    assert isinstance(app.top, SettingsScene)
    _p, rects, _u = app.top.geometry()
    click(app, next(r for n, _l, r in rects if n == "fault").center)
    click(app, next(r for n, _l, r in rects if n == "sound").center)
    assert app.settings.fault_mode == "automatic" and app.settings.sound is False
    assert (config_dir() / "settings.json").exists()
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.top is app.game_scene
    old = ctl(app).game
    key(app, pygame.K_n, mod=pygame.KMOD_LCTRL)
    assert ctl(app).game is not old
    key(app, pygame.K_F11)  # no crash without a real screen


def test_menu_new_game_with_seed(make_app):
    app = make_app()
    key(app, pygame.K_ESCAPE)
    _p, rects, _u = app.top.geometry()
    click(app, next(r for n, _l, r in rects if n == "seed").center)
    for ch in "42":
        key(app, getattr(pygame, f"K_{ch}"), unicode=ch)
    key(app, pygame.K_RETURN)
    assert ctl(app).game.seed == 42 and app.top is app.game_scene


def test_autosave_restores_game(make_app):
    from russian_bank.ui.app import App

    app = make_app(seed=5, resume=False)
    click(app, place_center(app, Place(STOCK, ctl(app).position.player)))
    record = ctl(app).game.record_text()
    assert (config_dir() / "autosave.txt").exists()
    again = App((1024, 640), pace="instant", settings=Settings())
    assert again.game_scene.ctl.game.record_text() == record


def test_broken_files_give_message_not_traceback(make_app):
    from russian_bank.ui.app import App

    folder = config_dir()
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text("{not json")
    (folder / "autosave.txt").write_text("russian-bank record 1\nseed: 3\n1. fly away\n")
    app = App((1024, 640), pace="instant")
    texts = " ".join(m.text for m in ctl(app).messages.values())
    assert "Settings file" in texts and "could not be read" in texts
    assert not ctl(app).game.over


def test_resize_relayouts(make_app):
    app = make_app()
    pygame.display.set_mode((1100, 700), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700))
    step(app)
    assert app.game_scene.layout.size == (1100, 700)


def test_layout_has_no_overlaps_at_all_sizes():
    from russian_bank.ui.table.layout import Layout

    for size in ((1024, 640), (1280, 800), (1920, 1080), (1366, 768)):
        lay = Layout(size)
        rects = list(lay.rects.values()) + list(lay.held_rects.values())
        rects += [z.rect for z in lay.zones.values()]
        screen = pygame.Rect(0, 0, *size)
        for i, a in enumerate(rects):
            assert screen.contains(a), (size, a)
            for b in rects[i + 1 :]:
                assert not a.colliderect(b), (size, a, b)
        for i in range(8):  # a 12-card sequence stays on screen
            for r in lay.table_card_rects(i, 12):
                assert screen.contains(r)


def test_screenshot_cli(tmp_path):
    out = tmp_path / "shot.png"
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path))
    cmd = [sys.executable, "-m", "russian_bank", "--screenshot", str(out)]
    cmd += ["--seed", "4", "--size", "1024x640", "--moves", "30"]
    subprocess.run(cmd, check=True, env=env, capture_output=True, timeout=60)
    img = pygame.image.load(str(out))
    assert img.get_size() == (1024, 640)


def test_drawing_changes_nothing(make_app):
    app = make_app()
    setup(app, fault_position(0))
    before = ctl(app).position.to_text()
    surf = pygame.Surface(app.size)
    for _ in range(3):
        app.draw(surf)
    assert ctl(app).position.to_text() == before
    assert BANKS  # (imported for clarity)


def test_computer_opponent_plays_its_innings(make_app):
    from russian_bank.ui.app import bot_factory

    if bot_factory() is None:
        import pytest

        pytest.skip("no russian_bank.ai.make_bot yet")
    app = make_app(settings=Settings(opponent="novice"))
    setup(app, lambda pos: no_aces(pos), player=1)
    c = ctl(app)
    assert c.is_bot(1) and not c.is_bot(0)
    assert "stop1" not in [b.name for b in app.game_scene.buttons()]
    for _ in range(3000):
        step(app)
        if c.position.player == 0 or c.game.over:
            break
    assert len(c.game.actions) > 0
    assert c.position.player == 0 or c.game.over
