"""One address in front of several server processes:
``russian-bank-server --route --redis URL --port P``.

Clients connect here. The router reads the opening request's first line (the
WebSocket upgrade), and splices the connection, bytes as they come, to a server
process (``russian-bank-server --redis URL``):

* a path that names a room (``/room/CODE``, ``net.paths``) goes to the process that
  owns the room (its lease in Redis, ``net.shared``); with no live owner (it died),
  to any live process, which takes the room over (it waits for the dead owner's
  lease to run out); an unknown code goes to any process, which answers as ever
  ("there is no room with that code");
* the lobby's path (``/lobby``) goes to the process that holds the lobby's lease
  (``rb:lobby``), so that every seeker meets every other;
* any other connection (``create``) goes to the live processes in turn.

The live processes are those whose heartbeat (``rb:alive:ID``) is in Redis, read
again four times a second. A process that refuses the connection (it died just
now) is passed over for a second and another is tried, for up to a lease and a
few seconds. TLS may end here (``--cert``/``--key``) or at a proxy in front
(docs/network.md, "Several processes").
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import ssl
import sys
import time
from pathlib import Path
from typing import Any

from redis.exceptions import RedisError

from .keys import LOBBY as LOBBY_KEY
from .keys import connect, declare_dead, home, live, owner_key, text
from .limits import FULL, REFUSE_TIME, TOO_MANY_HERE, Gate, Quiet, gate
from .paths import LOBBY, lobby_in_path, room_in_path
from .saves import one_line

log = logging.getLogger("russian_bank.net")
HEAD_LIMIT = 16 << 10  # an opening request longer than this is no client of ours
HEAD_TIME = 10.0  # seconds it may take to arrive
CHUNK = 64 << 10
REFRESH = 0.25  # seconds between two readings of the live processes
FORWARDED = b"X-Forwarded-For"  # the client's address, for the processes (--routed)
NOBODY = b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


class Router:
    def __init__(self, url: str, lease: float, gate: Gate | None = None) -> None:
        self.redis = connect(url)
        self.gate = gate  # the caps on connections (net.limits): the router sees addresses
        self.lease = lease
        self.procs: dict[str, str] = {}  # live process id -> "host:port"
        self.down: dict[str, float] = {}  # an address that refused: passed over until then
        self.turn = 0
        self.spliced = 0
        self._said = 0.0

    async def refresh(self) -> None:
        while True:
            try:
                self.procs = await live(self.redis)
            except (RedisError, OSError) as e:
                if time.monotonic() - self._said > 5:
                    self._said = time.monotonic()
                    log.error("router: redis: %s", one_line(e))
            await asyncio.sleep(REFRESH)

    def _any(self, now: float, code: str = "") -> str | None:
        """A live process: in turn, or for a room with no live owner always the same
        one (both its seats, coming back at once, meet the process that takes it)."""
        up = sorted(a for a in self.procs.values() if self.down.get(a, 0) <= now)
        if not up:
            return None
        if code:
            return home(code, up)
        self.turn += 1
        return up[self.turn % len(up)]

    async def pick(self, code: str) -> str | None:
        """The address for a connection to room ``code`` ("" for any room;
        :data:`LOBBY`: the lobby's holder)."""
        now = time.monotonic()
        if code:
            owner = await self.redis.get(LOBBY_KEY if code == LOBBY else owner_key(code))
            where = self.procs.get(text(owner)) if owner is not None else None
            if where is not None and self.down.get(where, 0) <= now:
                return where
        return self._any(now, code)

    async def dead(self, where: str) -> None:
        """The process at ``where`` refused a connection: say it died (net.shared)."""
        for pid in [p for p, a in self.procs.items() if a == where]:
            log.info("router: %s (%s) refuses connections: said dead", pid, where)
            del self.procs[pid]
            await declare_dead(self.redis, pid)

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer else ""
        key, refused, status = "", "", 0
        if self.gate is not None:
            key, refused, status = self.gate.arrive(host, time.monotonic())
        try:
            if self.gate is None or key:
                await self._route(reader, writer, host)
            elif status:  # over a cap: its one line (a 0 status: closed without one)
                writer.write(turned_away(status, refused))
                await asyncio.wait_for(writer.drain(), REFUSE_TIME)
        except (OSError, TimeoutError):
            pass
        finally:
            writer.close()
            if self.gate is not None:
                self.gate.leave(key)

    async def _route(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, client: str
    ) -> None:
        upstream: asyncio.StreamWriter | None = None
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HEAD_TIME)
            parts = head.split(b" ", 2)
            path = parts[1].decode("latin-1") if len(parts) > 2 else ""
            code = LOBBY if lobby_in_path(path) else room_in_path(path)
            end = time.monotonic() + self.lease + 3
            while True:
                where = await self.pick(code)
                if where is not None:
                    host, port = where.rsplit(":", 1)
                    try:
                        up_reader, upstream = await asyncio.open_connection(host, int(port))
                        break
                    except ConnectionRefusedError:  # nobody listens there: it died
                        self.down[where] = time.monotonic() + 1.0
                        await self.dead(where)
                    except OSError:
                        self.down[where] = time.monotonic() + 1.0
                if time.monotonic() > end:
                    writer.write(NOBODY)
                    await writer.drain()
                    return
                await asyncio.sleep(0.1)
            upstream.write(forwarded(head, client))
            self.spliced += 1
            await splice(reader, writer, up_reader, upstream)
        except (
            OSError,
            TimeoutError,
            asyncio.IncompleteReadError,
            asyncio.LimitOverrunError,
            RedisError,
        ):
            pass
        except asyncio.CancelledError:  # (the router stops: no traceback per connection)
            pass
        finally:
            for w in (writer, upstream):
                if w is not None:
                    w.close()


