"""Issue 23: the pseudo-language test. Each screen is drawn with every looked-up
string wrapped in ⟦…⟧ and must show no word outside the markers (tests/ui/pseudo.py),
so nothing is left untranslated by accident.

Every screen the registry names is drawn here (a test checks that none is left
out), and the screens no registry name opens: the one-pack table, the Replay, the
Import and Reset-statistics dialogs, Host, Join, the remote table and its menu.
"""

from __future__ import annotations

import time

import pygame
import pytest

from russian_bank.engine import Abandon, Game
from russian_bank.history import Replay, Store, keep
from russian_bank.net.client import ThreadedClient
from russian_bank.tutorial.lesson import load_lessons
from russian_bank.ui import settings as ui_settings
from russian_bank.ui.scenes import network, registry
from russian_bank.ui.scenes.history import ImportScene
from russian_bank.ui.scenes.network import RemoteMenu, RemoteTableScene
from russian_bank.ui.scenes.replay import ReplayScene
from russian_bank.ui.scenes.stats import ResetStatsScene
from russian_bank.ui.scenes.tutorial import start_lesson
from russian_bank.ui.settings import Settings
from tests.engine.scenario import scenario

from ..pseudo_marks import unmarked as _unmarked
from .helpers import ctl, key, run_until, step
from .pseudo import drawn_by, outside, pseudo, unmarked


def test_harness_finds_a_word_outside_the_markers() -> None:
    known = {"Click your {stock} or {hand} to turn it", "Back"}
    assert _unmarked(["⟦Back⟧", "7♥ ⟦on⟧ 8♠", "A ⟦wins⟧ 12", "§21 (000)"], known) == []
    assert _unmarked(["⟦Back⟧ Next"], known) == ["⟦Back⟧ Next"]
    # wrapped text: a line may begin or end inside a marker, or lie inside one
    lines = ["⟦Click your ⟦Stock⟧", "or ⟦Hand⟧ to", "turn it⟧ now"]
    assert _unmarked(lines, known) == ["turn it⟧ now"]
    assert _unmarked(lines[:2], known) == []
    assert _unmarked(["or ⟦Hand⟧ to"], set()) == ["or ⟦Hand⟧ to"]
    assert _unmarked(["Back"], known) == ["Back"]  # a short line with no marker is a label
    assert outside("⟦a ⟦b⟧ c⟧ d") == " d"


