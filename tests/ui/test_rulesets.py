"""Every rule set at the table: chosen in the menu, drawn in its own words, and
Belgian Bank's Stop options offered (RULES.md §6)."""

from __future__ import annotations

import pygame

from russian_bank.engine import Game
from russian_bank.ui.scenes.dialogs import StopOptionsScene
from russian_bank.ui.scenes.help import HelpScene
from russian_bank.ui.settings import Settings
from tests.engine.scenario import pile, scenario

from .helpers import click, ctl, key, recording_texts, step
from .test_menu_actions import item, open_menu


def drawn_words(app) -> list[str]:
    """Every piece of text the renderer draws in one frame."""
    app.renderer._static = None
    with recording_texts(app) as made:
        app.draw(app.screen)
    return [line for line, _size, _surface in made]


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


def test_002_the_crapette_help_is_in_crapettes_words_with_no_committee_section(make_app):
    """Every line of the Help under Crapette: the set's own pile names, and a section
    sign only where the engine cites a source (issue 17: the help's controls cited
    §45-47 of the Committee rules for every rule set)."""
    import re

    app = make_app(settings=Settings(rules="crapette"))
    key(app, pygame.K_F1)
    assert isinstance(app.top, HelpScene)
    text = " ".join(app.top.paragraphs())
    assert "depot" in text and "foundation" in text
    assert not re.search(r"\b(Bank|Banks|Discard|Table)\b", text), text
    assert not re.search(r"(?<!000 )(?<!002 )§", text), text


def test_the_committee_help_is_the_committee_sets_own_help_text(make_app):
    app = make_app()
    key(app, pygame.K_F1)
    assert isinstance(app.top, HelpScene)
    paragraphs = app.top.paragraphs()
    assert paragraphs[0].startswith("The aim: be the first to get rid of all your cards")
    assert "(§58)" in paragraphs[-4] and paragraphs[-2].startswith("At the table: drag cards")


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
    # the rule in words; its section ("002, order 2") is in the help (issue 41)
    assert any("7♣ could go from his depot to the files" in t for t in said)
    assert not any("order 2" in t or "002" in t for t in said)
    log = app.game_scene.log.sync(ctl(app).game)
    assert log[-2].startswith("Stop! B stops A") and log[-1] == "9♠ goes back to the files"
    pygame.image.save(app.screen, str(tmp_path / "crapette_order2_stopped.png"))
    shots = __import__("os").environ.get("RB_SHOTS")
    if shots:  # keep the pictures to look at: RB_SHOTS=dir
        import shutil

        for name in ("crapette_order2_open.png", "crapette_order2_stopped.png"):
            shutil.copy(tmp_path / name, shots)


