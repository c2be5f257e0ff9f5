"""Statistics against a scripted set of games (seat A's side)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from russian_bank.history import Store, keep, overall, statistics

from .test_records import short_game

T0 = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def games():
    """Real short games: A wins (B abandons), B wins (A abandons), a draw."""
    return {
        "win": short_game(1, end="abandon B"),
        "loss": short_game(2, end="abandon A"),
        "draw": short_game(3, end="agree draw"),
    }


def script(games):
    """(result, opponent, stops A/B, false Stops of A), in date order."""
    plan = [
        ("win", "expert", (1, 0), 0),
        ("win", "expert", (0, 1), 1),
        ("loss", "expert", (0, 2), 0),
        ("win", "expert", (0, 0), 0),
        ("win", "expert", (1, 0), 2),
        ("win", "expert", (0, 0), 0),
        ("win", "human", (0, 0), 0),
        ("draw", "expert", (0, 0), 0),
        ("loss", "human", (1, 1), 1),
    ]
    out = []
    for i, (result, opp, stops, false) in enumerate(plan):
        k = keep(games[result], ("human", opp), (false, 3), T0 + timedelta(hours=i))
        out.append(replace(k, stops=stops, name=f"g{i}"))
    return out


def test_statistics_per_opponent(games):
    kept = script(games)
    win = games["win"].outcome.points
    loss = games["loss"].outcome.points
    lines = {x.opponent: x for x in statistics(kept)}
    assert list(lines) == ["human", "expert"]  # human first, then by strength
    e = lines["expert"]
    assert (e.games, e.wins, e.losses, e.draws) == (7, 5, 1, 1)
    assert (e.points_won, e.points_lost) == (5 * win, loss)
    assert e.win_rate == pytest.approx(5 / 7)
    assert e.longest_streak == 3  # win, win, loss, WIN, WIN, WIN, draw
    assert (e.stops_called, e.stops_suffered, e.false_stops) == (2, 3, 3)
    h = lines["human"]
    assert (h.games, h.wins, h.losses, h.longest_streak) == (2, 1, 1, 1)
    assert (h.stops_called, h.stops_suffered, h.false_stops) == (1, 1, 1)
    assert e.rules == h.rules == "committee"
    total = overall(kept)
    # the human win falls between two runs of the Expert games: W W L W W W W D L
    assert (total.games, total.wins, total.longest_streak) == (9, 6, 4)


def test_statistics_do_not_depend_on_the_order_of_the_list(games):
    kept = script(games)
    assert statistics(list(reversed(kept))) == statistics(kept)


def test_unfinished_games_are_not_counted(games):
    kept = script(games)
    unfinished = replace(kept[0], outcome=None, name="u")
    assert statistics([*kept, unfinished]) == statistics(kept)
    assert unfinished.result_words() == "left unfinished"


def test_reset_counts_only_later_games_and_keeps_past_games(games):
    store = Store()
    for k in script(games):
        store.save(k)
    store.reset_stats("2026-05-01T15:59:59Z")  # a game kept in that second is before it
    since = store.stats_since()
    lines = {x.opponent: x for x in statistics(store.games(), since)}
    assert lines["expert"].games == 3 and lines["human"].games == 2  # from 16:00 on
    assert len(store.games()) == 9


def test_a_game_kept_in_the_second_of_the_reset_is_not_counted(games):
    kept = script(games)
    since = kept[3].date  # the statistics reset in the very second game 3 was kept
    assert overall(kept, since).games == 5  # games 4 to 8
    assert sum(x.games for x in statistics(kept, since)) == 5
