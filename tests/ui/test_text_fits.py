"""No text cut off (issue 7): the lesson panel at every step, the lessons list,
the help, the coach's note, the menu and the settings, laid out at 1280x800 and
1024x640; every line must fit its box."""

from __future__ import annotations

import pytest

from russian_bank.tutorial import Advice
from russian_bank.ui.scenes.base import Overlay
from russian_bank.ui.scenes.dialogs import SettingsScene
from russian_bank.ui.scenes.help import HelpScene
from russian_bank.ui.scenes.lessons import LessonsScene
from russian_bank.ui.scenes.menu import MenuScene
from russian_bank.ui.scenes.tutorial import lessons, start_lesson

from .languages import LANGUAGES, speaking

# Issue 23: every text here fits in English, French and German; each test builds
# its table once and checks it in each language (tests/ui/languages.py).

SIZES = [(1280, 800), (1024, 640)]
LONG = (
    "Careful: the 10\u2665 or the 10\u2666 can go on a Bank. Doing anything else first is a "
    "fault, and your adversary may call Stop (§21, §67). Do it again to go ahead."
)


def fits(lines, box, min_size: int = 10) -> None:  # type: ignore[no-untyped-def]
    assert lines
    for line in lines:
        assert box.left <= line.rect.left and line.rect.right <= box.right, line.text
        assert box.top <= line.rect.top and line.rect.bottom <= box.bottom, line.text
        assert line.size >= min_size, (line.text, line.size)


@pytest.mark.parametrize("size", SIZES)
def test_every_lesson_step_fits_its_panel(make_app, size, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app = make_app(size=size)
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            for lesson in lessons():
                for i, st in enumerate(lesson.steps):
                    sc = start_lesson(app, lesson, i)
                    sc.runner.message = st.wrong or LONG  # the longest a step can show
                    fits(sc.text_lines(), sc.text_box())
                    for b in sc.buttons():
                        font = app.assets.font(max(10, b.rect.h * 11 // 20), True)
                        assert font.size(b.label)[0] < b.rect.w, b.label
                report = ["Faults caught: 5", "Faults missed: 0", "False Stops: 1"]
                sc.mode, sc.report = "done", report
                fits(sc.text_lines(), sc.text_box())


@pytest.mark.parametrize("size", SIZES)
def test_help_lines_fit_the_width(make_app, size, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app = make_app(size=size)
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            helpscene = HelpScene(app)
            _panel, box, _buttons, unit = helpscene.panel()
            for line in helpscene.text_lines():
                assert box.left <= line.rect.left and line.rect.right <= box.right, line.text
                assert line.size >= 12
            helpscene.scroll_by(10**6)
            assert helpscene.text_lines()[-1].rect.bottom - helpscene.scroll <= box.bottom


@pytest.mark.parametrize("size", SIZES)
def test_coach_note_fits(make_app, size, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app = make_app(size=size)
    coach = app.game_scene.coach
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            coach.note = Advice(LONG + " " + LONG)
            fits(coach.note_lines(), coach.note_rect())


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", [LessonsScene, MenuScene, SettingsScene])
def test_overlay_lines_and_buttons_fit(make_app, size, kind, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app = make_app(size=size)
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            scene: Overlay = kind(app)
            panel, rects, unit = scene.geometry()
            assert panel.bottom <= size[1] and panel.right <= size[0]
            font = app.assets.font(unit)
            for line in scene.wrapped(unit, panel.w):
                assert font.size(line)[0] <= panel.w - 3 * unit, line
            for _name, label, r in rects:
                assert app.assets.font(10, True).size(label)[0] <= r.w - 6, label
                assert r.bottom <= panel.bottom


@pytest.mark.parametrize("size", SIZES)
def test_longest_coach_warning_fits_the_message_line(make_app, size) -> None:  # type: ignore[no-untyped-def]
    # (LONG is one English text: the language does not change this layout)
    """The table's message line wraps and shrinks its font until the text fits
    (Renderer.put); the coach's longest warning must fit at a readable size."""
    from russian_bank.ui.kit.widgets import zone_parts

    app = make_app(size=size)
    title, msg, _row = zone_parts(app.game_scene.layout.zones[0].rect)
    size0 = max(9, title.h * 3 // 4) * 5 // 6
    s, lines = app.renderer.fit(LONG, msg, size0)
    font = app.assets.font(s)
    assert " ".join(lines).split() == LONG.split()  # no word lost
    assert len(lines) * font.get_linesize() <= msg.h
    assert all(font.size(line)[0] <= msg.w for line in lines)
    # the strip zone beside the move log at 1024x640 leaves room for 8-point text
    assert s >= (10 if size[0] >= 1280 else 8)
