"""A seat at a remote table: sends intents, mirrors the seat's view.

:class:`Client` is asyncio (the tests, the bench and the bot seat use it);
:class:`ThreadedClient` runs one in a thread of its own for the table, which
hands it intents and picks up what arrived without ever waiting on a socket.
Everything the server sends is checked (``protocol.read_server``) and the
observation is rebuilt by its declared types (``wire.decode``).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import socket
import threading
import time
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import (
    ConnectionClosed,
    InvalidHandshake,
    InvalidStatus,
    WebSocketException,
)

from ..game.record import read_record
from ..games import game_type
from ..history import HUMAN, Kept, keep
from ..history.records import clean_name
from ..i18n import _
from .limits import FULL, TOO_MANY_HERE
from .paths import room_url
from .protocol import MAX_SERVER_BYTES, ProtocolError, Room, client, read_server
from .seeking import LobbyCalls, ServerRefused
from .wire import WireError, decode, read_events
from .words import WordsError, worded

CLOSE_TIME = 1.0  # seconds a closing handshake may take before the socket is cut
OPEN_TIME = 10  # seconds an opening handshake may take (a host that never answers)


def error_words(msg: dict[str, Any]) -> str:
    """An ``error``'s line in this player's language: the reason's key and fields
    worded here, or the protocol's own detail (English, docs/protocol.md)."""
    if "said" in msg:
        try:
            return worded(msg["said"], "reason")
        except WordsError as e:
            return _("The server sent a reason this program cannot read ({why})").format(why=e)
    detail = msg.get("detail")
    if type(detail) is str and detail.isprintable() and len(detail) <= 200:
        return _("The server could not read a message: {detail}").format(detail=detail)
    return _("The server refused, without a reason this program can read")


class RoomAnswer(msgspec.Struct):
    """A ``room`` answer (Look) as the client reads it (other fields are let be)."""

    room: Room
    rules: Annotated[str, Meta(min_length=1, max_length=200)]
    rules_title: Annotated[str, Meta(max_length=200)] = ""
    names: list[str] = []
    free: list[Literal["A", "B"]] = []


def read_room(msg: dict[str, Any]) -> dict[str, Any]:
    """A ``room`` answer (Look) checked and made safe to show: its code, its rule
    set's name and title, the seats' names (unprintable characters, a NUL, taken
    out) and the free seats; ProtocolError if it is not such an answer."""
    try:
        r = msgspec.convert(msg, RoomAnswer, strict=True)
    except msgspec.ValidationError as e:
        raise ProtocolError(f"the room cannot be read ({e})") from None
    return {
        "type": "room",
        "room": r.room,
        "rules": clean_name(r.rules),
        "rules_title": " ".join("".join(c for c in r.rules_title if c.isprintable()).split())[:80],
        "names": [clean_name(n) for n in r.names[:2]],
        "free": list(dict.fromkeys(r.free)),
    }


KeptTimes = dict[Literal["A", "B"], Annotated[float, Meta(ge=0, le=1e7)] | None]


def kept_seats(view: dict[str, Any]) -> dict[int, float | None]:
    """A view's seats kept while their players are away: seconds until each
    forfeits, as the server's clock judged it when it sent the view (None: the game
    has no abandoning, the seat is waited for). A value not of that shape: none."""
    try:
        kept = msgspec.convert(view.get("away") or {}, KeptTimes, strict=True)
    except msgspec.ValidationError:
        return {}
    return {"AB".index(seat): left for seat, left in kept.items()}


GONE = (  # the refusals of a seat token whose seat is no more (the room or game is over)
    "this seat token is not (or no longer) valid for this room",
    "there is no room with that code",
)


def seat_gone(msg: dict[str, Any]) -> bool:
    """Is ``msg`` the server's word that a kept seat is no more?"""
    said = msg.get("said")
    return msg.get("type") == "error" and isinstance(said, dict) and said.get("key") in GONE


def note_words(note: Any) -> str:
    """An event's note (a message key and fields, checked on arrival) in words."""
    if not note:
        return ""
    try:
        return worded(note, "note")
    except WordsError as e:
        return unread_note(e)


