"""Issue 43: finding an opponent. Two strangers (no room code passed between them)
find each other in the lobby (``seeks`` / ``accept``) or by quick pairing, and play;
one alone is played by the server's computer after the wait; a seek vanishes with
its connection; the lobby is capped; a bad accept is a one-line refusal, never
abuse; the listing holds nothing private."""

from __future__ import annotations

import asyncio
import json

import pytest

from russian_bank.net import lobby
from russian_bank.net.botseat import play
from russian_bank.net.client import Client, ServerRefused
from russian_bank.net.config import parse_args

from .helpers import ACTION_TIME, bot, local_record, run, serving, url

STEPS = {"clock": "steps", "action_time": ACTION_TIME}


async def _connected(srv, *names: str) -> list[Client]:
    out = []
    for name in names:
        c = Client(url(srv), name)
        c.frames = []
        await c.connect()
        out.append(c)
    return out


async def _strangers(seed: int) -> tuple[list[str], list[str], list[dict], Client, Client]:
    async with serving() as srv:
        ann, bob = await _connected(srv, "Ann", "Bob")
        seeking = await ann.seek(rules="committee", seed=seed, **STEPS)
        listing = await bob.seeks()
        assert [s["id"] for s in listing] == [seeking["id"]]
        joined_b = await bob.accept(listing[0]["id"])
        joined_a = await ann.until("joined")
        assert joined_a["room"] == joined_b["room"]
        assert (joined_a["seat"], joined_b["seat"]) == ("A", "B")
        assert joined_b["names"] == ["Ann", "Bob"] and joined_a["token"] != joined_b["token"]
        ra, rb = await asyncio.gather(play(ann, bot(0, seed)), play(bob, bot(1, seed)))
        assert await bob.seeks() == []  # (taken up: no longer open)
        for c in (ann, bob):
            await c.close()
        assert srv.errors == 0
        return ra.records, rb.records, listing, ann, bob


def test_two_strangers_find_each_other_and_play_the_local_runners_game():
    seed = 11
    ra, rb, listing, ann, bob = run(_strangers(seed))
    assert ra == rb == [local_record(seed)]
    seen = listing[0]
    assert (seen["rules"], seen["clock"], seen["action_time"], seen["name"]) == (
        "committee",
        "steps",
        ACTION_TIME,
        "Ann",
    )
    assert seen["age"] >= 0 and seen["pairing"] is False
    # privacy: no token, no seed, nothing of a connection in any listing frame
    assert bob.frames is not None
    listings = [json.loads(f) for f in bob.frames if json.loads(f)["type"] == "seeks"]
    assert len(listings) == 2
    for msg in listings:
        for s in msg["seeks"]:
            assert set(s) == {
                "id",
                "rules",
                "rules_title",
                "clock",
                "action_time",
                "name",
                "age",
                "pairing",
                "rated",
                "rating",
            }
            assert s["rated"] is False and s["rating"] is None  # (Ann claimed no name)
    assert ann.token and ann.token not in "".join(bob.frames)
    for raw in bob.frames:
        if '"seeks"' in raw or '"seeking"' in raw:
            assert "token" not in raw and "seed" not in raw


async def _pair_two() -> tuple[dict, dict, list[str], list[str]]:
    async with serving(pair_wait=30) as srv:
        ann, bob = await _connected(srv, "Ann", "Bob")
        first = asyncio.ensure_future(ann.pair(rules="belgian", seed=4, **STEPS))
        while not srv.lobby.entries:  # (Ann waits in the lobby)
            await asyncio.sleep(0.01)
        joined_b = await bob.pair(rules="belgian", **STEPS)
        joined_a = await asyncio.wait_for(first, 5)
        ra, rb = await asyncio.gather(play(ann, bot(0, 4)), play(bob, bot(1, 4)))
        assert not srv.lobby.entries
        for c in (ann, bob):
            await c.close()
        return joined_a, joined_b, ra.records, rb.records


def test_quick_pairing_pairs_two_at_once():
    ja, jb, ra, rb = run(_pair_two())
    assert ja["room"] == jb["room"] and (ja["seat"], jb["seat"]) == ("A", "B")
    assert ja["kinds"] == jb["kinds"] == ["person", "person"]
    assert ra == rb == [local_record(4, "belgian")]


async def _alone() -> tuple[dict, dict | None, float, list[str]]:
    async with serving(pair_wait=0.5) as srv:
        (ann,) = await _connected(srv, "Ann")
        other = Client(url(srv), "Cy")
        await other.connect()
        await other.seek(rules="french", **STEPS)  # another game: no fit
        t0 = asyncio.get_running_loop().time()
        joined = await ann.pair(rules="committee", seed=7, computer="club", **STEPS)
        waited = asyncio.get_running_loop().time() - t0
        seeking = ann.seeking
        played = await play(ann, bot(0, 7))
        assert [s["name"] for s in await other.seeks()] == ["Cy"]
        for c in (ann, other):
            await c.close()
        return joined, seeking, waited, played.records


