"""What a table server is told: its :class:`Config` (a msgspec ``Struct`` with the
bounds of each setting), and the options of ``russian-bank-server`` that make one
(``parse_args``, which checks them against those bounds)."""

from __future__ import annotations

import argparse
import os
import re
import tempfile
from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import Meta

from .. import files
from ..match import GRACE

MAX_FORFEIT = 7 * 24 * 3600.0  # a week


class Config(msgspec.Struct, kw_only=True):
    host: str = "127.0.0.1"
    port: Annotated[int, Meta(ge=0, le=65535)] = 8765  # 0: any free port (tests)
    data: Path | None = None  # None: rooms live in memory only
    cert: Path | None = None
    key: Path | None = None
    grace: Annotated[float, Meta(ge=0.1, le=60)] = GRACE
    forfeit: Annotated[float, Meta(gt=0, le=MAX_FORFEIT)] = 60.0  # seconds a seat is kept
    allow_seed: bool = False  # let a host choose the deal (tests only: it reveals it)
    max_rooms: int = 5000
    tick: float = 0.05  # seconds between runs of the rooms' clocks
    save_every: float = 1.0
    idle: float = 3600.0  # a room nobody is in, over or never begun, is dropped
    rate: float = 40.0  # messages a second a connection may send on average
    burst: float = 80.0
    abuse_limit: int = 25
    write_buffer: int = 4 << 20  # a reader this far behind is cut off
    ping_interval: float = 10.0
    lan_name: str | None = None  # advertise on the local network under this name
    lan_interfaces: list[str] | None = None  # where to advertise (None: every interface)
    thinkers: Annotated[int, Meta(ge=0, le=64)] = 0  # worker processes for the computers


# the option's one-line error where a setting is out of its bounds
MUST = {
    "port": "--port must be 0 to 65535",
    "forfeit": f"--forfeit must be a number of seconds above 0, at most {MAX_FORFEIT:g}",
    "grace": "--grace must be 0.1 to 60 seconds",
    "thinkers": "--thinkers must be 0 to 64",
}


def unwritable(folder: Path) -> str:
    """Why the server could not write in ``folder`` (made if missing), or ""."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".probe.")
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        return files.why(e, folder / "x")
    return ""


def parse_args(argv: list[str] | None = None) -> Config:
    p = argparse.ArgumentParser(
        prog="russian-bank-server",
        description="Serve Russian Bank tables over WebSocket (docs/network.md).",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765; 0 = any free)")
    p.add_argument("--cert", type=Path, help="TLS certificate (PEM) for wss://")
    p.add_argument("--key", type=Path, help="TLS private key (PEM)")
    p.add_argument("--data", type=Path, help="folder for room saves and kept games")
    p.add_argument("--forfeit", type=float, default=60.0, help="seconds an absent seat is kept")
    p.add_argument(
        "--grace", type=float, default=GRACE, help=f"seconds for Stop after a last card ({GRACE:g})"
    )
    p.add_argument("--lan", metavar="NAME", help="advertise on the local network (mDNS)")
    p.add_argument(
        "--thinkers",
        type=int,
        default=2,
        help="worker processes where the computers think (default 2; 0 = on the server's loop)",
    )
    p.add_argument("--allow-seed", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if (a.cert is None) != (a.key is None):
        p.error("--cert and --key go together")
    options = vars(a)
    options["lan_name"] = options.pop("lan")
    try:
        config = msgspec.convert(options, Config)
    except msgspec.ValidationError as e:
        at = re.search(r"\$\.(\w+)", str(e))
        p.error(MUST.get(at.group(1) if at else "", str(e)))
    if a.data is not None:
        why = unwritable(a.data)
        if why:
            p.error(f"--data {a.data}: the server cannot keep its rooms there ({why})")
    return config


__all__ = ["Config", "parse_args"]
