"""A learned value of positions (issue 44): the chance of winning and the points.

The positions judged are the ones a plan leaves (the *afterstate*): the Player
about to turn a card, or the innings just handed to the adversary. Each is
described by inputs designed from the game and read only from what a person at
the table sees (the Table, the Banks, the face-up Stock tops, each Discard, the
counts of face-down cards, who is on move); whether a card goes on a Bank, on
the Table or on the adversary is asked of the engine (``engine.queries``).
A face-down card is never read: on a position made from an observation
(``determinize``) the inputs are those of the real position.

A small network (one hidden layer, tanh) maps the inputs to two numbers: the
logit of the chance that ``me`` wins and the expected points of the game for
``me`` (divided by :data:`POINTS_SCALE`). Many positions are judged at once, one
matrix product for all of them (:meth:`Net.judge`).

The weights come from ``value.npz`` beside this module, written by
``tools/train_value.py`` (self-play, docs/strength.md). :func:`load_net` says in
one line what is wrong with a broken file; the bots then play on the hand-set
evaluation (:mod:`russian_bank.ai.evaluate`), as before.
"""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import numpy as np
import numpy.typing as npt

from ..engine import Position
from ..engine.queries import builds_on, card_points, fits_build, table_accepts
from ..engine.rules import COMMITTEE
from ..game.cards import KEY_OF, Card
from ..game.places import DISCARD, HAND, STOCK
from .evaluate import _distances, evaluate

Array = npt.NDArray[np.float64]

WEIGHTS_FILE = Path(__file__).with_name("value.npz")
POINTS_SCALE = 50.0  # the points output is points / this
# the distance of a card from the Banks, in buckets: bankable now, 1, 2, 3-4, 5 or more
_DIST_EDGES = (0, 1, 2, 4)


def trained_for(rules: object) -> bool:
    """Is the value meaningful for a game of ``rules``? It was trained on the
    Committee game alone (two packs, Stops); for any other rule set, or for the
    one-pack game, it judges positions it has never seen."""
    return rules == COMMITTEE


def _dist_bucket(d: int) -> list[float]:
    out = [0.0] * (len(_DIST_EDGES) + 1)
    for i, edge in enumerate(_DIST_EDGES):
        if d <= edge:
            out[i] = 1.0
            return out
    out[-1] = 1.0
    return out


def _runs(cards: Sequence[int], upward: bool) -> int:
    step = 1 if upward else -1
    return sum(1 for a, b in zip(cards, cards[1:], strict=False) if KEY_OF[b] - KEY_OF[a] == step)


def _card_inputs(
    pos: Position,
    card: int | None,
    owner: int,
    distances: list[int],
    table_keys: set[int],
    spaces: int,
    builds: tuple[bool, bool],
    from_stock: bool,
) -> list[float]:
    """One exposed card (a Stock top or a Discard top) by how its owner may use it:
    present, its distance from the Banks (5 buckets), fits the Table, fits a
    space (a Stock card), fits the adversary's Stock or Discard."""
    if card is None:
        return [0.0] * 9
    d = distances[card]
    other = 1 - owner
    on_stock, on_discard = builds
    load = 0.0
    pile = pos.stock[other]
    if on_stock and pile and pos.stock_up[other] and fits_build(pos, cast(Card, card), pile[-1]):
        load = 1.0
    pile = pos.discard[other]
    if on_discard and pile and fits_build(pos, cast(Card, card), pile[-1]):
        load = 1.0
    return [
        1.0,
        *_dist_bucket(d),
        1.0 if KEY_OF[card] in table_keys else 0.0,
        1.0 if from_stock and spaces else 0.0,
        load,
    ]


def _side(
    pos: Position,
    seat: int,
    distances: list[int],
    table_keys: set[int],
    spaces: int,
    builds: tuple[bool, bool],
) -> list[float]:
    """What one seat has to dispose of, and its exposed cards."""
    r = pos.rules
    st, dc = pos.stock[seat], pos.discard[seat]
    up = pos.stock_up[seat]
    top = st[-1] if st and up else None
    held = pos.held if seat == pos.player else None
    hand = len(pos.hand[seat]) + (1 if held is not None else 0)
    out = [
        len(st) / 26.0,
        len(st) * card_points(r, STOCK) / 52.0,
        hand / 52.0,
        len(dc) / 52.0,
        (hand + len(dc)) * card_points(r, HAND) / 52.0,
        1.0 if not st else 0.0,
        1.0 if not st and not hand and not dc else 0.0,
        _runs(st[-up:], upward=True) / 4.0 if up > 1 else 0.0,  # §51
        _runs(dc[-4:], upward=False) / 3.0,
    ]
    out += _card_inputs(pos, top, seat, distances, table_keys, spaces, builds, True)
    out += _card_inputs(pos, dc[-1] if dc else None, seat, distances, table_keys, 0, builds, False)
    out += _card_inputs(pos, held, seat, distances, table_keys, spaces, builds, False)
    return out


