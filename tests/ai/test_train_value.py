"""The value's trainer (tools/train_value.py, issue 44): its self-play data, its
targets, its checkpoints."""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pytest

from russian_bank.ai.value import N_INPUTS, POINTS_SCALE
from russian_bank.engine import ARRANGING, PLAY, Position
from tools import train_value as T


@functools.cache
def _game() -> dict[str, object]:
    return T.play_one(7, 0)


def test_self_play_is_made_from_the_seed_alone() -> None:
    """The same seed gives the same game; the positions kept are those a search
    judges (the Player about to turn a card, or the innings just passed)."""
    d = _game()
    assert T.play_one(7, 0) == d
    texts = d["positions"]
    assert isinstance(texts, list) and len(texts) > 20
    positions = [Position.from_text(t) for t in texts]
    assert all(p.phase in (ARRANGING, PLAY) for p in positions)
    assert d["winner"] in (0, 1, None)


def test_each_position_is_judged_for_both_seats_with_the_result() -> None:
    x, win, pts = T.game_rows(_game())
    n = len(_game()["positions"])  # type: ignore[arg-type]
    assert x.shape == (2 * n, N_INPUTS)
    a = float(_game()["points_a"])  # type: ignore[arg-type]
    assert np.all(pts[:n] == a / POINTS_SCALE) and np.all(pts[n:] == -a / POINTS_SCALE)
    assert np.all(win[:n] + win[n:] == 1.0)


def test_td_lambda_targets() -> None:
    """lambda = 1 is the game's result; lambda = 0 is the network's value of the
    next position of the same seat, the result after the last one."""
    data = [T.game_rows(_game())]
    net = T.new_net(data[0][0], 8, np.random.default_rng(0))
    assert T.lambda_targets(net, data, 1.0) is data
    x, win, pts = data[0]
    _, tw, tp = T.lambda_targets(net, data, 0.0)[0]
    raw = net.raw(x)
    half = len(x) // 2
    for lo in (0, half):
        assert tp[lo + half - 1] == pts[lo + half - 1]
        assert tw[lo + half - 1] == win[lo + half - 1]
        assert tp[lo] == pytest.approx(raw[lo + 1, 1])
        assert tw[lo] == pytest.approx(1.0 / (1.0 + np.exp(-raw[lo + 1, 0])))


def test_a_fit_resumes_from_its_checkpoint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = [T.game_rows(_game())]
    ck = tmp_path / "checkpoint.npz"
    opts = {"hidden": 8, "lam": 1.0, "seed": 3}
    _, first = T.fit(data, data, epochs=2, checkpoint=ck, quiet=True, **opts)  # type: ignore[arg-type]
    assert [r["epoch"] for r in first] == [1, 2] and ck.exists()
    net, more = T.fit(data, data, epochs=4, checkpoint=ck, resume=True, quiet=True, **opts)  # type: ignore[arg-type]
    assert "resumed at epoch 2" in capsys.readouterr().out
    assert [r["epoch"] for r in more] == [3, 4]
    assert min(r["loss"] for r in more) <= min(r["loss"] for r in first)  # it went on learning
    assert net.w1.shape == (N_INPUTS, 8)


def test_the_games_are_split_three_ways() -> None:
    games = [{"seed": 1, "game": g} for g in range(30)]
    train, valid, test = T.split(games)  # type: ignore[arg-type]
    assert [d["game"] for d in valid] == [8, 18, 28]
    assert [d["game"] for d in test] == [9, 19, 29]
    assert len(train) == 24


def test_the_rows_of_a_game_are_worked_out_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``dataset`` keeps each game's rows beside the games; read back, they equal the
    rows made afresh (inputs as float32 either way), and no game is judged again."""
    d = _game()
    cache = T.rows_file(tmp_path / "games.jsonl")
    monkeypatch.setattr(T, "_ROWS", {})
    (made,) = T.dataset([d], cache)
    assert cache.exists()
    x, win, pts = T.game_rows(d)
    assert np.array_equal(made[0], x.astype(np.float32).astype(np.float64))
    assert np.array_equal(made[1], win) and np.array_equal(made[2], pts)
    monkeypatch.setattr(T, "_ROWS", {})
    monkeypatch.setattr(T, "game_rows", lambda _d: pytest.fail("judged again"))
    (read,) = T.dataset([d], cache)
    assert all(np.array_equal(a, b) for a, b in zip(read, made, strict=True))
