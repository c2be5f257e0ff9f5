"""Issue 43, with several processes: two strangers who reach the router find each
other in the lobby (one process holds it, ``rb:lobby``), play a rated game to its
end while a spectator watches it through the router, and afterwards the game is in
both archives and both ratings moved, kept in Redis (``RedisPlayers``) where every
process reads them. The spectator's bytes hold no face-down card."""

from __future__ import annotations

import asyncio
import subprocess

import redis

from russian_bank.net.botseat import play
from russian_bank.net.client import Client
from russian_bank.net.naming import new_secret
from russian_bank.net.paths import LOBBY
from russian_bank.net.shared import LOBBY as LOBBY_KEY
from russian_bank.net.shared import live
from tools.bench.cluster import Cluster

from .helpers import ACTION_TIME, bot, local_record, run
from .test_privacy import leaks, shown_after
from .test_watch import private_in, watch_to_the_end

SEED = 11  # a decided game (tests/net/test_names.py)


async def _lobby_game(cluster: Cluster) -> dict[str, object]:
    ann, bob, eve = (Client(cluster.url, n) for n in ("Ann", "Bob", "Eve"))
    for c in (ann, bob):
        await c.connect(LOBBY)  # two connections: round robin would part them
        await c.claim(new_secret())
    seeking = await ann.seek(
        rules="committee", seed=SEED, rated=True, clock="steps", action_time=ACTION_TIME
    )
    (listed,) = await bob.seeks()
    assert listed["id"] == seeking["id"] and listed["rated"] is True
    await bob.accept(listed["id"])
    joined = await ann.until("joined")
    eve.frames = []
    await eve.watch(joined["room"])  # (connects to /room/CODE: the lobby's process)
    ra, rb, _ = await asyncio.gather(
        play(ann, bot(0, SEED)), play(bob, bot(1, SEED)), watch_to_the_end(eve)
    )
    # the card and archive, read through another connection (any process)
    other = Client(cluster.url, "Zed")
    await other.connect()
    cards = {n: await other.card(n) for n in ("Ann", "Bob")}
    archives = [await ann.archive(), await bob.archive()]
    for c in (ann, bob, eve, other):
        await c.close()
    return {
        "records": ra.records + rb.records,
        "outcome": ann.over["outcome"] if ann.over else None,
        "cards": cards,
        "archives": archives,
        "frames": eve.frames,
    }


def test_strangers_meet_through_the_router_and_their_rated_game_is_kept(redis_url, tmp_path):
    with open(tmp_path / "servers.log", "w") as log:
        cluster = Cluster(redis_url, 2, log)
        try:
            store = redis.Redis.from_url(redis_url, decode_responses=True)
            procs = run(live(store_async(redis_url)))
            assert len(procs) == 2 and store.get(LOBBY_KEY) in procs  # one holds the lobby
            got = run(_lobby_game(cluster), timeout=300)
        finally:
            cluster.close()
    local = local_record(SEED)
    assert got["records"] == [local, local]
    outcome = got["outcome"]
    assert isinstance(outcome, dict) and outcome["winner"] in (0, 1)
    winner = ("Ann", "Bob")[outcome["winner"]]
    for name, card in got["cards"].items():
        (two_pack,) = card["ratings"]
        assert two_pack["games"] == 1 and two_pack["rd"] < 350
        assert (two_pack["rating"] > 1500) is (name == winner), (name, two_pack)
        assert card["games"] == 1
    (a_game,), (b_game,) = (a["games"] for a in got["archives"])
    assert a_game["id"] == b_game["id"] and a_game["rated"] is True
    frames = got["frames"]
    assert len(frames) > 100
    assert leaks(frames, shown_after(local)) == [] and private_in(frames) == []
    assert "Traceback" not in (tmp_path / "servers.log").read_text()


def store_async(url: str):  # (live() reads through the asyncio client)
    import redis.asyncio as aioredis

    return aioredis.from_url(url, decode_responses=True)


def test_without_the_lobby_path_two_processes_keep_two_lobbies(redis_url, tmp_path):
    """The check can fail: seekers who reach different processes by the bare
    address do not see each other (why the lobby has a path of its own)."""
    cluster = Cluster(redis_url, 2, subprocess.DEVNULL)
    try:
        seen = run(_apart(cluster), timeout=60)
    finally:
        cluster.close()
    assert seen == 0


async def _apart(cluster: Cluster) -> int:
    ann, bob = Client(cluster.url, "Ann"), Client(cluster.url, "Bob")
    await ann.connect()  # the bare address: the processes in turn
    await bob.connect()
    await ann.seek(rules="committee")
    listed = await bob.seeks()
    for c in (ann, bob):
        await c.close()
    return len(listed)
