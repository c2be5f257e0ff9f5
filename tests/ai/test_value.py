"""The learned value (issue 44): its inputs, its network, its weights file, and
the Master that plays on it."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from russian_bank.ai import LEVEL_CLASSES, TRIAL_LEVELS, make_bot, value
from russian_bank.ai import bots as bots_module
from russian_bank.ai.determinize import working_position
from russian_bank.ai.value import N_INPUTS, WEIGHTS_FILE, WeightsError, inputs, load_net, read_net
from russian_bank.engine import OVER, PENDING, PLAY, Stand, apply, deal_position, observe
from tests.ai.test_honesty import positions, twin


def _net() -> value.Net:
    net = load_net()
    assert not isinstance(net, str), net
    return net


def test_the_packaged_weights_load_and_are_small() -> None:
    assert WEIGHTS_FILE.is_file()
    assert WEIGHTS_FILE.stat().st_size <= 1_000_000
    net = read_net(WEIGHTS_FILE)
    hidden = net.w1.shape[1]
    assert 8 <= hidden <= 400  # one hidden layer of tens to a few hundred units
    assert net.w1.shape == (N_INPUTS, hidden) and net.w2.shape == (hidden, 2)


def test_inputs_and_outputs_have_their_shapes() -> None:
    net = _net()
    found = positions("move", 6)
    rows = [inputs(p, s) for p in found for s in (0, 1)]
    assert all(len(r) == N_INPUTS for r in rows)
    win, points = net.judge(rows)
    assert win.shape == points.shape == (len(rows),)
    assert np.all((win > 0.0) & (win < 1.0))
    assert np.all(np.isfinite(points))
    empty_win, empty_points = net.judge([])
    assert empty_win.shape == empty_points.shape == (0,)


def test_a_batch_gives_what_one_by_one_gives() -> None:
    net = _net()
    found = positions("move", 8)
    win, points = net.values(found, 0)
    for i, p in enumerate(found):
        w1, p1 = net.values([p], 0)
        assert w1[0] == pytest.approx(win[i], abs=1e-12)
        assert p1[0] == pytest.approx(points[i], abs=1e-9)


def test_honesty_the_value_reads_no_face_down_card() -> None:
    """Twin positions that differ only in their face-down cards, and the position the
    bot makes from its observation: the same inputs, the same value."""
    net = _net()
    compared = 0
    for pos in positions("move", 8):
        made = working_position(observe(pos, pos.player))
        for me in (0, 1):
            same = [pos, twin(pos, 1), twin(pos, 2), made]
            rows = [inputs(p, me) for p in same]
            assert rows[0] == rows[1] == rows[2] == rows[3]
            win, points = net.values(same, me)
            assert len(set(win.tolist())) == 1 and len(set(points.tolist())) == 1
            compared += 1
    assert compared >= 10


def test_the_value_changes_with_a_face_up_card() -> None:
    """The inputs do look at what is shown (the test above is not passed by inputs
    that look at nothing)."""
    pos = positions("move", 1)[0]
    other = pos.clone()
    pile = next(i for i, t in enumerate(other.table) if t)
    other.table[pile].pop()
    other.touch()
    assert inputs(pos, 0) != inputs(other, 0)


def test_a_broken_weights_file_says_why_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "value.npz"
    bad.write_bytes(b"not a numpy file at all")
    with pytest.raises(WeightsError, match="unreadable") as e:
        read_net(bad)
    assert "\n" not in str(e.value) and str(bad) in str(e.value)
    with pytest.raises(WeightsError, match="missing"):
        read_net(tmp_path / "absent.npz")
    net = _net()
    small = value.Net(net.mean[:-1], net.scale[:-1], net.w1[:-1], net.b1, net.w2, net.b2)
    value.write_net(small, bad)
    with pytest.raises(WeightsError, match="does not fit these inputs"):
        read_net(bad)
    nan = value.Net(net.mean, net.scale, net.w1 * np.nan, net.b1, net.w2, net.b2)
    value.write_net(nan, bad)
    with pytest.raises(WeightsError, match="not finite"):
        read_net(bad)


def test_a_broken_weights_file_leaves_the_master_on_the_evaluation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``load_net`` gives the reason; the Master on the value then plays exactly as
    today's Master."""
    bad = tmp_path / "value.npz"
    bad.write_bytes(b"\x00" * 40)
    problem = load_net(bad)
    assert isinstance(problem, str) and "unreadable" in problem
    monkeypatch.setattr(bots_module, "load_net", lambda: problem)
    pos = positions("move", 3)[2]
    me = pos.player
    learned = make_bot("master-value", me, random.Random(5))
    today = make_bot("master-2026", me, random.Random(5))
    for _ in range(12):
        if pos.phase != PLAY or pos.player != me:
            break
        a, b = learned.choose(observe(pos, me)), today.choose(observe(pos, me))
        assert a == b
        apply(pos, a)


def test_the_trial_levels_are_offered_to_the_simulator_only() -> None:
    from russian_bank.ai import LEVELS

    assert {"master-2026", "master-value"} <= set(TRIAL_LEVELS)
    assert not {"master-2026", "master-value"} & set(LEVELS)
    assert LEVEL_CLASSES["master-2026"].__mro__[1] is LEVEL_CLASSES["master"]


def test_the_master_on_the_value_plays_a_whole_game_lawfully() -> None:
    """A game against today's Master to the end (the engine checks every action)."""
    pos = deal_position(rng=random.Random(12))
    players = {
        0: make_bot("master-value", 0, random.Random(1)),
        1: make_bot("expert", 1, random.Random(2)),
    }
    for _ in range(4000):
        if pos.phase == OVER:
            break
        if pos.phase == PENDING:
            apply(pos, Stand(pos.adversary))
            continue
        apply(pos, players[pos.player].choose(observe(pos, pos.player)))
    assert pos.phase == OVER
