"""Issue 43: a seat kept for a person away, judged on the server's clock. The other
seat's views say for how long it is still kept (``away``); the room's clock stands
meanwhile and runs again when he is back; out of time, he forfeits (``by``
``forfeit``). Loopback only, bounded."""

from __future__ import annotations

import asyncio

from .helpers import run, serving, two_seats


async def view_where(client, test, timeout: float = 5.0):  # type: ignore[no-untyped-def]
    end = asyncio.get_running_loop().time() + timeout
    while True:
        msg = await client.recv(max(0.01, end - asyncio.get_running_loop().time()))
        if msg["type"] == "view" and test(msg):
            return msg


def test_i43_a_seat_away_is_counted_down_and_stops_the_clock_until_he_is_back() -> None:
    async def main() -> None:
        async with serving(forfeit=1.5) as srv:
            a, b = await two_seats(srv, seed=3, clock="real")
            (room,) = srv.rooms.values()
            await b.drop()
            kept = await view_where(a, lambda m: "B" in m["away"])
            assert 1.0 < kept["away"]["B"] <= 1.5 and "A" not in kept["away"]
            stood = room.match.clock
            await asyncio.sleep(0.4)
            assert room.match.clock == stood  # his clock stands while he is away
            await b.resume()
            await view_where(a, lambda m: m["away"] == {})
            await asyncio.sleep(0.3)
            assert room.match.clock > stood + 0.1  # and runs again when he is back
            await b.drop()
            await view_where(a, lambda m: "B" in m["away"])
            while a.over is None:
                await a.recv(5)
            (last,) = [e for e in a.events if e["kind"] == "step"][-1:]
            assert last["by"] == "forfeit" and last["action"] == "abandon B"
            assert a.over["outcome"]["winner"] == 0
            await a.close()

    run(main(), 30)
