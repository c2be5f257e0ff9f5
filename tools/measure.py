"""How watchable and how quick the bots are: ``python tools/measure.py``.

For each level, plays ``--games`` games of that level against itself (no Stops:
a pending win stands) and reports, per innings of one bot:

* actions -- the Player's actions in the innings (plays, turns, the discard);
* Table moves -- plays from one Table pile to another (rearranging);
* think time -- wall time spent in ``choose`` during the innings, and the
  processor time (which other programs on a busy machine change less);

and, per single decision, the 50th and 95th percentile and the worst wall time.
Deal ``g`` is ``deal_position(COMMITTEE, random.Random(seed * 1000003 + g))``;
each bot has its own ``random.Random`` drawn from ``--seed`` and the game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: this checkout's package

from russian_bank.ai import LEVEL_CLASSES, LEVELS, make_bot  # noqa: E402
from russian_bank.cli import positive_int  # noqa: E402
from russian_bank.engine import COMMITTEE, OVER, PENDING, Play, Stand, apply, deal_position, observe  # noqa: E402
from russian_bank.game.places import TABLE  # noqa: E402
from russian_bank.sim import pct  # noqa: E402

MAX_ACTIONS = 6000


@dataclass
class Tally:
    """What one level did over some games."""

    actions: list[int] = field(default_factory=list)  # per innings
    table_moves: list[int] = field(default_factory=list)  # per innings
    think: list[float] = field(default_factory=list)  # seconds per innings
    cpu: list[float] = field(default_factory=list)  # processor seconds per innings
    decisions: list[float] = field(default_factory=list)  # seconds per choose
    decisions_cpu: list[float] = field(default_factory=list)  # processor seconds per choose

    def add_innings(self, actions: int, table_moves: int, think: float, cpu: float) -> None:
        if actions:
            self.actions.append(actions)
            self.table_moves.append(table_moves)
            self.think.append(think)
            self.cpu.append(cpu)


def play_one(level: str, deal: int, seed: int, tally: Tally) -> None:
    """One game of ``level`` against itself, tallied per innings."""
    pos = deal_position(COMMITTEE, random.Random(seed * 1_000_003 + deal))
    bots = {s: make_bot(level, s, random.Random(f"{seed}/{deal}/{s}")) for s in (0, 1)}
    innings, actions, moves, think, cpu = pos.innings, 0, 0, 0.0, 0.0
    for _ in range(MAX_ACTIONS):
        if pos.phase == OVER:
            break
        if pos.phase == PENDING:
            apply(pos, Stand(pos.adversary))
            continue
        if pos.innings != innings:
            tally.add_innings(actions, moves, think, cpu)
            innings, actions, moves, think, cpu = pos.innings, 0, 0, 0.0, 0.0
        me = pos.player
        t0, c0 = time.perf_counter(), time.process_time()
        action = bots[me].choose(observe(pos, me))
        dt = time.perf_counter() - t0
        dc = time.process_time() - c0
        cpu += dc
        tally.decisions.append(dt)
        tally.decisions_cpu.append(dc)
        think += dt
        actions += 1
        if isinstance(action, Play) and action.src.kind == TABLE and action.dst.kind == TABLE:
            moves += 1
        apply(pos, action)
    tally.add_innings(actions, moves, think, cpu)


def measure(level: str, games: int, seed: int) -> Tally:
    tally = Tally()
    for g in range(games):
        play_one(level, g, seed, tally)
    return tally


def summary(level: str, t: Tally) -> str:
    n = len(t.actions)
    d, c = t.decisions, t.decisions_cpu
    return (
        f"{level:7s} innings {n:5d}  actions/innings {statistics.fmean(t.actions):5.2f}  "
        f"Table moves/innings {statistics.fmean(t.table_moves):5.2f}  "
        f"think/innings mean {statistics.fmean(t.think) * 1000:7.1f} ms "
        f"p95 {pct(t.think, 0.95) * 1000:7.1f} ms  "
        f"processor/innings {statistics.fmean(t.cpu) * 1000:7.1f} ms  "
        f"decision p50 {pct(d, 0.5) * 1000:6.1f} ms p95 {pct(d, 0.95) * 1000:6.1f} "
        f"ms max {max(d) * 1000:6.1f} ms; processor p50 {pct(c, 0.5) * 1000:6.1f} "
        f"p95 {pct(c, 0.95) * 1000:6.1f} max {max(c) * 1000:6.1f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/measure.py", description=__doc__)
    parser.add_argument("--levels", nargs="+", choices=list(LEVEL_CLASSES), default=list(LEVELS))
    parser.add_argument("--games", type=positive_int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for level in args.levels:
        print(summary(level, measure(level, args.games, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