def test_every_lesson_step_is_drawn_in_markers(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The words of every step of the eleven lessons come from the catalogue."""
    with pseudo(monkeypatch):
        app = make_app()
        for lesson in load_lessons():
            for i, step in enumerate(lesson.steps):
                sc = start_lesson(app, lesson, i)
                lines = drawn_by(app)
                joined = " ".join(lines)
                said = step.say
                assert said.startswith("⟦") and said.endswith("⟧")
                first_word = said[1:].split()[0]
                assert first_word in joined, (lesson.id, i, first_word)
                assert sc.lesson.title.startswith("⟦")


SCREENS = [
    pytest.param("menu", ()),
    pytest.param("settings", ()),
    pytest.param("help", ()),
    pytest.param("lessons", ()),
    pytest.param("past games", ()),
    pytest.param("statistics", ()),
    pytest.param("new game", (None,)),
    pytest.param("abandon", ()),
    pytest.param("draw offer", (0,)),
    pytest.param("log", ()),
    pytest.param("lobby", ()),
    pytest.param("draw confirm", (0, True)),
    pytest.param("draw confirm", (0, False)),
]


@pytest.mark.parametrize(("name", "args"), SCREENS)
def test_screen_shows_no_word_outside_the_markers(make_app, monkeypatch, name, args) -> None:  # type: ignore[no-untyped-def]
    with pseudo(monkeypatch):
        app = make_app()
        scene = registry.make(name, app, *args)
        lines = drawn_by(app, scene)
        assert lines
        assert unmarked(lines) == []


def test_the_server_games_screen_shows_no_word_outside_the_markers(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with pseudo(monkeypatch):
        app = make_app()
        past = registry.make("past games", app)  # (opened from Past games, over it)
        lines = drawn_by(app, registry.make("server games", app, past))
        assert lines
        assert unmarked(lines) == []


def test_the_table_shows_no_word_outside_the_markers(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with pseudo(monkeypatch):
        app = make_app()
        lines = drawn_by(app)
        assert lines
        assert unmarked(lines) == []


def test_every_registered_screen_is_drawn_here() -> None:
    """A screen added to the registry must be added to this file's tests."""
    from russian_bank.ui.app import App  # noqa: F401  (registers every screen)
    from russian_bank.ui.scenes import register_all

    register_all()
    drawn = {str(p.values[0]) for p in SCREENS} | {"results", "stop options", "replay"}
    drawn |= {"host", "join", "lesson"}  # (a lesson: every step, in the test above)
    drawn |= {"remote table"}  # (a server's game: tests/ui/test_network_scenes.py)
    drawn |= {"server games"}  # (over Past games: its own test above)
    assert set(registry.names()) <= drawn, set(registry.names()) - drawn


def test_results_show_no_word_outside_the_markers(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with pseudo(monkeypatch):
        for rules in ("committee", "one-pack"):
            app = make_app(settings=Settings(rules=rules))
            if rules == "one-pack":  # 003 has no abandoning: play it out
                c = ctl(app)
                while not c.game.over:
                    c.act(c.game.legal_actions()[0])
            else:
                ctl(app).act(Abandon(0))
            key(app, pygame.K_RETURN)
            lines = drawn_by(app, registry.make("results", app))
            assert any("⟦Game over⟧" in ln for ln in lines), lines
            assert unmarked(lines) == []


def test_stop_options_show_no_word_outside_the_markers(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    pos = scenario(
        rules="belgian",
        table={0: "7Cb", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"},
        banks={0: "AHb 2Hb 3Hb 4Hb 5Hb"},
        stockA="3Ca | 6Ha",
        discardA="8Sa 7Ha",
        handA="| 5Ca",
    )
    with pseudo(monkeypatch):
        app = make_app(settings=Settings(rules="belgian"))
        app.game_scene.new_game(Game(pos, 1))
        assert ctl(app).act("turn hand")  # a fault: 6♥ could go on the Banks
        scene = registry.make("stop options", app, 1)
        assert len(scene.items()) == 5  # each option, both, none, and Cancel
        lines = drawn_by(app, scene)
        assert unmarked(lines) == []


def test_the_one_pack_table_shows_no_word_outside_the_markers(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with pseudo(monkeypatch):
        app = make_app(settings=Settings(rules="one-pack"), coach=True)
        c = ctl(app)
        for i in range(12):  # a few turns and plays: the move log, the messages, hints
            if i % 3 == 0:
                c.messages.clear()  # the hint line shows where no message does
            assert unmarked(drawn_by(app)) == []
            assert unmarked([c.table_view.hint_line(c.position)]) == []
            c.act(c.game.legal_actions()[-1])
            step(app)
        app.game_scene.press_button("hint")
        assert unmarked(drawn_by(app)) == []
        for name in ("help", "log", "menu"):
            assert unmarked(drawn_by(app, registry.make(name, app))) == []
        view = c.table_view
        for place in view.places:  # the tooltips, and the refusals of a drop
            assert unmarked([view.tip(c.position, place)]) == []


def _kept_replay(app):  # type: ignore[no-untyped-def]
    c = ctl(app)
    for _ in range(8):
        c.act(c.game.legal_actions()[0])
    c.act(Abandon(c.position.player))
    return Replay(keep(c.game))


def test_replay_import_and_reset_show_no_word_outside_the_markers(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with pseudo(monkeypatch):
        app = make_app()
        replay = _kept_replay(app)
        scene = ReplayScene(app, replay, Store())
        scene.go(3)
        scene.face_up = True
        assert unmarked(drawn_by(app, scene)) == []
        scene.start_review()
        assert unmarked(drawn_by(app, scene)) == []
        end = time.monotonic() + 60
        while not scene.job.done and time.monotonic() < end:
            time.sleep(0.05)
        scene.update(0.0)
        assert unmarked(drawn_by(app, scene)) == []
        scene.job.cancel()
        past = registry.make("past games", app)
        imp = ImportScene(app, past)
        imp.path = "/0/1"  # (what the player types is his own: no word in it here)
        imp.choose("import")  # a file that is not there: the reason, in words
        assert imp.error
        lines = drawn_by(app, imp)
        assert unmarked(lines) == []
        stats = registry.make("statistics", app)
        assert unmarked(drawn_by(app, ResetStatsScene(app, stats))) == []


def test_host_join_and_the_remote_table_show_no_word_outside_the_markers(
    make_app, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """Loopback only; the players' names hold no word (a name is the player's own)."""
    monkeypatch.setattr(network, "HOST", "127.0.0.1")
    monkeypatch.setattr(network, "INTERFACES", ["127.0.0.1"])
    monkeypatch.setattr(network, "PORT", 0)
    monkeypatch.setattr(network, "login_name", lambda: "Y")
    monkeypatch.setattr(ui_settings, "login_name", lambda: "Y")
    monkeypatch.setattr(network, "find_games", lambda *a, **k: [])
    with pseudo(monkeypatch):
        app = make_app((1024, 700))
        join = registry.make("join", app)
        assert run_until(app, lambda: join.heard is not None)
        assert unmarked(drawn_by(app, join)) == []
        host = registry.push("host", app)
        assert unmarked(drawn_by(app, host)) == []  # starting the server
        assert run_until(app, lambda: host.link is not None and bool(host.link.client.room))
        assert unmarked(drawn_by(app, host)) == []  # the room code and the address
        port = host.hosted.server.port
        join.fields["address"] = f"127.0.0.1:{port}"
        join.fields["room"] = host.link.client.room
        app.scenes = [app.game_scene, host, join]  # the host stays: a scene left is closed
        join.choose("look")
        assert run_until(app, lambda: join.room_info is not None)
        assert unmarked(drawn_by(app, join)) == []  # the room, its rule set, the seat
        join.link.shutdown()
        guest = ThreadedClient(f"ws://127.0.0.1:{port}", "X")
        guest.call("connect")
        guest.call("send", type="join", room=host.link.client.room, name="X")
        app.scenes = [app.game_scene, host]
        assert run_until(app, lambda: isinstance(app.top, RemoteTableScene))
        table = app.top
        try:
            key(app, pygame.K_z, pygame.KMOD_CTRL)  # undo is off: the reason, in words
            assert table.remote.last_reason
            assert unmarked(drawn_by(app)) == []  # the remote table as it stands
            app.scenes = [table, RemoteMenu(app, table)]
            assert unmarked(drawn_by(app)) == []
        finally:
            guest.shutdown()
            table.leave()
