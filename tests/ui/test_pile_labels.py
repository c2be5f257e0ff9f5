"""Issue 41 point 16: a pile's name on the table is a label, not a sentence, so it
begins with a capital in every language ("Die Ablage von A", "Le Pot de A"; the
place words in sentences keep their small "die"/"le")."""

from __future__ import annotations

import pygame
import pytest

from .helpers import recording_texts
from .languages import speaking


@pytest.mark.parametrize(
    ("lang", "first_words"),
    [("de", {"Die", "Der", "In"}), ("fr", {"Le", "La", "En"}), ("en", {"A's", "B's", "Held"})],
)
def test_i41_pile_and_slot_labels_begin_with_a_capital(
    make_app, monkeypatch, lang, first_words
) -> None:
    with speaking(lang, monkeypatch):
        app = make_app((1280, 800))
        app.renderer._static = None  # the labels are drawn with the table's still part
        app.renderer._static_key = None
        with recording_texts(app) as made:
            app.draw(pygame.display.get_surface() or pygame.Surface(app.size))
        lines = [line for line, _size, _s in made]
        starts = {line.split()[0] for line in lines if line.split()}
        assert starts & first_words, lines
        assert not starts & {"die", "der", "le", "la", "en", "in"}, lines
