"""LAN discovery with python-zeroconf, on the loopback interface only."""

from __future__ import annotations

import asyncio

import pytest

from russian_bank.net.config import Config
from russian_bank.net.discovery import Advert, find_games
from russian_bank.net.server import Server


def test_a_hosted_server_is_found_on_the_local_network():
    async def hosting():
        srv = Server(Config(port=0))
        await srv.start()
        name = f"Test table {srv.port}"  # (another table may be heard at the same time)
        advert = Advert(name, srv.port, "127.0.0.1", interfaces=["127.0.0.1"])
        try:
            await asyncio.to_thread(advert.start)
        except OSError as e:
            await srv.stop()
            return None, str(e)
        try:
            found = await asyncio.to_thread(find_games, 3.0, ["127.0.0.1"])
        finally:
            await asyncio.to_thread(advert.stop)
            await srv.stop()
        return found, srv.port

    found, port = asyncio.run(asyncio.wait_for(hosting(), 30))
    if found is None:
        print(f"SKIPPED: this machine forbids multicast on loopback ({port})")
        pytest.skip(f"multicast forbidden on loopback: {port}")
    mine = [f for f in found if f.port == port]
    assert mine, found
    assert mine[0].name == f"Test table {port}" and mine[0].address == "127.0.0.1"
    assert mine[0].url == f"ws://127.0.0.1:{port}"


def test_nothing_is_found_where_nothing_is_advertised():
    assert [f for f in find_games(1.0, ["127.0.0.1"]) if f.name == "Nobody's table"] == []
