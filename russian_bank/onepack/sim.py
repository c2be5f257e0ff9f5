"""One-pack bot against bot: ``python -m russian_bank.sim --rules one-pack --a LEVEL
--b LEVEL --games N --seed S``; and the engine benchmark for ``bench engine
--rules one-pack``.

Deal ``i`` is ``deal_position(random.Random(seed * 1_000_003 + i))``; games come
in pairs on the same deal with the bots' seats swapped. The games run through the
match runner (``russian_bank.match``) like the two-pack ones; 003 has no Stops, so
the runner only lets the Player act, without pauses (pace 0).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from dataclasses import dataclass

from ..cli import positive_int
from ..match import LOOK, Match
from .actions import Action
from .bots import LEVELS, Bot, make_bot
from .game import OnePackGame
from .observation import Observation
from .position import deal_position
from .rules import apply, legal_actions

MAX_ACTIONS = 20000


@dataclass
class Result:
    a_seat: int
    winner: int | None
    points: int
    reason: str
    actions: int
    times: list[float]  # A's decision times

    @property
    def a_points(self) -> int:
        if self.winner is None:
            return 0
        return self.points if self.winner == self.a_seat else -self.points


class Timed(Bot):
    """A bot whose decision times are kept."""

    def __init__(self, bot: Bot, times: list[float] | None) -> None:
        super().__init__(bot.seat, bot.rng)
        self.bot = bot
        self.times = times

    def choose(self, obs: Observation) -> Action:
        t0 = time.perf_counter()
        action = self.bot.choose(obs)
        if self.times is not None:
            self.times.append(time.perf_counter() - t0)
        return action


def play_game(level_a: str, level_b: str, deal: int, a_seat: int, seed: int) -> Result:
    deal_seed = seed * 1_000_003 + deal
    levels = {a_seat: level_a, 1 - a_seat: level_b}
    times: list[float] = []
    bots = {
        s: Timed(
            make_bot(levels[s], s, random.Random(deal_seed * 2 + s)),
            times if s == a_seat else None,
        )
        for s in (0, 1)
    }
    match = Match(OnePackGame(deal_seed), bots, pace=0.0)
    while not match.over and len(match.game.record.actions) < MAX_ACTIONS:
        match.advance(LOOK)
    n = len(match.game.record.actions)
    o = match.game.outcome
    if o is None:
        return Result(a_seat, None, 0, "unfinished", n, times)
    return Result(a_seat, o.winner, o.points, o.reason, n, times)


def run(a: str, b: str, games: int, seed: int) -> list[Result]:
    return [play_game(a, b, g // 2, g % 2, seed) for g in range(games)]


def report(a: str, b: str, results: list[Result]) -> float:
    n = len(results)
    a_wins = sum(1 for r in results if r.winner is not None and r.winner == r.a_seat)
    b_wins = sum(1 for r in results if r.winner is not None and r.winner != r.a_seat)
    blocked = sum(1 for r in results if r.reason == "blocked")
    pts = [r.a_points for r in results]
    mean = statistics.fmean(pts) if pts else 0.0
    half = 1.96 * statistics.stdev(pts) / math.sqrt(n) if n > 1 else 0.0
    ts = [t for r in results for t in r.times]
    print(f"one-pack: A = {a}, B = {b}: {n} games")
    print(f"A wins: {a_wins}  B wins: {b_wins}  draws: {n - a_wins - b_wins}  blocked: {blocked}")
    print(f"A points per game: {mean:+.2f} (95% CI {mean - half:+.2f} .. {mean + half:+.2f})")
    if ts:
        print(
            f"decision time A: median {statistics.median(ts) * 1000:.1f} ms, "
            f"max {max(ts) * 1000:.1f} ms over {len(ts)} decisions"
        )
    decided = a_wins + b_wins
    share = 100.0 * a_wins / decided if decided else 0.0
    print(f"A share of decided games: {share:.1f}%")
    return share


def sim_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m russian_bank.sim --rules one-pack")
    parser.add_argument("--a", choices=LEVELS, required=True)
    parser.add_argument("--b", choices=LEVELS, required=True)
    parser.add_argument("--games", type=positive_int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    report(args.a, args.b, run(args.a, args.b, args.games, args.seed))
    return 0


def play_random_game(seed: int) -> int:
    rng = random.Random(seed)
    pos = deal_position(rng)
    n = 0
    while not pos.over:
        acts = legal_actions(pos)
        apply(pos, acts[rng.randrange(len(acts))], check=False)
        n += 1
    return n


def bench_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m russian_bank.bench engine --rules one-pack")
    parser.add_argument("--runs", type=positive_int, default=5)
    parser.add_argument("--games", type=positive_int, default=20, help="games per run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    games_per_s, actions_per_s = [], []
    for r in range(args.runs):
        start = time.perf_counter()
        actions = sum(play_random_game(args.seed + r * 1000 + g) for g in range(args.games))
        elapsed = time.perf_counter() - start
        games_per_s.append(args.games / elapsed)
        actions_per_s.append(actions / elapsed)
        print(
            f"run {r + 1}: {args.games} one-pack games, {actions} actions in {elapsed:.2f} s "
            f"({args.games / elapsed:.2f} games/s, {actions / elapsed:,.0f} actions/s)"
        )
    print(f"games/s: {statistics.median(games_per_s):.2f}")
    print(f"actions/s: {int(statistics.median(actions_per_s))}")
    return 0


def one_pack_args(argv: list[str]) -> list[str] | None:
    """``argv`` without ``--rules one-pack`` if it asks for the one-pack game, else None
    (the dispatch hook of ``russian_bank.sim`` and ``bench engine``)."""
    args = list(argv)
    for i, word in enumerate(args):
        if word == "--rules=one-pack":
            return args[:i] + args[i + 1 :]
        if word == "--rules" and args[i + 1 : i + 2] == ["one-pack"]:
            return args[:i] + args[i + 2 :]
    return None
