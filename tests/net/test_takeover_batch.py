"""Taking a dead process's rooms over in a few round trips (issue 43, net.shared):
the claims asked for at once go to Redis in one script call and one pipeline, a
burst of calls waits for a free connection instead of failing, and the process
that claims a dead owner's room is the one the router sends its seats to."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import redis

from russian_bank.net.keys import LOBBY, alive_key, connect, home, owner_key
from russian_bank.net.room import Room
from russian_bank.net.router import Router
from russian_bank.net.seats import Settings
from russian_bank.net.shared import Shared


class Host:
    """What Shared needs of a server: its rooms, and where adopted rooms go."""

    def __init__(self) -> None:
        self.rooms: dict[str, Room] = {}
        self.thinkers = None

    def _adopted(self, room: Room) -> None:
        self.rooms[room.code] = room

    def _send_out(self, room: Room, items: list[Any]) -> None:
        pass

    def _let_go(self, room: Room) -> None:
        self.rooms.pop(room.code, None)


def _room(n: int) -> Room:
    r = Room(f"ROOM{n:06d}", Settings(), seed=100 + n)
    r.take(0, "Ann", "link-a")
    r.take(1, "Bob", "link-b")
    r.act(r.game.player, "turn stock")
    return r


async def _kept_by_a_dead_process(url: str, rooms: list[Room]) -> None:
    """The rooms written to Redis by a process that never beat (as if killed)."""
    dead = Shared(url, 3.0, Host(), 600.0)
    wall = time.time() - time.monotonic()
    for r in rooms:
        keys, args = dead._args(r, wall)
        assert await dead._write(keys=keys, args=args) == 1
    await dead.redis.aclose()


def test_a_dead_process_s_rooms_are_taken_in_one_call(redis_url: str) -> None:
    rooms = [_room(n) for n in range(120)]
    store = redis.Redis.from_url(redis_url, decode_responses=True)

    async def go() -> tuple[Host, float]:
        await _kept_by_a_dead_process(redis_url, rooms)
        store.set(owner_key(rooms[0].code), "live-one")  # a live process owns this one
        store.set(alive_key("live-one"), "127.0.0.1:9")
        store.config_resetstat()
        host = Host()
        taker = Shared(redis_url, 3.0, host, 600.0)
        claimer = asyncio.create_task(taker._claimer())
        asked = [r.code for r in rooms] + ["NOSUCHROOM"]
        t0 = time.monotonic()
        await asyncio.gather(*(taker.adopt(code) for code in asked))
        took = time.monotonic() - t0
        claimer.cancel()
        await taker.redis.aclose()
        return host, took

    host, took = asyncio.run(go())
    assert sorted(host.rooms) == sorted(r.code for r in rooms[1:])  # not the live one's
    for r in rooms[1:]:
        assert host.rooms[r.code].game.record_text() == r.game.record_text()
    owners = store.mget([owner_key(r.code) for r in rooms])
    assert owners[0] == "live-one" and len(set(owners[1:])) == 1
    calls = store.info("commandstats")
    ev = calls["cmdstat_evalsha"]
    assert ev["calls"] - ev["failed_calls"] - ev["rejected_calls"] == 1, ev  # one TAKE, 121 rooms
    assert calls.get("cmdstat_lrange", {}).get("calls") == 119  # in one pipeline
    assert took < 5.0


def test_a_burst_of_calls_waits_for_a_connection(redis_url: str) -> None:
    """Hundreds of seats coming back at once: more calls than the pool holds wait
    for a connection instead of failing (redis-py's own pool raises past 100)."""

    async def go() -> list[Any]:
        client = connect(redis_url)
        try:
            return await asyncio.gather(*(client.ping() for _ in range(300)))
        finally:
            await client.aclose()

    assert asyncio.run(go()) == [True] * 300


def test_the_router_sends_a_dead_owner_s_seats_where_the_room_is_claimed(
    redis_url: str,
) -> None:
    """With no live owner, every connection for a room goes to one process, the one
    whose scan claims the room (``net.keys.home``); others go round in turn."""
    addresses = ["127.0.0.1:7001", "127.0.0.1:7002", "127.0.0.1:7003"]

    async def go() -> tuple[list[str | None], list[str | None], set[str | None]]:
        router = Router(redis_url, 3.0)
        router.procs = {f"p{i}": a for i, a in enumerate(addresses)}
        codes = [f"ROOM{n:06d}" for n in range(30)]
        first = [await router.pick(c) for c in codes]
        again = [await router.pick(c) for c in codes]
        creates = {await router.pick("") for _ in range(6)}
        await router.redis.aclose()
        assert first == [home(c, sorted(addresses)) for c in codes]
        return first, again, creates

    first, again, creates = asyncio.run(go())
    assert first == again and len(set(first)) == 3
    assert creates == set(addresses)
    assert LOBBY.startswith("rb:")


def test_a_fault_in_one_batch_leaves_the_claimer_at_work(redis_url: str) -> None:
    """A batch that fails for a reason of ours answers its claims (no room) and the
    claimer goes on: the next claim takes its room."""
    rooms = [_room(n) for n in range(2)]

    async def go() -> Host:
        await _kept_by_a_dead_process(redis_url, rooms)
        host = Host()
        taker = Shared(redis_url, 3.0, host, 600.0)
        real = taker._claim_batch
        faults = [ValueError("a fault of ours")]

        async def once_broken(codes: list[str]) -> None:
            if faults:
                raise faults.pop()
            await real(codes)

        taker._claim_batch = once_broken  # type: ignore[method-assign]
        claimer = asyncio.create_task(taker._claimer())
        assert await asyncio.wait_for(taker.claim(rooms[0].code), 5) is None
        assert await asyncio.wait_for(taker.claim(rooms[1].code), 5) is not None
        claimer.cancel()
        await taker.redis.aclose()
        return host

    host = asyncio.run(go())
    assert list(host.rooms) == [rooms[1].code]
