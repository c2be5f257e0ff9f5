"""The server's connections, known from their first byte, and its hang-up.

A stopping server must not wait for its peers. One that no longer reads (a
program whose reading stopped, a machine gone silent behind a cut cable) never
answers a closing handshake; one that opened a socket and never spoke never
finishes the opening one; waiting for them held the stop for the WebSocket
library's whole 10-second close or open timeout. :func:`hang_up` says goodbye (a
going-away close frame) and closes each socket at once.

Each connection passes its server's :class:`~net.limits.Gate` (``Line.gates``) at its
first byte: over a cap, it is marked ``refused`` (the server answers its opening
request with that one line, and cuts it if it has not read it within a second), or,
past the descriptors' margin, closed at once.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request, Response
from websockets.protocol import State

from .limits import REFUSE_TIME, Gate

GOING_AWAY = 1001


class Line(ServerConnection):
    """A connection from its first byte on, open or still opening (the
    library lists only the open ones)."""

    every: weakref.WeakSet[Line] = weakref.WeakSet()
    gates: weakref.WeakKeyDictionary[Any, Gate] = weakref.WeakKeyDictionary()  # by server
    key = ""  # the address it is counted under (admitted)
    refused = ""  # the one line that turns it away ("": let in)
    status = 0  # the HTTP status it is turned away with
    gate: Gate | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        Line.every.add(self)
        gate = Line.gates.get(self.server)
        if gate is None:
            return
        self.gate = gate
        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer else peer
        self.key, self.refused, self.status = gate.arrive(host, time.monotonic())
        if self.key:
            return
        assert isinstance(transport, asyncio.Transport)
        if not self.refused:
            transport.abort()  # past the descriptors' margin: not a word
        else:
            self.loop.call_later(REFUSE_TIME, transport.abort)  # (if it is still open)

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        gate, self.gate = self.gate, None
        if gate is not None:
            gate.leave(self.key)


def admit(ws: ServerConnection, request: Request) -> Response | None:
    """The opening request of a connection its gate turned away: answered with its
    one line (the server's ``process_request``)."""
    if isinstance(ws, Line) and ws.refused:
        return ws.respond(ws.status, ws.refused + "\n")
    return None


async def hang_up(server: Any) -> None:
    """Close every connection of ``server`` (a ``websockets`` server made with
    ``create_connection=Line``) without waiting for any peer's answer."""
    lines = [ws for ws in list(Line.every) if ws.server is server]
    saying = [asyncio.ensure_future(ws.close(GOING_AWAY)) for ws in lines if ws.state is State.OPEN]
    await asyncio.sleep(0)  # (each close frame is written to its socket)
    for ws in lines:
        transport = ws.transport
        if transport.get_write_buffer_size():
            transport.abort()  # what the peer did not read would hold the socket open
        else:
            transport.close()
    await asyncio.gather(*saying, return_exceptions=True)


__all__ = ["GOING_AWAY", "Line", "admit", "hang_up"]
