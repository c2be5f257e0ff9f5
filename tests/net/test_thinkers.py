"""The server's computers think in worker processes, not on its event loop (issue 21).

A real-clock room against the server's computer is played to its end by a bot
client playing as a person would; the computer's every ``choose`` must have run in
the pool: in the server's own process the level's ``choose`` is made to count its
calls, and it is never called there."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time

from russian_bank.ai import bots as levels
from russian_bank.engine import Game
from russian_bank.games import ONE_PACK, game_type
from russian_bank.net import room as room_module
from russian_bank.net.botseat import play, play_real
from russian_bank.net.client import Client
from russian_bank.net.think import PooledBot, Thinkers

from . import helpers
from .helpers import ACTION_TIME, SLOW, SLOW_AT, SlowKind, bot, run, serving, url
from .test_one_pack import local_record as one_pack_local_record
from .test_one_pack import one_pack_bot


def _play_against_the_servers_computer(thinkers: int, monkeypatch) -> tuple[Game, int, int]:
    """A whole game; how many times ``choose`` ran here, how many thoughts the pool had
    (with ``thinkers`` 0 the first count is the computer's every decision: checked)."""
    here = []
    original = levels.Novice.choose

    def counted(self, obs):
        here.append(os.getpid())
        return original(self, obs)

    monkeypatch.setattr(levels.Novice, "choose", counted)

    async def go():
        async with serving(thinkers=thinkers, grace=0.3) as srv:
            ann = Client(url(srv), "Ann")
            await ann.connect()
            await ann.create(clock="real", seed=5, opponent="novice", action_time=0.1)
            played = await play_real(ann, bot(0, 5, level="club"), pause=0.01, timeout=240)
            await ann.close()
            thoughts = 0 if srv.thinkers is None else srv.thinkers.thoughts
            return played, thoughts

    played, thoughts = run(go(), timeout=300)
    game = Game.from_record(played.records[0])
    return game, len(here), thoughts


def test_the_servers_computer_thinks_in_the_pool(monkeypatch):
    game, inline, thoughts = _play_against_the_servers_computer(1, monkeypatch)
    assert game.over and game.position.outcome is not None
    assert thoughts > 20  # one for each of the computer's turns to act, at least
    assert inline == 0, "the computer's choose ran in the server's own process"


def test_a_killed_thinker_is_replaced_and_the_game_goes_on():
    """kill -9 of the worker process: the pool is started again, the game ends."""

    async def go():
        async with serving(thinkers=1, grace=0.3) as srv:
            assert srv.thinkers is not None
            (pid,) = srv.thinkers.warm()
            os.kill(pid, signal.SIGKILL)
            ann = Client(url(srv), "Ann")
            await ann.connect()
            await ann.create(clock="real", seed=6, opponent="novice", action_time=0.1)
            played = await play_real(ann, bot(0, 6, level="club"), pause=0.01, timeout=240)
            await ann.close()
            return played, srv.thinkers.restarts, srv.thinkers.thoughts, srv.errors

    played, restarts, thoughts, errors = run(go(), timeout=300)
    assert Game.from_record(played.records[0]).over
    assert restarts == 1 and thoughts > 20 and errors == 0


class PlanCounter(levels.Expert):
    """An Expert that counts its plans (a new plan is a search, a kept one is not)."""

    plans = 0

    def plan(self, obs, pos, legal):
        self.plans += 1
        return super().plan(obs, pos, legal)


def test_a_plan_made_in_one_worker_is_followed_in_another(monkeypatch):
    """The bot's kept plan and the positions it has seen are keyed the same way
    in every process (each worker has its own hash seed, so ``hash()`` of text
    would not match): a plan made in one worker is followed in the next."""
    monkeypatch.delenv("PYTHONHASHSEED", raising=False)  # each worker its own seed
    first, second = Thinkers(1), Thinkers(1)
    try:
        assert first.warm() != second.warm()  # two different processes
        game = Game.new(5)
        bot = PlanCounter(0, random.Random(3), mistakes="none")
        while not bot._plan:  # a decision that leaves a plan of two plays or more
            assert not game.over and game.player == 0
            action, bot = first.submit(bot, game.observe(0)).result(timeout=120)
            game.apply(action)
        plans, kept, seen = bot.plans, list(bot._plan), set(bot.history)
        action, bot = second.submit(bot, game.observe(0)).result(timeout=120)
        assert action == kept[0] and bot._plan == kept[1:]
        assert bot.plans == plans  # followed, not searched again
        assert seen < bot.history  # the positions seen there are the ones seen here
        assert len(bot.history) == len(seen) + 1  # (the new one: where this play leads)
    finally:
        first.close()
        second.close()


def test_a_steps_tables_computer_thinks_off_the_loop_and_plays_the_local_game(monkeypatch):
    """At a steps table the server's computer thinks in the pool too: while it
    sleeps through a slow decision, the server goes on answering another
    connection's pings; and the game is still the local runner's, step for step,
    at a two-pack and at the one-pack table."""
    monkeypatch.setattr(room_module, "game_type", lambda name: SlowKind(game_type(name)))
    for rules, seed, local in (
        ("committee", 12, helpers.local_record(12, "committee")),
        (ONE_PACK, 6, one_pack_local_record(6)),
    ):
        record, gaps, took, thoughts = run(_against_a_slow_computer(rules, seed), timeout=240)
        assert record == local, rules
        assert took >= len(SLOW_AT) * SLOW  # the slow decisions were slept through
        assert max(gaps) < SLOW / 2, f"no pong for {max(gaps):.1f} s: it thought on the loop"
        assert thoughts > 20  # every decision of the computer's, in the pool


async def _against_a_slow_computer(rules: str, seed: int) -> tuple[str, list[float], float, int]:
    """Ann (a bot client at seat A) against the server's slow club computer at B;
    meanwhile another connection pings: the gaps between its pongs."""
    async with serving(thinkers=1) as srv:
        ann, pinger = Client(url(srv), "Ann"), Client(url(srv), "Pinger")
        await ann.connect()
        await pinger.connect()
        await ann.create(
            clock="steps", seed=seed, rules=rules, opponent="club", action_time=ACTION_TIME
        )
        me = one_pack_bot(0, seed) if rules == ONE_PACK else bot(0, seed)
        start = time.monotonic()
        game = asyncio.ensure_future(play(ann, me, timeout=200))
        pongs = [time.monotonic()]
        while not game.done():
            await pinger.ping()
            await pinger.until("pong")
            pongs.append(time.monotonic())
            await asyncio.sleep(0.02)
        played = game.result()
        took = time.monotonic() - start
        await ann.close()
        await pinger.close()
        assert srv.errors == 0 and srv.thinkers is not None
        gaps = [b - a for a, b in zip(pongs, pongs[1:], strict=False)]
        return played.records[0], gaps, took, srv.thinkers.thoughts


COPIES: list[str] = []  # this process's pickling of a Copied bot: "out" and "in"


class Copied(levels.Novice):
    """A novice that notes each time it is pickled or read back in this process."""

    def __getstate__(self):  # type: ignore[no-untyped-def]
        COPIES.append("out")
        return self.__dict__

    def __setstate__(self, state):  # type: ignore[no-untyped-def]
        COPIES.append("in")
        self.__dict__.update(state)


def test_between_two_thoughts_of_one_turn_the_loop_neither_writes_nor_reads_the_bot():
    """A computer thinking play after play in the pool: its state goes out once and
    comes back as the worker left it, read here only when a question needs it (a
    reaction), written again only after that; and it decides as the same bot
    deciding here would."""
    thinkers = Thinkers(1)
    try:
        game, twin = Game.new(1), Game.new(1)  # A plays first and plays on for a while
        pooled = PooledBot(Copied(0, random.Random(4)), thinkers)
        here = levels.Novice(0, random.Random(4))

        def decide() -> None:
            action = pooled.think(game.observe(0)).result(timeout=60)
            assert action == here.choose(twin.observe(0))
            game.apply(action)
            twin.apply(action)

        del COPIES[:]
        for _ in range(3):
            assert game.player == 0 and not game.over
            decide()
        assert COPIES == ["out"]  # written once, never read back here
        pooled.react(game.observe(0), 0.0)  # a question here: the bot is read back
        here.react(twin.observe(0), 0.0)
        assert COPIES == ["out", "in"]
        decide()
        decide()
        assert COPIES == ["out", "in", "out"]  # written again after it, once
    finally:
        thinkers.close()
