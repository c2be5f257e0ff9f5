"""British Bank, or Stop Patience (000 §91)."""

from __future__ import annotations

import random

from russian_bank.engine import deal_position
from russian_bank.engine.rulesets import rule_set
from tests.engine.helpers import act, legal, why
from tests.engine.scenario import pile, scenario

FULL = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}


def test_000_s91_1_thirteen_cards_for_the_stock():
    pos = deal_position(rule_set("british"), random.Random(4))
    assert [len(s) for s in pos.stock] == [13, 13]
    assert [len(h) for h in pos.hand] == [35, 35]


def test_000_s91_2_the_table_is_built_down_in_suit():
    t = dict(FULL)
    t[1] = "8Ha"
    pos = scenario(rules="british", table=t, stockA="3Ca | 7Ha", handA="| 7Ca")
    assert why(pos, "play stockA table1") is None
    other = scenario(rules="british", table=t, stockA="3Ca | 7Ca")
    reason = why(other, "play stockA table1")
    assert "in suit" in reason and "(000 §91.2)" in reason
    assert why(scenario(table=t, stockA="3Ca | 7Ca"), "play stockA table1") is None


def test_000_s91_3_spaces_on_one_side_only():
    t = dict(FULL)
    t[2] = ""
    t[5] = ""
    pos = scenario(rules="british", table=t, stockA="3Ca | 7Ca")
    assert "play stockA table2" in legal(pos)
    assert "play stockA table5" not in legal(pos)
    assert "(000 §91.3)" in why(pos, "play stockA table5")


def test_000_s91_4_another_hand_card_when_the_first_has_no_place():
    kw = {"table": FULL, "stockA": "3Ca | 7Sa", "handA": "| 2Da 5Ca", "held": "4Ha"}
    pos = scenario(rules="british", **kw)
    act(pos, "discard")
    assert pos.player == 0 and pos.second_turned  # the innings goes on (§91.4)
    assert pile(pos, "discardA") == "4Ha"
    act(pos, "turn hand")
    act(pos, "discard")  # the second card ends the innings
    assert pos.player == 1
    committee = scenario(**kw)
    act(committee, "discard")
    assert committee.player == 1


def test_000_s91_4_a_card_with_a_place_ends_the_innings_when_discarded():
    pos = scenario(rules="british", table=FULL, stockA="3Ca | 7Sa", handA="| 5Ca", held="7Da")
    # 7♦ has a place on 8♦ (in suit), so discarding it ends the innings
    assert "play held table1" in legal(pos)
    act(pos, "discard")
    assert pos.player == 1


def test_000_s91_5_build_on_the_discard_only_and_never_from_the_table():
    t = dict(FULL)
    t[0] = "7Cb"
    kw = {"table": t, "stockA": "3Ca | 7Ca", "discardB": "6Cb 8Cb", "stockB": "| 6Ca"}
    pos = scenario(rules="british", **kw)
    assert why(pos, "play stockA discardB") is None
    assert "(000 §91.5)" in why(pos, "play stockA stockB")
    assert "(000 §91.5)" in why(pos, "play table0 discardB")
    committee = scenario(**kw)
    assert {"play stockA stockB", "play table0 discardB"} <= legal(committee)
