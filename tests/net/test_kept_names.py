"""A remote game is kept in each player's Past games with both nicknames (issue 21):
by the server, by the host's client and by the joining player's client; each
player's statistics count it from the seat he sat at."""

from __future__ import annotations

import asyncio
from pathlib import Path

from russian_bank.history import Store, overall, statistics
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
    opponent = {"server": "Bob (A: Ann)", "host": "Bob (A: Ann)", "joiner": "Ann (B: Bob)"}
    for where, store in stores.items():
        (kept,) = store.games()  # read back from the file
        assert store.damaged == [], where
        assert kept.names == ("Ann", "Bob"), where
        assert kept.players == ("human", "human"), where
        assert kept.opponent() == opponent[where], where  # the Past games list's text
        assert kept.record == local_record(seed), where
        text = (store.folder / kept.name).read_text(encoding="utf-8")
        assert "\nA name: Ann\nB name: Bob\n" in text, where
    # the one game, won by one seat: a win in one player's statistics, a loss in
    # the other's (Bob sat at B: his game is counted from B's side)
    o = stores["host"].games()[0].outcome
    assert o is not None and o.winner is not None
    ann, bob = overall(stores["host"].games()), overall(stores["joiner"].games())
    assert (ann.wins, ann.losses) == ((1, 0) if o.winner == 0 else (0, 1))
    assert (bob.wins, bob.losses) == (ann.losses, ann.wins)
    assert (bob.points_won, bob.points_lost) == (ann.points_lost, ann.points_won)
    assert bob.stops_called == stores["joiner"].games()[0].stops[1]
    assert [line.opponent for line in statistics(stores["joiner"].games())] == ["Ann (B: Bob)"]
