"""Belgian Bank, or Options (000 §92): the adversary's options on a Stop."""

from __future__ import annotations

from tests.engine.helpers import act, legal, why
from tests.engine.scenario import pile, scenario

FULL = {0: "7Cb", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}
KW = {
    "table": FULL,
    "banks": {0: "AHb 2Hb 3Hb 4Hb 5Hb"},
    "stockA": "3Ca | 6Ha",
    "discardA": "8Sa 7Ha",
    "handA": "| 5Ca",
}


def test_000_s92_both_options_after_a_stop_arising_from_a_turned_hand_card():
    pos = scenario(rules="belgian", **KW)
    act(pos, "turn hand")  # 6♥ could go on the Banks: a fault by turning (§67)
    assert {"stop B", "stop B bank", "stop B expose", "stop B bank expose"} <= legal(pos)
    act(pos, "stop B bank expose")
    # option 1: 6♥ from the Stock, then 7♥ from the Discard, go on the Bank
    assert pile(pos, "bank0").endswith("5Hb 6Ha 7Ha")
    # option 2: the turned 5♣ is exposed on the Discard, not turned back
    assert pile(pos, "discardA") == "8Sa 5Ca"
    assert pos.player == 1


def test_000_s92_without_options_the_stop_is_the_committee_stop():
    pos = scenario(rules="belgian", **KW)
    act(pos, "turn hand")
    act(pos, "stop B")
    assert pile(pos, "bank0").endswith("5Hb")
    assert pile(pos, "stockA") == "3Ca 6Ha" and pile(pos, "discardA") == "8Sa 7Ha"
    assert pile(pos, "handA").endswith("5Ca") and pos.player == 1


def test_000_s92_2_expose_only_when_the_stop_arises_from_turning_the_hand():
    pos = scenario(rules="belgian", **KW)
    act(pos, "play stockA table0")  # a fault by playing 6♥ to the Table (§67 C)
    assert "stop B" in legal(pos)
    assert "stop B expose" not in legal(pos)
    assert "(§92)" in why(pos, "stop B expose")
    # nor option 1: no card on his Stock or Discard goes on the Banks now
    assert "stop B bank" not in legal(pos)


def test_000_s92_no_options_in_the_committee_rules():
    pos = scenario(**KW)
    act(pos, "turn hand")
    assert "stop B" in legal(pos) and "stop B bank" not in legal(pos)
