"""Issue 13, break 1: kill -9 of the real process while it saves never leaves a
broken file: afterwards each file holds either an old or a new complete content.

A child process saves the settings and the autosave in a loop (the program's
own functions); the test kills it with SIGKILL at random moments and reads the
files back each time. RB_KILLS=150 kills more often (default 12)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from russian_bank.engine import Game

CHILD = """
import sys
from russian_bank.engine import Game
from russian_bank.ui.settings import Settings, save_game, save_settings
games = [Game.new(s) for s in (1, 2)]
for g in games:
    for a in ("turn stock",):
        g.apply(a)
paces = ("slow", "normal", "fast")
i = 0
while True:
    save_settings(Settings(pace=paces[i % 3], sound=bool(i % 2)))
    save_game(games[i % 2], [i % 7, 0], i % 5)
    if i == 1:
        print("saving", flush=True)
    i += 1
"""


def complete_autosaves() -> set[str]:
    out = set()
    for seed in (1, 2):
        g = Game.new(seed)
        g.apply("turn stock")
        out.add(g.record_text())
    return out


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_i13_1_kill_9_while_saving_leaves_old_or_new_file(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path))
    folder = tmp_path / "russian-bank"
    rng = random.Random(13)
    records = complete_autosaves()
    kills = int(os.environ.get("RB_KILLS", "12"))
    for _ in range(kills):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD], env=env, stdout=subprocess.PIPE, text=True
        )
        assert child.stdout is not None and child.stdout.readline() == "saving\n"
        time.sleep(rng.uniform(0.0, 0.05))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        settings = json.loads((folder / "settings.json").read_text(encoding="utf-8"))
        assert settings["pace"] in ("slow", "normal", "fast"), settings
        text = (folder / "autosave.txt").read_text(encoding="utf-8")
        head, _, record = text.partition("\n")
        assert head.startswith("# match: ") and record in records, text


# the child stops half-way through writing the settings, and says so
HALF_WRITTEN = """
import time
from russian_bank import files
from russian_bank.ui.settings import config_dir
config_dir().mkdir(parents=True, exist_ok=True)
with files.replacing(config_dir() / "settings.json") as tmp:
    tmp.write_text("{", encoding="utf-8")
    print("writing", flush=True)
    time.sleep(60)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_i41_7_temporary_files_of_killed_saves_are_cleared_at_the_next_start(
    tmp_path: Path, monkeypatch
) -> None:
    """Issue 41, point 7: what kill -9 left half-written (its writer gone) is
    removed when the program next starts, not an hour later."""
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    folder = tmp_path / "russian-bank"
    rng = random.Random(41)
    for child_code in [CHILD] * 8 + [HALF_WRITTEN]:
        child = subprocess.Popen(
            [sys.executable, "-c", child_code], env=env, stdout=subprocess.PIPE, text=True
        )
        assert child.stdout is not None and child.stdout.readline() in ("writing\n", "saving\n")
        time.sleep(rng.uniform(0.0, 0.05))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
    left = [p.name for p in folder.iterdir() if p.name.startswith(".")]
    assert left  # (the last child was killed holding one)
    from russian_bank.ui.settings import load_settings

    settings, warning = load_settings()  # the program starts
    assert warning is None and settings.pace in ("slow", "normal", "fast")
    assert sorted(p.name for p in folder.iterdir()) == ["autosave.txt", "settings.json"]


# the child stops half-way through keeping a game in Past games
HALF_KEPT = """
import time
from russian_bank import files
from russian_bank.history import Store
store = Store()
store.folder.mkdir(parents=True, exist_ok=True)
with files.replacing(store.folder / "20260101T000000Z-1.rbgame") as tmp:
    tmp.write_text("half", encoding="utf-8")
    print("writing", flush=True)
    time.sleep(60)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_i41_7_a_game_half_kept_is_neither_listed_nor_left(tmp_path: Path, monkeypatch) -> None:
    """A kept game's temporary file left by kill -9 is not a damaged game in Past
    games: it is cleared when the games are next listed."""
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    child = subprocess.Popen(
        [sys.executable, "-c", HALF_KEPT], env=env, stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None and child.stdout.readline() == "writing\n"
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()
    from russian_bank.history import Store

    store = Store()
    assert len(list(store.folder.iterdir())) == 1
    assert store.games() == [] and store.damaged == []
    assert list(store.folder.iterdir()) == []
