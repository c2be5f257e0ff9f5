"""Issue 43: a connection's bad messages are held against it, its refusals are not.

A player on a slow line acting on a stale view is told "not your turn" again and
again: those are answers, and he is never cut off. Malformed messages count, and
are forgotten with time: a flood of them closes the connection, a few now and then
do not. A 4,000-digit number anywhere is a one-line error, never an exception."""

from __future__ import annotations

import asyncio

from websockets.exceptions import ConnectionClosed

from .helpers import From, logged, run, serving, url

MALFORMED = ['{"v":2}', "not json", '{"v":2,"type":"act","action":"x","cheat":1}', "[1,2]"]


async def seated(srv) -> tuple[From, From]:
    """Two people at a real table; returns (the Player, the other) once it began."""
    a, b = From(url(srv), "Ann", "127.0.0.2"), From(url(srv), "Bob", "127.0.0.3")
    await a.connect()
    await b.connect()
    joined = await a.create(clock="real")
    await b.join(joined["room"])
    while not (a.view.get("started") and a.obs is not None):
        await a.recv(10)
    player = 0 if a.view["to_act"] == "A" else 1
    return (a, b) if player == 0 else (b, a)


async def answers(c: From, n: int) -> list[dict]:
    """The next ``n`` errors or pongs (events between are let by)."""
    out: list[dict] = []
    while len(out) < n:
        msg = await c.recv(10)
        if msg["type"] in ("error", "pong"):
            out.append(msg)
    return out


def test_a_player_on_a_slow_line_refused_again_and_again_is_never_cut_off():
    async def go():
        async with serving(abuse_limit=5) as srv:
            player, other = await seated(srv)
            said = []
            for _ in range(10):  # acting on a stale view, a second apart (here a tenth)
                await other.send("act", action="turn stock")
                said += [m.get("said", {}).get("key", "") for m in await answers(other, 1)]
                await player.send("act", action="discard")  # not a play here and now
                said += [m.get("said", {}).get("key", "") for m in await answers(player, 1)]
                await asyncio.sleep(0.1)
            await other.send("ping", t=1.0)
            await player.send("ping", t=2.0)
            pongs = [(await answers(c, 1))[0]["type"] for c in (other, player)]
            return said, pongs

    said, pongs = run(go(), 60)
    print(f"{len(said)} refusals: {sorted(set(said))}")
    assert len(said) == 20 and all(said)  # each one a refusal by the rules, in words
    assert any("not your turn" in key for key in said)
    assert pongs == ["pong", "pong"]  # both still here, twice over the limit of 5


def test_a_flood_of_malformed_messages_is_cut_off_and_a_few_now_and_then_are_forgotten():
    async def go():
        async with serving(abuse_limit=5, abuse_forget=0.2) as srv:
            slow = From(url(srv), "Ann", "127.0.0.2")
            await slow.connect()
            for _ in range(3):  # 4 bad messages, then a pause that forgets them
                for raw in MALFORMED:
                    await slow.send_raw(raw)
                await answers(slow, len(MALFORMED))
                await asyncio.sleep(1.0)
            await slow.send("ping", t=1.0)
            kept = (await answers(slow, 1))[0]["type"]
            flood = From(url(srv), "Eve", "127.0.0.3")
            await flood.connect()
            got: list[dict] = []
            try:
                for raw in MALFORMED * 5:
                    await flood.send_raw(raw)
                while True:
                    got.append(await flood.recv(10))
            except ConnectionClosed:
                pass
            return kept, got

    kept, got = run(go(), 60)
    print(f"flood: {len(got)} answers, the last {got[-1]}")
    assert kept == "pong"  # 12 bad messages in 3 s, 4 at a time: still here
    assert len(got) == 6 and all(m["type"] == "error" for m in got)
    assert got[-1]["said"]["key"] == "too many bad messages: goodbye"


DIGITS = "9" * 4000


def test_a_4000_digit_number_is_a_one_line_error_and_the_connection_stays():
    raws = [
        '{"v":2,"type":"ping","t":' + DIGITS + "}",
        '{"v":2,"type":"ping","t":-' + DIGITS + "}",
        '{"v":2,"type":"ping","t":' + DIGITS + ".5e3}",
        '{"v":' + DIGITS + ',"type":"ping","t":1}',
        '{"v":2,"type":"create","name":"Eve","seed":' + DIGITS + "}",
        '{"v":2,"type":"answer","ask":' + DIGITS + ',"action":null}',
        '{"v":2,"type":"create","name":"Eve","action_time":' + DIGITS + "}",
    ]

    async def go():
        async with serving() as srv:
            c = From(url(srv), "Eve", "127.0.0.2")
            await c.connect()
            out = []
            for raw in raws:
                await c.send_raw(raw)
                out += await answers(c, 1)
            await c.send("ping", t=1.0)
            out += await answers(c, 1)
            return out, srv.errors

    with logged() as log:
        out, errors = run(go(), 60)
    for m in out[:-1]:
        print(m.get("detail"))
    assert [m["type"] for m in out] == ["error"] * len(raws) + ["pong"]
    assert all("\n" not in m["detail"] and len(m["detail"]) < 200 for m in out[:-1])
    assert errors == 0 and log.count() == 0 and log.tracebacks() == []
