"""Abandon, agreed draws, Undo, and a Compel control that gives nothing away."""

from __future__ import annotations

import pygame
import pytest

from russian_bank.engine import (
    ARRANGING,
    OVER,
    PENDING,
    PLAY,
    Abandon,
    Card,
    Compel,
    Place,
    Stop,
    compel_offered,
    compel_reason,
)
from russian_bank.game.places import BANKS, STOCK, TABLE
from russian_bank.ui.kit.widgets import zone_parts
from russian_bank.ui.scenes.dialogs import AbandonScene, DrawOfferScene, ResultsScene
from russian_bank.ui.scenes.menu import MenuScene
from russian_bank.ui.settings import Settings, config_dir

from .helpers import (
    button,
    card_center,
    click,
    ctl,
    drag,
    key,
    move_card,
    place_center,
    post,
    step,
)
from .test_features import last_card_position, play_last_card
from .test_table import fault_position, first_ace_seed, no_aces, setup
from .test_table_words import SOURCE_CODE

HAND_A = Place.parse("handA")
DISCARD_A = Place.parse("discardA")


def item(app, name):
    """Centre of the button ``name`` of the overlay on top."""
    _panel, rects, _unit = app.top.geometry()
    for n, _label, r in rects:
        if n == name:
            return r.center
    raise AssertionError(f"no item {name} in {[n for n, _l, _r in rects]}")


def open_menu(app):
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def needs_bots():
    from russian_bank.ui.app import bot_factory

    if bot_factory() is None:
        pytest.skip("no russian_bank.ai.make_bot")


# ---------------------------------------------------------------- abandon (§34)


@pytest.mark.parametrize("seat", [0, 1])
def test_hot_seat_abandon_from_menu(make_app, seat):
    app = make_app()
    setup(app, lambda pos: no_aces(pos))
    open_menu(app)
    click(app, item(app, "abandon"))
    assert isinstance(app.top, AbandonScene)
    labels = [label for _n, label, _r in app.top.geometry()[1]]
    assert labels == ["A abandons", "B abandons", "No, play on"]  # A's innings first
    click(app, item(app, f"abandon{seat}"))
    out = ctl(app).game.outcome
    assert out is not None and out.reason == "abandoned"
    assert out.winner == 1 - seat and out.abandon_points == 20
    step(app, 3)
    assert isinstance(app.top, ResultsScene)
    lines = app.top.lines()
    # the loser's line in plain words: no "(§34)" on the results screen (issue 19)
    assert f"    {'AB'[seat]} abandoned: +20" in lines
    assert not any("§" in line or SOURCE_CODE.search(line) for line in lines), lines
    assert any(f"Total for {'AB'[1 - seat]}: {out.points}" in line for line in lines)
    assert app.match[1 - seat] == out.points
    app.draw(app.screen)


def test_abandon_can_be_cancelled(make_app):
    app = make_app()
    open_menu(app)
    click(app, item(app, "abandon"))
    click(app, item(app, "no"))
    assert app.top is app.game_scene
    assert not ctl(app).game.over


def test_abandon_against_computer(make_app):
    needs_bots()
    app = make_app(settings=Settings(opponent="novice"))
    open_menu(app)
    click(app, item(app, "abandon"))
    assert [n for n, _l, _r in app.top.geometry()[1]] == ["abandon0", "no"]
    click(app, item(app, "abandon0"))
    assert ctl(app).game.actions[-1] == Abandon(0)
    assert ctl(app).game.outcome.winner == 1


# ---------------------------------------------------------------- draws (§37)


