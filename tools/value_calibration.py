"""How well the learned value's chance of winning is calibrated (issue 44).

    python tools/value_calibration.py [--data FILE] [--games N] [--image FILE] [--all]

Takes the held-out games of ``tools/train_value.py`` (every tenth game of the
self-play data, never trained on), judges every kept position for both seats with
the packaged weights (``russian_bank/ai/value.npz``), and compares the predicted
chance of winning with what happened: the Brier score, a table by tenths of the
predicted chance, and a reliability plot (predicted against observed, with the
number of positions in each tenth) written as a PNG image. With ``--all`` it judges
every game of ``--data`` instead: games played apart for the purpose, on a seed the
training never used (``train_value.py play --seed 4499 --data FILE``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: this checkout's package
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from russian_bank.ai.value import WEIGHTS_FILE, read_net  # noqa: E402
from russian_bank.cli import positive_int  # noqa: E402
from tools.train_value import DATA, dataset, read_games, rows_file, split  # noqa: E402


def bins(p: np.ndarray, y: np.ndarray, n: int = 10) -> list[tuple[float, float, int]]:
    """(mean predicted, observed share, count) for each of ``n`` equal bins."""
    out = []
    idx = np.minimum((p * n).astype(int), n - 1)
    for b in range(n):
        m = idx == b
        if m.any():
            out.append((float(p[m].mean()), float(y[m].mean()), int(m.sum())))
    return out


EVALUATION = 8  # the input that is today's evaluation (``value.inputs``)


def baseline(
    games: list[dict[str, object]],
    x: np.ndarray,
    y: np.ndarray,
    decided: np.ndarray,
    cache: Path | None = None,
) -> float:
    """The Brier score on the test positions of a logistic fit of the win on today's
    evaluation alone (one input and a constant, fitted on the training games by
    Newton's method): what the network must beat."""
    train, _, _ = split(games)
    data = dataset(train, cache)
    e = np.concatenate([d[0][:, EVALUATION] for d in data])
    w = np.concatenate([d[1] for d in data])
    m = w != 0.5
    a = np.stack([e[m], np.ones(m.sum())], axis=1)
    t = w[m]
    coef = np.zeros(2)
    for _ in range(25):
        p = 1.0 / (1.0 + np.exp(-(a @ coef)))
        hess = a.T @ (a * (p * (1 - p))[:, None]) + 1e-6 * np.eye(2)
        coef -= np.linalg.solve(hess, a.T @ (p - t))
    test = np.stack([x[:, EVALUATION], np.ones(len(x))], axis=1)[decided]
    p = 1.0 / (1.0 + np.exp(-(test @ coef)))
    return float(((p - y) ** 2).mean())


def draw(
    rows: list[tuple[float, float, int]], brier: float, games: int, path: Path, which: str
) -> None:
    import pygame

    pygame.font.init()
    size, margin = 420, 50
    img = pygame.Surface((size + 2 * margin, size + 2 * margin))
    img.fill((255, 255, 255))
    font = pygame.font.Font(None, 20)

    def at(px: float, py: float) -> tuple[int, int]:
        return (margin + round(px * size), margin + size - round(py * size))

    pygame.draw.rect(img, (0, 0, 0), (margin, margin, size, size), 1)
    for t in range(11):
        x, _ = at(t / 10, 0)
        pygame.draw.line(img, (225, 225, 225), (x, margin), (x, margin + size))
        _, y = at(0, t / 10)
        pygame.draw.line(img, (225, 225, 225), (margin, y), (margin + size, y))
        if t % 2 == 0:
            label = font.render(f"{t * 10}%", True, (0, 0, 0))
            img.blit(label, (x - label.get_width() // 2, margin + size + 6))
            img.blit(label, (margin - label.get_width() - 6, y - label.get_height() // 2))
    pygame.draw.line(img, (150, 150, 150), at(0, 0), at(1, 1), 1)
    most = max(c for _, _, c in rows)
    points = [at(p, o) for p, o, _ in rows]
    if len(points) > 1:
        pygame.draw.lines(img, (30, 90, 200), False, points, 2)
    for (_, _, c), xy in zip(rows, points, strict=True):
        pygame.draw.circle(img, (30, 90, 200), xy, 3 + round(7 * (c / most) ** 0.5))
    title = font.render(
        f"predicted chance of winning (across) against wins (up); Brier {brier:.3f}",
        True,
        (0, 0, 0),
    )
    img.blit(title, (margin, 12))
    note = font.render(f"{games} {which}self-play games; dot size: positions", True, (0, 0, 0))
    img.blit(note, (margin, margin + size + 26))
    pygame.image.save(img, str(path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/value_calibration.py", description=__doc__)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--games", type=positive_int, default=100_000)
    parser.add_argument("--image", type=Path, default=ROOT / "docs" / "value-calibration.png")
    parser.add_argument("--weights", type=Path, default=WEIGHTS_FILE)
    parser.add_argument(
        "--baseline",
        action="store_true",
        help="also the Brier score of today's evaluation alone (a logistic fit of the win on it)",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="judge every game of --data (games made apart, e.g. on a seed never trained on)",
    )
    args = parser.parse_args(argv)
    games = [d for d in read_games(args.data) if int(d["game"]) < args.games]  # type: ignore[call-overload]
    held_games = games if args.all else split(games)[2]
    if args.all and args.baseline:
        parser.error("--baseline fits on the training games of --data: not with --all")
    if not held_games:
        print(f"no held-out games in {args.data}", file=sys.stderr)
        return 1
    net = read_net(args.weights)
    data = dataset(held_games, rows_file(args.data))
    x = np.concatenate([d[0] for d in data])
    y = np.concatenate([d[1] for d in data])
    win, _ = net.judge(x.tolist())
    decided = y != 0.5
    p, y = win[decided], y[decided]
    brier = float(((p - y) ** 2).mean())
    base = float(((0.5 - y) ** 2).mean())
    which = "" if args.all else "held-out "
    print(f"{len(held_games)} {which}games, {len(p)} positions judged for both seats")
    print(f"Brier score {brier:.4f} (always 50%: {base:.4f})")
    rows = bins(p, y)
    for pred, obs, n in rows:
        print(f"  predicted {pred * 100:5.1f}%  won {obs * 100:5.1f}%  ({n} positions)")
    if args.baseline:
        alone = baseline(games, x, y, decided, rows_file(args.data))
        print(f"today's evaluation alone, fitted on the training games: Brier {alone:.4f}")
    draw(rows, brier, len(held_games), args.image, which)
    print(f"wrote {args.image}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