def test_one_alone_gets_the_computer_after_the_wait():
    joined, seeking, waited, records = run(_alone())
    assert joined["seat"] == "A" and joined["kinds"] == ["person", "club"]
    assert seeking is None  # (he plays: no longer seeking)
    assert 0.4 <= waited < 5
    assert records == [local_record(7)]  # the server's club computer: the local runner's


async def _closed() -> tuple[int, int]:
    async with serving() as srv:
        ann, bob = await _connected(srv, "Ann", "Bob")
        await ann.seek(rules="committee")
        before = len(await bob.seeks())
        await ann.drop()  # no closing handshake: a cut cable
        for _ in range(200):
            if not srv.lobby.entries:
                break
            await asyncio.sleep(0.01)
        after = len(await bob.seeks())
        await bob.close()
        return before, after


def test_a_closed_connections_seek_vanishes():
    assert run(_closed()) == (1, 0)


async def _capped() -> tuple[list[str], int, str]:
    async with serving(max_seeks=2) as srv:
        a, b, c = await _connected(srv, "Ann", "Bob", "Cy")
        said = []
        await a.seek()
        with pytest.raises(ServerRefused) as one:
            await a.seek()  # one open seek a connection
        said.append(str(one.value))
        await b.seek()
        with pytest.raises(ServerRefused) as full:
            await c.seek()
        said.append(str(full.value))
        n = len(await c.seeks())
        lobby.LISTED = 1  # (the listing's own bound, lowered: its frame stays small)
        try:
            shown = len(await c.seeks())
        finally:
            lobby.LISTED = 200
        assert c.frames is not None and shown == 1
        assert json.loads(c.frames[-1])["open"] == 2
        await a.cancel()
        cancelled = (await c.seek())["name"]
        for x in (a, b, c):
            await x.close()
        return said, n, cancelled


def test_the_lobby_is_capped_and_one_seek_a_connection():
    said, n, cancelled = run(_capped())
    assert said == [
        "you have an open seek already (cancel it first)",
        "the lobby is full: try again later",
    ]
    assert n == 2 and cancelled == "Cy"


async def _bad_accepts() -> tuple[list[str], float, float, str]:
    async with serving(abuse_limit=3) as srv:
        ann, bob = await _connected(srv, "Ann", "Bob")
        mine = await ann.seek()
        said = []
        for _ in range(6):  # twice the abuse limit: refusals by the rules, never abuse
            for who, seek_id in ((bob, "ZZZZZZ"), (ann, mine["id"])):
                with pytest.raises(ServerRefused) as e:
                    await who.accept(seek_id)
                said.append(str(e.value))
        with pytest.raises(ServerRefused) as nothing:
            await bob.cancel()
        conns = list(srv.conns.values())
        level = min(c.abuse.level for c in conns)
        full = max(c.abuse.size for c in conns)
        listing = await bob.seeks()  # both still connected and heard
        joined = await bob.accept(listing[0]["id"])
        for c in (ann, bob):
            await c.close()
        return said, level, full, str(nothing.value) + "|" + joined["seat"]


def test_a_bad_accept_gets_one_line_and_is_not_abuse():
    said, level, full, rest = run(_bad_accepts())
    assert said[:2] == ["there is no open seek with that id", "that seek is your own"]
    assert len(set(said)) == 2 and len(said) == 12
    assert level == full  # nothing held against either connection
    assert rest == "you have no open seek|B"


def test_the_lobby_options_and_their_bounds(capsys):
    c = parse_args(["--seeks", "7", "--pair-wait", "12.5"])
    assert (c.max_seeks, c.pair_wait) == (7, 12.5)
    with pytest.raises(SystemExit):
        parse_args(["--pair-wait", "0"])
    assert "--pair-wait must be" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        parse_args(["--seeks", "-1"])
    assert "--seeks must be 0 to 10000" in capsys.readouterr().err


async def _full() -> tuple[str, int, int]:
    async with serving(pair_wait=0.2, max_rooms=0) as srv:
        (ann,) = await _connected(srv, "Ann")
        with pytest.raises(ServerRefused) as e:
            await ann.pair(rules="committee", timeout=10)
        left = len(srv.lobby.entries)
        await ann.close()
        return str(e.value), left, srv.errors


def test_a_full_server_tells_the_pairer_in_one_line_at_the_end_of_the_wait():
    said, left, errors = run(_full())
    assert said == "the server is full: try again later"
    assert left == 0 and errors == 0
