"""Issue 41, point 15: in French and German the lesson panel's buttons ("Lektion
überspringen" beside "Verlassen (Esc)") share one font; none drops to a smaller
font of its own, and every label fits its button."""

from __future__ import annotations

import pygame
import pytest

from russian_bank.ui.scenes.tutorial import lessons, start_lesson

from .languages import LANGUAGES, speaking


@pytest.mark.parametrize("size", [(700, 900), (1280, 800)])
def test_s15_the_lesson_panel_s_buttons_share_one_font(make_app, size, monkeypatch):
    app = make_app(size=size)
    drawn: list[tuple[str, str, int, pygame.Rect]] = []
    real = app.renderer._button

    def seen(surf, b, layout, font_size=None):  # type: ignore[no-untyped-def]
        drawn.append((b.name, b.label, font_size or app.renderer.button_size(b), b.rect))
        real(surf, b, layout, font_size)

    monkeypatch.setattr(app.renderer, "_button", seen)
    lesson = next(x for x in lessons() if x.id == "stop")
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            scene = start_lesson(app, lesson, 0)
            drawn.clear()
            scene.draw(app.screen)
            panel = {b.name for b in scene.panel_buttons()}
            sizes = {s for name, _l, s, _r in drawn if name in panel}
            assert len(panel) >= 2 and len(sizes) == 1, (lang, drawn)
            assert min(sizes) >= 12, (lang, drawn)  # and legible, not shrunk to fit
            for name, label, s, r in drawn:
                if name in panel:
                    assert app.assets.font(s, True).size(label)[0] <= r.w, (lang, label, r)
