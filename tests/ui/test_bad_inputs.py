"""Issue 19, items 9-11 and 14: bad inputs that still hurt a new player.

Each test failed on the code before the fix (said next to it)."""

from __future__ import annotations

import pygame
import pytest

from russian_bank.ui.kit.text import wrap
from russian_bank.ui.settings import Settings, config_dir, save_settings

from .helpers import ctl, step


@pytest.fixture(autouse=True)
def _video() -> None:
    pygame.display.init()
    pygame.font.init()


class Counting:
    """A real font that counts the characters it is asked to measure."""

    def __init__(self, font: pygame.font.Font) -> None:
        self.font, self.measured, self.calls = font, 0, 0

    def size(self, text: str) -> tuple[int, int]:
        self.calls += 1
        self.measured += len(text)
        return self.font.size(text)

    def get_linesize(self) -> int:
        return self.font.get_linesize()


# -- 9: wrapping stays near-linear; messages quoting files stay short -------------------


@pytest.mark.parametrize("n", [5_000, 50_000])
def test_i19_9_an_over_long_word_is_cut_by_measuring(n: int) -> None:
    """Old code: one measure per character removed, 5,000 characters took about
    12 million measured characters (seconds); now a few measures per line."""
    font = Counting(pygame.font.Font(None, 20))
    word = "".join("abcdefghijWM0123456789"[(i * 7) % 22] for i in range(n))
    lines = wrap(font, f"before {word} after", 300)  # type: ignore[arg-type]
    assert "".join(lines).replace(" ", "") == f"before{word}after"
    assert lines[0] == "before" and lines[-1].endswith("after")
    assert all(font.font.size(line)[0] <= 300 for line in lines)
    # each line full: the next character would not have fitted
    for a, b in zip(lines[1:-2], lines[2:-1], strict=True):
        assert font.font.size(a + b[0])[0] > 300
    assert font.calls < 25 * len(lines)  # O(log) measures per line
    assert font.measured < 400 * 25 * len(lines)  # each at most about a line long


def test_i19_9_a_one_word_autosave_of_50_kb_says_so_in_one_short_line() -> None:
    """Old code: the warning quoted all 50,000 characters (and took seconds to wrap)."""
    from russian_bank.ui.app import App

    save_settings(Settings(sound=False))
    (config_dir() / "autosave.txt").write_text("x" * 50_000, encoding="utf-8")
    app = App((1280, 800))
    step(app)
    said = [m.text for m in ctl(app).messages.values()]
    warning = next(t for t in said if "could not be read" in t)
    assert "autosave.txt" in warning and "new game" in warning
    assert len(warning) < 200 + len(str(config_dir())), warning


def test_i19_9_a_5000_character_word_in_a_message_is_drawn(make_app) -> None:
    """The table draws a 5,000-character word in a message box (near-linear wrap,
    bisected font size): every line it draws fits its box."""
    app = make_app()
    word = "y" * 5_000
    ctl(app).say(0, word, "refuse")
    step(app)
    fitted = [(k, v) for k, v in app.renderer._fitted.items() if k[0] == word]
    assert fitted, "the message was not fitted"
    for (_, width, *_), (size, lines) in fitted:
        font = app.assets.font(size)
        assert all(font.size(line)[0] <= width for line in lines)
