"""Training the learned value (issue 44): ``python tools/train_value.py``.

Three steps, each resumable:

``play``  self-play games of the Expert against itself (Committee rules; deal
          ``g`` from ``random.Random(seed * 1000003 + g)``, each bot's stream from
          the seed, the game and the seat; a pending last card let stand). At every
          end of a run of plays -- before a card is turned, after the held card is
          discarded: the positions a search judges -- the position is kept in the
          engine's text form, with the game's result. One JSON line a game is added
          to ``--data``; games already there are not played again.
``fit``   the network of ``russian_bank/ai/value.py`` fitted to those positions,
          each judged for both seats. Targets: Monte Carlo (``--lam 1``, the
          default: the game's result) or TD(lambda) (``--lam`` below 1: the
          lambda-return of the network's own values along the game, Sutton and
          Barto 2018, section 12.1, recomputed every epoch). The last tenth of the
          games is held out to measure. A checkpoint (weights and optimizer state)
          is written after every epoch and read back with ``--resume``; the
          weights go to ``russian_bank/ai/value.npz`` at the end.
``curve`` the learning curve: the same fit on the first N games for growing N,
          each measured on the same test games (log loss and Brier score of
          the chance of winning, error of the points).

Nothing is downloaded; the same seeds give the same data and the same weights.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: this checkout's package

from russian_bank.ai.bots import make_bot as make  # noqa: E402
from russian_bank.ai.util import ENDS, TURNS  # noqa: E402
from russian_bank.ai.value import (  # noqa: E402
    N_INPUTS,
    POINTS_SCALE,
    WEIGHTS_FILE,
    Net,
    inputs,
    read_net,
    write_net,
)
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

MAX_ACTIONS = 6000
DATA = ROOT / "build" / "value" / "games.jsonl"
CHECKPOINT = ROOT / "build" / "value" / "checkpoint.npz"
Array = np.ndarray


# ------------------------------------------------------------------ self-play


def play_one(seed: int, g: int, level: str = "expert") -> dict[str, object]:
    """One self-play game: the afterstates in text form and the result."""
    pos = deal_position(COMMITTEE, random.Random(seed * 1_000_003 + g))
    bots = {s: make(level, s, random.Random(f"value/{seed}/{g}/{s}")) for s in (0, 1)}
    kept: list[str] = []
    for _ in range(MAX_ACTIONS):
        if pos.phase == OVER:
            break
        if pos.phase == PENDING:
            apply(pos, Stand(pos.adversary))
            continue
        me = pos.player
        action = bots[me].choose(observe(pos, me))
        if isinstance(action, TURNS):
            kept.append(pos.to_text())
        apply(pos, action)
        if isinstance(action, ENDS) and pos.phase != OVER:
            kept.append(pos.to_text())
    o = pos.outcome
    winner = o.winner if pos.phase == OVER and o is not None else None
    points = 0 if winner is None or o is None else (o.points if winner == 0 else -o.points)
    return {"seed": seed, "game": g, "winner": winner, "points_a": points, "positions": kept}


def _task(args: tuple[int, int]) -> dict[str, object]:
    return play_one(*args)


def read_games(path: Path) -> list[dict[str, object]]:
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue  # a line still being written by a running play step
    return out


def play(games: int, seed: int, data: Path, jobs: int) -> None:
    data.parent.mkdir(parents=True, exist_ok=True)
    have = {(d["seed"], d["game"]) for d in read_games(data)}
    todo = [(seed, g) for g in range(games) if (seed, g) not in have]
    start = time.monotonic()

    def results() -> Iterator[dict[str, object]]:
        if jobs <= 1:
            yield from map(_task, todo)
            return
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            yield from pool.imap_unordered(_task, todo)

    for done, d in enumerate(results(), start=1):
        with data.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(d) + "\n")
        rate = (time.monotonic() - start) / done
        positions = len(d["positions"])  # type: ignore[arg-type]
        print(
            f"play {len(have) + done}/{len(have) + len(todo)} game {d['game']} "
            f"{positions} positions, A {d['points_a']:+d}; {rate:.1f} s a game",
            flush=True,
        )


# ------------------------------------------------------------------ data


def game_rows(d: dict[str, object]) -> tuple[Array, Array, Array]:
    """Inputs for both seats (seat A's rows, then B's), the win target, the points
    target (points / POINTS_SCALE) for the game ``d``."""
    texts = d["positions"]
    assert isinstance(texts, list)
    positions = [Position.from_text(t) for t in texts]
    winner, pa = d["winner"], float(d["points_a"])  # type: ignore[arg-type]
    xs, ws, ps = [], [], []
    for me in (0, 1):
        for p in positions:
            xs.append(inputs(p, me))
        win = 0.5 if winner is None else (1.0 if winner == me else 0.0)
        ws += [win] * len(positions)
        ps += [(pa if me == 0 else -pa) / POINTS_SCALE] * len(positions)
    return (np.asarray(xs).reshape(-1, N_INPUTS), np.asarray(ws), np.asarray(ps))


Rows = tuple[Array, Array, Array]
_ROWS: dict[tuple[int, int], Rows] = {}  # the rows of each game read or made (this run)


def dataset(games: list[dict[str, object]], cache: Path | None = None) -> list[Rows]:
    """Each game's rows (:func:`game_rows`). With ``cache`` (a ``.npz`` file beside the
    games), rows made before are read back and the new ones added, so that the
    inputs of a game are worked out once however often it is fitted."""
    ids = [(int(d["seed"]), int(d["game"])) for d in games]  # type: ignore[call-overload]
    if cache is not None and cache.exists() and not all(i in _ROWS for i in ids):
        with np.load(cache, allow_pickle=False) as f:
            keys, cut = f["ids"], f["cut"]
            x, w, p = f["x"], f["w"], f["p"]
        for n, (seed, g) in enumerate(keys.tolist()):
            a, b = int(cut[n]), int(cut[n + 1])
            _ROWS.setdefault((seed, g), (x[a:b].astype(np.float64), w[a:b], p[a:b]))
    new = [(i, d) for i, d in zip(ids, games, strict=True) if i not in _ROWS]
    for i, d in new:  # (inputs kept as float32: the same whether made now or read back)
        x, w, p = game_rows(d)
        _ROWS[i] = (x.astype(np.float32).astype(np.float64), w, p)
    if cache is not None and new:
        keys_all = sorted(_ROWS)
        cut_all = np.cumsum([0] + [len(_ROWS[k][0]) for k in keys_all])
        tmp = cache.with_suffix(".tmp.npz")
        with tmp.open("wb") as fh:
            np.savez(
                fh,
                ids=np.asarray(keys_all, dtype=np.int64).reshape(-1, 2),
                cut=cut_all,
                x=np.concatenate([_ROWS[k][0] for k in keys_all]).astype(np.float32),
                w=np.concatenate([_ROWS[k][1] for k in keys_all]),
                p=np.concatenate([_ROWS[k][2] for k in keys_all]),
            )
        tmp.replace(cache)
    return [_ROWS[i] for i in ids]


def rows_file(data: Path) -> Path:
    """Where the rows of ``data``'s games are kept (:func:`dataset`)."""
    return data.with_suffix(".rows.npz")