def test_hot_seat_draw_accepted(make_app):
    app = make_app()
    setup(app, lambda pos: no_aces(pos))  # A's innings: B is asked
    open_menu(app)
    click(app, item(app, "draw"))
    click(app, item(app, "yes"))  # "Offer a draw?" asks first (issue 25)
    assert isinstance(app.top, DrawOfferScene)
    assert app.top.title == "B: accept a draw?"
    app.draw(app.screen)
    click(app, item(app, "yes"))
    out = ctl(app).game.outcome
    assert out is not None and out.winner is None and out.reason == "agreed"
    step(app, 3)
    assert isinstance(app.top, ResultsScene)
    assert app.top.lines()[0] == "Drawn by agreement."  # no "(§37)" (issue 19)
    assert not any("§" in line or SOURCE_CODE.search(line) for line in app.top.lines())
    assert app.match == [0, 0] and app.games == 1


def test_hot_seat_draw_declined(make_app):
    app = make_app()
    setup(app, lambda pos: no_aces(pos), player=1)  # B's innings: A is asked
    open_menu(app)
    click(app, item(app, "draw"))
    click(app, item(app, "yes"))  # "Offer a draw?" asks first (issue 25)
    assert app.top.title == "A: accept a draw?"
    click(app, item(app, "no"))
    assert app.top is app.game_scene
    assert not ctl(app).game.over
    assert "declines" in ctl(app).messages[1].text


@pytest.mark.parametrize("answer", [True, False])
def test_draw_offered_to_computer(make_app, answer):
    needs_bots()
    app = make_app(settings=Settings(opponent="novice"))
    c = ctl(app)
    seen = []

    def accepts_draw(obs):
        seen.append(obs.seat)
        return answer

    c.bots[1].accepts_draw = accepts_draw
    open_menu(app)
    click(app, item(app, "draw"))
    click(app, item(app, "yes"))  # "Offer a draw?" asks first (issue 25)
    assert seen == [1]  # the bot was asked, with its own observation
    assert app.top is app.game_scene or isinstance(app.top, ResultsScene)
    text = c.messages[0].text
    if answer:
        assert c.game.outcome.reason == "agreed" and "accepts" in text
    else:
        assert not c.game.over and "declines" in text


# ---------------------------------------------------------------- Compel and faults


def screen_bytes(app):
    app.draw(app.screen)
    return pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.parametrize("mode", ["manual", "automatic", "beginner"])
def test_s70_compel_button_only_when_the_engine_offers_it(make_app, mode):
    app = make_app(settings=Settings(fault_mode=mode))
    setup(app, lambda pos: no_aces(pos), player=0, phase=ARRANGING)
    c = ctl(app)
    assert "compel1" not in [b.name for b in app.game_scene.buttons()]
    click(app, place_center(app, Place(STOCK, 0)))  # the game is in play
    assert c.position.phase == PLAY
    assert not compel_offered(c.position, 1)
    assert "compel1" not in [b.name for b in app.game_scene.buttons()]
    c.position.turnovers[0] = 1  # A has turned over his Discard: B may be offered it
    c.version += 1
    assert compel_offered(c.position, 1)
    assert ("compel1", "Compel") in [(b.name, b.label) for b in app.game_scene.buttons()]
    # pressing it when nothing is to be compelled gives the engine's one-line reason
    click(app, button(app, "compel1"))
    assert c.position.player == 0 and not isinstance(c.game.actions[-1], Compel)
    assert c.last_reason == compel_reason(c.position, 1)
    assert c.messages[1].kind == "refuse"


def test_nothing_on_screen_shows_an_open_fault(make_app):
    """Manual mode: the frame is the same pixel for pixel with and without a fault."""
    app = make_app()
    setup(app, fault_position(0), player=0)
    c = ctl(app)
    pos = c.position
    assert pos.fault is None
    c.messages.clear()
    plain = screen_bytes(app)
    buttons = [(b.name, b.label, b.style) for b in app.game_scene.buttons()]
    pos.fault = frozenset({Card.parse("ASa")})
    c.version += 1  # as after an action: every cache is recomputed
    assert screen_bytes(app) == plain
    assert [(b.name, b.label, b.style) for b in app.game_scene.buttons()] == buttons


