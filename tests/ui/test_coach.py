"""The coach at the table and the help (issue 7): Hint (H and the button), the
warning before a fault, the explanation after a Stop, Help (F1 and ?)."""

from __future__ import annotations

import pygame

from russian_bank.engine import Place
from russian_bank.game.places import STOCK
from russian_bank.ui.scenes.dialogs import SettingsScene
from russian_bank.ui.scenes.help import HelpScene
from russian_bank.ui.settings import Settings, load_game

from .helpers import button, click, ctl, key, place_center, step
from .test_table import fault_position, setup


def test_s21_hint_key_and_button_show_the_bank_play(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(coach=True)
    setup(app, fault_position(0))  # an A♠ lies in the Table: bank it first
    key(app, pygame.K_h, unicode="h")
    note = app.game_scene.coach.note
    assert note is not None and note.text.startswith("Put the A\u2660 on the Banks first")
    assert "§21" in note.text and [str(p) for p in note.places][0] == "table0"
    shown = " ".join(line.text for line in app.game_scene.coach.note_lines())
    assert "Put the A\u2660 on the Banks" in shown
    app.game_scene.coach.note = None
    click(app, button(app, "hint"))
    assert app.game_scene.coach.note is not None and app.game_scene.coach.hints == 2


def test_hints_are_marked_in_the_record(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(coach=True, autosave=True)
    setup(app, fault_position(0))
    app.autosave = True
    key(app, pygame.K_h, unicode="h")
    click(app, place_center(app, Place("table", 0)))  # any change saves the game
    app.save_game()
    saved = load_game()
    assert saved.hints == 1


def test_s67_coach_warns_once_before_a_fault(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(coach=True, settings=Settings(opponent="novice"))
    setup(app, fault_position(0))
    c = ctl(app)
    click(app, place_center(app, Place(STOCK, 0)))  # turning the Stock would be a fault
    assert c.position.fault is None and c.position.stock_up[0] == 0
    said = c.messages[0].text
    assert "A\u2660" in said and "§67" in said and "again" in said
    click(app, place_center(app, Place(STOCK, 0)))  # asked twice: the player's choice
    assert c.position.fault is not None and c.position.stock_up[0] == 1


def test_coach_off_lets_the_fault_happen(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(coach=False, settings=Settings(opponent="novice"))
    setup(app, fault_position(0))
    click(app, place_center(app, Place(STOCK, 0)))
    assert ctl(app).position.fault is not None


def test_no_warning_in_hot_seat_it_would_tell_the_adversary(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(coach=True)
    setup(app, fault_position(0))
    click(app, place_center(app, Place(STOCK, 0)))
    assert ctl(app).position.fault is not None


def test_s24_after_a_stop_the_coach_explains_until_dismissed(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(coach=True)
    setup(app, fault_position(0))
    click(app, place_center(app, Place(STOCK, 0)))  # A faults (hot seat: no warning)
    assert ctl(app).position.fault is not None
    key(app, pygame.K_k, unicode="k")  # B stops A
    coach = app.game_scene.coach
    assert coach.note is not None and coach.note.text.startswith("Stopped: the A\u2660")
    step(app, 600)  # ten seconds later it is still there
    assert coach.note is not None
    box = coach.note_rect()
    click(app, (box.x + 10, box.y + 10))
    assert coach.note is None


def test_help_opens_with_f1_and_question_mark_and_scrolls(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(size=(1024, 640))
    key(app, pygame.K_F1)
    helpscene = app.scenes[-1]
    assert isinstance(helpscene, HelpScene)
    _panel, box, _buttons, _unit = helpscene.panel()
    assert all(line.rect.right <= box.right for line in helpscene.text_lines())
    assert helpscene.max_scroll() > 0  # at this size the help is longer than its box
    key(app, pygame.K_PAGEDOWN)
    down = helpscene.scroll
    assert down > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    step(app)
    assert helpscene.scroll < down
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.scenes[-1], HelpScene)
    key(app, pygame.K_SLASH, unicode="?")
    assert isinstance(app.scenes[-1], HelpScene)


def test_coach_setting_toggles(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(coach=True)
    app.push(SettingsScene(app))
    settings = app.scenes[-1]
    _panel, rects, _u = settings.geometry()
    r = next(r for name, _l, r in rects if name == "coach")
    click(app, r.center)
    assert app.settings.coach is False


def test_a_game_with_hints_is_marked_in_its_kept_record(make_app) -> None:  # type: ignore[no-untyped-def]
    from russian_bank.history.records import parse
    from russian_bank.history.store import Store

    app = make_app(coach=True, settings=Settings(opponent="novice"))
    app.autosave = True
    setup(app, fault_position(0))
    app.autosave = True
    key(app, pygame.K_h, unicode="h")
    c = ctl(app)
    c.act(app.game_scene.coach.note.action)  # type: ignore[union-attr]
    app.keep_game()
    kept = Store().games()
    assert len(kept) == 1 and kept[0].hints == 1 and kept[0].players[1] == "novice"
    assert "hints: 1" in kept[0].to_text()
    assert parse(kept[0].to_text()).hints == 1
