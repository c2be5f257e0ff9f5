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

The rooms themselves (opening, joining, clocks, saves, finished games) are the
other half of the server, ``net.keeping.RoomKeeping``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import ssl
import sys
import time
from typing import Any

from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from ..i18n import N_, set_language, speak_here, speak_keys_here
from . import collector, protocol
from .config import Config, parse_args
from .keeping import Conn, RoomKeeping
from .keys import connect_sync
from .limits import Bucket, Gate, Quiet, Rates, address_key, gate, watch_accept
from .lines import Line, admit, hang_up
from .lobby import LOBBY, Lobby
from .names import NAMES, Names
from .paths import room_in_path
from .protocol import MAX_CLIENT_BYTES, Message, ProtocolError, dumps, read_client, server
from .redis_rates import RedisRates
from .room import Room
from .saves import one_line
from .seats import Refused
from .think import Thinkers
from .watch import WATCHERS, for_watchers
from .words import refusal

log = logging.getLogger("russian_bank.net")


class Server(RoomKeeping):
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
        self.new_rooms: Rates | RedisRates = Rates(config.rooms_per_minute)
        self._unwatch: Any = None
        self.names = Names(self._send)  # claimed names, ratings, the archive (net.names)
        self.lobby = Lobby(config, self._open, self._send, self._deliver, self.names.rating)
        self.shared: Any = None  # net.shared.Shared with --redis
        self._redis: Any = None  # the synchronous Redis client with --redis (keys.connect_sync)

    # -- life ------------------------------------------------------------------------

    async def start(self) -> None:
        c = self.config
        self._loop = asyncio.get_running_loop()
        self._speech = speak_keys_here()  # reasons and notes go out as keys (net.words)
        if c.thinkers > 0:
            self.thinkers = Thinkers(c.thinkers)
            await asyncio.to_thread(self.thinkers.warm)
        if c.redis is not None:  # one synchronous client: names and caps by address
            self._redis = connect_sync(c.redis)
        self.names.open(c.data, self._redis)
        if self._redis is not None:  # (an address's new rooms counted over every process)
            self.new_rooms = RedisRates(self._redis, "rooms", c.rooms_per_minute)
        if c.redis is None:
            self._load()  # (with Redis, the rooms whose owner died are claimed: net.shared)
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
        if c.redis is not None:
            await self._share(c.redis)
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
        if self.shared is not None:
            await self.shared.stop()
        await asyncio.to_thread(self._save_dirty)
        self.names.close()
        if self._redis is not None:
            self._redis.close()
        if self.thinkers is not None:
            await asyncio.to_thread(self.thinkers.close)
        if self._speech is not None:
            speak_here(self._speech)  # (a test's loop goes on in its own words)
        if self._unwatch is not None:
            self._unwatch()

    async def _share(self, url: str) -> None:
        """Keep the rooms in Redis (``--redis``), with the other processes."""
        from .shared import Shared

        host = self.config.host
        here = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
        self.shared = Shared(url, self.config.lease, self, self.config.idle)
        try:
            await self.shared.start(f"{here}:{self.port}")
        except Exception as e:
            self._server.close()
            raise OSError(f"--redis {url}: {one_line(e)}") from None

    # -- connections ---------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        c = self.config
        code = room_in_path(ws.request.path) if ws.request is not None else ""
        if code and self.shared is not None:  # its owner may have died: take it over
            try:
                await self.shared.adopt(code)
            except Exception as e:
                log.error("room %s: cannot take it over (%s)", code, one_line(e))
        bad = Bucket(c.abuse_limit, 1 / c.abuse_forget, time.monotonic())
        key = ws.key if isinstance(ws, Line) else ""
        if c.routed and ws.request is not None:  # (the router's word: never a client's)
            said = ws.request.headers.get("X-Forwarded-For", "")
            key = address_key(said.rsplit(",", 1)[-1].strip()) if said else key
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
        if self.shared is not None and self.shared.hold(room):
            return  # sent once its change is in Redis (net.shared)
        self._send_out(room, room.outbox)
        room.outbox.clear()

    def _send_out(self, room: Room, items: list[tuple[int | None, dict[str, Any]]]) -> None:
        for seat, msg in items:
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

    # -- messages ------------------------------------------------------------------------

    def _dispatch(self, conn: Conn, msg: Message, now: float) -> None:
        if isinstance(msg, protocol.Ping):
            self._send(conn.ws, server("pong", t=msg.t, now=now))
            return
        room = conn.room
        seat = room.seat_of(conn.ws) if room is not None else None
        if isinstance(msg, NAMES):  # claim, card, archive, fetch (net.names)
            self.names.handle(conn, msg, now)
            return
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
            self.names.seated(conn)  # (a named connection's seat is archived under its name)
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
    args = sys.argv[1:] if argv is None else argv
    if "--route" in args:  # the router in front of several processes (net.router)
        from .router import main as route

        return route([a for a in args if a != "--route"])
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
