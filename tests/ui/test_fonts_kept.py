"""Issue 41, point 5: fonts are shared and only the ones used lately stay open, so
a long session (text fitted at many sizes, windows resized, the text size
changed) keeps a bounded number of font files open."""

from __future__ import annotations

import os

import pytest

from russian_bank.ui.kit import assets

from .helpers import step


def open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts /proc/self/fd")
def test_i41_5_fonts_at_many_sizes_keep_few_files_open(make_app) -> None:
    app = make_app()
    step(app)
    before = open_files()
    a = app.assets
    for scale in (1.0, 1.25, 1.5):
        a.set_text_scale(scale)
        for size in range(6, 140):
            for bold in (False, True):
                a.text("Stock ♠♥", size, bold=bold)
    for size in ((700, 500), (1920, 1080), (800, 600), (1280, 800)):
        app.game_scene.resize(size)
        step(app)
    grown = open_files() - before
    assert grown <= 64, f"{grown} more files open"


def test_i41_5_a_font_let_go_is_made_again_when_asked(make_app) -> None:
    app = make_app()
    first = app.assets.font(20)
    for size in range(30, 30 + getattr(assets, "FONTS_KEPT", 0) + 5):
        app.assets.font(size)
    again = app.assets.font(20)
    assert again is not first and again.get_height() == first.get_height()
    assert app.assets.font(20) is again  # used lately: kept
