"""Issue 19: the confirmation dialogs (draw, abandon, new game) and the lesson's lines
speak plain words: no section numbers and no source codes. The sources stay in the
rules help and in the refusals' reasons."""

from __future__ import annotations

import pygame
import pytest

from russian_bank.engine import Place
from russian_bank.game.places import BANK, TABLE
from russian_bank.games import names as game_names
from russian_bank.ui.scenes.dialogs import AbandonScene, DrawConfirmScene, NewGameScene
from russian_bank.ui.settings import Settings

from .helpers import click, ctl, drag, key, step
from .test_lesson_stop import _practice
from .test_menu_actions import item, open_menu
from .test_table_words import SOURCE_CODE


def said(app) -> list[str]:
    """The dialog on top as the player reads it: its title, its lines, its buttons."""
    top = app.top
    app.draw(app.screen)  # it draws (and so fits) without trouble
    labels = [label for _n, label, _r in top.geometry()[1]]
    return [str(top.title), *top.lines(), *labels]


def plain(texts: list[str], cites: set[str]) -> None:
    for text in texts:
        assert "§" not in text and not SOURCE_CODE.search(text), text
        assert not any(cite in text for cite in cites), text
        assert " ." not in text and "  " not in text and "()" not in text, text


def cites_of(app) -> set[str]:
    rules = ctl(app).position.rules
    return {c for k in getattr(rules, "citations", {}) if (c := rules.cite(k))}


@pytest.mark.parametrize("opponent", ["human", "novice"])
@pytest.mark.parametrize("name", game_names())
def test_i19_the_confirmation_dialogs_cite_no_section_or_source(make_app, name, opponent):
    """Old code: "A offers a draw (§37).", "... the cards left (§31), and 20 points more
    (§34).", "... the abandoned game is scored (§34)."."""
    app = make_app(size=(1280, 800), settings=Settings(rules=name, opponent=opponent))
    step(app, 2)
    cites = cites_of(app)
    assert cites or name == "one-pack", "the rule set cites nothing: nothing proved"
    seen = []
    for entry, scene in (("draw", DrawConfirmScene), ("abandon", AbandonScene)):
        open_menu(app)
        assert app.top.style(entry) == "plain", entry  # every game (one-pack: issue 41)
        click(app, item(app, entry))
        assert isinstance(app.top, scene), (entry, app.top)
        seen.append(said(app))
        key(app, pygame.K_ESCAPE)
        app.scenes = [app.game_scene]
    key(app, pygame.K_t, unicode="t")  # T turns the Stock (or Hand): a game in progress
    if ctl(app).game.over or not any(a.definite for a in ctl(app).game.actions):
        pytest.skip("no first action by the keyboard in this game")
    open_menu(app)
    click(app, item(app, "new"))
    assert isinstance(app.top, NewGameScene), app.top
    seen.append(said(app))
    for texts in seen:
        plain(texts, cites)
    words = " ".join(t for texts in seen for t in texts)
    assert "abandons the one in progress" in words
    assert "offers a draw." in words


def test_i19_the_stop_practice_line_cites_no_section(make_app):
    """Lesson 7's practice: a card dragged while the computer plays is refused with
    "press S when it fails to bank", without "(§24)" after it."""
    app = make_app(size=(1280, 800))
    sc = _practice(app)
    cites = cites_of(app) | {sc.ctl.position.rules.cite("stopped")}
    lay = sc.layout
    drag(app, lay.rects[Place(TABLE, 0)].center, lay.rects[Place(BANK, 0)].center)
    app.renderer.texts = []
    app.draw(app.screen)
    texts = [t for t, *_r in app.renderer.texts]
    line = [t for t in texts if "fails to bank" in t]
    assert line, texts
    plain(line, cites)
