"""Issue 43: names, ratings and the archive on one server (SQLite, no Redis).

Two strangers claim names, find each other in the lobby and play a rated game to
its end; the game is then in both archives (the fetched text is the server's kept
game) and both ratings moved. A casual game moves none; a wrong secret is refused
in one line and no secret is stored; a restarted server knows it all again; bad
messages get one-line errors."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from russian_bank.history import Store
from russian_bank.net.botseat import play
from russian_bank.net.client import Client, ServerRefused
from russian_bank.net.naming import identity_for, kept_identity, new_secret, read_fetched
from russian_bank.net.players import FILE

from .helpers import ACTION_TIME, bot, local_record, run, serving, url

STEPS = {"clock": "steps", "action_time": ACTION_TIME}
TAKEN = "that name is taken: choose another"


async def named(srv, name: str, secret: str) -> Client:
    c = Client(url(srv), name)
    await c.connect()
    claimed = await c.claim(secret)
    assert claimed["name"] == name
    return c


async def _rated_game(data: Path | None, secrets: dict[str, str], seed: int = 11):
    async with serving(data=data) as srv:
        ann = await named(srv, "Ann", secrets["Ann"])
        bob = await named(srv, "Bob", secrets["Bob"])
        seeking = await ann.seek(rules="committee", seed=seed, rated=True, **STEPS)
        (listed,) = await bob.seeks()
        assert listed["id"] == seeking["id"] and listed["rated"] is True
        assert listed["rating"] == {"rating": 1500.0, "rd": 350.0}  # a newcomer's
        await bob.accept(listed["id"])
        await ann.until("joined")
        ra, rb = await asyncio.gather(play(ann, bot(0, seed)), play(bob, bot(1, seed)))
        assert ra.records == rb.records == [local_record(seed)]
        cards = [await ann.card(), await ann.card("bob")]  # (anyone's card, by any case)
        archives = [await ann.archive(), await bob.archive()]
        fetched = [await ann.fetch(archives[0]["games"][0]["id"])]
        fetched.append(await bob.fetch(archives[1]["games"][0]["id"]))
        outcome = ann.over["outcome"] if ann.over else None
        for c in (ann, bob):
            await c.close()
        assert srv.errors == 0
        return cards, archives, fetched, outcome


def test_two_strangers_play_a_rated_game_kept_in_both_archives_and_rated(tmp_path):
    secrets = {"Ann": new_secret(), "Bob": new_secret()}
    cards, archives, fetched, outcome = run(_rated_game(tmp_path, secrets))
    assert outcome is not None and outcome["winner"] is not None  # (seed 11 is decided)
    winner, loser = ("Ann", "Bob") if outcome["winner"] == 0 else ("Bob", "Ann")
    by_name = {c["name"]: c for c in cards}
    assert set(by_name) == {"Ann", "Bob"}
    for name, card in by_name.items():
        (two_pack,) = card["ratings"]
        assert two_pack["family"] == "two-pack" and two_pack["games"] == 1
        assert two_pack["rd"] < 350  # the deviation came down
        if name == winner:
            assert two_pack["rating"] > 1500 and two_pack["wins"] == 1
        else:
            assert two_pack["rating"] < 1500 and two_pack["losses"] == 1
        assert card["games"] == 1
    assert by_name[winner]["ratings"][0]["rating"] > by_name[loser]["ratings"][0]["rating"]
    # the archive: the same game in both, the fetched text the server's kept game
    (kept_file,) = sorted((tmp_path / "games").glob("*.rbgame"))
    server_text = kept_file.read_text(encoding="utf-8")
    (a_game,), (b_game,) = archives[0]["games"], archives[1]["games"]
    assert a_game["id"] == b_game["id"] and (a_game["seat"], b_game["seat"]) == ("A", "B")
    assert a_game["names"] == ["Ann", "Bob"] and a_game["rated"] is True
    assert a_game["family"] == "two-pack" and a_game["rules"] == "committee"
    assert archives[0]["total"] == 1 and archives[0]["pages"] == 1
    assert fetched[0]["text"] == fetched[1]["text"] == server_text
    kept = read_fetched(fetched[1], "B")  # Bob brings it into his Past games
    store = Store(tmp_path / "bob-history")
    store.save(kept)
    (mine,) = store.games()
    assert mine.seat == 1 and mine.names == ("Ann", "Bob") and mine.record == kept.record
    # a restarted server (the same data folder) knows the names, ratings and archive
    again = run(_restarted(tmp_path, secrets))
    assert again[0] == cards[0] and again[1] == archives[0]


async def _restarted(data: Path, secrets: dict[str, str]):
    async with serving(data=data) as srv:
        eve = Client(url(srv), "ann")
        await eve.connect()
        with pytest.raises(ServerRefused, match=TAKEN):
            await eve.claim(new_secret())
        ann = Client(url(srv), "Ann")
        await ann.connect()
        claimed = await ann.claim(secrets["Ann"])
        assert claimed["new"] is False
        out = (await ann.card(), await ann.archive())
        for c in (eve, ann):
            await c.close()
        return out


async def _casual_and_abandoned(data: Path):
    async with serving(data=data) as srv:
        keys = {"Ann": new_secret(), "Bob": new_secret()}
        out = []
        for rated in (False, True):
            ann, bob = [await named(srv, n, keys[n]) for n in ("Ann", "Bob")]
            await ann.seek(rules="one-pack", rated=rated)
            (listed,) = await bob.seeks()
            assert listed["rated"] is rated
            await bob.accept(listed["id"])
            await ann.until("joined")
            while not ann.view.get("to_act"):
                await ann.recv(5)
            # the Player of the first turn leaves (through the real protocol; 003: on his turn)
            leaver = ann if ann.view["to_act"] == "A" else bob
            await leaver.act(f"abandon {leaver.seat}")
            for c in (ann, bob):
                while c.over is None:
                    await c.recv(5)
                assert not c.errors, c.errors
            cards = {"left": await leaver.card(), "stayed": await leaver.card(other(leaver))}
            out.append((cards, await ann.archive(), leaver.seat))
            for c in (ann, bob):
                await c.close()
        assert srv.errors == 0
        return out


def other(c: Client) -> str:
    return "Bob" if c.name == "Ann" else "Ann"


def test_a_casual_game_moves_no_rating_and_an_abandoned_rated_game_is_a_loss(tmp_path):
    casual, rated = run(_casual_and_abandoned(tmp_path))
    cards, archive, _seat = casual
    assert cards["left"]["ratings"] == cards["stayed"]["ratings"] == []  # casual: no rating
    assert archive["games"][0]["rated"] is False and archive["games"][0]["family"] == "one-pack"
    cards, archive, seat = rated
    (left,), (stayed,) = cards["left"]["ratings"], cards["stayed"]["ratings"]
    assert left["family"] == stayed["family"] == "one-pack"  # apart from the two-pack games
    assert stayed["rating"] > 1500 > left["rating"]  # the one who left lost
    assert (stayed["wins"], left["losses"], left["wins"]) == (1, 1, 0)
    assert left["rd"] < 350 and stayed["rd"] < 350
    assert archive["total"] == 2 and archive["games"][0]["rated"] is True
    game = archive["games"][0]
    assert game["winner"] == "AB"["BA".index(seat)] and game["reason"] == "abandoned"


async def _claims(data: Path):
    async with serving(data=data) as srv:
        secret = new_secret()
        await (await named(srv, "Zoé", secret)).close()
        out = []
        for name, given in (("zoé", new_secret()), ("ZOÉ", secret), ("Zoé", secret)):
            c = Client(url(srv), name)
            await c.connect()
            try:
                out.append((await c.claim(given))["name"])
            except ServerRefused as e:
                out.append(str(e))
            await c.close()
        # a rated seek, or taking one up, needs a claimed name; one's own is refused
        anon = Client(url(srv), "Anon")
        await anon.connect()
        with pytest.raises(ServerRefused, match="a rated game is for a name of your own"):
            await anon.seek(rules="committee", rated=True)
        zoe = await named(srv, "Zoé", secret)
        seek = await zoe.seek(rules="committee", rated=True)
        with pytest.raises(ServerRefused, match="a rated game is for a name of your own"):
            await anon.accept(seek["id"])
        twin = await named(srv, "ZOÉ".title(), secret)  # the same player elsewhere
        with pytest.raises(ServerRefused, match="that seek is your own"):
            await twin.accept(seek["id"])
        for c in (anon, zoe, twin):
            await c.close()
        assert srv.errors == 0
        return out, secret


def test_a_wrong_secret_is_refused_in_one_line_and_no_secret_is_kept(tmp_path):
    out, secret = run(_claims(tmp_path))
    assert out == [TAKEN, "Zoé", "Zoé"]  # (one name whatever its case; kept as claimed)
    raw = (tmp_path / FILE).read_bytes()
    assert secret.encode() not in raw
    with sqlite3.connect(tmp_path / FILE) as db:
        rows = db.execute("SELECT key, name, salt, hash, kdf FROM players").fetchall()
    ((key, name, salt, sealed, kdf),) = rows
    assert (key, name) == ("zoé", "Zoé") and kdf.startswith("scrypt:")
    assert len(salt) == 16 and len(sealed) == 32 and secret.encode() not in sealed


BAD = [
    ({"type": "claim", "name": " Ann", "secret": "s" * 43}, "space"),
    ({"type": "claim", "name": "A" * 25, "secret": "s" * 43}, "name must be"),
    ({"type": "claim", "name": "Ann", "secret": "short"}, "secret must be"),
    ({"type": "claim", "name": "Ann\x00", "secret": "s" * 43}, "control character"),
    ({"type": "claim", "name": "Ann"}, "claim needs the field 'secret'"),
    ({"type": "card", "name": 7}, "name must be"),
    ({"type": "card"}, "claim a name first"),
    ({"type": "card", "name": "Nobody"}, "nobody plays under that name"),
    ({"type": "archive", "page": -1}, "page must be"),
    ({"type": "archive", "page": 2**70}, "page must be"),
    ({"type": "archive", "page": True}, "page must be"),
    ({"type": "archive"}, "claim a name first"),
    ({"type": "fetch", "id": "../../etc/passwd"}, "id must be"),
    ({"type": "fetch", "id": "A" * 12}, "claim a name first"),
    ({"type": "seek", "name": "Ann", "rated": "yes"}, "rated must be"),
]


async def _bad_messages():
    async with serving() as srv:  # (no data folder: the players live in memory)
        c = Client(url(srv), "Eve")
        await c.connect()
        lines = []
        for msg, _said in BAD:
            await c.send_raw(json.dumps({"v": 2, **msg}))
            answer = await c.recv(5)
            assert answer["type"] == "error"
            lines.append(answer["reason"])
        await c.claim(new_secret())
        await c.send("fetch", id="A" * 12)
        lines.append((await c.recv(5))["reason"])
        await c.close()
        assert srv.errors == 0
        return lines


def test_bad_name_messages_get_one_line_errors():
    lines = run(_bad_messages())
    for line, (_msg, said) in zip(lines, BAD, strict=False):
        assert said in line and "\n" not in line and len(line) < 200
    assert lines[-1] == "that game is not in your archive"


def test_the_identity_file_is_made_once_and_a_broken_one_starts_afresh(tmp_path):
    first, warning = identity_for(tmp_path, "Ann")
    assert warning is None and len(first.secret) >= 32
    again, _w = identity_for(tmp_path, "Annie")  # another name, the same secret
    assert again.secret == first.secret and kept_identity(tmp_path)[0] == again
    (tmp_path / "player.json").write_text('{"name": "Ann", "secret": 3', encoding="utf-8")
    fresh, warning = identity_for(tmp_path, "Ann")
    assert warning is not None and "\n" not in warning and "player.json" in warning
    assert fresh.secret != first.secret and kept_identity(tmp_path) == (fresh, None)
