"""Bot against bot: ``python -m russian_bank.sim --a LEVEL --b LEVEL --games N --seed S``.

Deal ``i`` is ``deal_position(COMMITTEE, random.Random(seed_i))``; games come in
pairs on the same deal with the bots' seats swapped. The clock is virtual: every
Player action costs ``--action-time`` seconds, and between two actions the
adversary is asked to react every ``--tick`` seconds, so reaction-time Stops
happen in the simulation as at the table, reproducibly.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

from .ai import LEVELS, make_bot
from .engine import (
    COMMITTEE,
    OVER,
    PENDING,
    Compel,
    Stand,
    Stop,
    apply,
    deal_position,
    observe,
)

MAX_ACTIONS = 20000


@dataclass
class GameResult:
    deal: int
    a_seat: int
    winner: int | None  # seat
    points: int
    actions: int
    times: dict[str, list[float]] = field(default_factory=dict)  # side -> decision times
    faults: dict[str, int] = field(default_factory=dict)
    stops: dict[str, int] = field(default_factory=dict)
    compels: dict[str, int] = field(default_factory=dict)
    reason: str = "unfinished"  # the Outcome's reason: won, dead, ...

    @property
    def a_points(self) -> int:
        """Points for side A (positive if A won)."""
        if self.winner is None:
            return 0
        return self.points if self.winner == self.a_seat else -self.points


def deal_seed(seed: int, i: int) -> int:
    return seed * 1_000_003 + i


def play_game(
    level_a: str,
    level_b: str,
    deal: int,
    a_seat: int,
    seed: int,
    action_time: float = 1.0,
    tick: float = 0.1,
) -> GameResult:
    pos = deal_position(COMMITTEE, random.Random(deal_seed(seed, deal)))
    levels = {a_seat: level_a, 1 - a_seat: level_b}
    side = {a_seat: "A", 1 - a_seat: "B"}
    bots = {
        s: make_bot(levels[s], s, random.Random(deal_seed(seed, deal) * 2 + s + 7919 * a_seat))
        for s in (0, 1)
    }
    times: dict[str, list[float]] = {"A": [], "B": []}
    clock = 0.0
    n = 0
    while pos.phase != OVER and n < MAX_ACTIONS:
        if pos.phase == PENDING:
            adv = pos.adversary
            t = clock
            while True:
                act = bots[adv].react(observe(pos, adv), t)
                if act is not None:
                    break
                t += tick
            apply(pos, act if isinstance(act, (Stop, Stand)) else Stand(adv))
            clock = t
            continue
        me = pos.player
        t0 = time.perf_counter()
        action = bots[me].choose(observe(pos, me))
        times[side[me]].append(time.perf_counter() - t0)
        apply(pos, action)
        n += 1
        # the adversary watches until the Player's next action
        adv = pos.adversary
        if pos.phase == OVER:
            break
        steps = int(round(action_time / tick))
        if pos.fault is None:
            steps = 1  # nothing to notice: one look (a Compel of a stuck card)
        for k in range(steps):
            act = bots[adv].react(observe(pos, adv), clock + k * tick)
            if isinstance(act, (Stop, Compel, Stand)):
                apply(pos, act)
                break
        clock += action_time
    reason = "unfinished"
    if pos.phase != OVER:
        winner, points = None, 0
    else:
        o = pos.outcome
        assert o is not None
        winner, points, reason = o.winner, o.points, o.reason
    return GameResult(
        deal,
        a_seat,
        winner,
        points,
        n,
        times,
        faults={side[s]: bots[s].faults_made for s in (0, 1)},
        stops={side[s]: bots[s].stops for s in (0, 1)},
        compels={side[s]: bots[s].compels for s in (0, 1)},
        reason=reason,
    )


def _job(args: tuple[str, str, int, int, int, float]) -> GameResult:
    a, b, deal, a_seat, seed, action_time = args
    return play_game(a, b, deal, a_seat, seed, action_time)


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    i = min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))
    return xs[i]


def run(
    a: str, b: str, games: int, seed: int, jobs: int = 1, action_time: float = 1.0
) -> list[GameResult]:
    tasks = [(a, b, g // 2, g % 2, seed, action_time) for g in range(games)]
    if jobs > 1:
        import multiprocessing as mp

        with mp.get_context("fork").Pool(jobs) as pool:
            return list(pool.imap(_job, tasks, chunksize=1))
    return [_job(t) for t in tasks]


def report(a: str, b: str, results: list[GameResult], out=None) -> float:
    out = sys.stdout if out is None else out
    n = len(results)
    a_wins = sum(1 for r in results if r.winner is not None and r.winner == r.a_seat)
    b_wins = sum(1 for r in results if r.winner is not None and r.winner != r.a_seat)
    draws = n - a_wins - b_wins
    pts = [r.a_points for r in results]
    mean = statistics.fmean(pts) if pts else 0.0
    sd = statistics.stdev(pts) if len(pts) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n else 0.0
    ta = [t for r in results for t in r.times["A"]]
    tb = [t for r in results for t in r.times["B"]]
    print(f"A = {a}, B = {b}: {n} games", file=out)
    print(f"A wins: {a_wins}  B wins: {b_wins}  draws: {draws}", file=out)
    print(
        f"A points per game: {mean:+.2f} (95% CI {mean - half:+.2f} .. {mean + half:+.2f})",
        file=out,
    )
    for name, ts in (("A", ta), ("B", tb)):
        med = statistics.median(ts) if ts else 0.0
        print(
            f"decision time {name} ({a if name == 'A' else b}): median {med * 1000:.1f} ms, "
            f"p95 {pct(ts, 0.95) * 1000:.1f} ms, max {max(ts, default=0) * 1000:.1f} ms "
            f"over {len(ts)} decisions",
            file=out,
        )
    for name in ("A", "B"):
        print(
            f"{name}: deliberate faults {sum(r.faults[name] for r in results)}, "
            f"Stops called {sum(r.stops[name] for r in results)}, "
            f"compels {sum(r.compels[name] for r in results)}",
            file=out,
        )
    decided = a_wins + b_wins
    share = 100.0 * a_wins / decided if decided else 0.0
    print(f"A share of decided games: {share:.1f}%", file=out)
    return share


def main(argv: list[str] | None = None) -> int:
    from .onepack.sim import one_pack_args, sim_main

    rest = one_pack_args(sys.argv[1:] if argv is None else argv)
    if rest is not None:
        return sim_main(rest)
    parser = argparse.ArgumentParser(prog="python -m russian_bank.sim", description=__doc__)
    parser.add_argument("--a", choices=LEVELS, required=True)
    parser.add_argument("--b", choices=LEVELS, required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--action-time", type=float, default=1.0, help="virtual s per action")
    args = parser.parse_args(argv)
    results = run(args.a, args.b, args.games, args.seed, args.jobs, args.action_time)
    report(args.a, args.b, results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
