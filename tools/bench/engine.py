"""Engine throughput: complete random games per second and actions per second,
legal-action generation included (every step lists the legal actions, picks one
at random and applies it). Median of several runs on one core, in wall-clock
time and in processor time (``time.process_time``: what a loaded machine changes
least; docs/benchmarks.md compares commits by it).
``--rules NAME`` measures another rule set (a spec such as ``french+one-side``)."""

from __future__ import annotations

import argparse
import random
import statistics
import time

from russian_bank.cli import positive_int
from russian_bank.engine.position import OVER
from russian_bank.game.protocol import GameType
from russian_bank.games import game_type, names


def play_random_game(seed: int, game: GameType | None = None) -> int:
    """Play one game with uniformly random legal actions; return the action count.
    An action taken from the legal list is applied unchecked (``check=False``)."""
    game = game or game_type("committee")
    rng = random.Random(seed)
    pos = game.deal(rng)
    legal_actions, apply, choice = game.legal_actions, game.apply, rng.choice
    n = 0
    while pos.phase != OVER:
        # ``choice`` draws as ``acts[rng.randrange(len(acts))]`` does: the same games
        apply(pos, choice(legal_actions(pos)), check=False)
        n += 1
    return n


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench engine")
    parser.add_argument("--runs", type=positive_int, default=5)
    parser.add_argument("--games", type=positive_int, default=6, help="games per run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rules",
        default="committee",
        help=f"game: {', '.join(names())} (a rule set may add +option)",
    )
    args = parser.parse_args(argv)
    try:
        rules = game_type(args.rules)
    except ValueError as e:
        parser.error(str(e))
    print(f"rule set: {rules.name}")
    games_per_s, actions_per_s, processor = [], [], []
    for run in range(args.runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        seeds = [args.seed + run * 1000 + g for g in range(args.games)]
        actions = sum(play_random_game(seed, rules) for seed in seeds)
        elapsed = time.perf_counter() - start
        cpu = max(time.process_time() - start_cpu, 1e-9)
        games_per_s.append(args.games / elapsed)
        actions_per_s.append(actions / elapsed)
        processor.append(actions / cpu)
        print(
            f"run {run + 1}: {args.games} games, {actions} actions in {elapsed:.2f} s "
            f"({args.games / elapsed:.2f} games/s, {actions / elapsed:,.0f} actions/s; "
            f"{cpu:.2f} s of processor time, {actions / cpu:,.0f} actions/s)"
        )
    print(f"games/s: {statistics.median(games_per_s):.2f}")
    print(f"processor actions/s: {int(statistics.median(processor))}")
    print(f"actions/s: {int(statistics.median(actions_per_s))}")
    return 0
