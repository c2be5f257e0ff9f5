"""The pseudo-language harness: draw a screen with every looked-up string wrapped in
⟦…⟧ (russian_bank/i18n.py) and list the visible text outside the markers.

Every line the program draws goes through ``pygame.font.Font.render``; the harness
puts a recording subclass in its place while the application makes its fonts, so
it sees exactly the text that reaches the screen. A line may begin inside a marker
that an earlier line opened (wrapped text) and end inside one that a later line
closes. What is left once the markers' contents are taken out may hold card
labels, numbers, seat letters and punctuation, but no word: two letters in a row
outside the markers are a string nobody looked up.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from russian_bank import i18n

DRAWN: list[str] = []
_WORD = re.compile(r"[^\W\d_]{2,}")
_MARKED = re.compile(r"⟦[^⟦⟧]*⟧")


class RecordingFont(pygame.font.Font):
    def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def,override]
        if text:
            DRAWN.append(str(text))
        return super().render(text, *args, **kwargs)


@contextmanager
def pseudo(monkeypatch) -> Iterator[list[str]]:  # type: ignore[no-untyped-def]
    """The pseudo-language in force and every drawn line recorded, for one test."""
    monkeypatch.setattr(pygame.font, "Font", RecordingFont)
    monkeypatch.setenv("LANGUAGE", i18n.PSEUDO)  # what "system" means (the default setting)
    DRAWN.clear()
    i18n.set_language(i18n.PSEUDO)
    try:
        yield DRAWN
    finally:
        i18n.set_language("en")


def outside(line: str) -> str:
    """What of ``line`` is outside the markers (nested markers allowed)."""
    text = line
    while True:
        inner = _MARKED.sub(" ", text)
        if inner == text:
            break
        text = inner
    # a line wrapped out of a longer marked string: its head closes, its tail opens
    if "⟧" in text:
        text = text[text.rindex("⟧") + 1 :]
    if "⟦" in text:
        text = text[: text.index("⟦")]
    return text


def unmarked(lines: list[str]) -> list[str]:
    """The drawn lines with a word outside the markers."""
    return sorted({ln for ln in lines if _WORD.search(outside(ln))})


def drawn_by(app, scene=None) -> list[str]:  # type: ignore[no-untyped-def]
    """Every line one frame of ``app`` draws (with ``scene`` on top if given)."""
    if scene is not None:
        app.scenes = [app.game_scene, scene]
    app.assets._text.clear()  # the text cache would hide lines drawn before
    DRAWN.clear()
    surface = pygame.display.get_surface() or pygame.Surface(app.size)
    app.draw(surface)
    return list(DRAWN)
