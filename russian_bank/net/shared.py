"""Rooms that outlive their process: Redis keeps them (``russian-bank-server --redis URL``).

Several server processes share one Redis (docs/network.md, "Several processes").
What must survive a process is kept there:

* **the room directory**, the set ``rb:rooms`` of every room code kept;
* **an owner lease per room**, ``rb:owner:CODE`` = the owning process's id, set
  with an expiry (``--lease``, 3 s) and renewed by its owner every third of it;
* **each room's journal**: its snapshot ``rb:room:CODE`` (the file save's
  ``RoomSave``) and ``rb:journal:CODE``, the deal (a header line) and every accepted
  action in order. Both are written by one script (atomic: one ``MULTI`` in the
  append-only file), checked against the lease (a process that lost its room
  writes nothing), **before the room's replies are sent**: the server holds a
  room's outbox (:meth:`Shared.hold`) until its write is acknowledged, so no
  player ever sees a step that a takeover would not find. The writes of all the
  rooms that changed meanwhile go in one pipeline (a group commit).
* **the live processes**: ``rb:procs`` (id -> host:port) and a heartbeat
  ``rb:alive:ID`` with the lease's expiry, for the router (``net.router``);
* **the lobby's holder**: ``rb:lobby``, a lease like a room's, taken by one live
  process and renewed with its heartbeat. The router sends every lobby connection
  (``/lobby``) there, so that strangers who meet different processes see each
  other's seeks; the rooms the lobby opens are that process's, kept like any other.
  When it dies, another takes the lease (and its rooms) over: the open seeks are
  lost (their connections went with it) and the desktop's lobby screen makes its
  offer again on a new connection (``ui.scenes.lobby``).

Every process looks at the directory every third of a lease; a room whose lease
ran out, or whose owner's heartbeat is gone (its process died: the router removes the
heartbeat of a process whose port refuses connections, so that a ``kill -9`` is seen
at once, not a lease later), is claimed by one (an atomic script, ``net.keys.TAKE``: the claims
asked for meanwhile in one call, their snapshots and journals read in one pipeline),
rebuilt from its snapshot (the journal must agree with its record) and owned from
then on; its seats come back with their tokens (``resume``). The process that takes
a dead owner's room is the one the router sends its seats to (``net.keys.home``). A
connection that names a room in its path (``/room/CODE``, ``net.paths``) makes the
process claim it at once if its owner is dead. A dropped room is removed from Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import random
import secrets
import socket
import time
from typing import Any, Protocol

import msgspec
from redis.exceptions import RedisError

from .keys import (
    ALIVE,
    CHUNK,
    FORGET,
    LOBBY,
    PREFIX,
    PROCS,
    RELEASE,
    RENEW,
    ROOMS,
    TAKE,
    WRITE,
    alive_key,
    connect,
    declare_dead,
    home,
    journal_key,
    live,
    owner_key,
    snap_key,
    text,
)
from .room import Room
from .saves import one_line, read_save, room_from_save, room_save
from .think import Thinkers

log = logging.getLogger("russian_bank.net")
Out = tuple[int | None, dict[str, Any]]
SLICE = 0.05  # seconds of rebuilding rooms taken over between two looks at the connections


class Host(Protocol):
    """What :class:`Shared` needs of the server (``net.keeping.RoomKeeping``)."""

    rooms: dict[str, Room]
    thinkers: Thinkers | None

    def _adopted(self, room: Room) -> None: ...

    def _send_out(self, room: Room, items: list[Out]) -> None: ...

    def _let_go(self, room: Room) -> None: ...


def header(room: Room) -> str:
    """The journal's first line: which game, and its deal."""
    g = room.game
    line = {"game": room.game_no, "rules": room.kind.name, "seed": g.seed, "deal": g.deal_line()}
    return json.dumps(line, separators=(",", ":"))


