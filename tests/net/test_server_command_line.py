"""Issue 41, point 6: ``russian-bank-server`` hears SIGTERM from the moment it says
it listens; ``--forfeit`` refuses nan and inf; an unwritable ``--data`` is refused
with one clear line before anything starts."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from russian_bank.net.config import parse_args

ROOT = Path(__file__).resolve().parents[2]

# the server's own main, with a SIGTERM sent at the very moment it says "listening"
TERM_AT_LISTENING = """
import os, signal, sys
import russian_bank.net.server as server
server.collector.quiet = lambda: os.kill(os.getpid(), signal.SIGTERM)
sys.exit(server.main(["--port", "0", "--thinkers", "0"]))
"""


def server(*argv: str, timeout: float = 60):  # type: ignore[no-untyped-def]
    return subprocess.run(
        [sys.executable, "-m", "russian_bank.net.server", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
    )


@pytest.mark.skipif(not hasattr(signal, "SIGTERM"), reason="needs SIGTERM")
def test_i41_6_sigterm_as_it_says_listening_stops_it_cleanly() -> None:
    p = subprocess.run(
        [sys.executable, "-c", TERM_AT_LISTENING],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert p.returncode == 0, (p.returncode, p.stderr[-500:])
    assert "listening on port" in p.stdout


@pytest.mark.skipif(not hasattr(signal, "SIGTERM"), reason="needs SIGTERM")
def test_i41_6_sigterm_just_after_the_line_is_status_0() -> None:
    for _ in range(3):
        child = subprocess.Popen(
            [sys.executable, "-m", "russian_bank.net.server", "--port", "0", "--thinkers", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        assert child.stdout is not None
        assert "listening on port" in child.stdout.readline()
        child.send_signal(signal.SIGTERM)
        _out, err = child.communicate(timeout=30)
        assert child.returncode == 0, err[-500:]


@pytest.mark.parametrize("value", ["nan", "inf", "=-inf", "NaN", "1e400"])
def test_i41_6_forfeit_must_be_a_finite_time(value: str) -> None:
    forfeit = ["--forfeit" + value] if value.startswith("=") else ["--forfeit", value]
    p = server(*forfeit, "--port", "0", timeout=20)  # (refused: at once)
    assert p.returncode == 2
    assert "--forfeit must be a number of seconds" in p.stderr and "Traceback" not in p.stderr


def test_i41_6_a_data_folder_that_is_a_file_is_refused(tmp_path: Path) -> None:
    a_file = tmp_path / "saves"
    a_file.write_text("not a folder", encoding="utf-8")
    for data in (a_file, a_file / "rooms", Path("/sys/russian-bank-data")):
        p = server("--data", str(data), "--port", "0", timeout=20)  # (refused: at once)
        assert p.returncode == 2, p.stdout
        lines = [ln for ln in p.stderr.splitlines() if "error:" in ln]
        assert len(lines) == 1 and "cannot keep its rooms there" in lines[0], p.stderr
        assert "Traceback" not in p.stderr


def test_i41_6_an_unwritable_data_folder_is_refused(tmp_path: Path, monkeypatch, capsys) -> None:
    def refused(*a, **kw):  # type: ignore[no-untyped-def]
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refused)  # (root writes anywhere: as the OS would)
    with pytest.raises(SystemExit) as done:
        parse_args(["--data", str(tmp_path)])
    assert done.value.code == 2
    assert "cannot keep its rooms there (Permission denied)" in capsys.readouterr().err


def test_i41_6_a_writable_data_folder_is_made_and_taken(tmp_path: Path) -> None:
    where = tmp_path / "new" / "data"
    assert parse_args(["--data", str(where)]).data == where
    assert where.is_dir() and not os.listdir(where)
