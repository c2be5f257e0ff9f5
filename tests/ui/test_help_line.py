"""Issue 41 point 15: the help line on the box of the seat to play is legible at every
window size (shortened, never shrunk below about 14 pixels), in every language."""

from __future__ import annotations

import pygame
import pytest

from russian_bank.ui.kit.widgets import zone_parts

from .helpers import ctl
from .languages import LANGUAGES, speaking

SIZES = [(640, 480), (700, 900), (1280, 800), (1920, 1080)]
SMALLEST = 16  # pixels of a line of the help line (the font's line height)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("cards", [1.0, 1.5])
def test_the_help_line_is_legible(make_app, size, cards, monkeypatch):
    app = make_app(size=size)
    app.settings.card_scale = cards
    app.save_settings()
    c = ctl(app)
    seat = c.position.player
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            for phase in ("arranging", "play"):
                if phase == "play" and c.position.phase == "arranging":
                    c.act("turn stock")
                    seat = c.position.player
                c.notes.by_seat.clear()  # nothing said: the help line shows
                app.renderer.forget_static()
                app.draw(app.screen)
                _title, msg, _row = zone_parts(app.game_scene.layout.zones[seat].rect)
                lines = [(t, r) for t, r, box in app.renderer.texts if box == msg]
                assert lines, f"no help line on {seat}'s box ({phase})"
                for text, r in lines:
                    assert r.h >= SMALLEST, f"{text!r} is {r.h} px tall ({phase})"


@pytest.mark.parametrize("size", [(640, 480), (700, 900), (1280, 800), (1920, 1080)])
def test_a_boxs_buttons_share_one_font_and_their_labels_fit(make_app, size, monkeypatch):
    """Issue 41 point 15: in French and German no table button drops to a smaller
    font of its own ("Crapette (K)", "Menu (Échap)" beside "Conseil (H)"): the sizes
    the table draws its buttons at, one per box, every label inside its button."""
    app = make_app(size=size)
    drawn: list[tuple[int, str, int, pygame.Rect]] = []
    real = app.renderer._button

    def seen(surf, b, layout, size=None):  # type: ignore[no-untyped-def]
        drawn.append((b.seat, b.label, size or app.renderer.button_size(b), b.rect))
        real(surf, b, layout, size)

    monkeypatch.setattr(app.renderer, "_button", seen)
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            drawn.clear()
            app.renderer.forget_static()
            app.draw(app.screen)
            assert drawn
            for seat in (0, 1):
                sizes = {s for who, _l, s, _r in drawn if who == seat}
                assert len(sizes) <= 1, (seat, [d[:3] for d in drawn])
            # every label inside its button, the smallest window too: where a row is so
            # narrow that even the smallest font overflows, the key hint "(S)" goes
            for _seat, label, s, r in drawn:
                assert app.assets.font(s, True).size(label)[0] <= r.w, (label, r)
