"""Whole games through the server (issue 21): the record is the local match runner's."""

from __future__ import annotations

import asyncio

from russian_bank.engine import Game
from russian_bank.net.botseat import play

from .helpers import bot, local_record, run, serving, two_seats


async def _game(seed: int, rules: str) -> tuple[list[str], list[str], int]:
    async with serving() as srv:
        a, b = await two_seats(srv, seed, rules)
        ra, rb = await asyncio.gather(play(a, bot(0, seed)), play(b, bot(1, seed)))
        await a.close()
        await b.close()
        return ra.records, rb.records, srv.errors


def test_two_remote_bots_play_the_local_runners_game():
    for seed, rules in ((11, "committee"), (3, "french"), (8, "british")):
        ra, rb, errors = run(_game(seed, rules))
        assert ra == rb == [local_record(seed, rules)], (seed, rules)
        assert Game.from_record(ra[0]).over
        assert errors == 0


async def _rematch(seed: int) -> tuple[list[str], list[str], list[str]]:
    async with serving() as srv:
        a, b = await two_seats(srv, seed)
        # after the first game the seats swap: Ann sits at B, Bob at A
        ra, rb = await asyncio.gather(
            play(a, bot(0, seed), games=2, rematch_bot=bot(1, seed + 1)),
            play(b, bot(1, seed), games=2, rematch_bot=bot(0, seed + 1)),
        )
        seats = [e for e in a.events if e["kind"] == "new game"]
        names = seats[0]["names"]
        await a.close()
        await b.close()
        return ra.records, rb.records, names


def test_rematch_swaps_the_seats_and_deals_again():
    seed = 21
    ra, rb, names = run(_rematch(seed))
    assert names == ["Bob", "Ann"]
    assert ra == rb
    assert ra[0] == local_record(seed)
    assert ra[1] == local_record(seed + 1)
    assert ra[0] != ra[1]