class Shared:
    """One process's side of the rooms kept in Redis (see the module text)."""

    def __init__(self, url: str, lease: float, host: Host, keep: float) -> None:
        self.redis = connect(url)
        self.lease_ms = max(100, int(lease * 1000))
        self.keep_ms = int(keep * 1000)  # a room's keys outlive every process by this much
        self.host = host
        self.me = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.address = ""
        self.held: dict[str, list[Out]] = {}  # each room's replies waiting for its write
        self.flying: set[str] = set()  # rooms whose write is on its way
        self.forgets: list[str] = []
        self.written: dict[str, tuple[int, int, str]] = {}  # game, actions journaled, last
        self.claiming: dict[str, asyncio.Future[Room | None]] = {}
        self.asked: list[str] = []  # claims for the next batch (:meth:`_claimer`)
        self.asking = asyncio.Event()
        self.wake = asyncio.Event()
        self.idle = asyncio.Event()
        self.idle.set()
        self.batch_done = asyncio.Event()  # set (and replaced) as each write batch ends
        self._write = self.redis.register_script(WRITE)
        self._renew = self.redis.register_script(RENEW)
        self._forget = self.redis.register_script(FORGET)
        self._release = self.redis.register_script(RELEASE)
        self._take = self.redis.register_script(TAKE)
        self._tasks: list[asyncio.Task[None]] = []
        self._said: dict[str, float] = {}
        # figures (the bench prints them)
        self.writes = 0
        self.written_bytes = 0
        self.write_seconds = 0.0
        self.taken_over = 0

    # -- life ------------------------------------------------------------------------

    async def start(self, address: str) -> None:
        self.address = address
        await self.redis.ping()  # (unreachable: the server does not start)
        await self._heartbeat()
        self._tasks = [
            asyncio.create_task(self._writer()),
            asyncio.create_task(self._keeper()),
            asyncio.create_task(self._scanner()),
            asyncio.create_task(self._claimer()),
        ]

    async def stop(self) -> None:
        """Write what is held, give up every lease (the others take the rooms over
        at once) and leave the live processes."""
        self.wake.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._drained(), 5)
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await t
        with contextlib.suppress(RedisError, OSError):
            codes = list(self.host.rooms)
            for i in range(0, len(codes), CHUNK):
                keys = [owner_key(c) for c in codes[i : i + CHUNK]]
                await self._release(keys=keys, args=[self.me])
            await self._release(keys=[LOBBY], args=[self.me])
            await self.redis.hdel(PROCS, self.me)
            await self.redis.delete(alive_key(self.me))
        await self.redis.aclose()

    async def _drained(self) -> None:
        while self.held or self.flying or self.forgets:
            self.wake.set()
            await asyncio.sleep(0.01)

    def _say(self, what: str, *args: Any) -> None:
        """One log line a few seconds for each kind of trouble with Redis."""
        now = time.monotonic()
        if now - self._said.get(what, -1e9) >= 5:
            self._said[what] = now
            log.error(what, *args)

    # -- the journal: written before the replies go ----------------------------------

    def hold(self, room: Room) -> bool:
        """Take ``room``'s outbox to send once its change is in Redis (False: it has
        nothing to write nor waits behind a write; send it now)."""
        code = room.code
        if code not in self.held and code not in self.flying and not room.dirty:
            return False
        self.held.setdefault(code, []).extend(room.outbox)
        room.outbox.clear()
        self.wake.set()
        return True

    def pending(self, room: Room) -> bool:
        """``room`` has a change not yet acknowledged by Redis."""
        return room.dirty or room.code in self.held or room.code in self.flying

    async def acknowledged(self, room: Room, timeout: float = 5.0) -> None:
        """Until ``room``'s changes so far are in Redis (or ``timeout`` seconds)."""
        end = time.monotonic() + timeout
        while self.pending(room) and (left := end - time.monotonic()) > 0:
            self.wake.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.batch_done.wait(), left)

    def forget(self, code: str) -> None:
        """A dropped room goes from Redis too (if it is still ours)."""
        self.held.pop(code, None)
        self.written.pop(code, None)
        self.forgets.append(code)
        self.wake.set()

    def _args(self, room: Room, wall: float) -> tuple[list[str], list[str | int]]:
        """The write script's keys and arguments: the snapshot and the journal's new
        lines (all of it afresh for a new game or an action taken back)."""
        code = room.code
        snapshot = msgspec.json.encode(room_save(room, wall))  # (fills the record's texts)
        texts = room._written  # the actions' text forms, cached by ``Room.record``
        game, done, last = self.written.get(code, (0, 0, ""))
        reset = game != room.game_no or len(texts) < done or (done and texts[done - 1][1] != last)
        entries = [header(room)] if reset else []
        start = 0 if reset else done
        entries += [t for _a, t in texts[start:]]
        self.written[code] = (room.game_no, len(texts), texts[-1][1] if texts else "")
        keys = [owner_key(code), snap_key(code), journal_key(code), ROOMS]
        args: list[str | int] = [self.me, self.lease_ms, snapshot.decode(), int(reset), code]
        args += [self.keep_ms, *entries]
        self.written_bytes += len(snapshot) + sum(len(e) for e in entries)
        return keys, args

    async def _writer(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            self.idle.clear()
            batch, self.held = self.held, {}
            forgets, self.forgets = self.forgets, []
            self.flying = set(batch)
            try:
                await self._write_batch(batch, forgets)
            finally:
                self.flying = set()
                if not self.held:
                    self.idle.set()
                done, self.batch_done = self.batch_done, asyncio.Event()
                done.set()  # (whoever waits for an acknowledgement looks again)

    async def _write_batch(self, batch: dict[str, list[Out]], forgets: list[str]) -> None:
        wall = time.time() - time.monotonic()
        rooms = self.host.rooms
        jobs: list[tuple[Room, list[Out], bool]] = []
        calls: list[tuple[list[str], list[str | int]]] = []
        for code, items in batch.items():
            room = rooms.get(code)
            if room is None:
                continue  # dropped meanwhile (nobody to send to)
            dirty = room.dirty
            if dirty:
                room.dirty = False
                try:
                    calls.append(self._args(room, wall))
                except (ValueError, TypeError, RuntimeError) as e:
                    log.error("room %s: cannot write its journal (%s)", code, one_line(e))
                    continue
            jobs.append((room, items, dirty))
        t0 = time.perf_counter()
        while True:
            try:
                pipe = self.redis.pipeline(transaction=False)
                for code in forgets:
                    keys = [owner_key(code), snap_key(code), journal_key(code), ROOMS]
                    await self._forget(keys=keys, args=[self.me, code], client=pipe)
                for keys, args in calls:
                    await self._write(keys=keys, args=args, client=pipe)
                results = await pipe.execute() if calls or forgets else []
                break
            except (RedisError, OSError) as e:  # nothing is sent before it is written
                self._say("redis: cannot write the rooms' journals (%s); trying again", one_line(e))
                await asyncio.sleep(0.2)
        self.write_seconds += time.perf_counter() - t0
        self.writes += len(calls)
        written = iter(results[len(forgets) :])
        for room, items, dirty in jobs:
            if dirty and not next(written):
                self.host._let_go(room)  # another process owns it now
                continue
            if rooms.get(room.code) is room:
                self.host._send_out(room, items)

    # -- leases, heartbeat, takeover ---------------------------------------------------

    async def _heartbeat(self) -> None:
        pipe = self.redis.pipeline(transaction=False)
        pipe.set(alive_key(self.me), self.address, px=self.lease_ms)
        pipe.hset(PROCS, self.me, self.address)
        await pipe.execute()
        # the lobby's lease: ours renewed, or taken where nobody holds it (one process
        # holds the lobby: strangers seek and pair there, whatever process they met)
        await self._renew(keys=[LOBBY], args=[self.me, self.lease_ms])

    async def _keeper(self) -> None:
        """Every third of a lease: the heartbeat, and our leases renewed (a room another
        process took is let go). Apart from the claims, which may take a while."""
        while True:
            await asyncio.sleep(self.lease_ms / 3000)
            try:
                await self._heartbeat()
                await self._renew_all()
            except (RedisError, OSError) as e:
                self._say("redis: %s (the leases are not renewed meanwhile)", one_line(e))

    async def _scanner(self) -> None:
        """Every third of a lease: the rooms whose owner died claimed."""
        while True:
            await asyncio.sleep(self.lease_ms / 3000)
            try:
                await self._scan()
            except (RedisError, OSError) as e:
                self._say("redis: %s (no room is taken over meanwhile)", one_line(e))

    async def _renew_all(self) -> None:
        rooms = list(self.host.rooms.values())
        for i in range(0, len(rooms), CHUNK):
            part = rooms[i : i + CHUNK]
            keys = [owner_key(r.code) for r in part]
            lost = await self._renew(keys=keys, args=[self.me, self.lease_ms])
            for place in lost:
                room = part[int(place) - 1]
                if self.host.rooms.get(room.code) is room:
                    log.info("room %s: its lease was lost to another process", room.code)
                    self.host._let_go(room)

    async def _scan(self) -> None:
        """Claim a share of the rooms that have no owner (their process died)."""
        codes = [text(c) for c in await self.redis.smembers(ROOMS)]
        codes = [c for c in codes if c not in self.host.rooms and c not in self.claiming]
        if not codes:
            return
        owners = await self.redis.mget([owner_key(c) for c in codes])
        ids = sorted({text(o) for o in owners if o is not None})
        beating = await self.redis.mget([alive_key(i) for i in ids]) if ids else []
        dead = {i for i, b in zip(ids, beating, strict=True) if b is None}
        lapsed = [c for c, o in zip(codes, owners, strict=True) if o is None]
        orphans = [
            c for c, o in zip(codes, owners, strict=True) if o is not None and text(o) in dead
        ]
        if not lapsed and not orphans:
            return
        up = sorted((await live(self.redis)).values())
        # a dead owner's room goes to the process the router sends its seats to (the
        # same choice), so that they meet the one that takes it; a room whose lease ran
        # out unclaimed, to whoever comes first
        mine = [c for c in orphans if home(c, up) == self.address]
        random.shuffle(lapsed)
        mine += lapsed[: math.ceil(len(lapsed) / max(1, len(up)))]
        await asyncio.gather(*(self.claim(code) for code in mine))  # (one batch)

    async def claim(self, code: str) -> Room | None:
        """Take room ``code`` over if nobody owns it (one process wins): the room if it
        is ours (now or already), else None. The claims asked for meanwhile go to
        Redis together (:meth:`_claimer`)."""
        if code in self.host.rooms:
            return self.host.rooms[code]
        done = self.claiming.get(code)
        if done is None:
            done = asyncio.get_running_loop().create_future()
            self.claiming[code] = done
            self.asked.append(code)
            self.asking.set()
        return await asyncio.shield(done)

    async def _claimer(self) -> None:
        """The claims asked for since the last batch: one script call takes every room
        whose owner is gone, one pipeline reads their snapshots and journals, then
        each is rebuilt in turn (the connections are read in between)."""
        while True:
            await self.asking.wait()
            self.asking.clear()
            codes, self.asked = self.asked, []
            for i in range(0, len(codes), CHUNK):
                part = codes[i : i + CHUNK]
                try:
                    await self._claim_batch(part)
                except (RedisError, OSError) as e:
                    self._say("redis: %s (rooms not taken over meanwhile)", one_line(e))
                except Exception as e:  # (a fault of ours: said, and the claimer goes on)
                    log.error("%d rooms not taken over (%s)", len(part), one_line(e))
                finally:
                    for code in part:  # (an answer for every one, whatever happened)
                        self._answer(code, self.host.rooms.get(code))

    async def _claim_batch(self, codes: list[str]) -> None:
        keys = [ROOMS] + [owner_key(c) for c in codes]
        said = await self._take(keys=keys, args=[self.me, self.lease_ms, ALIVE, *codes])
        taken = []
        for code, kept in zip(codes, said, strict=True):
            if int(kept) != 1:
                self._answer(code, None)  # (a live process owns it, or no such room)
            else:
                taken.append(code)
        if not taken:
            return
        t0 = time.monotonic()
        pipe = self.redis.pipeline(transaction=False)
        for code in taken:
            pipe.get(snap_key(code))
            pipe.lrange(journal_key(code), 0, -1)
        got = await pipe.execute()
        slice_start = time.monotonic()
        for n, code in enumerate(taken):
            raw, journal = got[2 * n], got[2 * n + 1]
            room = None
            if raw is None:  # dropped meanwhile, or never written
                keys = [owner_key(code), snap_key(code), journal_key(code), ROOMS]
                await self._forget(keys=keys, args=[self.me, code])
            else:
                room = await self._rebuild(code, raw, list(journal))
            self._answer(code, room)
            if time.monotonic() - slice_start > SLICE:  # (the connections are read
                await asyncio.sleep(0)  # in between, a few times a second)
                slice_start = time.monotonic()
        log.info(
            "claimed %d rooms at once: rebuilt in %.0f ms",
            len(taken),
            1000 * (time.monotonic() - t0),
        )

    def _answer(self, code: str, room: Room | None) -> None:
        done = self.claiming.pop(code, None)
        if done is not None and not done.done():
            done.set_result(room)

    async def _rebuild(self, code: str, raw: str, lines: list[str]) -> Room | None:
        """Room ``code`` from its snapshot, checked against its journal; adopted."""
        t0 = time.monotonic()
        try:
            room = room_from_save(read_save(raw.encode()), time.monotonic(), self.host.thinkers)
            texts = [t for _a, t in room._written] if room.record() else []
            if lines[1:] != texts or json.loads(lines[0])["game"] != room.game_no:
                raise ValueError(f"its journal ({len(lines) - 1} actions) is not its record")
        except Exception as e:
            log.error("room %s cannot be taken over (%s): set aside", code, one_line(e))
            await self.redis.rename(snap_key(code), f"{PREFIX}damaged:{code}")
            return None
        self.written[code] = (room.game_no, len(texts), texts[-1] if texts else "")
        self.host._adopted(room)
        self.taken_over += 1
        log.info(
            "room %s taken over (%d actions) in %.0f ms",
            code,
            len(texts),
            1000 * (time.monotonic() - t0),
        )
        return room

    async def adopt(self, code: str) -> None:
        """A connection names room ``code``: if its owner died, take it over now
        (the dead owner's heartbeat is gone: run out, or said dead by the router);
        a room a live process owns, or no room, is let be."""
        await self.claim(code)


__all__ = [
    "Shared",
    "alive_key",
    "declare_dead",
    "owner_key",
    "snap_key",
    "journal_key",
    "LOBBY",
    "ROOMS",
    "PROCS",
    "connect",
    "home",
    "live",
    "text",
]
