"""Hostile clients (issue 21): malformed, unknown, mistyped, huge, out of turn,
illegal, stolen or replayed, flooding. Each gets a one-line error or a closed
connection; the server logs no traceback; another room's game plays on unharmed.

``RB_NET_FUZZ`` sets the number of hostile messages (default 10,000)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import time

from websockets.exceptions import ConnectionClosed

from russian_bank.net.botseat import play
from russian_bank.net.client import Client
from russian_bank.net.protocol import MESSAGES

from .helpers import bot, garbage, local_record, run, serving, two_seats, url

FUZZ = int(os.environ.get("RB_NET_FUZZ", "10000"))
WRONG = [None, True, -1, 2**70, 1.5, "", "x" * 300, [], {}, [1, [2]], {"a": None}, "turn stock"]
ACTIONS = [
    "turn stock",
    "turn hand",
    "discard",
    "stop A",
    "stop B",
    "compel A",
    "stand B",
    "play table0 bank0",
    "raise stockB",
    "play stockA table3",
    "back",
    "agree draw",
    "end innings",
    "turn over",
]

NAMES_BAD = [
    {"type": "claim", "name": " Eve", "secret": "s" * 43},  # a space at an end
    {"type": "claim", "name": "Eve", "secret": "s" * 10},  # a secret too short
    {"type": "claim", "name": "Eve", "secret": "s" * 43 + "!"},
    {"type": "card"},  # (no name claimed)
    {"type": "card", "name": "Nobody at all"},
    {"type": "archive", "page": 10**6},
    {"type": "archive"},  # (no name claimed)
    {"type": "fetch", "id": "../games/x"},
    {"type": "fetch", "id": "ABCDEFGHJKMN"},  # (no name claimed)
    {"type": "seek", "name": "Eve", "rated": True},  # (no name claimed)
]


def hostile(rng: random.Random, room: str, tokens: list[str]) -> str | bytes:
    """One message from a hostile client."""
    kind = rng.randrange(14)
    if kind == 0:
        return garbage(rng)
    if kind == 1:
        good = json.dumps({"v": 2, "type": "act", "action": "turn stock"})
        return good[: rng.randrange(len(good))]
    if kind == 2:
        return json.dumps(rng.choice([[1, 2], 3, "x", None, True, {"v": 2}]))
    if kind == 3:
        t = rng.choice(list(MESSAGES))
        return json.dumps({"v": 2, "type": t, rng.choice(["cheat", "__class__", "seed"]): 1})
    if kind == 4:
        t = rng.choice(list(MESSAGES))
        fields = list(MESSAGES[t].__struct_fields__) or ["x"]
        return json.dumps({"v": 2, "type": t, rng.choice(fields): rng.choice(WRONG)})
    if kind == 5:
        return rng.choice([b"\x00\x01binary", b'{"v":2,"type":"ping","t":1}'])
    if kind == 6:
        return json.dumps({"v": 2, "type": "act", "action": rng.choice(ACTIONS)})
    if kind == 7:
        token = rng.choice(tokens) if tokens and rng.random() < 0.5 else "A" * 32
        return json.dumps({"v": 2, "type": "resume", "room": room, "token": token})
    if kind == 8:
        return json.dumps({"v": 2, "type": rng.choice(["join", "look"]), "room": room, "name": "E"})
    if kind == 9:
        return json.dumps({"v": 2, "type": "answer", "ask": rng.randrange(1, 9), "action": None})
    if kind == 10:
        return json.dumps({"v": rng.choice([0, 2, "1", 1.0]), "type": "ping", "t": 1})
    if kind == 11:
        return "[" * rng.randrange(100, 2000) + "]" * 10
    if kind == 12:  # names, ratings and the archive (net.names): bad or not one's own
        return json.dumps({"v": 2, **rng.choice(NAMES_BAD)})
    return '{"v":2,"type":"ping","t":1,"t":2}' if rng.random() < 0.5 else '{"v":2,"t":NaN}'


class Tally:
    def __init__(self) -> None:
        self.sent = 0
        self.errors = 0
        self.closed = 0
        self.other = 0  # answers that were not errors (pongs, a room's description)
        self.lines: set[str] = set()


async def fuzzer(srv, victim: str, tokens: list[str], rng: random.Random, tally: Tally, n: int):
    while tally.sent < n:
        c = Client(url(srv), "Eve")
        await c.connect()
        if rng.random() < 0.15:  # sit in a real room of our own, to act out of turn there
            await c.send("create", name="Eve", opponent="novice", clock="real")
            await c.until("joined")
            tokens.append(c.token)  # replayed later, once it has been replaced
        try:
            for _ in range(rng.randrange(5, 60)):
                flood = rng.random() < 0.02  # many pings, faster than the rate allows
                burst = [json.dumps({"v": 2, "type": "ping", "t": 1})] * 120 if flood else []
                if not flood:
                    burst = [hostile(rng, victim, tokens)]
                    if rng.random() < 0.01:  # over the size limit: the server hangs up
                        burst = ['{"v":2,"type":"chat","text":"' + "x" * 5000 + '"}']
                for raw in burst:
                    await c.send_raw(raw)
                    tally.sent += 1
                for _ in burst:
                    try:
                        await reply(c, tally)
                    except TimeoutError:
                        raise AssertionError(f"no answer to {burst[0][:100]!r}") from None
        except ConnectionClosed:
            tally.closed += 1
        finally:
            await c.close()


async def reply(c: Client, tally: Tally) -> None:
    """Read to the answer of one message (a room's events may come between)."""
    while True:
        msg = await c.recv(timeout=10)
        if msg["type"] == "error":
            tally.errors += 1
            tally.lines.add(msg["reason"])
            assert "\n" not in msg["reason"] and len(msg["reason"]) < 200
            return
        ev = msg.get("event", {})
        mine = ev.get("seat") == c.seat and ev.get("by", "person") == "person"
        if msg["type"] in ("pong", "room", "joined") or (mine and ev["kind"] in ("chat", "step")):
            tally.other += 1  # a good message after all (a legal action, a chat line)
            return


class Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.text: list[str] = []
        self.bad: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        line = logging.Formatter("%(levelname)s %(name)s %(message)s").format(record)
        self.text.append(line)
        if record.levelno >= logging.ERROR or "Traceback" in line:
            self.bad.append(line)


async def _siege(seed: int, n: int):
    # the fuzzers open rooms from one address faster than its cap (test_limits_rooms)
    async with serving(rooms_per_minute=0) as srv:
        a, b = await two_seats(srv, seed)
        tokens: list[str] = []
        tally = Tally()
        t0 = time.monotonic()
        fuzz = [
            asyncio.ensure_future(fuzzer(srv, a.room, tokens, random.Random(i), tally, n))
            for i in range(4)
        ]
        ra, rb = await asyncio.gather(
            play(a, bot(0, seed), delay=0.002), play(b, bot(1, seed), delay=0.002)
        )
        during = tally.sent
        await asyncio.gather(*fuzz)
        await a.close()
        await b.close()
        return ra.records, rb.records, tally, during, srv.errors, time.monotonic() - t0


def test_hostile_clients_get_one_line_errors_and_another_room_plays_on():
    log = Collect()
    root = logging.getLogger()
    root.addHandler(log)
    old = root.level
    root.setLevel(logging.INFO)
    try:
        seed = 29
        ra, rb, tally, during, errors, took = run(_siege(seed, FUZZ), timeout=600)
    finally:
        root.removeHandler(log)
        root.setLevel(old)
    print(
        f"hostile messages {tally.sent}: errors {tally.errors}, connections closed "
        f"{tally.closed}, {len(tally.lines)} distinct reasons, {took:.1f} s"
    )
    assert tally.sent >= FUZZ
    assert during > 0  # the game was played while the fuzzers were at it
    assert ra == rb == [local_record(seed)]  # unharmed: the very same game
    assert errors == 0
    assert log.bad == []
    assert not any("Traceback" in line for line in log.text)
    # every message was answered, but those a closed connection never read
    assert tally.errors + tally.other + 120 * tally.closed >= tally.sent
    assert tally.errors > tally.sent // 3 and tally.closed > 0  # (floods are mostly pongs)
    assert any("slow down" in r for r in tally.lines)
    assert any("not (or no longer) valid" in r for r in tally.lines)
    assert any("not your turn" in r or "waits" in r for r in tally.lines)
