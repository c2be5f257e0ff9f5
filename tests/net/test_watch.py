"""Issue 43: spectators. A third kind of seat watches a room by its code: it is sent
every step as it happens and the public view, never a face-down card nor anything
private to a seat (a token, an ask, a seat's own view, the players' chat); what it
sends into the game is refused in one line, and a room takes only so many."""

from __future__ import annotations

import asyncio
import dataclasses
import json

import pytest

from russian_bank.engine import Game
from russian_bank.games import ONE_PACK, game_type
from russian_bank.net.botseat import play
from russian_bank.net.client import Client
from russian_bank.net.config import parse_args
from russian_bank.net.watch import NotPublic, public_observation

from .helpers import ACTION_TIME, bot, run, serving, url
from .test_one_pack import KIND, hidden_after, one_pack_bot, without_unseen
from .test_privacy import leaks, shown_after

SPECTATOR = "a spectator cannot act or chat in the game"
FULL = "that room has all the spectators it takes"
WHISPER = "only between us"


async def watch_to_the_end(w: Client) -> None:
    """Read until the game is over and the view after its last step came."""

    def done() -> bool:
        steps = [e["actions"] for e in w.events if e.get("kind") == "step"]
        return w.over is not None and w.view.get("actions") == (steps[-1] if steps else 0)

    while not done():
        await w.recv(30)


async def _watched_bot_game(seed: int, rules: str, make=bot) -> tuple[Client, str, str]:
    async with serving() as srv:
        a, b, w = Client(url(srv), "Ann"), Client(url(srv), "Bob"), Client(url(srv))
        w.frames = []
        for c in (a, b, w):
            await c.connect()
        joined = await a.create(clock="steps", seed=seed, rules=rules, action_time=ACTION_TIME)
        watching = await w.watch(joined["room"])
        assert watching["room"] == joined["room"] and watching["watchers"] == 1
        await b.join(joined["room"])
        await a.send("chat", text=WHISPER)  # the players' own: never the spectator's
        ra, _rb, _ = await asyncio.gather(
            play(a, make(0, seed)), play(b, make(1, seed)), watch_to_the_end(w)
        )
        for c in (a, b, w):
            await c.close()
        assert any(e.get("kind") == "chat" for e in b.events)  # (the chat was sent)
        return w, ra.records[0], joined["room"]


def private_in(frames: list[str]) -> list[str]:
    """What a spectator's frames hold that is private to a seat."""
    out = []
    for raw in frames:
        msg = json.loads(raw)
        kind, event = msg["type"], msg.get("event", {})
        if kind in ("joined", "ask") or "token" in raw or WHISPER in raw:
            out.append(f"{kind}: {raw[:100]}")
        elif kind == "view" and (msg["seat"] is not None or msg["ask"] is not None):
            out.append(f"a seat's view: {raw[:100]}")
        elif kind == "event" and event.get("kind") == "chat":
            out.append(f"chat: {raw[:100]}")
    return out


def test_a_spectator_sees_every_step_and_nothing_private():
    for seed, rules in ((5, "committee"), (9, "belgian")):
        w, record, room = run(_watched_bot_game(seed, rules))
        frames = w.frames
        assert frames is not None and len(frames) > 500
        # the privacy test reads his bytes too
        assert leaks(frames, shown_after(record)) == []
        assert private_in(frames) == []
        # every step as it happened: one per action of the record, in order
        steps = [e for e in w.events if e["kind"] == "step"]
        n = len(Game.from_record(record).actions)
        assert [e["actions"] for e in steps] == list(range(1, n + 1))
        assert w.record == record and w.room == room and w.seat == ""
        views = [json.loads(f) for f in frames if '"type":"view"' in f]
        assert len(views) > 50 and views[-1]["actions"] == n
    # the check can fail: a seat's own view, a token, a chat are caught
    seat_view = json.dumps({"type": "view", "seat": "A", "ask": None, "actions": 0})
    assert private_in([seat_view, '{"type":"joined","token":"x"}'])


