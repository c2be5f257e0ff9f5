"""Bot against bot: ``python -m russian_bank.sim --a LEVEL --b LEVEL --games N --seed S``.

Deal ``i`` is ``deal_position(rules, random.Random(seed_i))`` of the game named by
``--rules`` in the registry (``russian_bank.game``; default ``committee``; a spec such
as ``french+one-side``, or ``one-pack``); games come in pairs on the same deal with the
bots' seats swapped. The bots' random streams come
from their own stream (``match.bot_rng``), never from the deal seed. Games run
through the match runner (``russian_bank.match``) on a virtual clock: a computer
Player acts every ``--action-time`` seconds, the adversary watches at every tenth
of a second, so reaction-time Stops happen as at the table, reproducibly.

``--catch`` measures instead how often a person who reacts in ``--reaction``
seconds still has the right to Stop a fault made by a computer (docs/ui.md), and
how many faults each computer makes a game. ``--mistakes`` sets how often the
computers slip on purpose (``ai/faults.py``; ``all``: each setting in turn).
"""

from __future__ import annotations

import argparse
import bisect
import math
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TextIO

from .ai import DEFAULT_MISTAKES, LEVELS, MISTAKES, TRIAL_LEVELS
from .ai.faults import KINDS
from .cli import positive_float, positive_int
from .engine import OVER, PENDING, PLAY, stop_reason
from .game.protocol import GameType
from .games import game_type, names
from .match import ACTION_TIME, LOOK, PACE, Match, stop_spans

MAX_ACTIONS = 20000


TIME_BIN = 10_000  # decision times are kept in bins of 0.1 ms


@dataclass
class Thinking:
    """One side's decision times as a histogram (bins of 0.1 ms), so that what a run
    keeps does not grow with its games: ``sim``'s memory stays flat."""

    bins: Counter[int] = field(default_factory=Counter)
    total: float = 0.0  # seconds

    def add(self, seconds: float) -> None:
        self.bins[round(seconds * TIME_BIN)] += 1
        self.total += seconds

    def merged(self, other: Thinking) -> Thinking:
        return Thinking(self.bins + other.bins, self.total + other.total)

    @property
    def count(self) -> int:
        return sum(self.bins.values())

    def quantile(self, q: float) -> float:
        """The ``q`` quantile in seconds (to the bin; 0 for no decisions)."""
        rank, seen = q * self.count, 0
        for b in sorted(self.bins):
            seen += self.bins[b]
            if seen >= rank:
                return b / TIME_BIN
        return 0.0

    @property
    def longest(self) -> float:
        return max(self.bins, default=0) / TIME_BIN


class Played(list["GameResult"]):
    """The games of a run in order, each side's decision times folded in as each game
    came (``thinking``); each game keeps only its sides' totals."""

    def __init__(self, results: Iterable[GameResult] = ()) -> None:
        super().__init__()
        self.thinking = {"A": Thinking(), "B": Thinking()}
        for r in results:
            self.add(r)

    def add(self, r: GameResult) -> None:
        for side, t in r.times.items():
            self.thinking[side] = self.thinking[side].merged(t)
        r.times = {side: Thinking(total=t.total) for side, t in r.times.items()}
        self.append(r)


@dataclass
class GameResult:
    deal: int
    a_seat: int
    winner: int | None  # seat
    points: int
    actions: int
    times: dict[str, Thinking] = field(default_factory=dict)  # side -> decision times
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


class Timed:
    """A bot whose ``choose`` calls are timed (the simulator's think-time figures)."""

    def __init__(self, bot: Any, times: Thinking, silent: bool = False) -> None:
        self.bot = bot
        self.times = times
        self.silent = silent  # never reacts: stands in for a person who never Stops

    def choose(self, obs: Any) -> Any:
        t0 = time.perf_counter()
        action = self.bot.choose(obs)
        self.times.add(time.perf_counter() - t0)
        return action

    def react(self, obs: Any, now: float) -> Any:
        if self.silent:
            return None
        return self.bot.react(obs, now)

    def accepts_draw(self, obs: Any) -> bool:
        return bool(self.bot.accepts_draw(obs))


def new_match(
    level_a: str,
    level_b: str,
    deal: int,
    a_seat: int,
    seed: int,
    action_time: float = ACTION_TIME,
    silent: frozenset[int] = frozenset(),
    rules: GameType | None = None,
    mistakes: str | None = None,
) -> tuple[Match[Any], dict[int, Any], dict[str, Thinking]]:
    """The match of game ``deal`` (A in ``a_seat``): the runner, the bots, their times."""
    gt = rules or game_type("committee")
    d = deal_seed(seed, deal)
    game = gt.new_game(d)
    game.undo_limit = 2  # nothing is taken back here: a long game's memory stays flat
    levels = {a_seat: level_a, 1 - a_seat: level_b}
    side = {a_seat: "A", 1 - a_seat: "B"}
    game_no = 2 * deal + a_seat
    bots = {s: gt.make_bot(levels[s], s, gt.bot_rng(seed, game_no, s, d), mistakes) for s in (0, 1)}
    times = {"A": Thinking(), "B": Thinking()}
    timed = {s: Timed(bots[s], times[side[s]], s in silent) for s in (0, 1)}
    return Match(game, timed, action_time=action_time), bots, times


