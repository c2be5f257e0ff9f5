"""Issue 19, items 9-11 and 14: bad inputs that still hurt a new player.

Each test failed on the code before the fix (said next to it)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from russian_bank.ui.kit.text import wrap
from russian_bank.ui.settings import Settings, config_dir, save_settings

from .helpers import ctl, step


@pytest.fixture(autouse=True)
def _video() -> None:
    pygame.display.init()
    pygame.font.init()


class Counting:
    """A real font that counts the characters it is asked to measure."""

    def __init__(self, font: pygame.font.Font) -> None:
        self.font, self.measured, self.calls = font, 0, 0

    def size(self, text: str) -> tuple[int, int]:
        self.calls += 1
        self.measured += len(text)
        return self.font.size(text)

    def get_linesize(self) -> int:
        return self.font.get_linesize()


# -- 9: wrapping stays near-linear; messages quoting files stay short -------------------


@pytest.mark.parametrize("n", [5_000, 50_000])
def test_i19_9_an_over_long_word_is_cut_by_measuring(n: int) -> None:
    """Old code: one measure per character removed, 5,000 characters took about
    12 million measured characters (seconds); now a few measures per line."""
    font = Counting(pygame.font.Font(None, 20))
    word = "".join("abcdefghijWM0123456789"[(i * 7) % 22] for i in range(n))
    lines = wrap(font, f"before {word} after", 300)  # type: ignore[arg-type]
    assert "".join(lines).replace(" ", "") == f"before{word}after"
    assert lines[0] == "before" and lines[-1].endswith("after")
    assert all(font.font.size(line)[0] <= 300 for line in lines)
    # each line full: the next character would not have fitted
    for a, b in zip(lines[1:-2], lines[2:-1], strict=True):
        assert font.font.size(a + b[0])[0] > 300
    assert font.calls < 25 * len(lines)  # O(log) measures per line
    assert font.measured < 400 * 25 * len(lines)  # each at most about a line long


def test_i19_9_a_one_word_autosave_of_50_kb_says_so_in_one_short_line() -> None:
    """Old code: the warning quoted all 50,000 characters (and took seconds to wrap)."""
    from russian_bank.ui.app import App

    save_settings(Settings(sound=False))
    (config_dir() / "autosave.txt").write_text("x" * 50_000, encoding="utf-8")
    app = App((1280, 800))
    step(app)
    said = [m.text for m in ctl(app).messages.values()]
    warning = next(t for t in said if "could not be read" in t)
    assert "autosave.txt" in warning and "new game" in warning
    assert len(warning) < 200 + len(str(config_dir())), warning


def test_i19_9_a_5000_character_word_in_a_message_is_drawn(make_app) -> None:
    """The table draws a 5,000-character word in a message box (near-linear wrap,
    bisected font size): every line it draws fits its box."""
    app = make_app()
    word = "y" * 5_000
    ctl(app).say(0, word, "refuse")
    step(app)
    fitted = [(k, v) for k, v in app.renderer._fitted.items() if k[0] == word]
    assert fitted, "the message was not fitted"
    for (_, width, *_), (size, lines) in fitted:
        font = app.assets.font(size)
        assert all(font.size(line)[0] <= width for line in lines)


# -- 10: a kept game with a valid checksum whose moves break the rules -------------------


def test_i19_10_a_forged_game_replays_as_far_as_it_can_and_says_why(make_app) -> None:
    """Old code: Past games -> the game crashed into "Something went wrong", with an
    empty reason ("cannot be replayed: ")."""
    import dataclasses

    from russian_bank.engine import Game
    from russian_bank.history import Store, keep
    from russian_bank.ui.scenes.replay import ReplayScene

    from .test_history_screens import open_past_games

    game = Game.new(5)
    game.apply("turn stock")
    kept = keep(game)
    forged = kept.record.rstrip("\n") + "\n2. discard\n"  # A holds no card to discard
    Store().save(dataclasses.replace(kept, record=forged, actions=2))
    app = make_app(seed=6)
    open_past_games(app)
    from .helpers import click

    click(app, app.top.rows()[0][1].center)
    assert isinstance(app.top, ReplayScene), app.top
    note = app.top.note
    assert "cannot be replayed past step 1" in note and "You hold no card to discard" in note
    assert "\n" not in note and "discard" not in note.split(":")[0]
    step(app, 3)  # it keeps drawing
    assert isinstance(app.top, ReplayScene)


# -- 11: a statistics file nested a thousand deep -----------------------------------------


def test_i19_11_a_deeply_nested_statistics_file_is_said_and_started_afresh(make_app) -> None:
    """Old code: Statistics crashed (RecursionError) every time until the file was
    deleted by hand."""
    from russian_bank.history.store import data_dir
    from russian_bank.ui.scenes.stats import StatsScene

    from .helpers import click
    from .test_history_screens import menu_item

    data_dir().mkdir(parents=True)
    (data_dir() / "statistics.json").write_text("[" * 1000 + "]" * 1000, encoding="utf-8")
    app = make_app(seed=7)
    app.open_menu()
    step(app)
    click(app, menu_item(app, "stats"))
    assert isinstance(app.top, StatsScene)
    assert "statistics.json could not be read (nested too deeply)" in app.top.note
    assert not (data_dir() / "statistics.json").exists()  # a fresh start
    click(app, app.top.buttons()[-1].rect.center)  # Back, then in again: no message now
    app.open_menu()
    step(app)
    click(app, menu_item(app, "stats"))
    assert isinstance(app.top, StatsScene) and "could not be read" not in app.top.note


# -- 14: import size, a config folder or a games folder that is a file ---------------------


def test_i19_14_import_reads_at_most_its_cap(tmp_path, monkeypatch) -> None:
    """Old code: importing /dev/zero read without end (MemoryError)."""
    from russian_bank.history import RecordError, Store
    from russian_bank.history import store as store_mod

    monkeypatch.setattr(store_mod, "MAX_IMPORT_BYTES", 1024)
    big = tmp_path / "big.rbgame"
    big.write_text("x" * 5000, encoding="utf-8")
    for path in (big, "/dev/zero"):
        with pytest.raises(RecordError, match="too big for a game"):
            Store(tmp_path / "games").import_file(Path(path))


def test_i19_14_a_config_folder_that_is_a_file_is_said_in_words() -> None:
    """Old code: "…/settings.json: File exists"."""
    config_dir().parent.mkdir(parents=True)
    config_dir().write_text("not a folder", encoding="utf-8")
    said = save_settings(Settings())
    assert said is not None and f"{config_dir()} is a file, not a folder" in said
    assert "File exists" not in said


def test_i19_14_past_games_with_a_games_folder_that_is_a_file_says_why(make_app) -> None:
    """Old code: an empty list and no word about why."""
    from russian_bank.history.store import data_dir

    from .test_history_screens import open_past_games

    data_dir().mkdir(parents=True)
    (data_dir() / "games").write_text("a file", encoding="utf-8")
    app = make_app(seed=8)
    open_past_games(app)
    assert app.top.games == []
    assert f"{data_dir() / 'games'} is a file, not a folder" in app.top.note


# -- 8: at the live window the computer thinks in the worker ---------------------------


def test_i19_8_the_live_window_lets_the_computer_think_beside_the_frames(make_app) -> None:
    """Old code: ``Match.advance`` called ``choose`` inline at the table, always."""
    from russian_bank.ui.settings import Settings

    app = make_app(seed=9, settings=Settings(opponent="club", sound=False))
    assert app.game_scene.ctl.bots and not app.game_scene.ctl.match.worker  # tests: inline
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()  # one frame of the real loop, then the QUIT
    assert app.game_scene.ctl.match.worker
    pygame.display.init()
    app.new_game(None, ask=False)
    assert app.game_scene.ctl.match.worker  # and every new game at that window