# ------------------------------------------------------------------ the network


def new_net(x: Array, hidden: int, rng: np.random.Generator) -> Net:
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-6] = 1.0
    w1 = rng.normal(0.0, 1.0 / math.sqrt(N_INPUTS), (N_INPUTS, hidden))
    w2 = rng.normal(0.0, 1.0 / math.sqrt(hidden), (hidden, 2)) * 0.1
    return Net(mean, scale, w1, np.zeros(hidden), w2, np.zeros(2))


PARAMS = ("w1", "b1", "w2", "b2")


def grads(
    net: Net, x: Array, win: Array, pts: Array, mask: Array
) -> tuple[dict[str, Array], float]:
    """Gradients of the loss (log loss of the win logit + squared error of the
    points) over a batch, and the loss. ``mask``: 1 where the win target counts
    (a drawn game says nothing of who wins)."""
    z = (x - net.mean) / net.scale
    h = np.tanh(z @ net.w1 + net.b1)
    out = h @ net.w2 + net.b2
    p = 1.0 / (1.0 + np.exp(-np.clip(out[:, 0], -30, 30)))
    n = len(x)
    d_out = np.zeros_like(out)
    d_out[:, 0] = (p - win) * mask / n
    d_out[:, 1] = 2.0 * (out[:, 1] - pts) / n
    eps = 1e-9
    ll = -(win * np.log(p + eps) + (1 - win) * np.log(1 - p + eps)) * mask
    loss = float(ll.sum() / n + ((out[:, 1] - pts) ** 2).mean())
    d_h = d_out @ net.w2.T * (1 - h * h)
    g = {
        "w2": h.T @ d_out,
        "b2": d_out.sum(axis=0),
        "w1": z.T @ d_h,
        "b1": d_h.sum(axis=0),
    }
    return g, loss


