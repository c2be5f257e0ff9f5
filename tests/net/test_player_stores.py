"""Both stores of players (SQLite for one process, Redis for several) keep names,
ratings and archives alike: one set of checks runs over each (issue 43). Redis is
the test's own (``redis_url``, tests/net/conftest.py)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from russian_bank.net.keys import connect_sync
from russian_bank.net.players import PAGE, Finished, PlayerStore, open_players
from russian_bank.net.redis_players import RedisPlayers
from russian_bank.net.seats import Refused

TAKEN = "that name is taken"


def game(n: int, a: str, b: str, winner: int | None, rated: bool = True) -> Finished:
    return Finished(
        id=f"g{n:04d}",
        date=f"2026-12-05T10:{n // 60:02d}:{n % 60:02d}Z",
        rules="committee",
        family="two-pack",
        names=(a, b),
        players=(a.casefold(), b.casefold()),
        winner=winner,
        reason="all cards played",
        points=12,
        rated=rated,
        text=f"game {n}",
    )


@pytest.fixture(params=["sqlite", "redis"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[PlayerStore]:
    kept: PlayerStore
    if request.param == "sqlite":
        kept = open_players(tmp_path)
    else:
        client = connect_sync(request.getfixturevalue("redis_url"))
        kept = RedisPlayers(client, prefix=f"t{id(tmp_path)}:")
    yield kept
    kept.close()
    if isinstance(kept, RedisPlayers):
        kept.db.close()  # (the client is its owner's: the server's, here the test's)


def test_names_are_claimed_once_and_kept_with_a_secret(store: PlayerStore) -> None:
    assert store.claim("Zoé", "s1") is True
    assert store.claim("zoé", "s1") is False  # his already: the same name, any case
    with pytest.raises(Refused, match=TAKEN):
        store.claim("ZOÉ", "s2")
    assert store.holder("ZOÉ") == "Zoé"
    assert store.holder("Ann") is None


def test_a_rated_game_moves_both_ratings_once_and_a_casual_one_none(
    store: PlayerStore,
) -> None:
    for who in ("Ann", "Bob"):
        store.claim(who, "x")
    store.finished(game(1, "Ann", "Bob", winner=0))
    store.finished(game(1, "Ann", "Bob", winner=0))  # kept twice (a room taken over)
    ann, bob = store.standing("Ann", "two-pack"), store.standing("Bob", "two-pack")
    assert (ann.wins, ann.losses, bob.wins, bob.losses) == (1, 0, 0, 1)
    assert ann.rating.rating > 1500 > bob.rating.rating
    assert ann.rating.rd < 350 and bob.rating.rd < 350
    store.finished(game(2, "Ann", "Bob", winner=1, rated=False))
    assert store.standing("Ann", "two-pack") == ann
    store.finished(game(3, "Ann", "Bob", winner=None))
    assert store.standing("Bob", "two-pack").draws == 1
    assert [s.family for s in store.standings("ann")] == ["two-pack"]
    assert store.standings("Nobody") == []


def test_the_archive_lists_a_players_games_newest_first_in_pages(store: PlayerStore) -> None:
    for n in range(PAGE + 3):
        store.finished(game(n, "Ann", "Bob" if n % 2 else "Cy", winner=0, rated=False))
    first, count = store.archive("ANN", 0)
    assert count == PAGE + 3 and len(first) == PAGE
    assert [g.id for g in first[:2]] == [f"g{PAGE + 2:04d}", f"g{PAGE + 1:04d}"]
    rest, _ = store.archive("Ann", 1)
    assert [g.id for g in rest] == ["g0002", "g0001", "g0000"]
    assert store.archive("Bob", 0)[1] == (PAGE + 3) // 2
    fetched = store.fetch("bob", "g0001")
    assert fetched == game(1, "Ann", "Bob", winner=0, rated=False)
    assert store.fetch("Cy", "g0001") is None  # not one of his
    assert store.fetch("Ann", "g9999") is None


def test_redis_two_processes_rating_one_player_at_once_lose_no_game(redis_url: str) -> None:
    """Two stores (two processes' views) finish rated games of one player at the
    same moment: every game counts once in his standing."""
    stores = [RedisPlayers(connect_sync(redis_url), prefix="race:") for _ in range(2)]
    stores[0].claim("Ann", "x")

    def play(i: int) -> None:
        for n in range(20):
            stores[i].finished(game(100 * i + n, "Ann", f"P{i}", winner=0))

    threads = [threading.Thread(target=play, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert stores[1].standing("Ann", "two-pack").wins == 40
    for s in stores:
        s.db.close()
