"""One-line breaks of the engine made on purpose, each run against the engine tests.

    python tools/mutants.py                  # every break against tests/engine
    python tools/mutants.py --list           # the breaks, by name, and what they aim at
    python tools/mutants.py --only m07 m12   # some of them
    python tools/mutants.py --tests tests/engine/test_stop.py --timeout 60

Each break changes one place of the engine (a line, or the lines of one condition)
where a kept answer, a mask, the weave-repeat check or a quick path of the legal
actions could go wrong without the games looking broken. The tool copies the package
and the tests into a temporary folder once, makes each break there in turn (the
checkout is never touched), runs ``pytest -x`` on the tests with a time limit, and
prints whether the tests killed it (a test failed), let it survive (all passed), or
ran past the limit (counted as killed: the break made the engine loop). A few breaks
are known to be equivalent (they change no answer a player can see, only how quickly
it is found): each says why, is expected to survive and is left out of the score. A break whose
text is no longer found in its file is reported as stale, so the list is kept up with
the code. Not part of CI: the run takes a few minutes (docs/engine.md, "Breaks made on
purpose", lists the last run and every survivor).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
ENGINE = "russian_bank/engine/"


class Mutant(NamedTuple):
    name: str
    path: str  # under russian_bank/engine/
    old: str  # the text replaced (found exactly once in the file)
    new: str
    aim: str  # what it breaks, in words
    # why the break changes nothing a player can see, for a break known to be
    # equivalent (docs/engine.md); it is expected to survive and is not scored
    equivalent: str = ""


MUTANTS: tuple[Mutant, ...] = (
    # ---- kept answers: an answer kept past the cards it was worked out for
    Mutant(
        "m01",
        "moves.py",
        "        kept is None\n        or kept.stamp != pos.stamp\n",
        "        kept is None\n",
        "the kept plays' facts (bankable, available) read across a move of cards",
    ),
    Mutant(
        "m02",
        "plays.py",
        "        kept is not None\n        and kept.stamp == pos.stamp\n",
        "        kept is not None\n",
        "kept legal plays read across a move of cards",
    ),
    Mutant(
        "m03",
        "legality.py",
        "        kept = pos.actions_memo\n        if (\n            kept is None\n"
        "            or kept.stamp != pos.stamp\n",
        "        kept = pos.actions_memo\n        if (\n            kept is None\n",
        "kept legal actions between plays (Stop awaited, game over) read across a move",
        "while a Stop is awaited the actions are Stop and Stand, decided by what the"
        " lists are keyed by (the open fault or error), never by the cards; when the"
        " game is over there are none",
    ),
    Mutant(
        "m04",
        "plays.py",
        "                kept = _after_turn(pos, kept)\n",
        "                pass\n",
        "after a Hand card is turned, the plays kept from before the turn used as they were",
    ),
    Mutant(
        "m05",
        "plays.py",
        "        bankable = [*bankable, _PAIRS[12 * 104 + card]]\n",
        "        pass\n",
        "after a turn, the held card left out of the kept bankable list (issue 40, point 5)",
    ),
    Mutant(
        "m06",
        "plays.py",
        "                bankable.append(pairs[s * 104 + card])\n",
        "                bankable.append(pairs[s * 104 + card]) if s != 12 else None\n",
        "a generation leaves the held card out of the bankable list",
    ),
    Mutant(
        "m07",
        "plays.py",
        "        elif type(action) is Play and kept.fit is not None and action.dst.kind != BANK:",
        "        elif type(action) is Play and kept.fit is not None:",
        "the Banks' masks kept across a play to a Bank",
    ),
    Mutant(
        "m08",
        "legality.py",
        "    key = (fault, compelled, None if fault is None else pos.raised)\n",
        "    key = (fault, compelled, None)\n",
        "'may Compel' kept across a raise of another bankable card (§69; issue 40, point 4)",
    ),
    Mutant(
        "m09",
        "legality.py",
        "            may = kept.compel = _compel_target(pos) is not None\n",
        "            may = kept.compel = True\n",
        "the kept 'may Compel' with nothing open answers yes",
    ),
    # ---- the quick path of the legal actions
    Mutant(
        "m10",
        "legality.py",
        "        and pos.compelled is None\n        and pos.missed_play is None\n",
        "        and pos.missed_play is None\n",
        "the quick path taken while a play is compelled (§38, §70; issue 40, point 3)",
    ),
    Mutant(
        "m11",
        "legality.py",
        "        and not pos.error\n        and not pos.fault_by\n",
        "        and not pos.fault_by\n",
        "the quick path taken while a §91.6 error is open",
    ),
    Mutant(
        "m12",
        "legality.py",
        "        and pos.missed_play is None\n        and not pos.error\n",
        "        and not pos.error\n",
        "the quick path taken while Crapette's missed play is open",
        "a missed play is open only with a fault opened by a play (fault_by), which"
        " keeps the quick path shut",
    ),
    Mutant(
        "m13",
        "legality.py",
        "                        acts.append(_COMPELS[1 - pos.player])\n",
        "                        acts.append(_COMPELS[pos.player])\n",
        "the quick path offers the Compel to the Player instead of the adversary",
    ),
    Mutant(
        "m14",
        "legality.py",
        "    if (pos.error or pos.fault is not None) and may_stop(pos, adv):",
        "    if pos.error or pos.fault is not None:",
        "the Stop listed while §69 suspends it",
    ),
    Mutant(
        "m15",
        "legality.py",
        "        if d.kind == TABLE and c == 1 and source_cards(pos, s, 1) == [card]:",
        "        if d.kind == TABLE and c == 1:",
        "a compelled Table play kept in force once its card has no Table place",
    ),
    Mutant(
        "m16",
        "legality.py",
        "                if not keys or not refuses(pos, keys):  # _turn_hand_reason(pos) is None",
        "                if True:  # _turn_hand_reason(pos) is None",
        "turning the Hand listed while §9 or §17 refuses it",
    ),
    # ---- the masks
    Mutant(
        "m17",
        "masks.py",
        "            bm[k] = empty\n",
        "            bm[k] = 0\n",
        "the empty Banks' mask for the Aces lost",
    ),
    Mutant(
        "m18",
        "masks.py",
        "            if col:\n                tm[under[col[-1]]] += bit\n",
        "            if col:\n                pass\n",
        "after a weave, the source pile's new top left out of the Table masks",
    ),
    Mutant(
        "m19",
        "masks.py",
        "        if not col:\n            spaces += bit\n",
        "        if not col:\n            pass\n",
        "after a play, a pile emptied not counted as a space",
    ),
    Mutant(
        "m20",
        "masks.py",
        "        if len(col) == count:\n            spaces -= bit\n",
        "        if len(col) == count:\n            pass\n",
        "after a play into a space, the space still counted",
    ),
    Mutant(
        "m21",
        "masks.py",
        "                tm[under[col[-count - 1]]] -= bit\n",
        "                pass\n",
        "after a play onto a pile, its covered card still in the Table masks",
    ),
    # ---- the weave-repeat check (§58)
    Mutant(
        "m22",
        "weaves.py",
        "        if hash(tuple(after)) in twice:\n",
        "        if False:\n",
        "no weave refused as bringing back an arrangement seen twice",
    ),
    Mutant(
        "m23",
        "weaves.py",
        "            if after == cols:\n",
        "            if after != cols:\n",
        "the units a weave of which could bring an arrangement back, chosen wrongly",
    ),
    Mutant(
        "m24",
        "weaves.py",
        "        if known is None:\n            return None\n",
        "        if known is None:\n            continue\n",
        "an arrangement not known (a position read from its text) taken as not coming back",
    ),
    Mutant(
        "m25",
        "laws.py",
        "        if times == 2:\n",
        "        if times == 3:\n",
        "an arrangement seen twice not kept for the weave-repeat check",
        "an arrangement not kept is one not known: every weave is then checked in full"
        " (slower, the same plays)",
    ),
    # ---- rules the issue names (Crapette's orders, the Stop's play, a raised run)
    Mutant(
        "m26",
        "order.py",
        "    if not all(table):  # a space somewhere: order 1 comes before orders 2 and 5\n",
        "    if False:  # a space somewhere: order 1 comes before orders 2 and 5\n",
        "Crapette order 1 (a space first) not refereed (issue 40, point 1)",
    ),
    Mutant(
        "m27",
        "moves.py",
        "        return RANK_OF[card] - RANK_OF[on] in (1, -1)\n",
        "        return RANK_OF[card] - RANK_OF[on] in (1,)\n",
        "building on the adversary in Crapette upward only (issue 40, point 2)",
    ),
    Mutant(
        "m28",
        "laws.py",
        "            if not single_bankable and unit_has_destination(pos, src, count):\n",
        "            if not single_bankable and count == 1"
        " and unit_has_destination(pos, src, count):\n",
        "a run raised with a bankable card inside opens no fault (issue 40, point 6)",
    ),
    Mutant(
        "m29",
        "order.py",
        "        if (p[0], p[2]) == (src, count):\n",
        "        if False:\n",
        "order 5's Stop does not pack the card played wrongly where it belonged",
    ),
    Mutant(
        "m30",
        "stopping.py",
        "        if play_reason(pos, src, dst, count) is None:\n",
        "        if play_reason(pos, src, dst, count) is None and dst.kind != BANK:\n",
        "a Crapette Stop whose missed play goes to a foundation does not make it",
    ),
)


def _copy(into: Path) -> None:
    """The package, the tests, the developer tools they import (``tools.bench``) and
    the project's pytest settings, into ``into``."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".mypy_cache", ".ruff_cache")
    for name in ("russian_bank", "tests", "tools"):
        shutil.copytree(ROOT / name, into / name, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", into / "pyproject.toml")


def _run(where: Path, tests: Sequence[str], timeout: float) -> tuple[str, float]:
    """``pytest -x`` on ``tests`` in ``where``: "passed", "failed" or "timeout"."""
    env = dict(os.environ, PYTHONPATH=str(where), PYTHONDONTWRITEBYTECODE="1")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    start = time.monotonic()
    try:
        done = subprocess.run(
            cmd, cwd=where, env=env, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - start
    took = time.monotonic() - start
    return ("passed" if done.returncode == 0 else "failed"), took


def _first_failure(where: Path, tests: Sequence[str], timeout: float) -> str:
    """The first failing test's name (for the report), asked again with -rf."""
    env = dict(os.environ, PYTHONPATH=str(where), PYTHONDONTWRITEBYTECODE="1")
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-rf", "-p", "no:cacheprovider", *tests]
    try:
        done = subprocess.run(
            cmd, cwd=where, env=env, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return ""
    for line in done.stdout.splitlines():
        if line.startswith("FAILED "):
            return line[len("FAILED ") :].split(" - ")[0]
    return ""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/mutants.py", description=__doc__)
    parser.add_argument("--tests", nargs="+", default=["tests/engine"])
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per break")
    parser.add_argument("--only", nargs="+", default=[], help="break names, e.g. m07")
    parser.add_argument("--list", action="store_true", help="list the breaks and stop")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if not args.only or m.name in args.only]
    if args.list:
        for m in chosen:
            print(f"{m.name}  {m.path:12} {m.aim}")
        return 0
    with tempfile.TemporaryDirectory(prefix="rb-mutants-") as tmp:
        where = Path(tmp)
        _copy(where)
        status, took = _run(where, args.tests, args.timeout)
        print(f"unbroken: {status} in {took:.1f}s ({' '.join(args.tests)})")
        if status != "passed":
            print("the tests must pass on the unbroken code first")
            return 2
        counts = {"killed": 0, "survived": 0, "timeout": 0, "stale": 0, "equivalent": 0}
        wrong_marks = 0
        for m in chosen:
            path = where / ENGINE / m.path
            text = path.read_text(encoding="utf-8")
            if text.count(m.old) != 1:
                counts["stale"] += 1
                print(f"{m.name}  STALE     {m.path}: the text to break is not found once")
                continue
            path.write_text(text.replace(m.old, m.new), encoding="utf-8")
            try:
                status, took = _run(where, args.tests, args.timeout)
                by = _first_failure(where, args.tests, args.timeout) if status == "failed" else ""
            finally:
                path.write_text(text, encoding="utf-8")
            verdict = {"failed": "killed", "passed": "survived", "timeout": "timeout"}[status]
            if m.equivalent:
                counts["equivalent"] += 1
                verdict = "equivalent" if status == "passed" else f"{verdict}, not equivalent"
                wrong_marks += status != "passed"  # the mark (or the tests) must be looked at
            else:
                counts[verdict] += 1
            print(
                f"{m.name}  {verdict.upper():9} {took:5.1f}s  {m.aim}"
                + (f"\n      by {by}" if by else "")
            )
    judged = counts["killed"] + counts["survived"] + counts["timeout"]
    dead = counts["killed"] + counts["timeout"]
    share = 100.0 * dead / judged if judged else 0.0
    print(
        f"{dead} of {judged} breaks that change the games killed ({share:.0f}%):"
        f" {counts['killed']} by a failing test, {counts['timeout']} by the time limit;"
        f" {counts['survived']} survived; {counts['equivalent']} known equivalent (not"
        f" scored); {counts['stale']} stale"
    )
    return 0 if counts["stale"] == 0 and wrong_marks == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
