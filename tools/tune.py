"""Fitting the Master's evaluation by self-play: ``python tools/tune.py``.

The evaluation (:mod:`russian_bank.ai.evaluate`) is a sum of terms, each a
weight times something counted on the position (cards left, spaces, exposed
cards by how easily they go). Here the weights are fitted to what actually
happened in games the bots played against themselves:

1. ``--games`` games of the Expert against itself (Committee rules; deal ``g``
   from ``random.Random(seed * 1000003 + g)``, each bot's stream from the seed,
   the game and the seat), a pending last card let stand;
2. at every end of a run of plays (where the search judges positions: before a
   card is turned, after the held card is discarded) the terms are counted
   for seat A, and the game's final score for A (points won, or lost) is the
   target;
3. the weights are the least-squares fit of the score on the terms (a little
   ridge, no constant: the terms change sign with the seat), scaled so that a
   Hand card left is worth 1 as before, so that the search's own charges
   (``table_load``, ``play_cost``) keep their meaning.

This is Monte Carlo value fitting (Sutton and Barto 2018, sections 9.3-9.4: the
gradient Monte Carlo target, solved here in closed form). The terms are read
from the evaluation itself: the evaluation is linear in its weights, so a
term's count is the change in value when its weight is raised by one.

The script writes ``russian_bank/ai/tuned.py`` (the weights, with the command
and the fit's figures); ``--out -`` prints it instead. Nothing is downloaded;
the same seed gives the same file.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from dataclasses import fields, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: this checkout's package

from russian_bank.ai.bots import make_bot as make  # noqa: E402
from russian_bank.ai.evaluate import DEFAULT, Weights, evaluate  # noqa: E402
from russian_bank.ai.util import ENDS, TURNS  # noqa: E402
from russian_bank.cli import positive_int  # noqa: E402
from russian_bank.engine import (  # noqa: E402
    COMMITTEE,
    OVER,
    PENDING,
    Position,
    Stand,
    apply,
    deal_position,
    observe,
)

# the weights the evaluation itself uses (the others are charged by the search)
FITTED = tuple(
    f.name for f in fields(Weights) if f.name not in ("table_load", "play_cost", "not_mover")
)
MAX_ACTIONS = 6000


def terms(pos: Position, seat: int) -> list[float]:
    """What each fitted weight multiplies in ``evaluate(pos, seat, ·)``."""
    base = evaluate(pos, seat, DEFAULT)
    out = []
    for name in FITTED:
        w = replace(DEFAULT, **{name: getattr(DEFAULT, name) + 1.0})
        out.append(evaluate(pos, seat, w) - base)
    return out


Row = tuple[list[float], float]


def _kept(path: Path | None, seed: int) -> dict[int, list[Row]]:
    """The games already played into ``path`` (one JSON line a game) for ``seed``."""
    if path is None or not path.exists():
        return {}
    out: dict[int, list[Row]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d["seed"] == seed and d["terms"] == list(FITTED):
            out[d["game"]] = [(x, y) for x, y in d["rows"]]
    return out


def self_play(games: int, seed: int, level: str = "expert", keep: Path | None = None) -> list[Row]:
    """(terms for seat A, A's final score) at every end of a run of plays.

    ``keep``: a file the rows of each game are added to as it ends (one JSON
    line a game); games already in it for this seed are read back, not played
    again, so a long run can be stopped and resumed."""
    rows: list[Row] = []
    kept = _kept(keep, seed)
    for g in range(games):
        if g in kept:
            rows += kept[g]
            continue
        pos = deal_position(COMMITTEE, random.Random(seed * 1_000_003 + g))
        bots = {s: make(level, s, random.Random(f"tune/{seed}/{g}/{s}")) for s in (0, 1)}
        seen: list[list[float]] = []
        for _ in range(MAX_ACTIONS):
            if pos.phase == OVER:
                break
            if pos.phase == PENDING:
                apply(pos, Stand(pos.adversary))
                continue
            me = pos.player
            action = bots[me].choose(observe(pos, me))
            if isinstance(action, TURNS):
                seen.append(terms(pos, 0))
            apply(pos, action)
            if isinstance(action, ENDS) and pos.phase != OVER:
                seen.append(terms(pos, 0))
        o = pos.outcome
        score = 0.0
        if pos.phase == OVER and o is not None and o.winner is not None:
            score = float(o.points if o.winner == 0 else -o.points)
        rows += [(x, score) for x in seen]
        if keep is not None:
            line = {"seed": seed, "game": g, "terms": list(FITTED)}
            line["rows"] = [(x, score) for x in seen]
            with keep.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(line) + "\n")
        print(f"game {g + 1}/{games}: {len(seen)} positions, score for A {score:+.0f}", flush=True)
    return rows


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def fit(rows: list[tuple[list[float], float]], ridge: float) -> tuple[list[float], float]:
    """Least squares with a ridge: the coefficients and the share of variance
    explained (R squared)."""
    k = len(FITTED)
    ata = [[0.0] * k for _ in range(k)]
    atb = [0.0] * k
    for x, y in rows:
        for i in range(k):
            atb[i] += x[i] * y
            for j in range(k):
                ata[i][j] += x[i] * x[j]
    for i in range(k):
        ata[i][i] += ridge * len(rows)
    coef = solve(ata, atb)
    ss = sum(y * y for _, y in rows)
    res = sum((y - sum(c * v for c, v in zip(coef, x, strict=True))) ** 2 for x, y in rows)
    return coef, (1.0 - res / ss) if ss else 0.0


def weights_from(coef: list[float]) -> Weights:
    scale = coef[FITTED.index("hand_card")]
    if scale <= 0:
        raise ValueError("the fit gives a Hand card no value: too few games")
    return replace(DEFAULT, **{n: round(c / scale, 3) for n, c in zip(FITTED, coef, strict=True)})


def module_text(w: Weights, args: argparse.Namespace, n: int, r2: float, scale: float) -> str:
    lines = [
        '"""The Master\'s evaluation weights, fitted by self-play (issue 22).',
        "",
        "Written by ``python tools/tune.py "
        f"--games {args.games} --seed {args.seed} --ridge {args.ridge}``; do not edit by",
        f"hand. {n} positions from {args.games} Expert games; R squared of the final",
        f"score on the terms {r2:.3f}; a Hand card left was worth {scale:.2f} points of the",
        "final score, and every weight is divided by that (a Hand card = 1).",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from .evaluate import Weights",
        "",
        "TUNED = Weights(",
    ]
    for f in fields(Weights):
        lines.append(f"    {f.name}={getattr(w, f.name)!r},")
    lines += [")", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/tune.py", description=__doc__)
    parser.add_argument("--games", type=positive_int, default=120)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--ridge", type=float, default=0.01)
    parser.add_argument("--out", default=str(ROOT / "russian_bank" / "ai" / "tuned.py"))
    parser.add_argument(
        "--keep", type=Path, help="add each game's rows to this file, reuse the games in it"
    )
    args = parser.parse_args(argv)
    rows = self_play(args.games, args.seed, keep=args.keep)
    coef, r2 = fit(rows, args.ridge)
    scale = coef[FITTED.index("hand_card")]
    for name, c in zip(FITTED, coef, strict=True):
        print(f"{name:12s} {c:+8.3f} points  -> weight {c / scale:+.3f}")
    if not all(math.isfinite(c) for c in coef):
        print("the fit failed", file=sys.stderr)
        return 1
    text = module_text(weights_from(coef), args, len(rows), r2, scale)
    if args.out == "-":
        print(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out} ({len(rows)} positions, R squared {r2:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
