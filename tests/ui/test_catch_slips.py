"""Issue 25 at the table, with real posted events: the computer's Mistakes setting,
"Offer a draw" asks first, menu entries that keep their heights, the Stop message
naming the missed card once, and three small slips (result brackets, the coach's
note over a fanned card, "Resume" after the game)."""

from __future__ import annotations

import json

import pygame
import pytest

from russian_bank.engine import PLAY, Card
from russian_bank.ui.scenes.dialogs import DrawConfirmScene, ResultsScene, SettingsScene
from russian_bank.ui.scenes.menu import MenuScene
from russian_bank.ui.settings import Settings, config_dir, load_settings

from .helpers import card_center, click, ctl, drag, key, move_card, step
from .test_menu_actions import item, needs_bots, open_menu
from .test_table import no_aces, setup


def rects(app) -> dict[str, pygame.Rect]:
    _panel, found, _unit = app.top.geometry()
    return {name: r for name, _label, r in found}


def labels(app) -> dict[str, str]:
    return dict(app.top.items())


# ---------------------------------------------------------------- the Mistakes setting


def test_mistakes_setting_cycles_is_saved_and_reaches_the_computer(make_app) -> None:
    needs_bots()
    app = make_app(settings=Settings(opponent="novice"), autosave=True)
    bot = ctl(app).bots[1]
    assert bot.mistakes == "normal"  # the Novice's own
    open_menu(app)
    assert labels(app)["mistakes"] == "Computer's mistakes: as its level (novice: normal)"
    click(app, item(app, "settings"))
    assert isinstance(app.top, SettingsScene)
    assert labels(app)["mistakes"] == "Computer's mistakes: as its level (novice: normal)"
    seen = []
    for _ in range(4):
        click(app, item(app, "mistakes"))
        seen.append(labels(app)["mistakes"].split(": ", 1)[1])
        assert bot.mistakes == seen[-1]  # the computer at the table slips as set, at once
    assert seen == ["none", "rare", "normal", "often"]
    saved = json.loads((config_dir() / "settings.json").read_text())
    assert saved["mistakes"] == "often"
    assert load_settings()[0].mistakes == "often"
    app.new_game(None, ask=False)
    assert ctl(app).bots[1].mistakes == "often"  # and the next computer too


def test_a_bad_mistakes_value_in_the_file_gives_defaults(make_app) -> None:
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"mistakes": "always"}))
    s, warning = load_settings()
    assert s.mistakes == "level" and warning is not None and "mistakes" in warning


# ---------------------------------------------------------------- draws (§37)


def test_s37_offer_a_draw_asks_first_against_the_computer(make_app) -> None:
    needs_bots()
    app = make_app(settings=Settings(opponent="club"))
    c = ctl(app)
    asked = []
    c.bots[1].accepts_draw = lambda obs: asked.append(obs.seat) or True
    open_menu(app)
    click(app, item(app, "draw"))
    assert isinstance(app.top, DrawConfirmScene) and app.top.title == "Offer a draw?"
    assert "the computer answers at once" in " ".join(app.top.lines()).lower()
    app.draw(app.screen)
    assert asked == [] and not c.game.over  # nothing was offered yet
    click(app, item(app, "no"))
    assert app.top is app.game_scene and asked == [] and not c.game.over
    open_menu(app)
    click(app, item(app, "draw"))
    click(app, item(app, "yes"))
    assert asked == [1] and c.game.outcome.reason == "agreed"


def test_s37_hot_seat_confirms_then_asks_the_other_seat(make_app) -> None:
    app = make_app()
    setup(app, lambda pos: no_aces(pos))
    open_menu(app)
    click(app, item(app, "draw"))
    assert isinstance(app.top, DrawConfirmScene)
    click(app, item(app, "yes"))
    assert app.top.title == "B: accept a draw?"


# ---------------------------------------------------------------- the menu's heights


def _finish_by_abandoning(app) -> None:
    open_menu(app)
    click(app, item(app, "abandon"))
    click(app, item(app, "abandon0"))
    step(app, 5)
    assert ctl(app).game.over