def inputs(pos: Position, me: int) -> list[float]:
    """The inputs for ``pos`` judged for ``me`` (0 = A, 1 = B)."""
    adv = 1 - me
    mover = pos.player
    on_move = 1.0 if mover == me else -1.0
    distances = _distances(pos)
    table_keys = table_accepts(pos)
    spaces = sum(1 for t in pos.table if not t)
    builds = (builds_on(pos, STOCK), builds_on(pos, DISCARD))
    table_tops = [t[-1] for t in pos.table if t]
    table_dist = [distances[c] for c in table_tops]
    out = [
        on_move,
        spaces / 8.0,
        on_move * spaces / 8.0,
        sum(len(t) for t in pos.table) / 52.0,
        max((len(t) for t in pos.table), default=0) / 13.0,
        sum(len(b) for b in pos.banks) / 104.0,
        sum(1 for d in table_dist if d == 0) / 8.0,
        sum(1 for d in table_dist if d == 1) / 8.0,
        max(-30.0, min(30.0, evaluate(pos, me))) / 10.0,  # today's judgement, as one input
    ]
    out += _side(pos, me, distances, table_keys, spaces, builds)
    out += _side(pos, adv, distances, table_keys, spaces, builds)
    return out


N_INPUTS = 9 + 2 * (9 + 3 * 9)


@dataclass(frozen=True)
class Net:
    """The network: inputs standardized (``mean``, ``scale``), one hidden layer of
    tanh units, two outputs (win logit, points / POINTS_SCALE)."""

    mean: Array
    scale: Array
    w1: Array
    b1: Array
    w2: Array
    b2: Array

    def raw(self, x: Array) -> Array:
        """The two outputs for each row of ``x`` (n x N_INPUTS): n x 2."""
        h = np.tanh(((x - self.mean) / self.scale) @ self.w1 + self.b1)
        out: Array = h @ self.w2 + self.b2
        return out

    def judge(self, rows: Sequence[Sequence[float]]) -> tuple[Array, Array]:
        """Chance of winning and expected points for each row of inputs."""
        if not rows:
            return np.zeros(0), np.zeros(0)
        out = self.raw(np.asarray(rows, dtype=np.float64))
        win = 1.0 / (1.0 + np.exp(-np.clip(out[:, 0], -30.0, 30.0)))
        return win, out[:, 1] * POINTS_SCALE

    def values(self, positions: Sequence[Position], me: int) -> tuple[Array, Array]:
        return self.judge([inputs(p, me) for p in positions])

    def arrays(self) -> dict[str, Array]:
        return {
            "mean": self.mean,
            "scale": self.scale,
            "w1": self.w1,
            "b1": self.b1,
            "w2": self.w2,
            "b2": self.b2,
        }


class WeightsError(ValueError):
    """The weights file cannot be used (its message says why, in one line)."""


def read_net(path: Path) -> Net:
    """The network stored in ``path`` (numpy's ``.npz``, no pickled objects)."""
    try:
        with np.load(path, allow_pickle=False) as f:
            a = {k: np.asarray(f[k], dtype=np.float64) for k in f.files}
    except FileNotFoundError:
        raise WeightsError(f"the value's weights file {path} is missing") from None
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as e:
        raise WeightsError(f"the value's weights file {path} is unreadable ({e})") from None
    names = ("mean", "scale", "w1", "b1", "w2", "b2")
    missing = [k for k in names if k not in a]
    if missing:
        raise WeightsError(f"the value's weights file {path} lacks {', '.join(missing)}")
    hidden = a["w1"].shape[-1] if a["w1"].ndim == 2 else -1
    shapes = {
        "mean": (N_INPUTS,),
        "scale": (N_INPUTS,),
        "w1": (N_INPUTS, hidden),
        "b1": (hidden,),
        "w2": (hidden, 2),
        "b2": (2,),
    }
    for k, shape in shapes.items():
        if a[k].shape != shape:
            raise WeightsError(
                f"the value's weights file {path} does not fit these inputs: "
                f"{k} is {a[k].shape}, expected {shape}"
            )
        if not np.all(np.isfinite(a[k])):
            raise WeightsError(f"the value's weights file {path} holds a number that is not finite")
    if np.any(a["scale"] <= 0):
        raise WeightsError(f"the value's weights file {path} has a scale that is not positive")
    return Net(*(a[k] for k in names))


def write_net(net: Net, path: Path) -> None:
    with path.open("wb") as fh:
        np.savez_compressed(
            fh, mean=net.mean, scale=net.scale, w1=net.w1, b1=net.b1, w2=net.w2, b2=net.b2
        )


def load_net(path: Path = WEIGHTS_FILE) -> Net | str:
    """The packaged network, or the reason it cannot be used (its file missing or
    broken): the caller then plays on the evaluation. A bot reads it once (a read
    costs about 1 ms)."""
    try:
        return read_net(path)
    except WeightsError as e:
        return str(e)


__all__ = [
    "N_INPUTS",
    "POINTS_SCALE",
    "WEIGHTS_FILE",
    "Net",
    "WeightsError",
    "inputs",
    "load_net",
    "read_net",
    "trained_for",
    "write_net",
]
