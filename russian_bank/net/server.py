"""The table server: ``russian-bank-server --host H --port P --data DIR``.

One asyncio process owns every room (``net.room``): the deal, the match runner
and the clock. Each WebSocket message is read and checked whole
(``net.protocol.read_client``) and handled at once, in order of arrival; the
room's replies go out without waiting on any socket (``broadcast``), so a slow
or hostile connection holds up nobody. A connection that sends bad messages gets
a one-line ``error`` for each, and is closed after :attr:`Config.abuse_limit` of
them (forgotten one by one with time) or when it sends faster than
:attr:`Config.rate` allows for long; a refusal by the rules ("not your turn") is an
answer, never held against it. Connections per address and in all, and new rooms
per address, are capped (``net.limits``; docs/network.md, "Limits").

Rooms are saved to ``DATA/rooms/CODE.json`` (atomic, durable writes,
``russian_bank.files``) whenever they changed, at most every ``save_every``
seconds; a restarted server reads them back and its games go on. Finished games
are kept in ``DATA/games`` as the history keeps them (``history.Store``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import ssl
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from ..games import game_type
from ..history import HUMAN, Store, keep
from ..i18n import N_, set_language, speak_here, speak_keys_here
from . import collector, protocol
from .config import Config, parse_args
from .limits import Bucket, Gate, Quiet, Rates, address_key, gate, watch_accept
from .lines import Line, admit, hang_up
from .lobby import LOBBY, Lobby, check_seed, room_settings
from .protocol import MAX_CLIENT_BYTES, Message, ProtocolError, dumps, read_client, server
from .room import Room
from .saves import forget, load_rooms, one_line, save_changed
from .seats import PERSON, Refused, Settings, new_code
from .think import Thinkers
from .watch import WATCHERS, for_watchers
from .words import refusal

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


class Server:
    def __init__(self, config: Config) -> None:
        self.config = config
        self.rooms: dict[str, Room] = {}
        self.conns: dict[ServerConnection, Conn] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._server: Any = None
        self.port = config.port
        self.errors = 0  # internal errors (logged, one line each)
        self._advert: Any = None
        self.thinkers: Thinkers | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._speech: tuple[object, object] | None = None
        self.quiet = Quiet(config.log_every)
        self.gate: Gate | None = None
        self.new_rooms = Rates(config.rooms_per_minute)
        self._unwatch: Any = None
        self.lobby = Lobby(config, self._open, self._send, self._deliver)

    # -- life ------------------------------------------------------------------------

    async def start(self) -> None:
        c = self.config
        self._loop = asyncio.get_running_loop()
        self._speech = speak_keys_here()  # reasons and notes go out as keys (net.words)
        if c.thinkers > 0:
            self.thinkers = Thinkers(c.thinkers)
            await asyncio.to_thread(self.thinkers.warm)
        self._load()
        context = None
        if c.cert is not None:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(c.cert, c.key)
        self._unwatch = watch_accept(self.quiet)
        self._server = serve(
            self._handle,
            c.host,
            c.port,
            max_size=MAX_CLIENT_BYTES,
            max_queue=16,
            ping_interval=c.ping_interval,
            ping_timeout=c.ping_interval,
            ssl=context,
            compression=None,
            create_connection=Line,
            process_request=admit,
        )
        self.gate = Line.gates[self._server] = gate(c.max_connections, c.per_address, self.quiet)
        try:
            await self._server
        except BaseException:
            self._unwatch()  # (the port is taken: the loop's handler as it was)
            raise
        self.port = self._server.sockets[0].getsockname()[1]
        self._tasks = [
            asyncio.create_task(self._ticker()),
            asyncio.create_task(self._saver()),
        ]
        if c.lan_name:
            from .discovery import Advert

            self._advert = Advert(c.lan_name, self.port, c.host, c.lan_interfaces)
            await asyncio.to_thread(self._advert.start)
        log.info("serving on %s:%d (%d rooms resumed)", c.host, self.port, len(self.rooms))

    async def stop(self) -> None:
        self.lobby.close()
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await t
        if self._advert is not None:
            await asyncio.to_thread(self._advert.stop)
        if self._server is not None:
            self._server.close(close_connections=False)  # no new connections
            await hang_up(self._server)
            await self._server.wait_closed()
        await asyncio.to_thread(self._save_dirty)
        if self.thinkers is not None:
            await asyncio.to_thread(self.thinkers.close)
        if self._speech is not None:
            speak_here(self._speech)  # (a test's loop goes on in its own words)
        if self._unwatch is not None:
            self._unwatch()

    # -- connections ---------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        c = self.config
        bad = Bucket(c.abuse_limit, 1 / c.abuse_forget, time.monotonic())
        key = ws.key if isinstance(ws, Line) else ""
        conn = Conn(ws, bad, tokens=c.burst, key=key or address_key(ws.remote_address[0]))
        self.conns[ws] = conn
        try:
            async for raw in ws:
                self._receive(conn, raw)
                if conn.abuse.level < 1:
                    # no closing handshake: its unread messages may fill the queue
                    self._send(ws, refusal(N_("too many bad messages: goodbye")))
                    if ws.transport is not None:
                        ws.transport.close()  # (after what is already written)
                    break
        except ConnectionClosed:
            pass
        except Exception as e:  # never a traceback for the other rooms' sake
            self.errors += 1
            log.error("connection failed: %s", one_line(e))
        finally:
            del self.conns[ws]
            self.lobby.gone(ws)
            room = conn.room
            if room is not None and room.seat_of(ws) is not None:
                room.left(ws)
                self._deliver(room)
            elif room is not None:
                room.unwatch(ws)

    def _receive(self, conn: Conn, raw: str | bytes) -> None:
        now = time.monotonic()
        c = self.config
        conn.tokens = min(c.burst, conn.tokens + (now - conn.stamp) * c.rate)
        conn.stamp = now
        try:
            msg = read_client(raw)
        except ProtocolError as e:
            msg = None
            unread = server("error", detail=str(e))
        # an answer to the room's ask is asked for (one at a time): it costs nothing
        if not isinstance(msg, protocol.Answer):
            if conn.tokens < 1:
                self._refuse(conn, refusal(N_("too many messages: slow down")), now)
                return
            conn.tokens -= 1
        if msg is None:
            self._refuse(conn, unread, now)
            return
        room = conn.room
        try:
            self._dispatch(conn, msg, now)
        except Refused as e:  # the rules' answer (not your turn): no abuse
            self._send(conn.ws, refusal(e.said))
        except ProtocolError as e:  # a message no client of ours sends
            self._refuse(conn, server("error", detail=str(e)), now)
        except Exception as e:
            self.errors += 1
            kind = type(msg).__name__
            log.error("room %s: %s on %s", room.code if room else "-", one_line(e), kind)
            self._send(conn.ws, refusal(N_("the server could not do that")))
        for r in {conn.room, room}:
            if r is not None:
                self._deliver(r)

    def _refuse(self, conn: Conn, error: dict[str, Any], now: float) -> None:
        """A bad message (malformed, or too fast): its one line, and held against it
        (with no room left for another, ``_handle`` says goodbye)."""
        if not conn.abuse.take(now):
            conn.abuse.level = 0.0
        self._send(conn.ws, error)

    def _send(self, ws: ServerConnection, msg: dict[str, Any] | str) -> None:
        transport = ws.transport
        if transport is not None and transport.get_write_buffer_size() > self.config.write_buffer:
            transport.abort()  # a reader that does not read: cut off
            return
        broadcast([ws], msg if isinstance(msg, str) else dumps(msg))

    def _deliver(self, room: Room) -> None:
        for seat, msg in room.outbox:
            if seat == WATCHERS:
                links = list(room.watchers)
            else:
                targets = (0, 1) if seat is None else (seat,)
                links = [room.seats[s].link for s in targets]
                if seat is None and room.watchers and for_watchers(msg):
                    links += room.watchers
            text = None
            for link in links:
                if link is not None:
                    text = text or dumps(msg)  # (written once for both seats)
                    self._send(link, text)
        room.outbox.clear()

    # -- messages ------------------------------------------------------------------------

    def _dispatch(self, conn: Conn, msg: Message, now: float) -> None:
        if isinstance(msg, protocol.Ping):
            self._send(conn.ws, server("pong", t=msg.t, now=now))
            return
        room = conn.room
        seat = room.seat_of(conn.ws) if room is not None else None
        if isinstance(msg, LOBBY):  # seeks and pairing (net.lobby)
            watching = room is not None and conn.ws in room.watchers
            self.lobby.handle(conn, msg, now, busy=seat is not None or watching)
            return
        if isinstance(msg, protocol.Look):
            self._send(conn.ws, server("room", **self._find(msg.room).describe()))
            return
        watching = room is not None and conn.ws in room.watchers
        if isinstance(msg, protocol.Create | protocol.Join | protocol.Resume | protocol.Watch):
            if seat is not None:
                raise Refused(N_("this connection already holds a seat"))
            if watching:
                raise Refused(N_("this connection already watches a room"))
            getattr(self, "_" + type(msg).__name__.lower())(conn, msg, now)  # _create, ...
            return
        if watching:
            raise Refused(N_("a spectator cannot act or chat in the game"))
        if room is None or seat is None:
            raise Refused(N_("join a room first"))
        room.now = now
        if isinstance(msg, protocol.Act):
            room.act(seat, msg.action)
        elif isinstance(msg, protocol.Answer):
            room.answer(seat, msg.ask, msg.action)
        elif isinstance(msg, protocol.OfferDraw):
            room.offer_draw(seat)
        elif isinstance(msg, protocol.AnswerDraw):
            room.answer_draw(seat, msg.accept)
        elif isinstance(msg, protocol.Chat):
            room.chat(seat, msg.text)
        elif isinstance(msg, protocol.Rematch):
            room.rematch(seat)

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
        room.now = now
        for answer in room.watch(conn.ws, self.config.max_watchers):
            self._send(conn.ws, answer)
        conn.room = room

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
            if self.config.data is not None:
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
        if self.config.data is not None:
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

    def _keep(self, room: Room) -> None:
        """A game ended: keep it as the history keeps games (both seats' names)."""
        if self.config.data is None:
            return
        players = (
            HUMAN if room.seats[0].kind == PERSON else room.seats[0].kind,
            HUMAN if room.seats[1].kind == PERSON else room.seats[1].kind,
        )
        kept = keep(room.game, players, names=(room.seats[0].name, room.seats[1].name))
        store = Store(self.config.data / "games")
        try:
            store.save(kept)
        except OSError as e:
            log.error("room %s: cannot keep the game (%s)", room.code, one_line(e))


async def serve_forever(config: Config, ready: Any = None) -> None:
    # the stopping signals are heard before the server says it listens: a SIGTERM
    # just after "listening on port" stops it cleanly (status 0), not by default
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    srv = Server(config)
    await srv.start()
    if ready is not None:
        ready(srv)
    await stop.wait()
    await srv.stop()


def main(argv: list[str] | None = None) -> int:
    config = parse_args(argv)
    set_language("en")  # what the server says goes to players of any language (in English)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)

    def ready(srv: Server) -> None:
        collector.quiet()
        print(f"russian-bank-server: listening on port {srv.port}", flush=True)

    try:
        asyncio.run(serve_forever(config, ready))
    except OSError as e:
        print(f"russian-bank-server: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
