"""Crapette (002): depot, file, stock and waste heap."""

from __future__ import annotations

import random

from russian_bank.engine import deal_position, stop_reason
from russian_bank.engine.rulesets import rule_set
from tests.engine.helpers import act, legal, why
from tests.engine.scenario import pile, scenario

FULL = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}
BANK_H5 = {0: "AHb 2Hb 3Hb 4Hb 5Hb"}


def test_002_layout_depot_of_12_with_its_top_face_up_and_a_file_of_4():
    pos = deal_position(rule_set("crapette"), random.Random(8))
    assert [len(s) for s in pos.stock] == [12, 12] and pos.stock_up == [1, 1]
    assert all(len(t) == 1 for t in pos.table)
    assert pos.phase == "play"


def test_002_the_next_depot_card_is_turned_before_the_next_play():
    pos = scenario(rules="crapette", table=FULL, banks=BANK_H5, stockA="3Ca | 6Ha")
    act(pos, "play stockA bank0")
    assert pos.stock_up[0] == 1 and pile(pos, "stockA") == "3Ca"
    assert "turn stock" not in legal(pos)


def test_002_a_file_card_moves_only_with_every_card_packed_on_it():
    t = dict(FULL)
    t[0] = "9Sa 8Ha"
    t[6] = "TDb"
    pos = scenario(rules="crapette", table=t, stockA="3Ca | 2Sa")
    assert why(pos, "play table0/2 table6") is None
    reason = why(pos, "play table0 table2")  # 8♥ alone, though it fits no 9 here
    assert "packed" in reason and "(002, The Play)" in reason
    act(pos, "play table0/2 table6")
    assert pile(pos, "table6") == "TDb 9Sa 8Ha"


def test_002_order_1_spaces_are_filled_from_the_depot_not_the_files():
    t = dict(FULL)
    t[3] = ""
    pos = scenario(rules="crapette", table=t, stockA="3Ca | 2Sa", held="4Ha")
    assert why(pos, "play stockA table3") is None
    assert "(002, order 1)" in why(pos, "play table0 table3")
    assert "(002, order 1)" in why(pos, "play held table3")


def test_002_loading_the_waste_heap_from_depot_and_file_in_any_suit():
    t = dict(FULL)
    t[0] = "7Da"
    kw = {"table": t, "stockA": "3Ca | 9Ca", "discardB": "8Hb", "discardA": "9Da", "held": "7Ha"}
    pos = scenario(rules="crapette", **kw)
    assert why(pos, "play stockA discardB") is None  # 9♣ on 8♥: any suit
    assert why(pos, "play table0 discardB") is None
    assert "(002, The Play)" in why(pos, "play discardA discardB")
    assert "(002, The Play)" in why(pos, "play held discardB")
    suited = scenario(rules="crapette+in-suit", **kw)
    assert "in suit" in why(suited, "play stockA discardB")


def test_002_stop_retracts_the_wrong_play_makes_the_missed_play_and_takes_the_turn():
    t = dict(FULL)
    t[6] = "7Cb"
    pos = scenario(rules="crapette", table=t, banks=BANK_H5, stockA="3Ca | 6Ha")
    act(pos, "play stockA table6")  # 6♥ to a file while it could go on a foundation
    assert pos.fault is not None and stop_reason(pos, 1) is None
    act(pos, "stop B")
    assert pile(pos, "table6") == "7Cb"  # retracted
    assert pile(pos, "bank0").endswith("5Hb 6Ha")  # the missed play made
    assert pos.player == 1


def test_002_the_stop_must_come_before_the_offenders_next_play():
    t = dict(FULL)
    t[6] = "7Cb"
    pos = scenario(rules="crapette", table=t, banks=BANK_H5, stockA="3Ca 4Sa | 6Ha", handA="| 2Ca")
    act(pos, "play stockA table6")
    act(pos, "turn hand")  # his next play: the chance to Stop that error has gone
    # the first fault is gone; turning while 6♥ lies bankable in the file is a new one,
    # and a Stop now has no play to retract (002)
    assert pos.fault_by == "turn hand" and pos.wrong_play is None
    committee = scenario(table=t, banks=BANK_H5, stockA="3Ca 4Sa | 6Ha", handA="| 2Ca")
    act(committee, "play stockA table6")
    assert committee.fault is not None
