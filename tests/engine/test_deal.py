"""The deal, the cut and the arranging phase (§2-9, §23, §61)."""

from __future__ import annotations

import random

import pytest

from russian_bank.engine import (
    ARRANGING,
    PLAY,
    Game,
    IllegalAction,
    Stop,
    deal_position,
    stop_reason,
)
from russian_bank.game.cards import RANK_OF

from .helpers import act, legal, why
from .scenario import scenario


def test_s2_s3_s4_deal_12_stock_4_table_36_hand():
    pos = deal_position(rng=random.Random(7))
    pos.check_invariants()
    for seat in (0, 1):
        assert len(pos.stock[seat]) == 12
        assert len(pos.hand[seat]) == 36
        assert pos.discard[seat] == []
        assert pos.stock_up[seat] == 0  # dealt face down (§2)
        # each player's four Table cards and all his piles come from his own pack
        own = pos.stock[seat] + pos.hand[seat]
        for i in range(4):
            own += pos.table[seat * 4 + i]
        assert len(own) == 52 and {c.pack for c in own} == {seat}
    assert all(len(t) == 1 for t in pos.table)
    assert all(b == [] for b in pos.banks)
    assert pos.phase == ARRANGING and pos.held is None


def test_s2_deal_is_seeded_and_reproducible():
    a, b = Game.new(seed=1234), Game.new(seed=1234)
    assert a.position.to_text() == b.position.to_text()
    assert Game.new(seed=1235).position.to_text() != a.position.to_text()


def test_s4_s61_lower_cut_begins_ace_low():
    for seed in range(40):
        pos = deal_position(rng=random.Random(seed))
        a, b = pos.cuts[-1]
        assert RANK_OF[a] != RANK_OF[b]
        assert pos.player == (0 if RANK_OF[a] < RANK_OF[b] else 1)
        # the cut is from each player's own Hand (the remaining 36 cards, §4)
        for x, y in pos.cuts:
            assert x in pos.hand[0] and y in pos.hand[1]


def test_s61_tied_cut_is_cut_again():
    tied = None
    for seed in range(500):
        pos = deal_position(rng=random.Random(seed))
        if len(pos.cuts) > 1:
            tied = pos
            break
    assert tied is not None, "no tied cut in 500 seeds"
    for a, b in tied.cuts[:-1]:
        assert RANK_OF[a] == RANK_OF[b]
    a, b = tied.cuts[-1]
    assert RANK_OF[a] != RANK_OF[b]
    assert tied.player == (0 if RANK_OF[a] < RANK_OF[b] else 1)


def _arranging():
    return scenario(
        phase="arranging",
        table={0: "ASa", 1: "9Sa", 2: "8Ha", 3: "KDa", 4: "2Sb", 5: "QCb", 6: "JDb", 7: "5Cb"},
        stockA="3Ca 4Ca 7Sa |",
        stockB="3Cb 4Cb 7Sb |",
    )


def test_s9_s23_no_stop_while_arranging():
    pos = _arranging()
    # an Ace lies in the Table and the Player moves another card: still no Stop
    act(pos, "play table2 table1")
    assert pos.fault is None
    reason = stop_reason(pos, 1)
    assert reason is not None and "§9" in reason and "§23" in reason
    assert "stop B" not in legal(pos)
    with pytest.raises(IllegalAction):
        act(pos, "stop B")


def test_s5_s6_arranging_only_table_moves_and_turning_the_stock():
    pos = _arranging()
    acts = legal(pos)
    assert "play table0 bank0" in acts  # §5 Aces from the Table to the Banks
    assert "play table2 table1" in acts  # §6 red eight on black nine
    assert "turn stock" in acts
    assert "turn hand" not in acts
    assert not any("stockB" in a or "discardB" in a for a in acts)
    assert all(a.split()[1].startswith("table") for a in acts if a.startswith(("play", "raise")))
    r = why(pos, "turn hand")
    assert r is not None and "§9" in r


def test_s5_banks_built_up_in_suit_during_arranging():
    pos = _arranging()
    act(pos, "play table0 bank0")
    act(pos, "play table4 bank0")  # 2Sb on ASa: the packs mix on the Banks (§43)
    assert [str(c) for c in pos.banks[0]] == ["ASa", "2Sb"]


def test_s8_s9_turning_the_first_stock_card_begins_the_game():
    pos = _arranging()
    assert stop_reason(pos, 1) is not None
    act(pos, "turn stock")
    assert pos.phase == PLAY
    assert pos.stock_up[0] == 1
    # the Ace left in the Table must now be banked: another definite action is a fault
    act(pos, "raise table2")
    assert pos.fault is not None
    assert stop_reason(pos, 1) is None
    assert Stop(1) in Game(pos).legal_actions()
