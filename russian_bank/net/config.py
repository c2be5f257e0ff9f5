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
    idle: float = 3600.0  # a finished room nobody is in is dropped (or one never come back to)
    # -- limits (docs/network.md, "Limits"; net.limits) --
    max_connections: Annotated[int, Meta(ge=1)] = 10000  # and below the descriptor limit
    per_address: Annotated[int, Meta(ge=0)] = 32  # connections from one address (0: no cap)
    rooms_per_minute: Annotated[float, Meta(ge=0)] = 10.0  # new rooms an address (0: no cap)
    empty_room: Annotated[float, Meta(gt=0)] = 300.0  # a room not begun, every seat gone
    max_watchers: Annotated[int, Meta(ge=0, le=1000)] = 16  # spectators a room takes
    max_seeks: Annotated[int, Meta(ge=0, le=10000)] = 500  # open seeks in the lobby (net.lobby)
    pair_wait: Annotated[float, Meta(gt=0, le=600)] = 30.0  # a pairer waits, then the computer
    rate: float = 40.0  # messages a second a connection may send on average
    burst: float = 80.0
    abuse_limit: int = 25  # bad messages (malformed, too fast) held against a connection
    abuse_forget: Annotated[float, Meta(gt=0)] = 10.0  # seconds to forget one of them
    log_every: Annotated[float, Meta(ge=0)] = 60.0  # one line a while of each refusal
    write_buffer: int = 4 << 20  # a reader this far behind is cut off
    ping_interval: float = 10.0
    lan_name: str | None = None  # advertise on the local network under this name
    lan_interfaces: list[str] | None = None  # where to advertise (None: every interface)
    thinkers: Annotated[int, Meta(ge=0, le=64)] = 0  # worker processes for the computers
    redis: str | None = None  # keep the rooms in Redis, shared by processes (net.shared)
    lease: Annotated[float, Meta(ge=0.3, le=60)] = 3.0  # seconds a room's owner lease lasts
    routed: bool = False  # behind net.router: its X-Forwarded-For is the client's address


# the option's one-line error where a setting is out of its bounds
MUST = {
    "port": "--port must be 0 to 65535",
    "forfeit": f"--forfeit must be a number of seconds above 0, at most {MAX_FORFEIT:g}",
    "grace": "--grace must be 0.1 to 60 seconds",
    "thinkers": "--thinkers must be 0 to 64",
    "max_connections": "--max-connections must be 1 or more",
    "per_address": "--per-address must be 0 or more",
    "rooms_per_minute": "--rooms-per-minute must be 0 or more",
    "empty_room": "--empty-room must be a number of seconds above 0",
    "max_watchers": "--watchers must be 0 to 1000",
    "max_seeks": "--seeks must be 0 to 10000",
    "pair_wait": "--pair-wait must be a number of seconds above 0, at most 600",
    "lease": "--lease must be 0.3 to 60 seconds",
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
    p.add_argument(
        "--max-connections",
        metavar="N",
        type=int,
        default=10000,
        help="connections in all (default 10000; lowered to fit the file descriptors)",
    )
    p.add_argument(
        "--per-address",
        metavar="N",
        type=int,
        default=32,
        help="connections from one address (default 32; 0 = no cap, e.g. behind a proxy)",
    )
    p.add_argument(
        "--rooms-per-minute",
        metavar="N",
        type=float,
        default=10.0,
        help="new rooms one address may open a minute (default 10; 0 = no cap)",
    )
    p.add_argument(
        "--empty-room",
        metavar="S",
        type=float,
        default=300.0,
        help="seconds a room whose game has not begun is kept once every seat left (300)",
    )
    p.add_argument(
        "--watchers",
        dest="max_watchers",
        metavar="N",
        type=int,
        default=16,
        help="spectators one room takes (default 16; 0 = none)",
    )
    p.add_argument(
        "--seeks",
        dest="max_seeks",
        metavar="N",
        type=int,
        default=500,
        help="open seeks the lobby holds, one a connection (default 500; 0 = no lobby)",
    )
    p.add_argument(
        "--pair-wait",
        metavar="S",
        type=float,
        default=30.0,
        help="seconds a quick pairing waits for a person before the server's computer (30)",
    )
    p.add_argument(
        "--redis",
        metavar="URL",
        help="keep the rooms in Redis (redis://host:port/db), shared with other processes",
    )
    p.add_argument(
        "--lease",
        metavar="S",
        type=float,
        default=3.0,
        help="with --redis: seconds before a dead process's rooms are taken over (3)",
    )
    p.add_argument("--route", action="store_true", help="route to the processes (net.router)")
    p.add_argument(
        "--routed",
        action="store_true",
        help="behind the router: take a client's address from the router's X-Forwarded-For",
    )
    p.add_argument("--allow-seed", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if (a.cert is None) != (a.key is None):
        p.error("--cert and --key go together")
    options = vars(a)
    options["lan_name"] = options.pop("lan")
    options.pop("route")
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
