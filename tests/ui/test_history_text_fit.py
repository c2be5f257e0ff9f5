"""Issue 19 item 5: Past games (several kept games) and Statistics at every card
size and text size, in the smallest window and at 1280x800: every text the page
draws stays inside its box and the window, no two texts overlap, none is below a
readable size, and headings wrap between words only."""

from __future__ import annotations

import pygame
import pytest

from russian_bank import i18n
from russian_bank.ui.kit.text import wrap
from russian_bank.ui.scenes.history import PastGamesScene
from russian_bank.ui.scenes.page import MIN_PX
from russian_bank.ui.scenes.replay import ReplayScene
from russian_bank.ui.scenes.stats import STAT_COLUMNS, StatsScene
from russian_bank.ui.settings import CARD_SCALES, TEXT_SCALES, Settings

from .helpers import click, key
from .languages import LANGUAGES, speaking
from .test_history_screens import menu_item, open_past_games, page_button, play_and_abandon

# Issue 23: every text here fits in English, French and German. Each test plays its
# games once and checks its pages in each language (tests/ui/languages.py).


def check_page(app):
    W, H = app.size
    window = pygame.Rect(0, 0, W, H)
    texts = app.top.text_layout()
    assert texts
    for text, size, _bold, _colour, r, box in texts:
        px = round(size * app.assets.text_scale)
        assert px >= MIN_PX, f"{text!r} at {px} px"
        assert window.contains(r), f"{text!r} leaves the window: {r}"
        assert box.contains(r), f"{text!r} leaves its box: {r} not in {box}"
    shown = [(t, r) for t, *_m, r, _b in texts if t]
    for i, (t1, r1) in enumerate(shown):
        for t2, r2 in shown[i + 1 :]:
            assert not r1.colliderect(r2), f"{t1!r} {r1} overlaps {t2!r} {r2}"
    for b in app.top.buttons():
        assert window.contains(b.rect)
        for t, r in shown:
            assert not r.colliderect(b.rect), f"{t!r} under the button {b.label!r}"
    return [t for t, *_rest in texts]


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
@pytest.mark.parametrize("card", CARD_SCALES)
@pytest.mark.parametrize("text", TEXT_SCALES)
def test_history_pages_fit_at_every_card_and_text_size(make_app, size, card, text, monkeypatch):
    app = make_app(size=size, seed=11, settings=Settings(card_scale=card, text_scale=text))
    for seed in (3, 4, 5):
        play_and_abandon(app, gestures=3, seed=seed)
        key(app, pygame.K_RETURN)
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            app.scenes = [app.game_scene]
            open_past_games(app)
            assert len(app.top.games) == 3
            shown = check_page(app)
            result = app.top.games[0].result_words()  # in the language in force
            assert any(result in t for t in shown)  # the rows are among the checked texts
            key(app, pygame.K_ESCAPE)
            key(app, pygame.K_ESCAPE)
            app.open_menu()
            click(app, menu_item(app, "stats"))
            assert isinstance(app.top, StatsScene)
            check_page(app)
            words = {w for head, _f in STAT_COLUMNS for w in i18n._(head).split()}
            heads = [
                t
                for t, _s, bold, colour, *_r in app.top.text_layout()
                if bold and colour != (240, 200, 80)
            ]
            heads = heads[1:]  # after the page title
            for line in heads:
                assert set(line.split()) <= words, f"heading broken mid-word: {line!r}"
    assert PastGamesScene  # the module under test


def check_replay(app):
    scene = app.top
    assert isinstance(scene, ReplayScene)
    a = app.assets
    log = scene.log_rect()
    u = scene.unit()
    header, top = scene.header()
    for text, size, bold, _colour, y in header:
        w, h = a.font(size, bold).size(text)
        assert w <= log.w - 2 * u, f"{text!r} cut at the panel's edge"
        assert y + h <= top and round(size * a.text_scale) >= MIN_PX
    size, per_row = scene.line_size()
    assert round(size * a.text_scale) >= MIN_PX
    first, n, h, rows = scene.log_rows()
    assert rows.y >= top and rows.bottom <= app.size[1]
    f = a.font(size)
    for i in range(first, min(first + n, len(scene.replay.lines))):
        parts = wrap(f, f"{i}. {scene.replay.lines[i]}", scene.line_width())
        assert len(parts) <= per_row and len(parts) * f.get_linesize() <= h
        assert all(f.size(p)[0] <= scene.line_width() for p in parts)
    return [t for t, *_r in header]


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
@pytest.mark.parametrize("card", CARD_SCALES)
@pytest.mark.parametrize("text", [TEXT_SCALES[0], TEXT_SCALES[-1]])
def test_replay_and_review_fit_at_every_card_size(make_app, size, card, text, monkeypatch):
    app = make_app(size=size, seed=11, settings=Settings(card_scale=card, text_scale=text))
    play_and_abandon(app, gestures=6, seed=3)
    open_past_games(app)
    click(app, app.top.rows()[0][1].center)
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            review = i18n._("Review")  # "Review (R): find ..." in the language in force
            assert any(review in t for t in check_replay(app))
    click(app, page_button(app, "review"))
    assert app.top.job is not None
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            check_replay(app)  # "Reviewing in the background", or the marks found


def check_replay_buttons(app):
    """Every Replay button's every label whole inside it, at one readable size;
    the buttons inside the window, clear of each other, the table and the log."""
    from russian_bank.ui.scenes.replay import button_labels

    scene = app.top
    a = app.assets
    size = scene.button_font_size()
    assert round(size * a.text_scale) >= MIN_PX
    f = a.font(size, True)
    window = pygame.Rect((0, 0), app.size)
    buttons = scene.buttons()
    assert len(buttons) == 11
    for i, b in enumerate(buttons):
        assert window.contains(b.rect), b.name
        assert not b.rect.colliderect(scene.log_rect()), b.name
        assert not b.rect.colliderect(scene.table_rect()), b.name
        for label in button_labels().get(b.name, [b.label]):
            w, h = f.size(label)
            assert w <= b.rect.w - 6 and h <= b.rect.h, f"{label!r} cut in {b.rect}"
        for other in buttons[i + 1 :]:
            assert not b.rect.colliderect(other.rect), (b.name, other.name)
    return buttons


@pytest.mark.parametrize("size", [(640, 480), (700, 900), (1280, 800), (3840, 2160)])
@pytest.mark.parametrize("card", CARD_SCALES)
@pytest.mark.parametrize("text", [TEXT_SCALES[0], TEXT_SCALES[-1]])
def test_replay_buttons_show_every_label_whole(make_app, size, card, text, monkeypatch):
    """Issue 19: at 640x480 the eleven buttons in one row cut "Pace: norm" and
    "Cards: as play"; now they take two rows where one would be too small."""
    app = make_app(size=size, seed=11, settings=Settings(card_scale=card, text_scale=text))
    play_and_abandon(app, gestures=6, seed=3)
    open_past_games(app)
    click(app, app.top.rows()[0][1].center)
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            before = [b.rect for b in check_replay_buttons(app)]
            if size[0] >= 1280 and text == TEXT_SCALES[0] and lang == "en":
                assert len({r.y for r in before}) == 1  # one row where there is room
            playing = app.top.playing
            click(app, page_button(app, "pace"))
            click(app, page_button(app, "play"))
            assert app.top.playing != playing
            assert [b.rect for b in check_replay_buttons(app)] == before  # nothing moves