def test_menu_entries_keep_their_heights_after_the_game(make_app) -> None:
    """Issue 25, 2: one click aimed at "Opponent" in the game-over menu once hit
    "Offer a draw" in the in-game one. Every entry now keeps its place."""
    for size in ((640, 480), (1280, 800)):
        app = make_app(size=size)
        setup(app, lambda pos: no_aces(pos))
        open_menu(app)
        playing = rects(app)
        assert "resume" in playing and "draw" in playing
        key(app, pygame.K_ESCAPE)
        _finish_by_abandoning(app)
        if isinstance(app.top, ResultsScene):
            click(app, item(app, "menu"))
        else:
            open_menu(app)
        assert isinstance(app.top, MenuScene)
        over = rects(app)
        assert "resume" not in over  # nothing to resume once the game is over
        assert over["result"] == playing["resume"]
        for name in set(playing) & set(over):
            assert over[name] == playing[name], (size, name)
        assert app.top.style("draw") == app.top.style("abandon") == "dim"
        click(app, over["draw"].center)  # dim: nothing happens
        assert isinstance(app.top, MenuScene) and ctl(app).game.outcome.reason == "abandoned"
        click(app, over["result"].center)
        assert isinstance(app.top, ResultsScene)


# ---------------------------------------------------------------- the Stop message


def test_s67_b_the_stop_message_names_the_missed_card_once(make_app) -> None:
    """B drags his held A♠ to the Table instead of a Bank; A presses S."""

    def build(pos) -> None:  # type: ignore[no-untyped-def]
        no_aces(pos)
        move_card(pos, "2Ha", "table1")
        move_card(pos, "ASb", "held")
        pos.stock_up[1] = max(1, pos.stock_up[1]) if pos.stock[1] else 0

    app = make_app()
    setup(app, build, player=1)
    c = ctl(app)
    ace, two = Card.parse("ASb"), Card.parse("2Ha")
    assert c.position.held == ace and c.position.phase == PLAY
    drag(app, card_center(app, ace), card_center(app, two))
    assert c.position.table[1][-1] == ace and c.position.fault is not None
    key(app, pygame.K_s, unicode="s")
    text = c.messages[0].text
    assert text == (
        "Stop! A stops B: B played A♠, turned from his Hand, to the Table instead of a Bank"
    )
    assert text.count("A♠") == 1


# ---------------------------------------------------------------- small slips


def test_the_result_screen_nests_no_brackets(make_app) -> None:
    app = make_app()
    setup(app, lambda pos: no_aces(pos))
    _finish_by_abandoning(app)
    step(app, 60)
    assert isinstance(app.top, ResultsScene)
    for line in app.top.lines():
        depth = 0
        for ch in line:
            depth += {"(": 1, ")": -1}.get(ch, 0)
            assert depth <= 1, line
    assert any(line.startswith("Score, Russian Bank (") for line in app.top.lines())


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_the_coachs_note_leaves_the_leftmost_fanned_card_in_view(make_app, size) -> None:
    """A long Table row fanning towards the note: the note (asked for with H)
    stops short of the row's leftmost card, whose edge stays as it was."""

    def build(pos) -> None:  # type: ignore[no-untyped-def]
        no_aces(pos)
        for text in ("KHa", "QSa", "JHa", "TSa", "9Ha"):
            move_card(pos, text, "table5")

    app = make_app(size=size, coach=True)
    setup(app, build)
    lay = app.game_scene.layout
    c = ctl(app)
    last = lay.table_card_rects(5, len(c.position.table[5]))[-1]
    probe = (last.left + 2, last.centery)
    app.draw(app.screen)
    before = app.screen.get_at(probe)
    key(app, pygame.K_h, unicode="h")
    coach = app.game_scene.coach
    assert coach.note is not None
    app.draw(app.screen)
    assert not coach.note_rect().colliderect(last)
    assert app.screen.get_at(probe) == before