def turned_away(status: int, line: str) -> bytes:
    """The answer to an opening request over a cap: its status and one line."""
    body = (line + "\n").encode()
    reason = {TOO_MANY_HERE: "Too Many Requests", FULL: "Service Unavailable"}[status]
    return (
        f"HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode() + body


def forwarded(head: bytes, host: str) -> bytes:
    """The opening request with the client's address in ``X-Forwarded-For`` (any
    such header the client sent dropped: only the router's word counts)."""
    lines = head[:-4].split(b"\r\n")
    kept = [x for x in lines if not x.lower().startswith(FORWARDED.lower() + b":")]
    return b"\r\n".join([*kept, FORWARDED + b": " + host.encode("latin-1")]) + b"\r\n\r\n"


async def splice(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    up_reader: asyncio.StreamReader,
    upstream: asyncio.StreamWriter,
) -> None:
    """Bytes both ways until either side ends; then both are closed."""

    async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError):
            while data := await src.read(CHUNK):
                dst.write(data)
                await dst.drain()

    ways = [
        asyncio.ensure_future(pipe(reader, upstream)),
        asyncio.ensure_future(pipe(up_reader, writer)),
    ]
    _done, pending = await asyncio.wait(ways, return_when=asyncio.FIRST_COMPLETED)
    for t in pending:
        t.cancel()
    await asyncio.gather(*pending, return_exceptions=True)


async def route(a: argparse.Namespace, ready: Any = None) -> None:
    caps = gate(a.max_connections, a.per_address, Quiet(10.0))  # (descriptors raised)
    caps.total = min(caps.total, max(1, caps.lines // 2))  # (two sockets a connection)
    router = Router(a.redis, a.lease, caps)
    await router.redis.ping()
    context = None
    if a.cert is not None:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(a.cert, a.key)
    server = await asyncio.start_server(
        router.handle, a.host, a.port, limit=HEAD_LIMIT, ssl=context
    )
    refresh = asyncio.create_task(router.refresh())
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    port = server.sockets[0].getsockname()[1]
    print(f"russian-bank-server: routing on port {port}", flush=True)
    if ready is not None:
        ready(router, port)
    await stop.wait()
    refresh.cancel()
    server.close()
    with contextlib.suppress(asyncio.CancelledError):
        await refresh
    await router.redis.aclose()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="russian-bank-server --route",
        description="One address in front of russian-bank-server processes sharing a Redis.",
    )
    p.add_argument("--redis", metavar="URL", required=True, help="the processes' Redis")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765; 0 = any free)")
    p.add_argument("--cert", type=Path, help="TLS certificate (PEM) for wss://")
    p.add_argument("--key", type=Path, help="TLS private key (PEM)")
    p.add_argument("--lease", type=float, default=3.0, help="the processes' --lease (3)")
    p.add_argument("--max-connections", type=int, default=10000, help="connections at most (10000)")
    p.add_argument(
        "--per-address", type=int, default=32, help="connections from one address (32; 0: any)"
    )
    a = p.parse_args(argv)
    if (a.cert is None) != (a.key is None):
        p.error("--cert and --key go together")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        asyncio.run(route(a))
    except (OSError, RedisError) as e:
        print(f"russian-bank-server: {one_line(e)}", file=sys.stderr)
        return 1
    return 0


__all__ = ["Router", "main", "route", "splice"]