def test_002_order_1_the_table_stops_a_play_made_before_the_space_and_fills_it_from_the_stock(
    make_app, tmp_path
):
    """002 order 1 at the table, in a small window: A's depot is exhausted and a
    file space is open; 10♦ moved from file to file first is stopped by B's key;
    the note names no unseen card, the move goes back, and the stock's next card
    flies into the space."""
    app = make_app(size=(800, 600), settings=Settings(rules="crapette"))
    table = {0: "", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb TDb", 7: "JSb"}
    app.autosave = False
    app.game_scene.new_game(Game(scenario(rules="crapette", table=table, handA="| 5Sa"), 1))
    step(app)
    assert ctl(app).act("play table6 table7")
    step(app, 30)
    key(app, pygame.K_k)  # B's Stop key
    step(app, 30)
    pos = ctl(app).position
    assert pos.player == 1 and pile(pos, "table0") == "5Sa" and pile(pos, "table6") == "JCb TDb"
    said = [m.text for m in ctl(app).notes.by_seat.values()]
    assert any("could be filled from his stock" in t and "order 1" in t for t in said)
    assert not any("5♠" in t for t in said)
    log = app.game_scene.log.sync(ctl(app).game)
    assert any(line.startswith("Stop! B stops A") for line in log)
    pygame.image.save(app.screen, str(tmp_path / "crapette_order1_stopped.png"))
    shots = __import__("os").environ.get("RB_SHOTS")
    if shots:  # keep the picture to look at: RB_SHOTS=dir
        import shutil

        shutil.copy(tmp_path / "crapette_order1_stopped.png", shots)


def test_002_order_5_the_table_waits_after_the_stock_card_laid_aside_and_b_stops_it_by_key(
    make_app, tmp_path
):
    """002 order 5, The Play ¶4: A lays the stock card 9♣ on his waste heap while
    10♦ lies exposed on a file; the table waits, says why, and B's Stop key (a
    real posted key event) retracts it and packs 9♣ on 10♦; B has the turn."""
    app = make_app(settings=Settings(rules="crapette"))
    pos = scenario(
        rules="crapette",
        table={0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb TDb", 7: "JSb"},
        stockA="4Sa | 3Ca",
        held="9Ca",
    )
    app.autosave = False
    app.game_scene.new_game(Game(pos, 1))
    step(app)
    assert ctl(app).act("discard")
    step(app, 30)
    pos = ctl(app).position
    assert pos.phase == "pending" and pos.player == 0
    said = [m.text for m in ctl(app).notes.by_seat.values()]
    assert any("A laid 9♣ on his waste heap" in t for t in said)
    pygame.image.save(app.screen, str(tmp_path / "crapette_order5_waits.png"))
    key(app, pygame.K_k)  # B's Stop key
    step(app, 30)
    pos = ctl(app).position
    assert pos.player == 1 and pos.phase == "play"
    assert pile(pos, "table6") == "JCb TDb 9Ca" and pile(pos, "discardA") == ""
    log = app.game_scene.log.sync(ctl(app).game)
    assert any(line.startswith("Stop! B stops A") for line in log)
    pygame.image.save(app.screen, str(tmp_path / "crapette_order5_stopped.png"))
    shots = __import__("os").environ.get("RB_SHOTS")
    if shots:  # keep the pictures to look at: RB_SHOTS=dir
        import shutil

        for name in ("crapette_order5_waits.png", "crapette_order5_stopped.png"):
            shutil.copy(tmp_path / name, shots)


def test_002_the_play_p5_bs_side_is_empty_then_dealt_with_the_deal_animation(make_app, tmp_path):
    """002, The Play ¶5 at the table: B's depot and files are empty during A's
    first turn (his pack lies face down); when A's turn ends B deals them, and
    the cards fly from his pack to the depot and the files."""
    app = make_app(settings=Settings(rules="crapette", pace="normal"), pace="normal")
    t = {0: "9Sa", 1: "8Da", 2: "KCa", 3: "KDa"}
    pos = scenario(
        rules="crapette", table=t, stockA="3Ca | 2Sa", held="5Ca", extra={"undealt": "B"}
    )
    app.autosave = False
    app.game_scene.new_game(Game(pos, 1))
    step(app)
    pygame.image.save(app.screen, str(tmp_path / "crapette_b_undealt.png"))
    assert not ctl(app).position.stock[1] and not any(ctl(app).position.table[4:])
    assert ctl(app).act("discard")  # 5♣ has no place: A's first turn ends
    pos = ctl(app).position
    dealt = set(pos.stock[1]) | {c for col in pos.table[4:] for c in col}
    assert len(dealt) == 16 and pos.player == 1
    assert dealt <= {f.card for f in ctl(app).animator.flights}  # they fly from his pack
    step(app, 6)
    pygame.image.save(app.screen, str(tmp_path / "crapette_b_dealing.png"))
    step(app, 60)
    assert not ctl(app).animator.flights
    log = app.game_scene.log.sync(ctl(app).game)
    assert "B lays out his depot and files" in log
    assert not any("to B's depot" in line for line in log)  # its face-down cards unnamed
    pygame.image.save(app.screen, str(tmp_path / "crapette_b_dealt.png"))
    shots = __import__("os").environ.get("RB_SHOTS")
    if shots:  # keep the pictures to look at: RB_SHOTS=dir
        import shutil

        for name in ("crapette_b_undealt.png", "crapette_b_dealing.png", "crapette_b_dealt.png"):
            shutil.copy(tmp_path / name, shots)


# ---------------------------------------------------------------- British Bank's errors (§91.6)

_BRITISH_TABLE = {0: "9Sa", 1: "8Da", 2: "", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}


def _british_table(make_app, **settings):
    """A's turn in British Bank, with 5♣ on his Discard and his own space 2 empty."""
    app = make_app(settings=Settings(rules="british", **settings))
    app.autosave = False
    pos = scenario(rules="british", table=_BRITISH_TABLE, stockA="3Ca | 7Sa", discardA="5Ca")
    app.game_scene.new_game(Game(pos, 1))
    step(app)
    return app


def _drop_discard_into_space(app) -> None:
    from russian_bank.engine import TABLES, Card

    from .helpers import card_center, drag, place_center

    drag(app, card_center(app, Card.parse("5Ca")), place_center(app, TABLES[2]))


def test_000_s91_6_the_table_accepts_an_error_and_b_s_stop_key_takes_it_back(make_app):
    app = _british_table(make_app)
    c = ctl(app)
    _drop_discard_into_space(app)
    assert pile(c.position, "table2") == "5Ca"  # accepted: an error, not a refusal
    said = c.messages[0]
    assert said.kind == "fault" and "(000 §91.6)" in said.text and "(000 §16, §20)" in said.text
    assert "discardA" not in said.text and "table2" not in said.text  # words, not notation
    key(app, pygame.K_k)  # B's Stop key
    pos = c.position
    assert pile(pos, "discardA") == "5Ca" and pile(pos, "table2") == "" and pos.player == 1


def test_000_s91_6_the_computer_stops_an_error_made_at_the_table(make_app):
    app = _british_table(make_app, opponent="expert")
    c = ctl(app)
    assert c.is_bot(1)
    _drop_discard_into_space(app)
    assert pile(c.position, "table2") == "5Ca"
    for _ in range(300):  # about five seconds: the Expert's reaction is under 1.3
        if c.position.player == 1:
            break
        step(app)
    assert c.position.player == 1 and pile(c.position, "discardA") == "5Ca"


def test_000_s91_6_beginner_mode_refuses_an_error(make_app):
    app = _british_table(make_app, fault_mode="beginner")
    c = ctl(app)
    _drop_discard_into_space(app)
    assert pile(c.position, "table2") == "" and pile(c.position, "discardA") == "5Ca"
    said = c.messages[0].text
    assert said.startswith("Beginner mode") and "(000 §91.6)" in said


def test_000_s91_6_the_move_log_tells_an_error_let_pass_and_one_stopped():
    from russian_bank.ui.table.movelog import MoveLog

    pos = scenario(rules="british", table=_BRITISH_TABLE, stockA="3Ca | 8Sa", discardA="5Ca")
    game = Game(pos.clone(), 1)
    game.apply("play discardA table2")
    assert not any("Error let pass" in line for line in MoveLog().sync(game))
    game.apply("play stockA table0")  # A goes on: the error stands
    lines = MoveLog().sync(game)
    # the rule in words, its sections in the help (issue 41)
    assert "Error let pass: A filled a space from his Discard" in lines[-2]
    assert "§" not in lines[-2]
    stopped = Game(pos.clone(), 1)
    stopped.apply("play discardA table2")
    stopped.apply("stop B")
    lines = MoveLog().sync(stopped)
    assert any(line.startswith("Stop! B stops A: A filled a space") for line in lines)
    assert "5\u2663 goes back to A's Discard" in lines
    assert not any("Error let pass" in line for line in lines)


def test_000_s91_6_the_coach_warns_of_an_error_and_explains_its_stop(make_app):
    app = make_app(coach=True, settings=Settings(rules="british", opponent="expert"))
    app.autosave = False
    pos = scenario(rules="british", table=_BRITISH_TABLE, stockA="3Ca | 7Sa", discardA="5Ca")
    app.game_scene.new_game(Game(pos, 1))
    step(app)
    c = ctl(app)
    _drop_discard_into_space(app)  # warned once, not played
    said = c.messages[0].text
    assert pile(c.position, "table2") == "" and said.startswith("Careful: A Discard card")
    assert "(000 §91.6)" in said
    _drop_discard_into_space(app)  # the player's own choice: played
    assert pile(c.position, "table2") == "5Ca"
    for _ in range(300):
        if c.position.player == 1:
            break
        step(app)
    note = app.game_scene.coach.note
    assert c.position.player == 1 and note is not None
    assert note.text.startswith("Stopped for an error: A filled a space from his Discard")
