"""A computer at a remote table: a bot that plays through a :class:`Client`.

At a *steps* table the room asks the seat exactly what the match runner asks a
computer (``choose`` as the Player, ``react`` as the adversary) and waits for
the answer, so the bot plays the very game it would play at one table. (At a
*real* table a computer is best seated by the server itself: ``create`` with an
``opponent`` level.)
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake

from .client import Client
from .seeking import ServerRefused


@dataclass
class Played:
    """What one bot seat saw of its games."""

    records: list[str] = field(default_factory=list)
    round_trips: list[float] = field(default_factory=list)  # answer sent -> its step seen
    answers: int = 0
    error: str = ""  # why the seat stopped early, if it did (the bench says so)
    # the answers given since the game's last action, by (kind, clock): an ask repeated
    # by a process that took the room over is answered as before (the bot is asked once)
    answered: dict[tuple[str, float], str | None] = field(default_factory=dict)
    answered_at: tuple[int, int] = (-1, -1)  # (game, actions) they were given at
    resumed: list[float] = field(default_factory=list)  # seconds each comeback took


async def play(
    client: Client,
    bot: Any,
    games: int = 1,
    rematch_bot: Any = None,
    timeout: float = 600,
    stop_after: int | None = None,
    delay: float = 0.0,
    out: Played | None = None,
) -> Played:
    """Let ``bot`` play ``games`` games in the client's seat (a rematch between
    games, with ``rematch_bot`` for the swapped seat). ``stop_after``: return
    after that many answers (a test that drops the connection mid-game)."""
    out = Played() if out is None else out
    end = time.monotonic() + timeout
    sent_at: float | None = None
    sent_seq = 0
    while time.monotonic() < end:
        seen = client.seq
        try:
            msg = await client.recv(timeout=30)
        except TimeoutError:
            msg = {"type": "idle"}
        kind = msg["type"]
        events = [msg["event"]] if kind == "event" else msg["events"] if kind == "events" else []
        for ev in events:  # (a resumed seat is sent what it missed as ``events``)
            if ev["seq"] <= seen:
                continue  # (seen before its connection was lost)
            if sent_at is not None and ev.get("kind") == "step" and ev["seq"] > sent_seq:
                out.round_trips.append(time.monotonic() - sent_at)
                sent_at = None
            if ev.get("kind") == "over":
                out.records.append(str(ev["record"]))
                if len(out.records) >= games:
                    return out
                await client.send("rematch")
            elif ev.get("kind") == "new game" and rematch_bot is not None:
                bot, rematch_bot = rematch_bot, bot
            elif (
                ev.get("kind") == "draw"
                and ev.get("answer") is None
                and ev.get("seat") != client.seat
            ) and client.obs is not None:
                await client.send("answer_draw", accept=bool(bot.accepts_draw(client.obs)))
        if kind == "ask":
            obs = client.obs
            if delay:
                await asyncio.sleep(delay)
            at = (int(client.view.get("game", 0)), int(client.view.get("actions", -1)))
            if at != out.answered_at:  # (the view comes before its ask)
                out.answered, out.answered_at = {}, at
            key = (msg["kind"], msg["clock"])
            if key in out.answered:
                text = out.answered[key]
            else:
                react = msg["kind"] == "react"
                action = bot.react(obs, msg["clock"]) if react else bot.choose(obs)
                text = out.answered[key] = None if action is None else str(action)
            if text is not None:  # the round trip of an action: until its step comes
                sent_at, sent_seq = time.monotonic(), client.seq
            await client.send("answer", ask=msg["ask"], action=text)
            out.answers += 1
            if stop_after is not None and out.answers >= stop_after:
                return out
    raise TimeoutError(f"the bot seat did not finish {games} game(s) in {timeout:g} s")


LOST = (ConnectionClosed, ConnectionError, OSError, TimeoutError, ServerRefused, InvalidHandshake)


async def play_on(
    client: Client, bot: Any, timeout: float = 600, out: Played | None = None, back: float = 15
) -> Played:
    """:func:`play` one game, and whenever the connection is lost (its process died,
    or the room moved to another), resume the seat with its token and play on:
    for up to ``back`` seconds a comeback is tried again every tenth of a second."""
    out = Played() if out is None else out
    end = time.monotonic() + timeout
    while True:
        try:
            return await play(client, bot, timeout=end - time.monotonic(), out=out)
        except (ConnectionClosed, ConnectionError, OSError):
            if time.monotonic() >= end:
                raise
        t0 = time.monotonic()
        while True:
            await client.drop()
            try:
                await client.resume()
                break
            except LOST:
                if time.monotonic() - t0 > back:
                    raise
                await asyncio.sleep(0.1)
        out.resumed.append(time.monotonic() - t0)


async def play_real(
    client: Client, bot: Any, pause: float, timeout: float = 600, out: Played | None = None
) -> Played:
    """A bot at a *real* table, playing its seat as a person would: when its
    seat is the Player it waits ``pause`` seconds, chooses and sends the action,
    and waits for its step before it looks again. It never calls Stop (the
    server's clock lets the grace pass). One game; the record of it (in ``out``
    as it goes, for a caller that may stop it early)."""
    out = Played() if out is None else out
    me = "AB".index(client.seat)
    end = time.monotonic() + timeout
    sent_at: float | None = None
    sent_seq = 0
    while time.monotonic() < end:
        if sent_at is None and _my_turn(client, me):
            await asyncio.sleep(pause)
            while True:  # what came in meanwhile (the computer's Stop, say)
                try:
                    await client.recv(timeout=0.001)
                except TimeoutError:
                    break
            if _my_turn(client, me):
                action = str(bot.choose(client.obs))  # (its thinking is not the round trip)
                sent_at, sent_seq = time.monotonic(), client.seq
                await client.act(action)
                out.answers += 1
            continue
        try:
            msg = await client.recv(timeout=30)
        except TimeoutError:
            continue
        if msg["type"] == "error" and sent_at is not None:
            sent_at = None  # refused (too late, say): look again
        elif msg["type"] == "event":
            ev = msg["event"]
            mine = ev.get("seat") == client.seat and ev.get("by") == "person"
            if ev.get("kind") == "step" and sent_at is not None and ev["seq"] > sent_seq and mine:
                out.round_trips.append(time.monotonic() - sent_at)
                sent_at = None
            if ev.get("kind") == "over":
                out.records.append(str(ev["record"]))
                return out
    raise TimeoutError(f"the bot at the real table did not finish in {timeout:g} s")


def _my_turn(client: Client, me: int) -> bool:
    """The seat is the Player, by a view no older than the last event seen."""
    view, obs = client.view, client.obs
    return bool(
        view.get("started")
        and int(view.get("seq", -1)) >= client.seq
        and view.get("to_act") == client.seat
        and obs is not None
        and obs.player == me  # (while a last card waits, the adversary is to act)
        and client.over is None
    )


__all__ = ["Played", "play", "play_on", "play_real"]