def play_game(
    level_a: str,
    level_b: str,
    deal: int,
    a_seat: int,
    seed: int,
    action_time: float = ACTION_TIME,
    rules: GameType | None = None,
    mistakes: str | None = None,
) -> GameResult:
    match, bots, times = new_match(
        level_a, level_b, deal, a_seat, seed, action_time, rules=rules, mistakes=mistakes
    )
    while not match.over and len(match.game.actions) < MAX_ACTIONS:
        match.advance(LOOK)
    side = {a_seat: "A", 1 - a_seat: "B"}
    pos = match.game.position
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
        len(match.game.actions),
        times,
        faults={side[s]: getattr(bots[s], "faults_made", 0) for s in (0, 1)},
        stops={side[s]: getattr(bots[s], "stops", 0) for s in (0, 1)},
        compels={side[s]: getattr(bots[s], "compels", 0) for s in (0, 1)},
        reason=reason,
    )


@dataclass
class Catch:
    """What ``catch_windows`` measured: one window per fault (seconds the right to
    Stop it lasted), the share still open after the reaction, faults by kind."""

    windows: list[float]
    share: float
    games: int
    kinds: Counter[str] = field(default_factory=Counter)

    @property
    def per_game(self) -> float:
        """Faults one computer made per game (both seats were this level)."""
        return len(self.windows) / (2 * self.games) if self.games else 0.0


def catch_windows(
    level: str,
    pace: str,
    games: int,
    seed: int,
    reaction: float = 1.5,
    mistakes: str | None = None,
    rules: GameType | None = None,
) -> Catch:
    """Computer against computer at ``level``, neither ever Stopping (each stands in
    for a person who is about to): how long each fault stayed open, and the share
    of faults a person could still Stop ``reaction`` seconds or more after they
    were made (the engine allowing the Stop then: not while the Player holds
    another bankable card, §69)."""
    windows: list[float] = []
    caught = 0
    kinds: Counter[str] = Counter()
    action_time = ACTION_TIME * PACE[pace]
    silent = frozenset({0, 1})
    for g in range(games):
        match, bots, _times = new_match(
            level, level, g // 2, g % 2, seed, action_time, silent, rules, mistakes
        )
        match.keep_steps = True
        allowed: dict[int, list[float]] = {0: [], 1: []}  # when a Stop would be taken
        while not match.over and len(match.game.actions) < MAX_ACTIONS:
            match.advance(LOOK)
            pos = match.game.position
            live = pos.phase in (PLAY, PENDING)  # a faulty last card waits for Stop (§68)
            faulty = live and (pos.fault is not None or bool(pos.error))
            if faulty and stop_reason(pos, pos.adversary) is None:
                allowed[pos.player].append(match.clock)
        for seat in (0, 1):
            for start, end in stop_spans(match.steps, seat):
                windows.append(end - start)
                times = allowed[seat]
                i = bisect.bisect_left(times, start + reaction - 1e-9)
                caught += i < len(times) and times[i] < end
            kinds += bots[seat].fault_kinds
    return Catch(windows, caught / len(windows) if windows else 0.0, games, kinds)


def catch_report(
    levels: list[str],
    games: int,
    seed: int,
    reaction: float,
    out: TextIO | None = None,
    mistakes: list[str | None] | None = None,
    paces: tuple[str, ...] = ("slow", "normal", "fast"),
    rules: GameType | None = None,
) -> None:
    out = sys.stdout if out is None else out
    rules = rules or game_type("committee")
    head = f"faults a person reacting in {reaction:.1f} s can still Stop"
    print(f"{head} ({games} games each, seed {seed}, rule set {rules.name})", file=out)
    for level in levels:
        for setting in mistakes or [None]:
            name = setting or DEFAULT_MISTAKES[level]
            for pace in paces:
                c = catch_windows(level, pace, games, seed, reaction, setting, rules)
                med = statistics.median(c.windows) if c.windows else 0.0
                kinds = ", ".join(f"{k} {c.kinds[k]}" for k in KINDS if c.kinds[k])
                share = f"{100 * c.share:5.1f}%" if c.windows else "    -"
                print(
                    f"{level:7} {name:6} {pace:6}: {len(c.windows):4} faults "
                    f"({c.per_game:.2f} a game each), {share} may still be Stopped after "
                    f"{reaction:.1f} s (median window {med:.2f} s); slips by kind: "
                    f"{kinds or 'none'}",
                    file=out,
                )


