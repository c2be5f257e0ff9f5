"""Issue 42: the game in progress is an append-only journal; kill -9 during play
loses at most the last action.

The real App runs headless in a child process (its own frames, its own writer
thread) and plays random actions and Undos; after each change it prints the game's
actions and waits. The test kills it with SIGKILL at a random moment after a
change, starts it again and checks that the game it resumes is the game as it was
after the last change or the change before. Then: a last line cut short is
dropped, a broken journal gives one message and a new game, the frame's thread
never writes, and a journal long with raises put back is written anew."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time

import pytest

from russian_bank import files, journal
from russian_bank.engine import Game
from russian_bank.ui.settings import Settings, config_dir, load_game

from .helpers import ctl

CHILD = r"""
import json, random, sys
from russian_bank.engine import Abandon, AgreeDraw, Stand, Stop
from russian_bank.ui.app import App
from russian_bank.ui.settings import Settings

app = App((800, 600), pace="instant", settings=Settings(opponent="human", sound=False))
ctl = app.game_scene.ctl
print(json.dumps([str(a) for a in ctl.game.actions]), flush=True)
rng = random.Random(int(sys.argv[1]))
while not ctl.game.over:
    if rng.random() < 0.15 and ctl.undo_reason() is None:
        ctl.undo()
    else:
        ends = (Stop, Stand, Abandon, AgreeDraw)
        ctl.act(rng.choice([a for a in ctl.game.legal_actions() if not isinstance(a, ends)]))
    app.frame(1 / 60)
    print(json.dumps([str(a) for a in ctl.game.actions]), flush=True)
    if sys.argv[2] == "step":
        sys.stdin.readline()  # the test says when to go on
"""
ROUNDS = int(os.environ.get("RB_KILL_ROUNDS", "4"))


def one_change_on(state: list[str], resumed: list[str]) -> bool:
    """Is ``resumed`` one change after ``state``: an action more, or one or two
    taken back (an Undo, a raise put back)?"""
    return resumed[:-1] == state or (
        state[: len(resumed)] == resumed and len(resumed) >= len(state) - 2
    )


@pytest.mark.parametrize("mode", ["step", "free"])
def test_kill_9_during_play_loses_at_most_the_last_action(mode: str) -> None:
    """``step``: the child waits after each change, so what it did when killed is
    known exactly. ``free``: it plays on as fast as it can, killed at any moment;
    its last change may not have been printed yet."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    rng = random.Random(42)
    states: list[list[str]] = []  # the game after each change of the child killed last
    lost = 0
    for round_ in range(ROUNDS):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(round_), mode],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )
        assert child.stdin is not None and child.stdout is not None
        try:
            resumed = json.loads(child.stdout.readline())
            if states:
                check(states, resumed, mode)
                lost += resumed != states[-1]
            states = [resumed]
            for _ in range(rng.randint(5, 20)):
                states.append(json.loads(child.stdout.readline()))
                if mode == "step":
                    child.stdin.write("\n")
                    child.stdin.flush()
            time.sleep(rng.choice((0.0, 0.0, 0.0005, 0.002, 0.01)))  # the writer at work
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(10)
        assert child.returncode == -signal.SIGKILL
        states += [json.loads(line) for line in child.stdout]  # (printed before it died)
    saved = load_game()
    assert saved.warning is None and saved.game is not None
    check(states, [str(a) for a in saved.game.actions], mode)
    print(f"{ROUNDS} kills, the last action lost {lost} times")


def check(states: list[list[str]], resumed: list[str], mode: str) -> None:
    """The game resumed is the game after the last change, or the one before (or,
    killed playing freely, after a change it had no time to print)."""
    ok = resumed in states[-2:] or (mode == "free" and one_change_on(states[-1], resumed))
    assert ok, (resumed, states[-2:])


# -- a last line cut short, a broken journal ---------------------------------------------


def journal_of(game: Game, more: list[str]) -> str:
    """The journal of ``game`` begun at its actions so far, then ``more`` lines."""
    return f"{journal.JOURNAL_HEADER}\n# match: 1 2 3\n{game.record_text()}" + "".join(
        line + "\n" for line in more
    )


