"""The pseudo-language harness: draw a screen with every looked-up string wrapped in
⟦…⟧ (russian_bank/i18n.py) and list the visible text outside the markers.

Every line the program draws goes through ``pygame.font.Font.render``; the harness
puts a recording subclass in its place while the application makes its fonts, so
it sees exactly the text that reaches the screen. A line may begin inside a marker
that an earlier line opened (wrapped text) and end inside one that a later line
closes. What is left once the markers' contents are taken out may hold card
labels, numbers, seat letters and punctuation, but no word: two letters in a row
outside the markers are a string nobody looked up (tests/pseudo_marks.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from russian_bank import i18n

from ..pseudo_marks import outside, recording_pseudo
from ..pseudo_marks import unmarked as _unmarked

DRAWN: list[str] = []
LOOKED_UP: set[str] = set()  # every message asked for in the pseudo-language


RecordingPseudo = recording_pseudo(LOOKED_UP)


def unmarked(lines: list[str]) -> list[str]:
    """The drawn lines with a word no looked-up string holds (tests/pseudo_marks.py)."""
    return _unmarked(lines, LOOKED_UP)


class RecordingFont(pygame.font.Font):
    def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def,override]
        if text:
            DRAWN.append(str(text))
        return super().render(text, *args, **kwargs)


@contextmanager
def pseudo(monkeypatch) -> Iterator[list[str]]:  # type: ignore[no-untyped-def]
    """The pseudo-language in force and every drawn line recorded, for one test."""
    monkeypatch.setattr(pygame.font, "Font", RecordingFont)
    monkeypatch.setattr(i18n, "_Pseudo", RecordingPseudo)
    monkeypatch.setenv("LANGUAGE", i18n.PSEUDO)  # what "system" means (the default setting)
    DRAWN.clear()
    i18n.set_language(i18n.PSEUDO)
    try:
        yield DRAWN
    finally:
        i18n.set_language("en")


def drawn_by(app, scene=None) -> list[str]:  # type: ignore[no-untyped-def]
    """Every line one frame of ``app`` draws (with ``scene`` on top if given: for
    this frame only, so that no scene of the stack is closed by the probe)."""
    old = app._scenes
    if scene is not None:
        app._scenes = [app.game_scene, scene]
    app.assets._text.clear()  # the text cache would hide lines drawn before
    DRAWN.clear()
    surface = pygame.display.get_surface() or pygame.Surface(app.size)
    try:
        app.draw(surface)
    finally:
        app._scenes = old
    return list(DRAWN)


__all__ = ["DRAWN", "drawn_by", "outside", "pseudo", "unmarked"]
