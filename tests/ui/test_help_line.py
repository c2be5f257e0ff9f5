"""Issue 41 point 15: the help line on the box of the seat to play is legible at every
window size (shortened, never shrunk below about 14 pixels), in every language."""

from __future__ import annotations

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