def unread_note(why: ValueError) -> str:
    return _("The server sent a note this program cannot read ({why})").format(why=why)


class Client(LobbyCalls):
    """One connection, one seat (found in the lobby too: ``net.seeking``).
    ``await recv()`` reads the next message and updates the mirror: ``obs``,
    ``view``, ``events``, ``seq``, ``record``. A step's events are read back as the
    shared events (``game/events.py``) under ``"read"``."""

    def __init__(self, url: str, name: str = "Player", tls: Any = None) -> None:
        self.url = url
        self.tls = tls  # an ssl.SSLContext for wss:// (None: the system's defaults)
        self.name = name
        self.kind: type | None = None  # the room's game's observation (``joined``)
        self.ws: ClientConnection | None = None
        self.room = ""
        self.seat = ""
        self.token = ""
        self.info: dict[str, Any] = {}
        self.view: dict[str, Any] = {}
        self.view_at = 0.0  # when the view arrived (monotonic)
        self.obs: Any = None
        self.events: list[dict[str, Any]] = []
        self.seq = 0
        self.record: str | None = None  # the last finished game's record
        self.over: dict[str, Any] | None = None
        self.errors: list[str] = []
        self.rtt: float | None = None  # seconds, from the last ping
        self.frames: list[str] | None = None  # every frame, if a test wants them

    # -- connection -----------------------------------------------------------------

    async def connect(self, room: str = "") -> None:
        """Connect (for ``room``: to its path, which a router sends to its process)."""
        self.ws = await connect(
            room_url(self.url, room),
            max_size=MAX_SERVER_BYTES,
            compression=None,
            proxy=None,
            open_timeout=OPEN_TIME,
            ping_interval=10,
            ping_timeout=10,
            close_timeout=CLOSE_TIME,
            **({"ssl": self.tls} if self.tls is not None else {}),
        )

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    async def drop(self) -> None:
        """Lose the connection abruptly (no closing handshake), as a cut cable does."""
        if self.ws is not None:
            transport = self.ws.transport
            if transport is not None:
                transport.abort()
            with contextlib.suppress(Exception):
                await self.ws.wait_closed()
            self.ws = None

    async def send(self, type_: str, /, **fields: Any) -> None:
        if self.ws is None:
            raise ConnectionError("not connected")
        await self.ws.send(client(type_, **fields))

    async def send_raw(self, text: str | bytes) -> None:
        """Send anything at all (the hostile-client tests)."""
        assert self.ws is not None
        await self.ws.send(text)

    # -- receiving --------------------------------------------------------------------

    async def recv(self, timeout: float | None = 30) -> dict[str, Any]:
        if self.ws is None:
            raise ConnectionError("not connected")
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        if self.frames is not None:
            self.frames.append(raw if isinstance(raw, str) else raw.decode("utf-8", "replace"))
        msg = read_server(raw)
        try:
            self._mirror(msg)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
            what = f"{type(e).__name__}: {e}"[:80]
            raise ProtocolError(f"the server's {msg['type']} cannot be read ({what})") from None
        return msg

    def _mirror(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind in ("joined", "watching"):  # watching: a spectator, no seat (net.watch)
            self.info = msg
            self.kind = game_type(str(msg["rules"])).observation_type
            self.room = str(msg["room"])
            self.seat = str(msg.get("seat") or "")
            if "token" in msg:
                self.token = str(msg["token"])
        elif kind == "view":
            if self.kind is None:
                raise ProtocolError("the server sent a view before the room's game")
            try:
                self.obs = decode(msg["obs"], self.kind, "obs")
            except WireError as e:
                raise ProtocolError(f"the server's view cannot be read: {e}") from None
            self.view = msg
            self.view_at = time.monotonic()
            self.seat = str(msg["seat"] or "")  # null: the public view a spectator sees
            self.seq = max(self.seq, int(msg["seq"]))
        elif kind == "event":
            self._event(msg["event"])
        elif kind == "events":
            for event in msg["events"]:
                self._event(event)
        elif kind == "error":
            msg["reason"] = error_words(msg)
            self.errors.append(msg["reason"])
        elif kind == "pong":
            t = msg.get("t")
            if isinstance(t, int | float):
                self.rtt = time.monotonic() - t

    def _event(self, e: dict[str, Any]) -> None:
        if e.get("kind") == "step":  # read once, notes worded in this player's words
            try:
                e["read"] = read_events(e.get("events"))
            except WireError as why:  # (one line, said once)
                e["read"] = []
                self.errors.append(unread_note(why))
        seq = int(e["seq"])
        if seq <= self.seq and any(x["seq"] == seq for x in self.events[-50:]):
            return
        self.seq = max(self.seq, seq)
        self.events.append(e)
        del self.events[:-5000]
        if e.get("kind") == "over":
            self.record = str(e["record"])
            self.over = e
        elif e.get("kind") == "new game":
            self.over = None

    async def until(self, type_: str, timeout: float = 30) -> dict[str, Any]:
        """Read on until a message of ``type_`` (ServerRefused on an error)."""
        end = time.monotonic() + timeout
        while True:
            msg = await self.recv(max(0.01, end - time.monotonic()))
            if msg["type"] == type_:
                return msg
            if msg["type"] == "error":
                raise ServerRefused(msg.get("reason", ""))

    # -- the intents -----------------------------------------------------------------

    async def create(self, **options: Any) -> dict[str, Any]:
        await self.send("create", name=self.name, **options)
        return await self.until("joined")

    async def look(self, room: str) -> dict[str, Any]:
        if self.ws is None:
            await self.connect(room)
        await self.send("look", room=room)
        return await self.until("room")

    async def join(self, room: str) -> dict[str, Any]:
        if self.ws is None:
            await self.connect(room)
        await self.send("join", room=room, name=self.name)
        return await self.until("joined")

    async def watch(self, room: str) -> dict[str, Any]:
        """Watch ``room`` as a spectator: the public view and its steps, no seat."""
        if self.ws is None:
            await self.connect(room)
        await self.send("watch", room=room)
        return await self.until("watching")

    async def resume(self) -> dict[str, Any]:
        """Come back to the seat on a new connection: the view and the missed events."""
        await self.connect(self.room)
        await self.send("resume", room=self.room, token=self.token, seq=self.seq)
        return await self.until("joined")

    def kept(self) -> Kept | None:
        """The last finished game as the history keeps it (None before one ends)."""
        if self.over is None or self.record is None:
            return None
        kinds = self.over.get("kinds", ["person", "person"])
        players = tuple(HUMAN if k == "person" else str(k) for k in kinds)
        sent = self.over.get("names")  # made safe for a header line by keep()
        names = [str(n) for n in sent[:2]] if isinstance(sent, list) else []
        names += ["", ""]
        return keep(
            game_type(read_record(self.record)[0]).game_from_record(self.record),
            (players[0], players[1]),
            names=(names[0], names[1]),
            seat=1 if self.seat == "B" else 0,
        )

    async def act(self, action: str) -> None:
        await self.send("act", action=action)

    async def ping(self) -> None:
        await self.send("ping", t=time.monotonic())


class ThreadedClient:
    """A :class:`Client` on its own thread with its own event loop (for the table).

    ``call(name, **fields)`` queues an intent (``connect``, ``create``, ``join``,
    ``look``, ``resume``, ``send``) and returns at once; :meth:`poll` returns the
    messages that arrived since the last call. A frame never waits for a socket."""

    def __init__(self, url: str, name: str) -> None:
        self.client = Client(url, name)
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self._reader: Any = None
        self._worker: Any = None
        self.unreached: str | None = None  # why the last connection failed, in words
        self._calls: asyncio.Queue[tuple[str, dict[str, Any]]] | None = None
        asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(5)

    async def _start(self) -> None:
        self._calls = asyncio.Queue()
        self._worker = asyncio.ensure_future(self._work())

    async def _work(self) -> None:
        assert self._calls is not None
        while True:  # one call after the other, in the order they were made
            what, fields = await self._calls.get()
            await self._do(what, fields)

    def call(self, what: str, /, **fields: Any) -> None:
        assert self._calls is not None
        self.loop.call_soon_threadsafe(self._calls.put_nowait, (what, fields))

    async def _do(self, what: str, fields: dict[str, Any]) -> None:
        c = self.client
        try:
            if what in ("connect", "resume"):
                self.unreached = None
                try:
                    if what == "resume":
                        await c.drop()  # (a connection still open is no longer read)
                    await c.connect(c.room if what == "resume" else str(fields.get("room", "")))
                except Exception as e:  # told once, in words; what was queued waits for none
                    self.unreached = unreached_words(c.url, e)
                    self.inbox.put({"type": "lost", "reason": self.unreached})
                    return
                if what == "resume":
                    await c.send("resume", room=c.room, token=c.token, seq=c.seq)
                if self._reader is None or self._reader.done():
                    self._reader = asyncio.ensure_future(self._read())
                return
            if c.ws is None and self.unreached is not None:
                return  # (the connection failed and said why: no "not connected" after it)
            if what == "send":
                type_ = fields.pop("type")
                await c.send(type_, **fields)
            elif what == "ping":
                await c.ping()
            elif what == "close":
                await c.close()
        except (OSError, ConnectionClosed, ConnectionError, ProtocolError) as e:
            self.inbox.put({"type": "lost", "reason": str(e) or type(e).__name__})
        except Exception as e:  # never the end of the worker: the table would wait forever
            self.inbox.put({"type": "lost", "reason": f"{type(e).__name__}: {e}"[:120]})

    async def _read(self) -> None:
        while True:
            try:
                msg = await self.client.recv(timeout=None)
            except (
                ConnectionClosed,
                ConnectionError,
                OSError,
                ProtocolError,
                WebSocketException,
            ) as e:
                await self.client.drop()  # nobody reads it from now on: hang it up
                self.inbox.put({"type": "lost", "reason": str(e) or type(e).__name__})
                return
            self.inbox.put(msg)

    def poll(self) -> list[dict[str, Any]]:
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def shutdown(self) -> None:
        async def end() -> None:
            await self.client.close()
            for task in (self._worker, self._reader):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(BaseException):
                        await task

        if self.loop.is_closed():
            return
        fut = asyncio.run_coroutine_threadsafe(end(), self.loop)
        with contextlib.suppress(Exception):
            fut.result(3)
        end_loop(self.loop, self.thread)


def end_loop(loop: asyncio.AbstractEventLoop, thread: threading.Thread) -> None:
    """Stop an event loop run by ``thread`` and let go of all it holds: its
    helper threads (``to_thread``), the thread itself, its own sockets."""

    async def drain() -> None:
        here = asyncio.current_task()
        left = [t for t in asyncio.all_tasks() if t is not here]
        for t in left:
            t.cancel()
        await asyncio.gather(*left, return_exceptions=True)
        await loop.shutdown_asyncgens()
        await loop.shutdown_default_executor()

    if loop.is_closed():
        return
    with contextlib.suppress(Exception):
        asyncio.run_coroutine_threadsafe(drain(), loop).result(3)
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(loop.stop)
    thread.join(3)
    if not thread.is_alive():
        loop.close()


def unreached_words(url: str, e: BaseException) -> str:
    """Why ``url`` could not be reached, in words a player can act on."""
    status = e.response.status_code if isinstance(e, InvalidStatus) else None
    if status == TOO_MANY_HERE:  # (the server's limits, net/limits.py)
        said = _("{address} turns you away: too many connections from your address")
        return said.format(address=url)
    if status == FULL:
        return _("{address} is full: try again later").format(address=url)
    if isinstance(e, InvalidHandshake):
        return _("{address} answers, but not as a Russian Bank table").format(address=url)
    if isinstance(e, TimeoutError):
        said = _("{address} did not answer in {n} seconds")
        return said.format(address=url, n=OPEN_TIME)
    if isinstance(e, ConnectionRefusedError):
        return _("no table is open at {address}").format(address=url)
    if isinstance(e, socket.gaierror):
        return _("the address {address} is unknown").format(address=url)
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    return f"{type(e).__name__}: {e}"[:120]


__all__ = [
    "CLOSE_TIME",
    "Client",
    "ServerRefused",
    "ThreadedClient",
    "end_loop",
    "unreached_words",
    "error_words",
    "kept_seats",
    "note_words",
    "read_room",
    "seat_gone",
    "unread_note",
]
