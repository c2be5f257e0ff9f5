"""A remote game is kept in each player's Past games with both nicknames (issue 21):
by the server, by the host's client and by the joining player's client."""

from __future__ import annotations

import asyncio
from pathlib import Path

from russian_bank.history import Store
from russian_bank.net.botseat import play

from .helpers import bot, local_record, run, serving, two_seats


async def _game(tmp: Path, seed: int) -> tuple[object, object]:
    async with serving(data=tmp / "server") as srv:
        a, b = await two_seats(srv, seed)  # Ann hosts at seat A, Bob joins at B
        await asyncio.gather(play(a, bot(0, seed)), play(b, bot(1, seed)))
        await a.close()
        await b.close()
        return a, b


def test_a_remote_game_is_kept_with_both_nicknames(tmp_path):
    seed = 11
    a, b = run(_game(tmp_path, seed))
    stores = {"server": Store(tmp_path / "server" / "games")}
    for who, client in (("host", a), ("joiner", b)):
        stores[who] = Store(tmp_path / who)
        stores[who].save(client.kept())
    for where, store in stores.items():
        (kept,) = store.games()  # read back from the file
        assert store.damaged == [], where
        assert kept.names == ("Ann", "Bob"), where
        assert kept.players == ("human", "human"), where
        assert kept.opponent() == "Bob (A: Ann)", where  # the Past games list's text
        assert kept.record == local_record(seed), where
        text = (store.folder / kept.name).read_text(encoding="utf-8")
        assert "\nA name: Ann\nB name: Bob\n" in text, where
