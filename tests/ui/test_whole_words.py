"""Issue 19: "Discard" broke as "Disca / rd" on the 640x480 table. Every text the
table, the Replay and a lesson fit into a box breaks between words only, at every
window size and card size (a word too wide even at the smallest size is the one
exception: it has to be cut)."""

from __future__ import annotations

import pygame
import pytest

from russian_bank.ui.kit import textpanel
from russian_bank.ui.kit.text import cuts_a_word
from russian_bank.ui.scenes.tutorial import lessons, start_lesson
from russian_bank.ui.settings import CARD_SCALES, Settings
from russian_bank.ui.table.render import Renderer

from .helpers import click, key, step
from .test_history_screens import open_past_games, play_and_abandon

SIZES = [(640, 480), (700, 900), (1280, 800), (3840, 2160)]


@pytest.fixture
def fitted(monkeypatch):
    """Every (text, lines, font, width) the renderer and the panels fitted."""
    seen: list[tuple[str, list[str], pygame.font.Font, int]] = []
    fit = Renderer.fit

    def spy(self, text, box, size, bold=False):
        done = fit(self, text, box, size, bold)
        seen.append((text, done[1], self.assets.font(1, bold), box.w))
        return done

    layout = textpanel.layout

    def spy_layout(assets, blocks, box, s, min_size=9):
        lines = layout(assets, blocks, box, s, min_size)
        shown = [line.text for line in lines]
        seen.append((" ".join(b.text for b in blocks), shown, assets.font(min_size), box.w))
        return lines

    monkeypatch.setattr(Renderer, "fit", spy)
    monkeypatch.setattr(textpanel, "layout", spy_layout)
    return seen


def assert_whole_words(seen):
    assert seen
    for text, lines, smallest, width in seen:
        if cuts_a_word(smallest, text, width):
            continue  # too wide even at the smallest size: it has to be cut
        shown = " ".join(lines).split()
        assert shown == text.split()[: len(shown)], f"{text!r} broken inside a word: {lines}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("card", CARD_SCALES)
def test_table_and_replay_break_lines_between_words(make_app, fitted, size, card):
    app = make_app(size=size, seed=3, settings=Settings(card_scale=card))
    step(app, 2)
    assert any(t == "A's Discard" for t, *_r in fitted)  # the labels are among them
    play_and_abandon(app, gestures=6, seed=5)
    open_past_games(app)
    click(app, app.top.rows()[0][1].center)
    key(app, pygame.K_RIGHT)
    step(app, 2)
    assert_whole_words(fitted)


@pytest.mark.parametrize("size", SIZES)
def test_lesson_panels_break_lines_between_words(make_app, fitted, size):
    app = make_app(size=size, seed=3)
    for lesson in lessons()[:3]:
        start_lesson(app, lesson, 0)
        for _ in range(3):
            step(app, 2)
            key(app, pygame.K_RETURN)
    assert_whole_words(fitted)
