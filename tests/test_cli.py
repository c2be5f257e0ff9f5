"""Issue 13, breaks 4 and 5: every command-line value is checked before anything
runs; a bad one gives a one-line reason and exit status 2, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from russian_bank import __main__ as game_main
from russian_bank import sim
from tools import measure, tune
from tools.bench import engine as bench_engine
from tools.bench import history as bench_history
from tools.bench import identity as bench_identity
from tools.bench import network as bench_network
from tools.bench import ui as bench_ui

ROOT = Path(__file__).resolve().parents[1]

BAD = [
    (sim.main, ["--a", "novice", "--b", "novice", "--action-time", "nan"], "--action-time"),
    (sim.main, ["--a", "novice", "--b", "novice", "--action-time", "inf"], "--action-time"),
    (sim.main, ["--a", "novice", "--b", "novice", "--action-time", "-1"], "--action-time"),
    (sim.main, ["--a", "novice", "--b", "novice", "--games", "-1"], "--games"),
    (sim.main, ["--a", "novice", "--b", "novice", "--games", "0"], "--games"),
    (sim.main, ["--a", "novice", "--b", "novice", "--jobs", "0"], "--jobs"),
    (bench_engine.main, ["--runs", "0"], "--runs"),
    (bench_engine.main, ["--games", "-3"], "--games"),
    (bench_ui.main, ["--seconds", "0"], "--seconds"),
    (bench_ui.main, ["--seconds", "nan"], "--seconds"),
    (bench_ui.main, ["--size", "foo"], "--size"),
    (bench_ui.main, ["--moves", "-2"], "--moves"),
    (game_main.main, ["--screenshot", ""], "--screenshot"),
    (game_main.main, ["--screenshot", "/nonexistent/dir/x.png"], "--screenshot"),
    (game_main.main, ["--screenshot", "table.jpg"], "--screenshot"),
    (game_main.main, ["--screenshot", "t.png", "--moves", "-1"], "--moves"),
    (game_main.main, ["--size", "10x10"], "--size"),
    # issue 19, item 12: these ran into UnboundLocalError / StatisticsError, or were taken
    (bench_history.main, ["--runs", "0"], "--runs"),
    (bench_history.main, ["--runs", "-1"], "--runs"),
    (bench_history.main, ["--actions", "-5"], "--actions"),
    (bench_history.main, ["--actions", "0"], "--actions"),
    (bench_history.main, ["--actions", "1"], "--actions"),
    (bench_history.main, ["--games", "-1"], "--games"),
    (measure.main, ["--levels", "novice", "--games", "0"], "--games"),
    (measure.main, ["--levels", "novice", "--games", "-2"], "--games"),
    # issue 19, "done when": taken silently, a ZeroDivisionError, a server that never
    # started, a bench that never ended
    (bench_identity.main, ["--games", "0"], "--games"),
    (bench_identity.main, ["--games", "-1"], "--games"),
    (tune.main, ["--games", "0"], "--games"),
    (tune.main, ["--games", "-1"], "--games"),
    (bench_network.main, ["--thinkers", "-1"], "--thinkers"),
    (bench_network.main, ["--pause", "-1"], "--pause"),
]


@pytest.mark.parametrize(("main", "argv", "option"), BAD, ids=[" ".join(b[1]) for b in BAD])
def test_i13_5_bad_values_are_refused_with_status_2(main, argv, option, capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {option}" in err and "Traceback" not in err


def test_i13_4_screenshot_to_missing_folder_is_refused_in_the_real_program() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-m", "russian_bank", "--screenshot", "/nonexistent/dir/x.png"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 2
    assert "does not exist" in done.stderr and "Traceback" not in done.stderr


def test_i13_4_screenshot_is_written_whole(tmp_path: Path, capsys) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    shot = tmp_path / "table.png"
    assert game_main.main(["--screenshot", str(shot), "--seed", "3"]) == 0
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir()] == ["table.png"]  # no temporary left
    assert "wrote" in capsys.readouterr().out


def test_i13_4_screenshot_write_failure_is_one_line(tmp_path: Path, monkeypatch, capsys) -> None:
    import pygame

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

    def fail(*_a: object) -> None:
        raise pygame.error("disk full")

    monkeypatch.setattr(pygame.image, "save", fail)
    assert game_main.main(["--screenshot", str(tmp_path / "t.png")]) == 1
    assert "cannot write" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_every_command_takes_the_one_pack_game_by_name(tmp_path: Path, capsys) -> None:
    """Issue 17: the registry's names work at every door, the one-pack game's too."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    shot = tmp_path / "one.png"
    argv = ["--rules", "one-pack", "--screenshot", str(shot), "--card-size", "largest"]
    assert game_main.main(argv) == 0
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "one-pack" in capsys.readouterr().out
    assert sim.main(["--rules", "one-pack", "--a", "novice", "--b", "club", "--games", "2"]) == 0
    assert "rule set: one-pack" in capsys.readouterr().out
    assert bench_engine.main(["--rules", "one-pack", "--runs", "1", "--games", "1"]) == 0
    assert "actions/s:" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_:
        game_main.main(["--rules", "two-and-a-half-pack", "--screenshot", str(shot)])
    assert exit_.value.code == 2
    assert "one-pack" in capsys.readouterr().err  # the known games are named


@pytest.mark.parametrize(
    "argv",
    [
        ["tools.bench", "history", "--runs", "0"],
        ["tools.measure", "--levels", "novice", "--games", "0"],
        ["russian_bank.sim", "--a", "novice", "--b", "novice", "--games", "0"],
    ],
)
def test_i19_12_a_bad_count_is_one_line_of_reason_and_status_2(argv) -> None:
    run = [sys.executable, "-m", *argv]
    done = subprocess.run(run, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    reason = [line for line in done.stderr.splitlines() if "error:" in line]
    assert len(reason) == 1 and argv[-2] in reason[0], done.stderr


def test_i19_13_sim_never_starts_more_workers_than_games_or_cores(monkeypatch) -> None:
    assert sim.worker_count(1_000_000, 1) == 1
    assert sim.worker_count(1_000_000, 50) == min(50, os.cpu_count() or 1)
    assert sim.worker_count(3, 50) == min(3, os.cpu_count() or 1)
    started: list[int] = []
    import multiprocessing

    real = multiprocessing.get_context

    def counting(kind):
        ctx = real(kind)

        class Ctx:
            def Pool(self, n):  # noqa: N802 - multiprocessing's name
                started.append(n)
                return ctx.Pool(n)

        return Ctx()

    monkeypatch.setattr(multiprocessing, "get_context", counting)
    sim.main(["--a", "novice", "--b", "novice", "--games", "1", "--jobs", "1000000"])
    assert started == []  # one game: no pool at all, not a million processes


def test_i19_12_bench_history_builds_long_games_of_real_plays() -> None:
    """``--actions 20000`` failed with "no long game found"; the long game is now
    made of real plays (Table weaving), not raising and putting back."""
    from russian_bank.engine import Back, Play, Raise

    game = bench_history.long_game(15_000, 1)  # the old bench reached about 12,600 at most
    assert len(game.actions) == 15_000 and game.over
    plays = sum(isinstance(a, Play) for a in game.actions)
    idle = sum(isinstance(a, Raise | Back) for a in game.actions)
    assert plays > 0.8 * len(game.actions) and idle < 0.05 * len(game.actions)