def a_game() -> tuple[Game, list[str]]:
    """A game of a few actions, and the journal lines that played them (a raise
    taken back by a cut among them)."""
    game = Game.new(7)
    rng = random.Random(7)
    lines: list[str] = []
    for _ in range(12):
        action = rng.choice([a for a in game.legal_actions() if str(a).startswith("play")])
        game.apply(action)
        lines.append(f"{len(game.actions)}. {action}")
    lines += [f"{len(game.actions) + 1}. raise table0", f"cut: {len(game.actions)}"]
    return game, lines


@pytest.mark.parametrize("cut", [1, 5, 9, 14])
def test_a_last_line_cut_short_is_dropped(cut: int) -> None:
    game, lines = a_game()
    whole = journal_of(Game.new(7), lines)
    last = f"{len(game.actions)}. {game.actions[-1]}"
    torn = whole[: whole.index(last) + min(cut, len(last))]  # killed in the last action
    config_dir().mkdir(parents=True)
    for tail in ("", "\0" * 64):  # (a power cut can leave zero bytes)
        (config_dir() / "autosave.txt").write_text(torn + tail, encoding="utf-8")
        saved = load_game()
        assert saved.warning is None and saved.game is not None
        assert saved.game.actions == game.actions[:-1]  # from the line before
        assert (saved.match, saved.games) == ([1, 2], 3)
    (config_dir() / "autosave.txt").write_text(whole, encoding="utf-8")
    assert load_game().game.actions == game.actions  # (whole: all of it)


@pytest.mark.parametrize(
    "line",
    ["5. play table0 table1", "cut: 99", "cut: x", "2. fly away", "12 play table0 table1"],
)
def test_a_broken_journal_says_so_and_a_new_game_starts(make_app, line: str) -> None:
    game, lines = a_game()
    config_dir().mkdir(parents=True)
    text = journal_of(Game.new(7), [*lines[:3], line, *lines[3:]])
    (config_dir() / "autosave.txt").write_text(text, encoding="utf-8")
    saved = load_game()
    assert saved.game is None and saved.warning and "could not be read" in saved.warning
    assert "\n" not in saved.warning and len(saved.warning) < 300
    app = make_app(resume=True, seed=None, settings=Settings(opponent="human"))
    said = " ".join(m.text for m in ctl(app).messages.values())
    assert "could not be read" in said and "new game" in said
    assert not ctl(app).game.actions


# -- the frame's thread never writes ----------------------------------------------------


def test_the_frames_thread_never_touches_the_disk(make_app, monkeypatch) -> None:
    frame = threading.current_thread()
    touched: list[str] = []

    def spy(name, real):
        def call(*args, **kw):
            if threading.current_thread() is frame:
                touched.append(name)
            return real(*args, **kw)

        return call

    app = make_app(settings=Settings(opponent="human"), autosave=True)
    for name in ("write", "fsync", "open", "replace"):
        monkeypatch.setattr(os, name, spy(name, getattr(os, name)))
    for name in ("write_text", "swap_text", "flush"):
        monkeypatch.setattr(files, name, spy(name, getattr(files, name)))
    c = ctl(app)
    rng = random.Random(3)
    for _ in range(30):
        c.act(rng.choice([a for a in c.game.legal_actions() if str(a).startswith("play")]))
    c.undo()
    assert touched == []
    app.journal.writer.wait()
    assert load_game().game.actions == c.game.actions


def test_a_journal_long_with_raises_put_back_is_written_anew(make_app) -> None:
    app = make_app(settings=Settings(opponent="human"), autosave=True)
    c = ctl(app)
    c.act("turn stock")
    raise_ = next(a for a in c.game.legal_actions() if str(a).startswith("raise"))
    for _ in range(journal.SLACK_LINES):
        c.act(raise_)
        c.act("back")  # (put back unchanged: the game forgets the pair, the journal cuts)
    app.journal.writer.wait()
    lines = (config_dir() / "autosave.txt").read_text(encoding="utf-8").splitlines()
    assert lines[0] == journal.JOURNAL_HEADER and len(lines) < journal.SLACK_LINES + 20
    assert load_game().game.actions == c.game.actions
