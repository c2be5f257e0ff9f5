"""Several server processes behind one router, sharing a Redis, on loopback: what
``python -m tools.bench network --processes N`` and ``tests/net/test_shared_rooms.py``
start. Nothing here assumes a Redis is running: :func:`start_redis` starts Debian's
``redis-server`` in a folder of its own, on a free port, with the append-only file
written and flushed before each reply (``appendfsync always``).
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_redis(folder: Path, fsync: str = "always") -> tuple[subprocess.Popen[bytes], str]:
    """A ``redis-server`` of our own in ``folder``; its process and its URL."""
    exe = shutil.which("redis-server") or "/usr/bin/redis-server"
    folder.mkdir(parents=True, exist_ok=True)
    for _try in range(5):
        port = free_port()
        proc = subprocess.Popen(
            [exe, "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
            + ["--appendonly", "yes", "--appendfsync", fsync, "--dir", str(folder)]
            + ["--logfile", str(folder / "redis.log")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        end = time.monotonic() + 10
        while time.monotonic() < end and proc.poll() is None:
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", port), 1) as s,
            ):
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return proc, f"redis://127.0.0.1:{port}/0"
            time.sleep(0.05)
        stop(proc)
    raise RuntimeError("redis-server did not start (is it installed? Debian: redis-server)")


def start_server(
    redis: str, log: IO[str] | int = subprocess.DEVNULL, *options: str
) -> tuple[subprocess.Popen[str], int]:
    """One ``russian-bank-server --redis`` process on a free port."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "russian_bank.net.server", "--port", "0", "--redis", redis]
        + ["--allow-seed", "--per-address", "0", "--rooms-per-minute", "0", "--routed", *options],
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
        cwd=ROOT,
    )
    return proc, _port(proc, "listening on port")


def start_router(
    redis: str, log: IO[str] | int = subprocess.DEVNULL, *options: str
) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "russian_bank.net.server", "--route", "--port", "0"]
        + ["--redis", redis, *options],
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
        cwd=ROOT,
    )
    return proc, _port(proc, "routing on port")


def _port(proc: subprocess.Popen[str], said: str) -> int:
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if said not in line:
        stop(proc)
        raise RuntimeError(f"the server did not start: {line!r}")
    return int(line.split()[-1])


def stop(proc: subprocess.Popen[Any]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


class Cluster:
    """``n`` server processes and a router sharing the Redis at ``redis``."""

    def __init__(
        self,
        redis: str,
        n: int,
        log: IO[str] | int = subprocess.DEVNULL,
        server: tuple[str, ...] = (),
        router: tuple[str, ...] = ("--per-address", "0"),  # (a bench's seats share one address)
    ) -> None:
        self.redis = redis
        self.log = log
        self.servers = [start_server(redis, log, "--thinkers", "0", *server) for _ in range(n)]
        self.router, self.port = start_router(redis, log, *router)
        self.url = f"ws://127.0.0.1:{self.port}"
        time.sleep(0.5)  # (the router reads the live processes four times a second)

    def close(self) -> None:
        for proc, _port in self.servers:
            stop(proc)
        stop(self.router)


__all__ = ["Cluster", "free_port", "start_redis", "start_router", "start_server", "stop"]