def measure(net: Net, data: list[tuple[Array, Array, Array]]) -> dict[str, float]:
    """Log loss and Brier score of the chance of winning (decided games), the mean
    absolute error of the points, over ``data``."""
    if not data:
        nan = float("nan")
        return {"loss": nan, "logloss": nan, "brier": nan, "points": nan, "n": 0}
    x = np.concatenate([d[0] for d in data])
    win = np.concatenate([d[1] for d in data])
    pts = np.concatenate([d[2] for d in data])
    out = net.raw(x)
    p = 1.0 / (1.0 + np.exp(-np.clip(out[:, 0], -30, 30)))
    m = win != 0.5
    eps = 1e-9
    ll = -(win * np.log(p + eps) + (1 - win) * np.log(1 - p + eps))
    mse = float(((out[:, 1] - pts) ** 2).mean())
    return {
        "loss": float(ll[m].mean()) + mse,
        "logloss": float(ll[m].mean()),
        "brier": float(((p - win) ** 2)[m].mean()),
        "points": float(np.abs(out[:, 1] - pts).mean() * POINTS_SCALE),
        "n": int(len(x)),
    }


def lambda_targets(
    net: Net, data: list[tuple[Array, Array, Array]], lam: float
) -> list[tuple[Array, Array, Array]]:
    """TD(lambda): each position's target is the lambda-return of the network's
    values at the later positions of the same game for the same seat, ending in
    the game's result (lam = 1 gives the result itself, Monte Carlo)."""
    if lam >= 1.0:
        return data
    out = []
    for x, win, pts in data:
        half = len(x) // 2
        raw = net.raw(x)
        v_win = 1.0 / (1.0 + np.exp(-np.clip(raw[:, 0], -30, 30)))
        v_pts = raw[:, 1]
        tw, tp = win.copy(), pts.copy()
        for lo in (0, half):
            g_w, g_p = win[lo + half - 1] if half else 0.0, pts[lo + half - 1] if half else 0.0
            for i in range(lo + half - 1, lo - 1, -1):
                tw[i], tp[i] = g_w, g_p
                g_w = (1 - lam) * v_win[i] + lam * g_w
                g_p = (1 - lam) * v_pts[i] + lam * g_p
        out.append((x, tw, tp))
    return out


def fit(
    train: list[tuple[Array, Array, Array]],
    valid: list[tuple[Array, Array, Array]],
    *,
    hidden: int,
    epochs: int,
    lam: float,
    seed: int,
    checkpoint: Path | None = None,
    resume: bool = False,
    quiet: bool = False,
    lr: float = 0.001,
    decay: float = 1e-3,
    batch: int = 256,
    start: Net | None = None,
) -> tuple[Net, list[dict[str, float]]]:
    """Adam on minibatches, with weight decay; returns the network of the epoch
    that did best on ``valid`` (log loss plus the points' squared error: early
    stopping, for the positions of one game are far from independent) and the
    curve (one row an epoch). ``start``: the network to go on from (its inputs'
    scaling kept), so that TD(lambda) bootstraps from one that knows the game."""
    rng = np.random.default_rng(seed)
    if start is None:
        net = new_net(np.concatenate([d[0] for d in train]), hidden, rng)
    else:
        net = Net(start.mean, start.scale, *(getattr(start, k).copy() for k in PARAMS))
    params = {k: getattr(net, k).copy() for k in PARAMS}
    m1 = {k: np.zeros_like(v) for k, v in params.items()}
    m2 = {k: np.zeros_like(v) for k, v in params.items()}
    step, first = 0, 0
    best, best_loss = net, math.inf
    if resume and checkpoint is not None and checkpoint.exists():
        with np.load(checkpoint, allow_pickle=False) as f:
            if f["w1"].shape == params["w1"].shape:
                params = {k: f[k].copy() for k in PARAMS}
                m1 = {k: f["m1_" + k].copy() for k in PARAMS}
                m2 = {k: f["m2_" + k].copy() for k in PARAMS}
                step, first = int(f["step"]), int(f["epoch"])
                net = Net(f["mean"], f["scale"], *(params[k] for k in PARAMS))
                best = Net(f["mean"], f["scale"], *(f["best_" + k].copy() for k in PARAMS))
                best_loss = float(f["best_loss"])
                rng = np.random.default_rng(seed + first)
                print(f"resumed at epoch {first}", flush=True)
    curve: list[dict[str, float]] = []
    for epoch in range(first, epochs):
        targets = lambda_targets(net, train, lam)
        x = np.concatenate([d[0] for d in targets])
        win = np.concatenate([d[1] for d in targets])
        pts = np.concatenate([d[2] for d in targets])
        mask = ((win != 0.5) | (lam < 1.0)).astype(np.float64)
        order = rng.permutation(len(x))
        total = 0.0
        for b in range(0, len(x), batch):
            idx = order[b : b + batch]
            g, loss = grads(net, x[idx], win[idx], pts[idx], mask[idx])
            total += loss * len(idx)
            step += 1
            for k in PARAMS:
                m1[k] = 0.9 * m1[k] + 0.1 * g[k]
                m2[k] = 0.999 * m2[k] + 0.001 * g[k] ** 2
                mh = m1[k] / (1 - 0.9**step)
                vh = m2[k] / (1 - 0.999**step)
                params[k] = params[k] - lr * (mh / (np.sqrt(vh) + 1e-8) + decay * params[k])
            net = Net(net.mean, net.scale, *(params[k] for k in PARAMS))
        row = {"epoch": epoch + 1, "train": total / len(x), **measure(net, valid)}
        curve.append(row)
        if row["loss"] < best_loss:
            best, best_loss = net, row["loss"]
        if not quiet:
            print(
                f"epoch {epoch + 1}/{epochs} train loss {row['train']:.4f}  validation: "
                f"loss {row['loss']:.4f} log loss {row['logloss']:.4f} Brier {row['brier']:.4f} "
                f"points error {row['points']:.1f}" + (" best" if best is net else ""),
                flush=True,
            )
        if checkpoint is not None:
            checkpoint.parent.mkdir(parents=True, exist_ok=True)
            kept: dict[str, Any] = dict(net.arrays())
            kept |= {f"m1_{k}": m1[k] for k in PARAMS} | {f"m2_{k}": m2[k] for k in PARAMS}
            kept |= {f"best_{k}": getattr(best, k) for k in PARAMS}
            kept |= {"step": step, "epoch": epoch + 1, "best_loss": best_loss}
            with checkpoint.open("wb") as fh:
                np.savez(fh, **kept)
    return best, curve