def test_a_spectator_of_the_one_pack_game_sees_no_hand_card():
    w, record, _room = run(_watched_bot_game(6, ONE_PACK, one_pack_bot))
    frames = w.frames
    assert frames is not None and len(frames) > 200 and w.record == record
    assert leaks(without_unseen(frames), hidden_after(record)) == []
    assert private_in(frames) == []
    steps = [e["actions"] for e in w.events if e["kind"] == "step"]
    assert steps == list(range(1, len(KIND.game_from_record(record).actions) + 1))


async def _refused() -> None:
    async with serving(abuse_limit=5) as srv:
        a, b, w = Client(url(srv), "Ann"), Client(url(srv), "Bob"), Client(url(srv))
        for c in (a, b, w):
            await c.connect()
        joined = await a.create(clock="steps", seed=3, action_time=ACTION_TIME)
        await w.watch(joined["room"])
        await b.join(joined["room"])
        game = asyncio.gather(play(a, bot(0, 3)), play(b, bot(1, 3)))
        intents = [
            ("act", {"action": "turn"}),
            ("chat", {"text": "hello"}),
            ("offer_draw", {}),
            ("answer_draw", {"accept": True}),
            ("answer", {"ask": 1, "action": None}),
            ("rematch", {}),
            ("join", {"room": joined["room"], "name": "Eve"}),
            ("watch", {"room": joined["room"]}),
        ]
        for _round in range(2):  # more than abuse_limit: refusals are answers, not abuse
            for type_, fields in intents:
                await w.send(type_, **fields)
        errors: list[dict] = []
        while len(errors) < 2 * len(intents):
            msg = await w.recv(10)
            if msg["type"] == "error":
                errors.append(msg)
        keys = [e["said"]["key"] for e in errors]
        assert keys.count(SPECTATOR) == 2 * 6
        assert keys.count("this connection already holds a seat") == 0
        assert keys.count("this connection already watches a room") == 4
        assert all(len(e["reason"].splitlines()) == 1 for e in errors)
        ra, rb = await game  # the game went on to its end
        assert ra.records == rb.records and len(ra.records) == 1
        await watch_to_the_end(w)
        assert w.record == ra.records[0]
        assert not any(e.get("kind") == "chat" for e in a.events)
        for c in (a, b, w):
            await c.close()


def test_a_spectator_is_refused_in_one_line_and_the_game_goes_on():
    run(_refused())


async def answer(w: Client, room: str) -> dict:
    """The server's answer to ``w`` watching ``room``: ``watching`` or an ``error``."""
    await w.send("watch", room=room)
    msg = await w.recv(10)
    while msg["type"] not in ("watching", "error"):
        msg = await w.recv(10)
    return msg


async def _capped() -> None:
    async with serving(max_watchers=2) as srv:
        a = Client(url(srv), "Ann")
        await a.connect()
        room = (await a.create(clock="real"))["room"]
        ws = [Client(url(srv)) for _ in range(4)]
        for w in ws:
            await w.connect()
        await ws[0].watch(room)
        assert (await ws[1].watch(room))["watchers"] == 2
        assert (await answer(ws[2], room)).get("said") == {"key": FULL}
        await ws[0].close()  # one leaves: a place for another
        for _try in range(50):
            msg = await answer(ws[3], room)
            if msg["type"] == "watching":
                break
            await asyncio.sleep(0.05)
        assert msg["type"] == "watching"
        gone = {"key": "there is no room with that code"}
        assert (await answer(ws[2], "2" * 10)).get("said") == gone
        for c in (a, *ws[1:]):
            await c.close()


def test_a_room_takes_only_so_many_spectators():
    run(_capped())
    assert parse_args(["--watchers", "3"]).max_watchers == 3
    assert parse_args([]).max_watchers == 16
    with pytest.raises(SystemExit):
        parse_args(["--watchers", "-1"])


def test_no_public_view_where_the_seats_see_differently():
    game = game_type("committee").new_game(4)
    assert public_observation(game) == game.observe(0)
    assert public_observation(game_type("one-pack").new_game(4)).seat == 0

    class Private:  # a game whose seat B would see a card seat A does not
        def observe(self, seat: int) -> object:
            obs = game.observe(seat)
            return dataclasses.replace(obs, held=None if seat == 0 else obs.table[0][-1])

    with pytest.raises(NotPublic):
        public_observation(Private())  # type: ignore[arg-type]
