"""The server's connections, known from their first byte, and its hang-up.

A stopping server must not wait for its peers. One that no longer reads (a
program whose reading stopped, a machine gone silent behind a cut cable) never
answers a closing handshake; one that opened a socket and never spoke never
finishes the opening one; waiting for them held the stop for the WebSocket
library's whole 10-second close or open timeout. :func:`hang_up` says goodbye (a
going-away close frame) and closes each socket at once.
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

GOING_AWAY = 1001


class Line(ServerConnection):
    """A connection from its first byte on, open or still opening (the
    library lists only the open ones)."""

    every: weakref.WeakSet[Line] = weakref.WeakSet()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        Line.every.add(self)


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


__all__ = ["GOING_AWAY", "Line", "hang_up"]
