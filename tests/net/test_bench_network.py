"""The network bench runs (issue 21): a short bounded run on loopback prints its
figures. The figures themselves are in docs/benchmarks.md, not checked here."""

from __future__ import annotations

from tools.bench import network


def test_a_short_real_clock_run_prints_its_round_trips(capsys):
    args = ["--rooms", "2", "--seconds", "6", "--action-time", "0.1", "--pause", "0.05"]
    network.main([*args, "--thinkers", "1", "--clients", "1"])
    out = capsys.readouterr().out
    assert "rooms: 2 (real clock" in out and "rooms that failed" not in out
    trips = int(out.split("round trips measured: ")[1].split()[0])
    assert trips > 5
    assert "action round trip ms p50:" in out and "waited for a CPU" in out


def test_a_short_run_over_two_processes_with_one_killed(capsys):
    """``--processes``: its own redis-server, the router, a process killed mid-game."""
    args = ["--processes", "2", "--rooms", "4", "--clients", "1", "--kill-one", "--kill-at", "30"]
    assert network.main([*args, "--level", "novice", "--action-time", "0.3"]) == 0
    out = capsys.readouterr().out
    assert "games finished: 4 of 4; with the local runner's record: 4" in out
    assert "killed: process" in out and "journal writes" in out
    assert "action round trip ms p50:" in out
