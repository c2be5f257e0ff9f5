"""Engine speed of several source trees side by side, in processor time.

    python tools/engine_side_by_side.py ROUNDS GAMES RULES TREE [TREE ...]

RULES is a comma-separated list of game names (``committee,french,one-pack``); each
TREE a checkout of this repository (``git worktree add /tmp/base 8bed17d``). For each
game name the trees run in turn, ROUNDS times: one run of ``python -m
tools.bench engine --runs 1 --games GAMES --seed R`` (``russian_bank.bench`` in trees
older than its move to ``tools/``) in a fresh process, in the tree's folder, with
that tree first on ``sys.path``, so every tree plays the same games in a round. The
bench's clock is made ``time.process_time`` in that process (older trees print wall
time only), so a loaded machine changes the figures less. It prints the median
actions/s of each tree and its ratio to the first tree (docs/benchmarks.md).
"""

from __future__ import annotations

import os
import re
import runpy
import statistics
import subprocess
import sys
import time

_CHILD = "--child"


def _child(args: list[str]) -> None:
    """Run the tree's own bench with its clock reading processor time (``tools.bench``
    in the tree's ``tools/``; a tree older than its move there: ``russian_bank.bench``)."""
    time.perf_counter = time.process_time  # type: ignore[assignment]
    bench = "tools.bench" if os.path.isdir(os.path.join("tools", "bench")) else "russian_bank.bench"
    sys.argv = [bench, "engine", *args]
    runpy.run_module(bench, run_name="__main__")


def _one(tree: str, rules: str, games: str, seed: int) -> int:
    env = dict(os.environ, PYTHONPATH=tree)
    argv = [sys.executable, os.path.abspath(__file__), _CHILD]
    argv += ["--runs", "1", "--games", games, "--seed", str(seed), "--rules", rules]
    out = subprocess.run(argv, env=env, cwd=tree, capture_output=True, text=True, check=True)
    found = re.search(r"^actions/s: (\d+)", out.stdout, re.M)
    if found is None:
        raise SystemExit(f"{tree}: no actions/s in its output: {out.stdout[-200:]}")
    return int(found.group(1))


def main(argv: list[str]) -> int:
    if argv[:1] == [_CHILD]:
        _child(argv[1:])
        return 0
    if len(argv) < 4:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    rounds, games, names, trees = int(argv[0]), argv[1], argv[2].split(","), argv[3:]
    for rules in names:
        got: dict[str, list[int]] = {t: [] for t in trees}
        for r in range(rounds):
            for tree in trees:
                got[tree].append(_one(tree, rules, games, r + 1))
        medians = [statistics.median(got[t]) for t in trees]
        ratios = " ".join(f"{m / medians[0]:.2f}x" for m in medians[1:])
        figures = " ".join(f"{m:9,.0f}" for m in medians)
        print(f"{rules:12s} {figures}  ratio {ratios}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