Games = list[dict[str, object]]


def split(games: Games) -> tuple[Games, Games, Games]:
    """Training games, validation games (game number ending in 8: early stopping)
    and test games (ending in 9: never used to fit or to choose)."""
    games = sorted(games, key=lambda d: (int(d["seed"]), int(d["game"])))  # type: ignore[call-overload]
    parts: tuple[Games, Games, Games] = ([], [], [])
    for d in games:
        last = int(d["game"]) % 10  # type: ignore[call-overload]
        parts[{8: 1, 9: 2}.get(last, 0)].append(d)
    return parts


def _line(what: str, m: dict[str, float]) -> str:
    return (
        f"{what}: loss {m['loss']:.4f} log loss {m['logloss']:.4f} Brier {m['brier']:.4f} "
        f"points error {m['points']:.1f} ({m['n']} positions)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/train_value.py", description=__doc__)
    parser.add_argument("step", choices=("play", "fit", "curve"))
    parser.add_argument("--games", type=positive_int, default=200)
    parser.add_argument("--seed", type=int, default=44)
    parser.add_argument("--jobs", type=positive_int, default=1)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--hidden", type=positive_int, default=32)
    parser.add_argument("--epochs", type=positive_int, default=30)
    parser.add_argument("--lam", type=float, default=1.0)
    parser.add_argument("--lr", type=float, default=0.001)
    parser.add_argument("--decay", type=float, default=1e-3)
    parser.add_argument("--checkpoint", type=Path, default=CHECKPOINT)
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    parser.add_argument(
        "--start", type=Path, help="weights to go on from (TD(lambda) from a trained network)"
    )
    args = parser.parse_args(argv)
    if args.step == "play":
        play(args.games, args.seed, args.data, args.jobs)
        return 0
    games = [d for d in read_games(args.data) if int(d["game"]) < args.games]  # type: ignore[call-overload]
    train_games, valid_games, test_games = split(games)
    if not train_games or not valid_games:
        print(f"too few games in {args.data}: run the play step first", file=sys.stderr)
        return 1
    cache = rows_file(args.data)
    valid, test = dataset(valid_games, cache), dataset(test_games, cache)
    train = dataset(train_games, cache)
    opts = {
        "hidden": args.hidden,
        "epochs": args.epochs,
        "lam": args.lam,
        "seed": args.seed,
        "lr": args.lr,
        "decay": args.decay,
    }
    if args.step == "curve":
        n = 25
        sizes = []
        while n < len(train_games):
            sizes.append(n)
            n *= 2
        sizes.append(len(train_games))
        for n in sizes:
            net, c = fit(train[:n], valid, quiet=True, **opts)
            best = min(c, key=lambda r: r["loss"])
            print(
                _line(
                    f"curve {n} training games, best epoch {best['epoch']}, test",
                    measure(net, test),
                ),
                flush=True,
            )
        return 0
    print(
        f"{len(train_games)} training games ({sum(len(d[0]) for d in train)} positions), "
        f"{len(valid_games)} validation, {len(test_games)} test",
        flush=True,
    )
    start = read_net(args.start) if args.start else None
    net, _ = fit(train, valid, checkpoint=args.checkpoint, resume=args.resume, start=start, **opts)
    print(_line("test games, the network kept", measure(net, test)), flush=True)
    write_net(net, args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
