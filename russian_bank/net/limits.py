"""The table server's limits against an attacker, which a player never meets
(docs/network.md, "Limits").

* :class:`Gate`: connections from one address, and in all, counted from their
  first byte (a socket that never speaks counts too); the total stays below the
  process's file descriptors (:func:`descriptors`, raised toward the hard limit at
  start). A connection over a cap is turned away at once: an HTTP 429 or 503 with
  one line, or, past the descriptors' margin, closed without a word.
* :class:`Bucket`: a token bucket that refills: a connection's messages, an
  address's new rooms, a connection's bad messages (which are forgotten with time).
* :class:`Quiet`: one log line a while for a thing that may happen thousands of
  times a second (refused connections, accept out of descriptors).

An address is an IPv4 address, or an IPv6 address's /64 network (what one
subscriber is given), so that one machine cannot pass for thousands.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import logging
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger("russian_bank.net")
MAX_DESCRIPTORS = 1 << 16  # the soft limit is raised this far at most
REFUSE_TIME = 1.0  # seconds a turned-away connection may take to read its one line
TOO_MANY_HERE = 429  # HTTP: too many connections from this address
FULL = 503  # HTTP: the server holds all the connections it may


def address_key(host: object) -> str:
    """Whom a limit counts: an IPv4 address, or an IPv6 address's /64 network."""
    try:
        ip = ipaddress.ip_address(str(host).split("%")[0])
    except ValueError:
        return str(host)[:64]  # (a Unix socket's path, a test's stand-in)
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def descriptors() -> tuple[int, int]:
    """The soft limit on open files before and after raising it toward the hard
    limit (at most :data:`MAX_DESCRIPTORS`); (0, 0) where there is no such limit."""
    try:
        import resource
    except ImportError:  # (Windows: no such limit to raise)
        return 0, 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = MAX_DESCRIPTORS if hard == resource.RLIM_INFINITY else min(hard, MAX_DESCRIPTORS)
    if 0 <= soft < want:
        with contextlib.suppress(ValueError, OSError):  # (then it is reported as it is)
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return soft, resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def margin(soft: int) -> int:
    """Descriptors kept for what is not a connection: saves, logs, the workers' pipes,
    and connections on their way out."""
    return max(64, soft // 8)


class Bucket:
    """A token bucket: ``size`` tokens at most, ``per_second`` back each second."""

    __slots__ = ("size", "per_second", "level", "stamp")

    def __init__(self, size: float, per_second: float, now: float) -> None:
        self.size, self.per_second = size, per_second
        self.level, self.stamp = size, now

    def refill(self, now: float) -> float:
        if now > self.stamp:
            self.level = min(self.size, self.level + (now - self.stamp) * self.per_second)
            self.stamp = now
        return self.level

    def take(self, now: float, n: float = 1.0) -> bool:
        """Take ``n`` tokens if there are so many (False: none taken)."""
        if self.refill(now) < n:
            return False
        self.level -= n
        return True

    def full(self, now: float) -> bool:
        return self.refill(now) >= self.size


class Rates:
    """One :class:`Bucket` per address (a bucket that refilled is forgotten)."""

    def __init__(self, per_minute: float) -> None:
        self.per_minute = per_minute
        self.buckets: dict[str, Bucket] = {}
        self.prune_at = 4096  # (the scan's cost shared out over as many takes)

    def take(self, key: str, now: float) -> bool:
        if self.per_minute <= 0:
            return True  # (no limit)
        if len(self.buckets) >= self.prune_at:
            self.buckets = {k: b for k, b in self.buckets.items() if not b.full(now)}
            self.prune_at = max(4096, 2 * len(self.buckets))
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(self.per_minute, self.per_minute / 60, now)
        return bucket.take(now)


class Quiet:
    """One log line a while: the first time, then at most once every ``every``
    seconds, with how many times it happened since the last line."""

    def __init__(self, every: float) -> None:
        self.every = every
        self.last: dict[str, float] = {}
        self.count: dict[str, int] = {}

    def say(self, key: str, now: float, text: str, *args: Any) -> bool:
        n = self.count[key] = self.count.get(key, 0) + 1
        last = self.last.get(key)
        if last is not None and now - last < self.every:
            return False
        self.last[key] = now
        self.count[key] = 0
        if n > 1:
            text += " (%d times since the last such line)"
            args = (*args, n)
        log.warning(text, *args)
        return True


class Gate:
    """Who may open a connection: at most ``per_address`` from one address (0: no
    such cap) and ``total`` in all, while ``lines`` sockets at most are open at all
    (turned-away ones included, the descriptors' margin)."""

    def __init__(self, per_address: int, total: int, lines: int, quiet: Quiet) -> None:
        self.per_address, self.total, self.lines = per_address, total, lines
        self.quiet = quiet
        self.open: dict[str, int] = {}  # admitted connections by address
        self.admitted = 0
        self.sockets = 0  # every open socket, admitted or turned away

    def arrive(self, host: object, now: float) -> tuple[str, str, int]:
        """A socket opened: (its address key if admitted else "", the one line
        that turns it away else "", the HTTP status; 0: close it without a word)."""
        self.sockets += 1
        key = address_key(host)
        if self.sockets > self.lines:
            self.quiet.say("lines", now, "%d sockets open: closing new ones at once", self.lines)
            return "", "", 0
        here = self.open.get(key, 0)
        if self.per_address and here >= self.per_address:
            self.quiet.say(
                "address",
                now,
                "connection from %s refused: %d open from that address (the cap)",
                key,
                here,
            )
            return "", f"too many connections from your address ({here}): close some", TOO_MANY_HERE
        if self.admitted >= self.total:
            self.quiet.say("total", now, "connection refused: %d open (the cap)", self.admitted)
            return "", "the server holds all the connections it can: try again later", FULL
        self.open[key] = here + 1
        self.admitted += 1
        return key, "", 0

    def leave(self, key: str) -> None:
        """A socket closed (``key`` as :meth:`arrive` gave it: "" if turned away)."""
        self.sockets -= 1
        if key:
            self.admitted -= 1
            left = self.open.get(key, 1) - 1
            if left > 0:
                self.open[key] = left
            else:
                self.open.pop(key, None)


def gate(max_connections: int, per_address: int, quiet: Quiet) -> Gate:
    """The caps on connections, the total below the file descriptors (their soft
    limit raised toward the hard one first), said in one line of the log."""
    before, soft = descriptors()
    total, lines = max_connections, max_connections + 1024
    if soft > 0:
        total = max(1, min(total, soft - margin(soft)))
        lines = max(total, soft - margin(soft) // 2)
    log.info(
        "file descriptors: %s%s; connections at most %d, %s from one address",
        soft or "no limit",
        f" (raised from {before})" if soft > before > 0 else "",
        total,
        per_address or "no cap",
    )
    return Gate(per_address, total, lines, quiet)


OUT_OF = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


def watch_accept(quiet: Quiet) -> Callable[[], None]:
    """Out of file descriptors in accept, asyncio stops accepting for a second and
    tells the running loop's error handler, up to a hundred times a turn (by default
    a traceback each): here, one line a while. Returns what puts the old handler back."""
    loop = asyncio.get_running_loop()
    old = loop.get_exception_handler()

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        e = context.get("exception")
        if isinstance(e, OSError) and e.errno in OUT_OF and "accept" in str(context.get("message")):
            quiet.say("accept", time.monotonic(), "accept: %s; pausing a second", e)
        elif old is not None:
            old(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handler)
    return lambda: loop.set_exception_handler(old)


__all__ = [
    "Bucket",
    "FULL",
    "Gate",
    "Quiet",
    "REFUSE_TIME",
    "Rates",
    "TOO_MANY_HERE",
    "address_key",
    "descriptors",
    "gate",
    "margin",
    "watch_accept",
]
