"""Issue 13: nothing the player does is lost, and no saved file stops the program.

Breaks 1-3 and 7-9 of issue 13, each with a test that failed on the old code."""

from __future__ import annotations

import json
import os
import time

import pygame
import pytest

from russian_bank import files
from russian_bank.engine import Game, Raise
from russian_bank.ui import settings as saving
from russian_bank.ui.settings import Settings, config_dir, load_game, load_settings

from .helpers import click, ctl, place_center, step


@pytest.fixture(autouse=True)
def _video() -> None:
    pygame.display.init()  # (the shared fixture clears pygame events afterwards)


# -- 1: atomic, durable writes with unique temporary names -------------------------


def test_i13_1_writes_are_flushed_then_renamed(tmp_path, fsynced) -> None:
    target = tmp_path / "settings.json"
    target.write_text("old", encoding="utf-8")
    files.write_text(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert len(fsynced) == 2
    assert fsynced[0].startswith(str(tmp_path / ".settings.json."))  # the temporary file
    assert fsynced[1] == str(tmp_path)  # then the folder, so the rename is kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_i13_1_two_writers_never_share_a_temporary_file(tmp_path) -> None:
    target = tmp_path / "autosave.txt"
    with files.replacing(target) as one, files.replacing(target) as two:
        assert one != two and one.parent == two.parent == tmp_path
        one.write_text("first", encoding="utf-8")
        two.write_text("second", encoding="utf-8")
    assert target.read_text(encoding="utf-8") == "first"  # the outer one finished last


def test_i13_1_settings_and_autosave_use_the_helper(monkeypatch) -> None:
    written: list[str] = []
    real = files.write_text
    monkeypatch.setattr(files, "write_text", lambda p, t: (written.append(p.name), real(p, t)))
    saving.save_settings(Settings(pace="fast"))
    saving.save_game(Game.new(3), [1, 2], 3)
    assert written == ["settings.json", "autosave.txt"]
    assert load_settings()[0].pace == "fast"


def test_i13_1_a_failed_write_keeps_the_old_file(tmp_path) -> None:
    target = tmp_path / "settings.json"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(RuntimeError), files.replacing(target) as tmp:
        tmp.write_text("half", encoding="utf-8")
        raise RuntimeError("power cut")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_i13_1_temporary_files_left_by_a_kill_are_cleared(tmp_path) -> None:
    target = tmp_path / "autosave.txt"
    stale = tmp_path / ".autosave.txt.k1ll3d.txt"
    recent = tmp_path / ".autosave.txt.wr1t1ng.txt"  # another copy, still writing
    for p in (stale, recent):
        p.write_text("half", encoding="utf-8")
    os.utime(stale, (time.time() - 2 * files.STALE_SECONDS,) * 2)
    files.write_text(target, "whole")
    assert sorted(p.name for p in tmp_path.iterdir()) == [recent.name, target.name]


# -- 2: a settings file that is too deep, too big or of the wrong types -------------


@pytest.mark.parametrize(
    "content",
    [
        "[" * 1000 + "]" * 1000,  # 2 KB, 1,000 levels deep (was RecursionError)
        json.dumps({"fault_mode": "manual", "pad": "x" * 100_000}),  # huge
        json.dumps([1, 2]),
        "\xff\xfe not text",
    ],
)
def test_i13_2_bad_settings_give_defaults_and_a_message(make_app, content: str) -> None:
    from russian_bank.ui.app import App

    config_dir().mkdir(parents=True)
    (config_dir() / "settings.json").write_text(content, encoding="latin-1")
    settings, warning = load_settings()
    assert settings == Settings() and warning and "using defaults" in warning
    app = App((1024, 640), seed=3, pace="instant")  # starts, with the defaults
    assert app.settings == Settings()
    assert "using defaults" in ctl(app).messages[0].text


# -- 3: a config folder that cannot be written: told once, on screen ---------------


def block_config(kind: str, tmp_path, monkeypatch) -> None:
    if kind == "file instead of folder":
        config_dir().parent.mkdir(parents=True)
        config_dir().write_text("not a folder", encoding="utf-8")
    elif kind == "XDG_CONFIG_HOME is a file":
        (tmp_path / "xdg").write_text("a file", encoding="utf-8")
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    elif kind == "dangling symlink":
        config_dir().parent.mkdir(parents=True)
        config_dir().symlink_to(tmp_path / "gone")
    elif kind == "read-only folder":
        if os.geteuid() == 0:
            pytest.skip("root writes into read-only folders")
        config_dir().mkdir(parents=True)
        config_dir().chmod(0o500)


@pytest.mark.parametrize(
    "kind",
    ["file instead of folder", "XDG_CONFIG_HOME is a file", "dangling symlink", "read-only folder"],
)
def test_i13_3_unwritable_config_is_told_once(make_app, tmp_path, monkeypatch, capsys, kind):
    block_config(kind, tmp_path, monkeypatch)
    assert saving.save_settings(Settings()) is not None  # the reason, not silence
    app = make_app(seed=5, autosave=True)
    c = ctl(app)
    click(app, place_center(app, _stock(c)))
    app.journal.writer.wait()  # (written by the writer thread: told on the next frame)
    step(app)
    said = [m.text for m in c.messages.values()]
    assert any("Progress cannot be saved" in t for t in said), said
    c.messages.clear()
    app.save_settings()
    app.save_game()
    assert not any("cannot be saved" in m.text for m in c.messages.values())  # only once
    assert capsys.readouterr().err.count("Progress cannot be saved") == 1
    assert "Quit" in dict(_menu_items(app)).get("quit", "")
    assert "saved" not in dict(_menu_items(app))["quit"]  # never promise a save that failed


def _stock(c):
    from russian_bank.engine import STOCKS

    return STOCKS[c.position.player]


def _menu_items(app):
    from russian_bank.ui.scenes.menu import MenuScene

    return MenuScene(app).items()


# -- 7: a long autosave loads fast ----------------------------------------------------


def long_record(actions: int) -> tuple[str, int]:
    """A record of a game with ``actions`` raise/put-back actions (snapped-back
    drags over several cards), and how many actions the game really has."""
    game = Game.new(5)
    game.apply("turn stock")
    raises = [str(a) for a in game.legal_actions() if isinstance(a, Raise)]
    lines = game.record_text().splitlines()
    n = len(game.actions)
    for i in range(actions // 2):
        lines += [f"{n + 1}. {raises[i % len(raises)]}", f"{n + 2}. back"]
        n += 2
    return "\n".join(lines) + "\n", len(game.actions)


@pytest.mark.parametrize(("actions", "seconds"), [(20_000, 3.0), (200_000, 20.0)])
def test_i13_7_long_autosave_loads_fast(actions: int, seconds: float) -> None:
    text, real = long_record(actions)
    config_dir().mkdir(parents=True)
    (config_dir() / "autosave.txt").write_text("# match: 0 0 0\n" + text, encoding="utf-8")
    start = time.perf_counter()
    saved = load_game()
    took = time.perf_counter() - start
    assert saved.warning is None and saved.game is not None
    assert took < seconds, f"{actions} actions took {took:.1f} s"
    assert len(saved.game.actions) == real  # the put-back raises changed nothing
    assert saved.game.position == Game.from_record(saved.game.record_text()).position


def test_i13_7_a_huge_autosave_is_refused_unread(monkeypatch) -> None:
    monkeypatch.setattr(saving, "MAX_AUTOSAVE_BYTES", 1000)
    text, _real = long_record(200)
    config_dir().mkdir(parents=True)
    (config_dir() / "autosave.txt").write_text(text, encoding="utf-8")
    saved = load_game()
    assert saved.game is None and saved.warning and "too big" in saved.warning


def test_i13_7_snapped_back_drags_do_not_grow_the_record(make_app) -> None:
    app = make_app(seed=5, autosave=True)
    c = ctl(app)
    c.act("turn stock")
    n = len(c.game.actions)
    raise_ = next(a for a in c.game.legal_actions() if isinstance(a, Raise))
    for _ in range(50):
        c.act(raise_)
        c.act("back")
    assert len(c.game.actions) == n
    assert load_game().game.record_text() == c.game.record_text()  # (the journal read back)


# -- 8: a bad match line loses only the score -------------------------------------------


@pytest.mark.parametrize("line", ["# match: x y z", "# match: 1 2", "# match:", "# match: -1 2 3"])
def test_i13_8_bad_match_line_keeps_the_game(line: str) -> None:
    game = Game.new(9)
    game.apply("turn stock")
    config_dir().mkdir(parents=True)
    (config_dir() / "autosave.txt").write_text(f"{line}\n{game.record_text()}", encoding="utf-8")
    saved = load_game()
    assert saved.game is not None and saved.game.position == game.position
    assert (saved.match, saved.games) == ([0, 0], 0)
    assert saved.warning and "match score" in saved.warning


def test_i13_8_good_match_line_is_read() -> None:
    saving.save_game(Game.new(9), [12, 30], 4)
    saved = load_game()
    assert (saved.match, saved.games, saved.warning) == ([12, 30], 4, None)


# -- 9: quitting a game in progress says it is saved and resumes ------------------------


def test_i13_9_quit_says_the_game_is_saved_and_resumes(make_app, capsys) -> None:
    app = make_app(seed=5, autosave=True)
    click(app, place_center(app, _stock(ctl(app))))
    label = dict(_menu_items(app))["quit"]
    assert "saved" in label and "resumes" in label
    record = ctl(app).game.record_text()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert not app.running
    assert "saved" in capsys.readouterr().out
    assert load_game().game.record_text() == record


def test_i13_9_quit_without_autosave_promises_nothing(make_app, capsys) -> None:
    app = make_app(seed=5, autosave=False)
    assert dict(_menu_items(app))["quit"] == "Quit"
    app.quit()
    assert "saved" not in capsys.readouterr().out


def test_i13_9_after_a_finished_game_the_new_one_is_saved_at_once() -> None:
    """Quit after a game ended: the next start deals a new game and saves it, so
    the autosave always holds the game on the table (found by the fuzz test)."""
    from russian_bank.ui.app import App

    done = Game.new(4)
    done.apply("abandon A")
    saving.save_game(done, [0, 0], 1)
    app = App((1024, 640), pace="instant", settings=Settings())
    live = ctl(app).game
    assert not live.over and not live.actions
    assert load_game().game.record_text() == live.record_text()
