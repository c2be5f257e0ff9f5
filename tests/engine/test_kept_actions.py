"""The legal actions kept with a position (``legality.legal_actions``) are the
ones worked out afresh, for every rule set: after each action of a random game,
with a card raised and put back, with a fault opened by the raise (§67, §88),
on copies that part from their original, and with the Player, the phase or the
open fault written straight into the position; raising and putting back find
their lists made (no working out again until a card moves)."""

from __future__ import annotations

import random

import pytest

from russian_bank.engine import apply, deal_position, legal_actions, legality
from russian_bank.engine.actions import Back, Raise
from russian_bank.engine.position import OVER, PLAY
from russian_bank.engine.rulesets import every_spec, rule_set


@pytest.mark.parametrize("spec", every_spec())
def test_kept_legal_actions_are_the_ones_worked_out_afresh(spec: str) -> None:
    rng = random.Random(5)
    pos = deal_position(rule_set(spec), rng=rng)
    raised_seen = 0
    for step in range(400):
        if pos.phase == OVER:
            break
        acts = legal_actions(pos)
        assert acts == legality._work_out_actions(pos)
        assert legal_actions(pos) == acts  # asked again: the kept list
        if step % 5 == 0:
            work = pos.clone()
            work.player = 1 - work.player
            assert legal_actions(work) == legality._work_out_actions(work)
            work = pos.clone()
            work.fault = None if pos.fault else frozenset(pos.table[0][-1:])
            assert legal_actions(work) == legality._work_out_actions(work)
        if step % 3 == 0:
            copy = pos.clone()
            a = acts[rng.randrange(len(acts))]
            apply(copy, a, check=False)
            if copy.phase != OVER:
                assert legal_actions(copy) == legality._work_out_actions(copy)
        action = acts[rng.randrange(len(acts))]
        raised_seen += isinstance(action, Raise)
        apply(pos, action, check=False)
    assert raised_seen > 10


def test_raising_and_putting_back_work_nothing_out_again(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(2)
    pos = deal_position(rule_set("committee"), rng=rng)
    apply(pos, legal_actions(pos)[-1], check=False)  # turn the first Stock card (§9)
    assert pos.phase == PLAY
    raises = [a for a in legal_actions(pos) if isinstance(a, Raise)]
    for a in raises * 3:  # each list worked out the first time (a fault may open and grow)
        apply(pos, a, check=False)
        legal_actions(pos)
        apply(pos, Back(), check=False)
        legal_actions(pos)
    calls = []
    real = legality._work_out_actions
    monkeypatch.setattr(
        legality, "_work_out_actions", lambda p, *kept: calls.append(1) or real(p, *kept)
    )
    for a in raises * 2:
        apply(pos, a, check=False)
        assert legal_actions(pos)
        apply(pos, Back(), check=False)
        assert legal_actions(pos)
    assert calls == []
