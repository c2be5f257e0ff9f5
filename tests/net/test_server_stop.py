"""Issue 21: the server stops at once, whatever its peers do.

A peer that no longer reads (a program whose reading stopped, a machine gone
silent behind a cut cable) never answers a closing handshake; one that opened a
socket and never spoke never finishes the opening one. Waiting for them held the
server's stop for the WebSocket library's 10-second close (or open) timeout: the
loopback server of tests/ui/test_remote_seat_b.py timed out on its stop that way,
and a host leaving his table (``HostedServer.stop``, bounded at 5 s) would have
had a traceback. The stop says goodbye (a going-away close frame) and hangs up
without waiting for an answer."""

from __future__ import annotations

import asyncio
import time

from russian_bank.net.client import Client
from russian_bank.net.config import Config
from russian_bank.net.server import Server

from .helpers import run, url


def test_the_server_stops_at_once_though_a_peer_no_longer_reads_and_another_never_spoke():
    async def main() -> tuple[float, int | None, bool]:
        srv = Server(Config(host="127.0.0.1", port=0))
        await srv.start()
        deaf = Client(url(srv), "Ann")
        await deaf.connect()
        await deaf.create(opponent="novice", action_time=0.1)
        mute_reader, mute = await asyncio.open_connection("127.0.0.1", srv.port)
        polite = Client(url(srv), "Bob")
        await polite.connect()
        await polite.send("ping", t=0)
        await polite.until("pong")
        assert deaf.ws is not None
        deaf.ws.transport.pause_reading()  # it reads no more, answers nothing
        await asyncio.sleep(0.3)  # the room goes on sending to it meanwhile
        t0 = time.monotonic()
        await asyncio.wait_for(srv.stop(), 30)
        took = time.monotonic() - t0
        # the polite peer was told why: a going-away close, not a cut
        try:
            while True:
                await polite.recv(5)
        except Exception:
            pass
        assert polite.ws is not None
        code = polite.ws.close_code
        mute_closed = (await asyncio.wait_for(mute_reader.read(), 5)) == b""
        mute.close()
        deaf.ws.transport.abort()
        return took, code, mute_closed

    took, code, mute_closed = run(main(), 60)
    assert took < 2.0, f"the stop waited {took:.1f} s for peers that do not answer"
    assert code == 1001  # going away
    assert mute_closed  # the silent socket was hung up