def test_real_fault_changes_no_button(make_app):
    app = make_app()
    setup(app, fault_position(0), player=0)
    c = ctl(app)
    reference = [(b.name, b.label, b.style) for b in app.game_scene.buttons()]
    click(app, place_center(app, Place(STOCK, 0)))  # turning with an Ace open: a fault
    assert c.position.fault is not None
    assert [(b.name, b.label, b.style) for b in app.game_scene.buttons()] == reference
    assert all(m.kind != "fault" for m in c.messages.values())


def zone_pixels(app):
    """The message lines and button rows of both seats' zones, as bytes."""
    app.draw(app.screen)
    out = []
    for seat in (0, 1):
        _title, msg, row = zone_parts(app.game_scene.layout.zones[seat].rect)
        for r in (msg, row):
            out.append(pygame.image.tobytes(app.screen.subsurface(r), "RGB"))
    return out


def clean_last_card_position(pos):
    last_card_position(pos)
    move_card(pos, "ADb", "bank0")  # no card left for the Banks: a clean last card


@pytest.mark.parametrize("stop", [False, True])
def test_last_card_countdown_the_same_with_or_without_fault(make_app, stop):
    """§68: the grace countdown does not tell B whether A's last card was faulty."""
    shots = {}
    for name, build in (("faulty", last_card_position), ("clean", clean_last_card_position)):
        app = make_app()
        setup(app, build)
        c = ctl(app)
        drag(app, card_center(app, Card.parse("4Ca")), place_center(app, Place(TABLE, 0)))
        assert c.shown_phase() == PENDING
        assert c.position.phase == PENDING  # the engine waits either way (§68)
        step(app, 29)  # half a second into the countdown
        c.messages.clear()
        shots[name] = (zone_pixels(app), [(b.name, b.style) for b in app.game_scene.buttons()])
        assert app.games == 0 and app.match == [0, 0]  # nothing scored yet
        assert "win" not in app.sounds.played
        if name == "clean":
            if stop:
                key(app, pygame.K_k)
                assert c.last_reason.startswith("False Stop")
            step(app, 180)
            assert c.game.outcome.winner == 0 and app.games == 1
            assert "win" in app.sounds.played
            step(app, 5)
            assert isinstance(app.top, ResultsScene)
    assert shots["faulty"] == shots["clean"]


# ---------------------------------------------------------------- Undo


def test_undo_turn_and_play_hot_seat(make_app):
    seed, i = first_ace_seed()
    app = make_app(seed=seed, pace="normal")
    c = ctl(app)
    ace = c.position.table[i][-1]
    where = c.placed_cards()[ace].rect.copy()
    drag(app, card_center(app, ace), place_center(app, BANKS[0]))
    step(app, 40)
    assert c.position.banks[0] == [ace]
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    pos = c.position
    assert pos.banks[0] == [] and pos.table[i][-1] == ace
    assert c.game.actions == []  # the raise went with the play
    assert any(f.card == ace for f in c.flights)  # the card flies back
    step(app, 40)
    assert not c.flights and c.placed_cards()[ace].rect == where
    assert c.messages[pos.player].text == f"Undid {ace.label} from the Table to a Bank"
    # nothing more to undo
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert c.last_reason == "Nothing to undo"


def test_undo_across_innings_in_hot_seat_but_never_a_stop(make_app):
    app = make_app()
    setup(app, fault_position(0), player=0)
    c = ctl(app)
    click(app, place_center(app, Place(STOCK, 0)))  # a fault (§67 D)
    key(app, pygame.K_k)  # B stops A
    assert c.game.actions[-1] == Stop(1) and c.position.player == 1
    n = len(c.game.actions)
    open_menu(app)
    assert app.top.style("undo") == "dim"
    click(app, item(app, "undo"))
    assert len(c.game.actions) == n
    assert c.last_reason == "Undo stops at B's Stop: it cannot be taken back"


