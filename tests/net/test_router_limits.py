"""Issue 43's limits behind the router (``net.router``): the router sees the
players' addresses, so it holds the caps on connections (one line to the offender,
HTTP 429), and it tells the processes (``--routed``) each client's address in
``X-Forwarded-For``, so their caps by address (new rooms a minute) still tell one
address from another. A header the client sends itself is dropped. Those caps by
address are counted in Redis, over every process at once (``net.redis_rates``)."""

from __future__ import annotations

import json

import pytest
from websockets.exceptions import InvalidStatus

from russian_bank.net.client import unreached_words
from russian_bank.net.protocol import client
from tools.bench.cluster import Cluster

from .helpers import connect_from, run

TOO_MANY_ROOMS = "too many new rooms from your address: wait a minute"


async def create(ws) -> dict:
    await ws.send(client("create", name="Ann", rules="committee"))
    while True:
        msg = json.loads(await ws.recv())
        if msg["type"] in ("joined", "error"):
            return msg


async def _at_the_router(url: str) -> dict[str, object]:
    held = [await connect_from(url, "127.0.0.1") for _ in range(3)]
    with pytest.raises(InvalidStatus) as turned:
        await connect_from(url, "127.0.0.1")
    # another address gets in; its third room in a minute is refused, by its own address
    made = []
    for source, spoof in (("127.0.0.2", None), ("127.0.0.2", "127.0.0.9"), ("127.0.0.2", None)):
        headers = {"X-Forwarded-For": spoof} if spoof else None
        ws = await connect_from(url, source, additional_headers=headers)
        made.append(await create(ws))
        await ws.close()
    ws = await connect_from(url, "127.0.0.3")
    other = await create(ws)
    await ws.close()
    for w in held:
        await w.close()
    return {"turned": turned.value, "made": made, "other": other}


def test_the_router_caps_an_address_and_the_processes_see_each_address(redis_url):
    cluster = Cluster(
        redis_url,
        1,
        server=("--rooms-per-minute", "2"),
        router=("--per-address", "3"),
    )
    try:
        got = run(_at_the_router(cluster.url), 60)
    finally:
        cluster.close()
    said = unreached_words("ws://h:1", got["turned"])
    assert said == "ws://h:1 turns you away: too many connections from your address"
    made = got["made"]
    assert [m["type"] for m in made] == ["joined", "joined", "error"], made
    assert made[2]["said"]["key"] == TOO_MANY_ROOMS  # (the spoofed header counted as .2)
    assert got["other"]["type"] == "joined"


async def _rooms_from_one_address(url: str, n: int) -> list[dict]:
    made = []
    for _ in range(n):  # (a connection each: the router hands them to the processes in turn)
        ws = await connect_from(url, "127.0.0.2")
        made.append(await create(ws))
        await ws.close()
    return made


def test_an_address_s_new_rooms_are_counted_over_every_process(redis_url):
    """Behind two processes an address opens 2 rooms a minute, not 2 on each: the
    bucket is in Redis (``net.redis_rates``)."""
    cluster = Cluster(redis_url, 2, server=("--rooms-per-minute", "2"))
    try:
        made = run(_rooms_from_one_address(cluster.url, 4), 60)
    finally:
        cluster.close()
    assert [m["type"] for m in made] == ["joined", "joined", "error", "error"], made
    assert made[2]["said"]["key"] == TOO_MANY_ROOMS


def test_shared_caps_judge_one_bucket_and_outlive_a_redis_hiccup(redis_url):
    from russian_bank.net.keys import connect_sync
    from russian_bank.net.redis_rates import RedisRates

    clients = [connect_sync(u) for u in (redis_url, redis_url, "redis://127.0.0.1:1/0")]
    one, two = (RedisRates(c, "rooms", 3) for c in clients[:2])  # (two processes)
    taken = [r.take("10.0.0.1", 0.0) for r in (one, two, one, two)]
    assert taken == [True, True, True, False]
    assert two.take("10.0.0.2", 0.0)  # another address, its own bucket
    gone = RedisRates(clients[2], "rooms", 3)  # nobody listens there
    assert [gone.take("10.0.0.1", 0.0) for _ in range(4)] == [True, True, True, False]
    for c in clients:
        c.close()