def _job(args: tuple[str, str, int, int, int, float, str, str | None]) -> GameResult:
    a, b, deal, a_seat, seed, action_time, spec, mistakes = args
    return play_game(a, b, deal, a_seat, seed, action_time, game_type(spec), mistakes)


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` to the hundredth (``statistics.quantiles``,
    inclusive: within the values seen); 0 for no values."""
    if len(xs) < 2:
        return xs[0] if xs else 0.0
    return statistics.quantiles(xs, n=100, method="inclusive")[min(98, max(0, round(q * 100) - 1))]


def worker_count(jobs: int, games: int) -> int:
    """The processes worth starting: never more than the games, nor the cores."""
    return max(1, min(jobs, games, os.cpu_count() or 1))


def run(
    a: str,
    b: str,
    games: int,
    seed: int,
    jobs: int = 1,
    action_time: float = 1.0,
    rules: str = "committee",
    mistakes: str | None = None,
) -> Played:
    tasks = [(a, b, g // 2, g % 2, seed, action_time, rules, mistakes) for g in range(games)]
    jobs = worker_count(jobs, games)
    if jobs > 1:
        import multiprocessing as mp

        with mp.get_context("fork").Pool(jobs) as pool:
            return Played(pool.imap(_job, tasks, chunksize=1))
    return Played(_job(t) for t in tasks)


def report(
    a: str, b: str, results: list[GameResult], out: TextIO | None = None, stops: bool = True
) -> float:
    out = sys.stdout if out is None else out
    n = len(results)
    a_wins = sum(1 for r in results if r.winner is not None and r.winner == r.a_seat)
    b_wins = sum(1 for r in results if r.winner is not None and r.winner != r.a_seat)
    draws = n - a_wins - b_wins
    pts = [r.a_points for r in results]
    mean = statistics.fmean(pts) if pts else 0.0
    sd = statistics.stdev(pts) if len(pts) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n else 0.0
    if not isinstance(results, Played):
        results = Played(results)
    ta, tb = results.thinking["A"], results.thinking["B"]
    print(f"A = {a}, B = {b}: {n} games", file=out)
    print(f"A wins: {a_wins}  B wins: {b_wins}  draws: {draws}", file=out)
    print(
        f"A points per game: {mean:+.2f} (95% CI {mean - half:+.2f} .. {mean + half:+.2f})",
        file=out,
    )
    for name, ts in (("A", ta), ("B", tb)):
        print(
            f"decision time {name} ({a if name == 'A' else b}): median "
            f"{ts.quantile(0.5) * 1000:.1f} ms, p95 {ts.quantile(0.95) * 1000:.1f} ms, "
            f"max {ts.longest * 1000:.1f} ms over {ts.count} decisions",
            file=out,
        )
    for name in ("A", "B") if stops else ():
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
    parser = argparse.ArgumentParser(prog="python -m russian_bank.sim", description=__doc__)
    parser.add_argument("--a", choices=(*LEVELS, *TRIAL_LEVELS), required=True)
    parser.add_argument("--b", choices=(*LEVELS, *TRIAL_LEVELS), required=True)
    parser.add_argument("--games", type=positive_int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=positive_int, default=1, help="worker processes")
    parser.add_argument(
        "--rules",
        default="committee",
        help=f"game: {', '.join(names())} (a rule set may add +option)",
    )
    parser.add_argument(
        "--action-time", type=positive_float, default=ACTION_TIME, help="virtual s per action"
    )
    parser.add_argument(
        "--catch",
        action="store_true",
        help="measure the share of the computers' faults a person can still Stop",
    )
    parser.add_argument(
        "--reaction", type=positive_float, default=1.5, help="the person's reaction (s)"
    )
    parser.add_argument(
        "--mistakes",
        choices=(*MISTAKES, "all"),
        help="how often the computers slip on purpose (default: each level's own; "
        "all: each setting in turn, with --catch)",
    )
    parser.add_argument(
        "--pace",
        choices=tuple(p for p in PACE if p != "instant"),
        help="with --catch: only this pace (default: slow, normal and fast)",
    )
    args = parser.parse_args(argv)
    try:
        gt = game_type(args.rules)
    except ValueError as e:
        parser.error(str(e))
    for level in (args.a, args.b):
        trial = (gt.stop_rules is not None) and level in TRIAL_LEVELS  # two-pack levels on trial
        if level not in gt.levels and not trial:
            parser.error(f"{gt.name} has no {level} player; its players: {', '.join(gt.levels)}")
    if args.catch and not (gt.stop_rules is not None):
        parser.error(f"{gt.name} has no Stops: --catch measures Stops")
    spec = gt.name
    settings: list[str | None] = list(MISTAKES) if args.mistakes == "all" else [args.mistakes]
    if args.catch:
        catch_report(
            sorted({args.a, args.b}, key=(*LEVELS, *TRIAL_LEVELS).index),
            args.games,
            args.seed,
            args.reaction,
            mistakes=settings,
            paces=(args.pace,) if args.pace else ("slow", "normal", "fast"),
            rules=gt,
        )
        return 0
    if args.mistakes == "all":
        parser.error("--mistakes all goes with --catch")
    mistakes = settings[0]
    results = run(
        args.a, args.b, args.games, args.seed, args.jobs, args.action_time, spec, mistakes
    )
    print(f"rule set: {spec}")
    report(args.a, args.b, results, stops=(gt.stop_rules is not None))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
