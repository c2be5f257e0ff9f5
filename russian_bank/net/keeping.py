"""The server's rooms: opening, joining, watching and resuming them, their clocks,
saves and finished games (``RoomKeeping``, which ``net.server.Server`` is).

Rooms are saved to ``DATA/rooms/CODE.json`` (atomic, durable writes,
``russian_bank.files``) whenever they changed, at most every ``save_every``
seconds; a restarted server reads them back and its games go on. Finished games
are kept in ``DATA/games`` as the history keeps them (``history.Store``). Kept
apart from the connections' side (``net.server``) so that each stays a readable
size; the two share the Server's state, declared here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..games import game_type
from ..history import HUMAN, Kept, Store, keep
from ..i18n import N_
from . import protocol
from .config import Config
from .limits import Bucket, Quiet, Rates
from .lobby import check_seed, room_settings
from .names import Names
from .protocol import ProtocolError
from .room import Room
from .saves import forget, load_rooms, one_line, save_changed
from .seats import PERSON, Refused, Settings, new_code
from .think import Thinkers
from .words import refusal

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection

    from .redis_rates import RedisRates
    from .shared import Out, Shared


log = logging.getLogger("russian_bank.net")
TICK_ROOMS = 25  # rooms whose clocks run between two looks at the sockets


@dataclass
class Conn:
    """What the server knows of one connection."""

    ws: ServerConnection
    abuse: Bucket  # room for bad messages: empty, the connection is closed
    room: Room | None = None
    tokens: float = 0.0
    stamp: float = field(default_factory=time.monotonic)
    key: str = ""  # its address (net.limits.address_key)
    player: str = ""  # the name it claimed (net.names)


class RoomKeeping:
    """The rooms' half of the server (see the module text)."""

    config: Config
    rooms: dict[str, Room]
    conns: dict[ServerConnection, Conn]
    thinkers: Thinkers | None
    errors: int
    quiet: Quiet
    new_rooms: Rates | RedisRates
    names: Names
    _loop: asyncio.AbstractEventLoop | None
    shared: Shared | None  # the rooms kept in Redis (--redis; net.shared), else None

    def _send(self, ws: ServerConnection, msg: dict[str, Any] | str) -> None:
        raise NotImplementedError

    def _deliver(self, room: Room) -> None:
        raise NotImplementedError

    def _find(self, code: str) -> Room:
        room = self.rooms.get(code)
        if room is None:
            raise Refused(N_("there is no room with that code"))
        return room

    def _create(self, conn: Conn, msg: protocol.Create, now: float) -> None:
        check_seed(self.config, msg.seed)
        settings = room_settings(self.config, msg.rules, msg.clock, msg.action_time, msg.opponent)
        levels = game_type(settings.rules).levels
        if settings.opponent != PERSON and settings.opponent not in levels:
            raise ProtocolError(f"opponent: this game's computers are {', '.join(levels)}")
        room = self._open(conn.key, settings, msg.seed, now)
        seat = "AB".index(msg.seat)
        if settings.opponent != PERSON:
            room.set_opponent(1 - seat, settings.opponent)
        conn.room = room
        room.take(seat, msg.name, conn.ws)

    def _open(self, key: str, settings: Settings, seed: int | None, now: float) -> Room:
        """A new room for ``key``'s address, within the server's caps (Refused)."""
        c = self.config
        if len(self.rooms) >= c.max_rooms:
            raise Refused(N_("the server is full: try again later"))
        if not self.new_rooms.take(key, now):
            self.quiet.say(
                "rooms", now, "new room refused to %s: %g a minute", key, c.rooms_per_minute
            )
            raise Refused(N_("too many new rooms from your address: wait a minute"))
        code = new_code()
        while code in self.rooms:
            code = new_code()
        # seed None (always, unless --allow-seed): the system's randomness deals
        room = Room(code, settings, seed, now, seed is not None, thinkers=self.thinkers)
        room.on_over, room.on_wake = self._keep, self._wake
        self.rooms[code] = room
        log.info("room %s created (%s, %s)", code, settings.rules, settings.clock)
        return room

    def _join(self, conn: Conn, msg: protocol.Join, now: float) -> None:
        room = self._find(msg.room)
        room.now = now
        seat = room.free_seat()
        if seat is None:
            raise Refused(N_("both seats of that room are taken"))
        conn.room = room
        room.take(seat, msg.name, conn.ws)

    def _watch(self, conn: Conn, msg: protocol.Watch, now: float) -> None:
        room = self._find(msg.room)
        if self.shared is not None and self.shared.pending(room):
            # a step not yet in Redis: the spectator's first view waits for its write,
            # as the seats' replies do (no one sees a step a takeover would not find)
            asyncio.ensure_future(self._watch_written(conn, room))
            return
        self._start_watching(conn, room, now)

    def _start_watching(self, conn: Conn, room: Room, now: float) -> None:
        room.now = now
        for answer in room.watch(conn.ws, self.config.max_watchers):
            self._send(conn.ws, answer)
        conn.room = room

    async def _watch_written(self, conn: Conn, room: Room) -> None:
        assert self.shared is not None
        await self.shared.acknowledged(room)
        if self.conns.get(conn.ws) is not conn or conn.room is not None:
            return  # (gone meanwhile, or in a room by another message)
        try:
            self._start_watching(conn, self._find(room.code), time.monotonic())
        except Refused as e:  # (the room went meanwhile, or is full of spectators)
            self._send(conn.ws, refusal(e.said))

    def _resume(self, conn: Conn, msg: protocol.Resume, now: float) -> None:
        room = self._find(msg.room)
        room.now = now
        seat, _token, old = room.resume(msg.token, conn.ws)
        conn.room = room
        if old is not None and old is not conn.ws:
            self._send(old, refusal(N_("your seat was taken up by a new connection")))
            old_conn = self.conns.get(old)
            if old_conn is not None:
                old_conn.room = None
            asyncio.ensure_future(old.close(1000, "seat taken up elsewhere"))
        if msg.seq is not None:
            room.outbox.append((seat, room.missed(msg.seq)))
        room.outbox.append((seat, room.view(seat)))
        if seat in room.asks:  # the question it may not have read
            room.outbox.append((seat, room.ask_message(seat)))

    # -- clocks and saves ------------------------------------------------------------------

    async def _ticker(self) -> None:
        while True:
            await asyncio.sleep(self.config.tick)
            for i, (code, room) in enumerate(list(self.rooms.items())):
                if i and i % TICK_ROOMS == 0:  # what arrived meanwhile is read in between
                    await asyncio.sleep(0)
                    if self.rooms.get(code) is not room:
                        continue
                now = time.monotonic()
                try:
                    room.tick(now)
                except Exception as e:
                    self.errors += 1
                    log.error("room %s: %s while its clock ran", code, one_line(e))
                self._deliver(room)
                self._drop_idle(code, room, now)

    def _wake(self, room: Room) -> None:
        """A steps room's computer has thought (on the pool's thread): run it on."""
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # (the loop has closed: it stopped)
                self._loop.call_soon_threadsafe(self._run_on, room)

    def _run_on(self, room: Room) -> None:
        if self.rooms.get(room.code) is not room:
            return
        room.now = time.monotonic()
        try:
            room.run_steps()
        except Exception as e:
            self.errors += 1
            log.error("room %s: %s while its clock ran", room.code, one_line(e))
        self._deliver(room)

    def _drop_idle(self, code: str, room: Room, now: float) -> None:
        if self._expired(room, now):
            del self.rooms[code]
            if self.shared is not None:
                self.shared.forget(code)
            elif self.config.data is not None:
                forget(self.config.data, code)

    def _expired(self, room: Room, now: float) -> bool:
        """Nobody is in ``room``, and the last seat left: before the game began,
        ``empty_room`` seconds ago; after it ended, ``idle``; during it (a game with
        no abandoning, whose absent seat is waited for), its forfeit time and ``idle``."""
        if any(s.link is not None for s in room.seats):
            return False
        away = [s.away for s in room.seats if s.away is not None]
        c = self.config
        keep = c.empty_room if not room.started else c.idle
        if room.started and not room.game.over:
            keep += room.settings.forfeit
        return bool(away) and now - max(away) > keep

    async def _saver(self) -> None:
        while True:
            await asyncio.sleep(self.config.save_every)
            await asyncio.to_thread(self._save_dirty)

    def _save_dirty(self) -> None:
        if self.config.data is not None and self.shared is None:  # (Redis keeps them)
            save_changed(self.rooms, self.config.data)

    def _load(self) -> None:
        data = self.config.data
        if data is None or not (data / "rooms").is_dir():
            return
        now, dropped = time.monotonic(), 0
        for room in load_rooms(data, now, self.thinkers):
            if self._expired(room, now):  # left before the server stopped
                forget(data, room.code)
                dropped += 1
                continue
            room.on_over, room.on_wake = self._keep, self._wake
            self.rooms[room.code] = room
        if dropped:
            log.info("%d saved rooms nobody came back to dropped", dropped)

    # -- rooms kept in Redis (net.shared) ------------------------------------------------

    def _adopted(self, room: Room) -> None:
        """A room taken over from Redis (its process died): ours from now on."""
        room.on_over, room.on_wake = self._keep, self._wake
        self.rooms[room.code] = room
        if room.started and room.game.over:  # (its process may have died before keeping it)
            self.names.finished(room, kept_game(room))  # (kept once: net.names.game_id)
        self._drop_idle(room.code, room, time.monotonic())

    def _let_go(self, room: Room) -> None:
        """Another process owns ``room`` now: it goes from here, and its connections
        are closed (they come back through the router to its owner)."""
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
        for link in [s.link for s in room.seats] + list(room.watchers):
            if link is not None:
                conn = self.conns.get(link)
                if conn is not None:
                    conn.room = None
                asyncio.ensure_future(link.close(1012, "the room moved to another process"))

    def _send_out(self, room: Room, items: list[Out]) -> None:
        raise NotImplementedError

    def _keep(self, room: Room) -> None:
        """A game ended: keep it as the history keeps games (both seats' names), in
        its named players' archives, and move their ratings if it was rated."""
        kept = kept_game(room)
        self.names.finished(room, kept)
        if self.config.data is None:
            return
        store = Store(self.config.data / "games")
        try:
            store.save(kept)
        except OSError as e:
            log.error("room %s: cannot keep the game (%s)", room.code, one_line(e))


def kept_game(room: Room) -> Kept:
    """``room``'s game as the history keeps it (both seats' names and kinds)."""
    players = tuple(HUMAN if s.kind == PERSON else s.kind for s in room.seats)
    return keep(room.game, (players[0], players[1]), names=(room.seats[0].name, room.seats[1].name))