def test_undo_of_a_discard_in_hot_seat(make_app):
    app = make_app()
    setup(app, lambda pos: no_aces(pos), player=0)
    c = ctl(app)
    click(app, place_center(app, Place(STOCK, 0)))
    click(app, place_center(app, HAND_A))
    held = c.position.held
    drag(app, card_center(app, held), place_center(app, DISCARD_A))
    assert c.position.player == 1
    open_menu(app)
    click(app, item(app, "undo"))
    assert c.position.player == 0 and c.position.held == held


def test_s54_s48_undo_never_takes_back_a_turned_card(make_app):
    """Turn, Undo, turn again would show the same card: a peek. A card once turned
    stays turned; the refusal is shown in words."""
    app = make_app()
    setup(app, lambda pos: no_aces(pos), player=0)
    c = ctl(app)
    click(app, place_center(app, Place(STOCK, 0)))
    top = c.position.stock_top(0)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert c.position.stock_up[0] == 1 and c.position.stock_top(0) == top
    click(app, place_center(app, HAND_A))
    held = c.position.held
    open_menu(app)
    assert app.top.style("undo") == "dim"
    click(app, item(app, "undo"))
    assert c.position.held == held
    assert "stays turned" in c.last_reason and "§54" in c.last_reason
    assert "stays turned" in c.messages[0].text


def test_undo_against_computer_only_own_innings(make_app):
    needs_bots()
    app = make_app(settings=Settings(opponent="novice"))
    setup(app, lambda pos: no_aces(pos), player=0)
    c = ctl(app)
    c.bots[1].react = lambda obs, now: None  # keep the bot quiet while A plays
    click(app, place_center(app, Place(STOCK, 0)))
    click(app, place_center(app, HAND_A))
    held = c.position.held
    drag(app, card_center(app, held), place_center(app, DISCARD_A))
    assert c.position.player == 1  # the computer's innings now
    acts = list(c.game.actions)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert c.game.actions[: len(acts)] == acts  # (the computer may have played on)
    assert "A: It is B's innings: only your own actions can be undone" in c.log
    for _ in range(3000):  # let the computer play its innings
        step(app)
        if c.position.player == 0 or c.game.over:
            break
    assert c.position.player == 0 and not c.game.over
    # A's new innings, nothing done yet: the computer's actions stay
    acts = list(c.game.actions)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert c.game.actions == acts
    assert c.last_reason == "Only actions of your present innings can be undone" or (
        "cannot be taken back" in c.last_reason
    )


def test_no_undo_with_automatic_referee(make_app):
    app = make_app(settings=Settings(fault_mode="automatic"))
    c = ctl(app)
    click(app, place_center(app, Place(STOCK, c.position.player)))
    n = len(c.game.actions)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(c.game.actions) == n and "automatic" in c.last_reason


def test_menu_fits_and_shows_new_items(make_app):
    for size in ((1024, 640), (1920, 1080)):
        app = make_app(size=size)
        open_menu(app)
        panel, rects, _unit = app.top.geometry()
        names = [n for n, _l, _r in rects]
        assert {"undo", "draw", "abandon"} <= set(names)
        assert app.screen.get_rect().contains(panel)
        assert all(panel.contains(r) for _n, _l, r in rects)
        app.draw(app.screen)
    assert OVER and TABLE and play_last_card  # (imported for clarity)


def test_quit_during_the_countdown_saves_the_wait(make_app):
    """A clean last card waits for Stand; quitting in its countdown scores nothing
    yet and the saved game still waits (the adversary keeps his right, §68)."""
    app = make_app()
    setup(app, clean_last_card_position)
    app.autosave = True  # (setup turns it off: a made-up position has no seed to replay)
    c = ctl(app)
    drag(app, card_center(app, Card.parse("4Ca")), place_center(app, Place(TABLE, 0)))
    assert c.position.phase == PENDING and c.shown_phase() == PENDING
    assert app.games == 0
    post(pygame.QUIT)
    step(app)
    assert not app.running
    assert app.match == [0, 0] and app.games == 0
    saved = (config_dir() / "autosave.txt").read_text(encoding="utf-8")
    assert saved.startswith("# match: 0 0 0")
