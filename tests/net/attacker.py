"""An attacker of the table server in a process of its own (tests/net/test_limits_*),
so that its work does not run on the server's loop as it would in the test's own.

    python -m tests.net.attacker PORT hold N SECONDS   # hold N connections, knock on
    python -m tests.net.attacker PORT rooms 0 SECONDS  # create rooms as fast as it can
    python -m tests.net.attacker PORT silent N SECONDS # N sockets that never speak,
                                                       # opened on a line from stdin

Loopback only, from 127.0.0.1. It prints one line of JSON, what it met, when the
time is up or a line comes on its standard input, whichever is first (hold and
rooms; silent opens its sockets on a first line and closes them when the time is up).
"""

from __future__ import annotations

import asyncio
import json
import socket
import sys
import time
from collections import Counter
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from russian_bank.net.protocol import client


async def knock(url: str, met: Counter[str], bodies: set[str]) -> Any:
    """One connection: open (returned) or turned away (None, its line kept)."""
    try:
        return await connect(url, compression=None, proxy=None, open_timeout=10)
    except InvalidStatus as e:
        met[f"status {e.response.status_code}"] += 1
        bodies.add(e.response.body.decode("utf-8", "replace") if e.response.body else "")
    except (OSError, TimeoutError, ConnectionClosed) as e:
        met[type(e).__name__] += 1
    return None


def told() -> asyncio.Future[Any]:
    """Done when a line comes on the standard input (the test says: enough)."""
    return asyncio.ensure_future(asyncio.to_thread(sys.stdin.readline))


async def hold(url: str, n: int, seconds: float) -> dict[str, Any]:
    met: Counter[str] = Counter()
    bodies: set[str] = set()
    held = [ws for ws in [await knock(url, met, bodies) for _ in range(n)] if ws is not None]
    met["held"] = len(held)
    end, stop = time.monotonic() + seconds, told()
    while time.monotonic() < end and not stop.done():  # knock on, as fast as it is answered
        ws = await knock(url, met, bodies)
        if ws is not None:
            met["let in later"] += 1
            await ws.close()
    for ws in held:
        await ws.close()
    return {"met": dict(met), "bodies": sorted(bodies)}


async def rooms(url: str, seconds: float) -> dict[str, Any]:
    met: Counter[str] = Counter()
    bodies: set[str] = set()
    end, stop = time.monotonic() + seconds, told()
    while time.monotonic() < end and not stop.done():  # a connection a room (one seat each)
        ws = await knock(url, met, bodies)
        if ws is None:
            continue
        try:
            await ws.send(client("create", name="Eve", clock="real"))
            while True:
                msg = json.loads(await ws.recv())
                if msg["type"] in ("joined", "error"):
                    key = msg["said"]["key"] if msg["type"] == "error" else "joined"
                    met[key] += 1
                    break
        finally:
            await ws.close()
    return {"met": dict(met), "bodies": sorted(bodies)}


async def silent(port: int, n: int, seconds: float) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    socks, met = [], Counter[str]()
    for _ in range(n):
        s = socket.socket()
        s.setblocking(False)
        try:
            await asyncio.wait_for(loop.sock_connect(s, ("127.0.0.1", port)), 5)
            socks.append(s)
        except (OSError, TimeoutError) as e:
            met[type(e).__name__] += 1
            s.close()
    met["opened"] = len(socks)
    await asyncio.sleep(seconds)
    for s in socks:
        s.close()
    return {"met": dict(met)}


def main(argv: list[str]) -> None:
    port, mode, n, seconds = int(argv[0]), argv[1], int(argv[2]), float(argv[3])
    url = f"ws://127.0.0.1:{port}"
    if mode == "hold":
        out = asyncio.run(hold(url, n, seconds))
    elif mode == "rooms":
        out = asyncio.run(rooms(url, seconds))
    else:
        sys.stdin.readline()  # the test says when (it has made its descriptors scarce)
        out = asyncio.run(silent(port, n, seconds))
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
