"""Every rule set at the table: chosen in the menu, drawn in its own words, and
Belgian Bank's Stop options offered (RULES.md §6)."""

from __future__ import annotations

import pygame

from russian_bank.engine import Game
from russian_bank.ui.coach import HelpScene
from russian_bank.ui.scenes import StopOptionsScene
from russian_bank.ui.settings import Settings
from tests.engine.scenario import pile, scenario

from .helpers import click, ctl, key, step
from .test_menu_actions import item, open_menu


def drawn_words(app) -> list[str]:
    """Every piece of text the renderer draws in one frame."""
    seen: list[str] = []
    real = app.assets.text

    def spy(text, *args, **kw):
        seen.append(text)
        return real(text, *args, **kw)

    app.assets.text = spy
    app.renderer._static = None
    app.draw(app.screen)
    app.assets.text = real
    return seen


def test_seam_new_game_in_the_rule_set_chosen_in_the_menu(make_app):
    app = make_app()
    open_menu(app)
    while app.settings.rules != "hassock":
        click(app, item(app, "ruleset"))
    assert any("Mat is dead" in line for line in app.top.lines())  # its description
    click(app, item(app, "new"))
    pos = ctl(app).position
    assert pos.rules.name == "hassock" and len(pos.stock[0]) == 13


def test_seam_the_table_draws_the_sets_own_pile_names(make_app):
    app = make_app(settings=Settings(rules="hassock"))
    drawn = drawn_words(app)
    words = " | ".join(drawn)
    # pile labels in the set's words; the count badges carry the bare numbers
    assert "A's Hassock" in drawn and "B's Stock" in drawn and "A's Mat" in drawn
    assert "13" in drawn and "35" in drawn and "turn your Hassock to begin" in " ".join(drawn)
    app = make_app(settings=Settings(rules="crapette"))
    drawn = drawn_words(app)
    words = " | ".join(drawn)
    assert "A's depot" in drawn and "12" in drawn and "waste heap" in " ".join(drawn)
    assert "Discard" not in words and "Hand" not in words and "Stock" not in words


def test_seam_rules_reminder_is_the_sets_own(make_app):
    app = make_app(settings=Settings(rules="crapette"))
    open_menu(app)
    click(app, item(app, "rules"))
    assert isinstance(app.top, HelpScene)  # the help, with the set's own reminder
    assert "Crapette" in app.top.title
    assert any("waste heap" in para for para in app.top.paragraphs())


def test_000_s92_the_table_offers_the_belgian_stop_options(make_app):
    app = make_app(settings=Settings(rules="belgian"))
    pos = scenario(
        rules="belgian",
        table={0: "7Cb", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"},
        banks={0: "AHb 2Hb 3Hb 4Hb 5Hb"},
        stockA="3Ca | 6Ha",
        discardA="8Sa 7Ha",
        handA="| 5Ca",
    )
    app.autosave = False
    app.game_scene.new_game(Game(pos, 1))
    step(app)
    assert ctl(app).act("turn hand")  # a fault: 6♥ could go on the Banks
    key(app, pygame.K_k)  # B's Stop key
    assert isinstance(app.top, StopOptionsScene)
    names = [n for n, _label, _r in app.top.geometry()[1]]
    assert names == ["plain", "bank", "expose", "bank expose", "no"]
    click(app, item(app, "expose"))
    assert not isinstance(app.top, StopOptionsScene)
    pos = ctl(app).position
    assert pos.player == 1 and pile(pos, "discardA") == "8Sa 7Ha 5Ca"


def test_002_order_2_the_table_stops_it_and_names_the_missed_play(make_app, tmp_path):
    app = make_app(settings=Settings(rules="crapette"))
    pos = scenario(
        rules="crapette",
        table={0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb TDb", 7: "JSb"},
        stockA="3Ca | 7Ca",
    )
    app.autosave = False
    app.game_scene.new_game(Game(pos, 1))
    step(app)
    assert ctl(app).act("play table0 table6")  # 9♠ moved while 7♣ waits on the depot
    step(app, 30)
    pygame.image.save(app.screen, str(tmp_path / "crapette_order2_open.png"))
    key(app, pygame.K_k)  # B's Stop key
    step(app, 30)
    pos = ctl(app).position
    assert pos.player == 1 and pile(pos, "table1") == "8Da 7Ca" and pile(pos, "table0") == "9Sa"
    said = [m.text for m in ctl(app).notes.by_seat.values()]
    assert any("7♣ could go from his depot to the files" in t and "order 2" in t for t in said)
    log = app.game_scene.log.sync(ctl(app).game)
    assert log[-1].startswith("Stop! B stops A") and len(log) == 2  # no line for the retraction
    pygame.image.save(app.screen, str(tmp_path / "crapette_order2_stopped.png"))
    shots = __import__("os").environ.get("RB_SHOTS")
    if shots:  # keep the pictures to look at: RB_SHOTS=dir
        import shutil

        for name in ("crapette_order2_open.png", "crapette_order2_stopped.png"):
            shutil.copy(tmp_path / name, shots)
