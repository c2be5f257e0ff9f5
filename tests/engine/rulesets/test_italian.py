"""Italian Bank (000 §93)."""

from __future__ import annotations

import random

from russian_bank.engine import deal_position
from russian_bank.engine.rulesets import rule_set
from russian_bank.game.cards import RANK_OF
from tests.engine.helpers import act, legal
from tests.engine.scenario import pile, scenario


def test_000_s93_stock_of_13_tops_turned_at_the_deal_the_lower_begins():
    rules = rule_set("italian")
    ties = 0
    for seed in range(60):
        pos = deal_position(rules, random.Random(seed))
        assert [len(s) for s in pos.stock] == [13, 13]
        assert pos.stock_up == [1, 1]
        a, b = (RANK_OF[pos.stock[s][-1]] for s in (0, 1))
        if a == b:
            ties += 1
            assert pos.cuts  # equal tops: cut for it, as §4 (a reading)
        else:
            assert pos.player == (0 if a < b else 1)
            assert not pos.cuts
    assert ties > 0


def test_000_s93_the_game_begins_at_the_deal():
    pos = deal_position(rule_set("italian"), random.Random(1))
    assert pos.phase == "play"
    assert "turn stock" not in legal(pos)  # the top is already up
    committee = deal_position(rng=random.Random(1))
    assert committee.phase == "arranging" and "turn stock" in legal(committee)


def test_000_s93_loading_the_adversarys_stock_in_the_first_innings():
    """§93 is silent; the Committee §29-30 let the Player build on the
    adversary's Stock whenever its top is face up, and in Italian Bank it is up
    from the deal: so he may load it from his first play."""
    pos = scenario(rules="italian", stockA="3Ca | 7Ha", stockB="4Cb | 8Hb")
    assert pos.innings == 1 and "play stockA stockB" in legal(pos)
    act(pos, "play stockA stockB")
    assert pile(pos, "stockB") == "4Cb 8Hb 7Ha" and pos.player == 0
