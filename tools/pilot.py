"""Pilots of the Master's settings against the Expert, paired on the same games.

    python tools/pilot.py --games 150 --seed 7 --jobs 2 "mE:depth=3,budget=3100"

Each pilot is the Master with some of its class settings changed (``name:attr=value,...``;
the values are Python literals). The Master as landed and every pilot play the same games
of ``sim`` against the Expert (deal ``g // 2``, seats swapped in pairs), so a game of a pilot
and the same game of the Master differ only by the pilot's choices. For each it prints the
games won, lost and drawn, the share of decided games, the points a game with a 95 %
interval, the paired difference from the Master (mean of the per-game differences, 95 %
interval) and the think time a game of both bots (wall seconds, summed decisions).
docs/strength.md's pilot tables were printed by it.
"""

from __future__ import annotations

import argparse
import ast
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from russian_bank.ai import LEVEL_CLASSES, Master  # noqa: E402
from russian_bank.sim import GameResult, run  # noqa: E402


def pilot_class(spec: str) -> tuple[str, dict[str, object]]:
    """``name:attr=value,...`` -> the name and the settings (each a Master attribute)."""
    name, _, body = spec.partition(":")
    settings: dict[str, object] = {}
    for part in filter(None, body.split(",")):
        attr, _, value = part.partition("=")
        if not hasattr(Master, attr.strip()):
            raise SystemExit(f"the Master has no setting {attr.strip()!r}")
        settings[attr.strip()] = ast.literal_eval(value.strip())
    return name.strip(), settings


def interval(xs: list[float]) -> tuple[float, float]:
    """Mean and the half width of its 95 % interval."""
    if len(xs) < 2:
        return (xs[0] if xs else 0.0), 0.0
    return statistics.fmean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def row(name: str, results: list[GameResult], base: list[GameResult] | None) -> str:
    won = sum(1 for r in results if r.winner is not None and r.winner == r.a_seat)
    lost = sum(1 for r in results if r.winner is not None and r.winner != r.a_seat)
    drawn = len(results) - won - lost
    share = 100.0 * won / (won + lost) if won + lost else 0.0
    mean, half = interval([r.a_points for r in results])
    think = sum(t.total for r in results for t in r.times.values()) / max(1, len(results))
    out = (
        f"{name:10} {won}-{lost}-{drawn}  {share:5.1f} %  points {mean:+6.2f} "
        f"({mean - half:+.2f} .. {mean + half:+.2f})"
    )
    if base is not None:
        d, dh = interval([r.a_points - b.a_points for r, b in zip(results, base, strict=True)])
        out += f"  paired {d:+6.2f} ({d - dh:+.2f} .. {d + dh:+.2f})"
    return out + f"  think {think:.1f} s a game"


def arguments(prog: str, doc: str | None) -> argparse.ArgumentParser:
    """The options of a paired comparison: how many games, of which seed, in how many processes."""
    p = argparse.ArgumentParser(prog=prog, description=doc)
    p.add_argument("--games", type=int, default=150)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    return p


def paired(pilots: list[type[Master]], games: int, seed: int, jobs: int) -> None:
    """The Master as landed, then each pilot (a Master subclass, registered under its
    ``level``), on the same games against the Expert: a row each."""
    print(f"against the Expert, {games} games of seed {seed}", flush=True)
    base = run("master", "expert", games, seed, jobs)
    print(row("master", base, None), flush=True)
    for cls in pilots:
        LEVEL_CLASSES[cls.level] = cls
        results = run(cls.level, "expert", games, seed, jobs)
        print(row(cls.level, results, base), flush=True)


def main(argv: list[str] | None = None) -> int:
    p = arguments("python tools/pilot.py", __doc__)
    p.add_argument("pilots", nargs="*", help="name:attr=value,... (Master settings)")
    a = p.parse_args(argv)
    pilots = []
    for spec in a.pilots:
        name, settings = pilot_class(spec)
        pilots.append(type(name, (Master,), {"level": name, **settings}))
    paired(pilots, a.games, a.seed, a.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
