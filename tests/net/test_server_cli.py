"""The ``russian-bank-server`` command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from russian_bank.net.config import parse_args

ROOT = Path(__file__).resolve().parents[2]


def test_options_are_read():
    c = parse_args(["--host", "0.0.0.0", "--port", "9000", "--data", "/tmp/x", "--forfeit", "30"])
    assert (c.host, c.port, str(c.data), c.forfeit) == ("0.0.0.0", 9000, "/tmp/x", 30.0)
    assert c.allow_seed is False  # a public server always deals the cards itself
    limits = ["--max-connections", "100", "--per-address", "0", "--rooms-per-minute", "2.5"]
    c = parse_args([*limits, "--empty-room", "30"])
    got = (c.max_connections, c.per_address, c.rooms_per_minute, c.empty_room)
    assert got == (100, 0, 2.5, 30.0)


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--cert", "c.pem"], "--cert and --key go together"),
        (["--port", "70000"], "--port must be 0 to 65535"),
        (["--forfeit", "0"], "--forfeit must be a number of seconds above 0"),
        (["--port", "x"], "invalid int value"),
        (["--per-address", "-1"], "--per-address must be 0 or more"),
        (["--max-connections", "0"], "--max-connections must be 1 or more"),
        (["--rooms-per-minute", "-2"], "--rooms-per-minute must be 0 or more"),
        (["--empty-room", "0"], "--empty-room must be a number of seconds above 0"),
    ],
)
def test_bad_options_get_one_clear_line(argv, words):
    p = subprocess.run(
        [sys.executable, "-m", "russian_bank.net.server", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=30,
    )
    assert p.returncode == 2
    assert words in p.stderr and "Traceback" not in p.stderr


def test_help_names_every_option():
    p = subprocess.run(
        [sys.executable, "-m", "russian_bank.net.server", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=30,
    )
    assert p.returncode == 0
    for option in ("--host", "--port", "--cert", "--key", "--data", "--forfeit", "--lan"):
        assert option in p.stdout
    for option in ("--max-connections", "--per-address", "--rooms-per-minute", "--empty-room"):
        assert option in p.stdout


def test_a_port_in_use_is_one_line_not_a_traceback():
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen()
    port = s.getsockname()[1]
    try:
        p = subprocess.run(
            [sys.executable, "-m", "russian_bank.net.server", "--port", str(port)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=30,
        )
    finally:
        s.close()
    assert p.returncode == 1
    assert "Traceback" not in p.stderr and "russian-bank-server:" in p.stderr


def test_tls_serves_wss(tmp_path):
    import asyncio
    import shutil
    import ssl

    from russian_bank.net.client import Client
    from russian_bank.net.config import Config
    from russian_bank.net.server import Server

    if shutil.which("openssl") is None:
        pytest.skip("no openssl command to make a test certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )

    async def main():
        srv = Server(Config(port=0, cert=cert, key=key))
        await srv.start()
        try:
            trust = ssl.create_default_context(cafile=str(cert))
            c = Client(f"wss://127.0.0.1:{srv.port}", "Ann", tls=trust)
            await c.connect()
            joined = await c.create()
            await c.close()
            return joined
        finally:
            await srv.stop()

    joined = asyncio.run(asyncio.wait_for(main(), 30))
    assert joined["seat"] == "A" and len(joined["room"]) == 10


def bench_network(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tools.bench", "network", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_the_network_bench_plays_its_rooms_to_the_end_and_prints_its_figures():
    # the steps table: both seats answer at once, so whole games take seconds
    p = bench_network("--rooms", "2", "--clock", "steps")
    assert p.returncode == 0, p.stdout + p.stderr
    assert "games finished: 2 of 2" in p.stdout
    assert "action round trip ms p50:" in p.stdout.splitlines()[-1]
    assert "per room" in p.stdout


def test_the_network_bench_on_the_real_clock_measures_round_trips_until_its_time_is_up():
    # the server's clock and its thinkers; a real-clock game lasts minutes, so --seconds
    p = bench_network("--rooms", "2", "--pause", "0.1", "--action-time", "0.1", "--seconds", "6")
    assert p.returncode == 0, p.stdout + p.stderr
    assert "games finished: 0 of 2" in p.stdout, p.stdout
    assert "rooms that failed" not in p.stdout, p.stdout
    trips = int(p.stdout.split("round trips measured: ")[1].split()[0])
    assert trips >= 10, p.stdout
    assert "cpu: server" in p.stdout and "its thinkers" in p.stdout
