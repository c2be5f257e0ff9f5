"""Issue 21: the table's link to the server (``net.client.ThreadedClient``) never
goes deaf and never leaves a socket open behind it.

A server message that is a message (its version and type right) but whose body
the client cannot read used to end the reading task with a KeyError: the table
stood still without a word, and the connection stayed open, unread, until it
could no longer even close (the stop of tests/ui/test_remote_seat_b.py's server
waited for such a peer). Now the link hangs up that connection and says it was
lost, so the table reconnects; and a link that is shut down leaves no open
socket, even when the server answers nothing. A bad note of an event is read
once, and said once."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from typing import Any

from websockets.asyncio.server import serve

from russian_bank.net import client as client_module
from russian_bank.net import words
from russian_bank.net.client import ThreadedClient
from russian_bank.net.protocol import VERSION


class FakeServer:
    """A WebSocket server on its own thread that sends ``frames`` to each
    connection, then (``deaf``) stops reading it; it notes when each closed
    (when it still reads)."""

    def __init__(self, frames: list[dict[str, Any]], deaf: bool = False) -> None:
        self.frames = [json.dumps({"v": VERSION, **f}) for f in frames]
        self.deaf = deaf
        self.closed: list[float] = []
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.server = asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(5)
        self.port = self.server.sockets[0].getsockname()[1]

    async def _start(self) -> Any:
        return await serve(self._handle, "127.0.0.1", 0, compression=None)

    async def _handle(self, ws: Any) -> None:
        for frame in self.frames:
            await ws.send(frame)
        if self.deaf:
            ws.transport.pause_reading()  # it answers nothing from now on
        await ws.wait_closed()
        self.closed.append(time.monotonic())

    def stop(self) -> None:
        async def end() -> None:
            for ws in self.server.connections:
                ws.transport.abort()
            self.server.close()
            await self.server.wait_closed()

        asyncio.run_coroutine_threadsafe(end(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)


def until(test, seconds: float = 8.0) -> bool:  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if test():
            return True
        time.sleep(0.01)
    return False


def test_a_server_message_the_client_cannot_read_loses_the_connection_and_says_so():
    fake = FakeServer([{"type": "event"}])  # an event without its event
    link = ThreadedClient(f"ws://127.0.0.1:{fake.port}", "Ann")
    try:
        link.call("connect")
        got: list[dict[str, Any]] = []
        assert until(lambda: got.extend(link.poll()) or any(m["type"] == "lost" for m in got))
        (lost,) = [m for m in got if m["type"] == "lost"]
        assert "event" in lost["reason"] and "\n" not in lost["reason"], lost
        assert until(lambda: len(fake.closed) == 1)  # hung up, not left open and unread
    finally:
        link.shutdown()
        fake.stop()


def test_a_link_shut_down_leaves_no_open_socket_though_the_server_answers_nothing():
    fake = FakeServer([{"type": "pong", "t": 0, "now": 0}], deaf=True)
    link = ThreadedClient(f"ws://127.0.0.1:{fake.port}", "Ann")
    try:
        link.call("connect")
        assert until(lambda: link.client.ws is not None)
        sock = link.client.ws.transport.get_extra_info("socket")
        time.sleep(0.2)  # (the server has sent its frame and stopped reading)
        link.shutdown()  # its closing handshake is never answered
        assert sock.fileno() == -1, "the socket was left open"
    finally:
        fake.stop()


def test_a_bad_note_is_read_once_and_said_once(monkeypatch):
    reads: list[Any] = []
    real = words.read_said

    def counted(said, where):  # type: ignore[no-untyped-def]
        reads.append(said)
        return real(said, where)

    monkeypatch.setattr(words, "read_said", counted)  # (where a note is read and worded)
    bad = {"key": "no such message %s", "fields": {}}
    step = {"kind": "step", "seq": 1, "seat": "A", "by": "person", "action": "turn stock"}
    c = client_module.Client("ws://127.0.0.1:1")
    c._mirror(
        {
            "type": "event",
            "event": {**step, "events": [{"kind": "StopCalled", "seat": 1, "note": bad}]},
        }
    )
    assert len(reads) == 1
    (line,) = c.errors
    assert "cannot read" in line and "no such message" in line
