"""Crapette (002), order 1: "A space in a file must be filled before any other
play is made", a fault the adversary may Stop like the other orders; and the
play each Stop makes ("retracts the wrong play and makes the play his opponent
failed to")."""

from __future__ import annotations

import pytest

from russian_bank.engine import Position, stop_reason
from russian_bank.engine.queries import orderly_plays
from tests.engine.helpers import act, legal, why
from tests.engine.scenario import pile, scenario

FULL = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}
SPACE = {**FULL, 0: ""}  # A's first file is a space
BANK_H5 = {0: "AHb 2Hb 3Hb 4Hb 5Hb"}


def test_002_order_1_a_depot_card_played_elsewhere_while_a_space_is_open_is_stopped():
    """Q♣ on the depot goes onto K♦ in the file while a space is open: a fault;
    the Stop takes Q♣ back, fills the space with it and takes the turn."""
    pos = scenario(rules="crapette", table=SPACE, stockA="3Ca | QCa")
    assert why(pos, "play stockA table3") is None  # allowed, as a fault
    act(pos, "play stockA table3")
    assert "(002, order 1)" in pos.fault_note
    assert "a space in the files could be filled from his depot" in pos.fault_note
    assert stop_reason(pos, 1) is None
    act(pos, "stop B")
    assert pile(pos, "table3") == "KDb"  # retracted
    assert pile(pos, "table0") == "QCa"  # the missed play: the space filled
    assert pile(pos, "stockA") == "3Ca" and pos.stock_up[0] == 1
    assert pos.player == 1 and pos.fault is None


def test_002_order_1_with_the_depot_exhausted_the_stock_fills_the_space_first():
    """002: "When his depot is exhausted, he fills spaces in his file from his
    stock." A move from file to file first is a fault; the Stop takes it back
    and turns the stock's next card into the space (no card named: it is unseen)."""
    t = {**SPACE, 6: "JCb TDb"}
    pos = scenario(rules="crapette", table=t, handA="| 5Sa")
    act(pos, "play table6 table7")
    assert "(002, order 1)" in pos.fault_note
    assert "could be filled from his stock" in pos.fault_note and "5♠" not in pos.fault_note
    assert [str(c) for c in pos.fault] == ["TDb"]  # the card played out of order, not 5♠
    back = Position.from_text(pos.to_text())  # the missed play is kept in the text form
    assert back.to_text() == pos.to_text() and back.fault == pos.fault
    assert back.missed_play == pos.missed_play and stop_reason(back, 1) is None
    act(pos, "stop B")
    assert pile(pos, "table6") == "JCb TDb" and pile(pos, "table7") == "JSb"
    assert pile(pos, "table0") == "5Sa" and not pile(pos, "handA").endswith("5Sa")
    assert pos.player == 1
    pos.check_invariants()


def test_002_order_1_the_card_turned_from_the_stock_fills_the_space_before_a_file():
    t = {**SPACE, 6: "JCb TDb"}
    pos = scenario(rules="crapette", table=t, held="9Ca")
    act(pos, "play held table6")  # 9♣ on 10♦ while it could fill the space
    assert "(002, order 1)" in pos.fault_note
    act(pos, "stop B")
    assert pile(pos, "table6") == "JCb TDb" and pile(pos, "table0") == "9Ca"
    assert pos.held is None and pos.player == 1


def test_002_order_1_laying_the_stock_card_aside_while_a_space_is_open_waits_for_the_stop():
    pos = scenario(rules="crapette", table=SPACE, stockA="3Ca | QCa", held="5Ca")
    act(pos, "discard")
    assert pos.phase == "pending" and "(002, order 1)" in pos.fault_note
    act(pos, "stop B")
    assert pile(pos, "table0") == "QCa" and pile(pos, "discardA") == "5Ca"
    assert pos.player == 1


def test_002_order_1_filling_the_space_is_no_fault():
    pos = scenario(rules="crapette", table=SPACE, stockA="3Ca | QCa")
    act(pos, "play stockA table0")
    assert pos.fault is None
    assert "kept the order of play (002, Stop)" in stop_reason(pos, 1)


def test_002_order_1_and_order_4_a_foundation_play_comes_first():
    """Orders 1 and 4 combined: a play to a foundation is never an order-1
    fault; filling the space while a card could go on a foundation is order
    4's fault, and its Stop makes the foundation play."""
    t = {**SPACE, 1: "6Ha"}
    pos = scenario(rules="crapette", table=t, banks=BANK_H5, stockA="3Ca | QCa")
    act(pos, "play table1 bank0")
    assert pos.fault is None
    pos = scenario(rules="crapette", table=t, banks=BANK_H5, stockA="3Ca | QCa")
    act(pos, "play stockA table0")
    assert "(002, order 4)" in pos.fault_note
    act(pos, "stop B")
    assert pile(pos, "bank0").endswith("5Hb 6Ha") and pile(pos, "table0") == ""


def test_002_order_1_the_orderly_plays_are_the_fills_and_the_foundation_plays():
    t = {**SPACE, 1: "6Ha", 6: "JCb TDb"}
    pos = scenario(rules="crapette", table=t, banks=BANK_H5, stockA="3Ca | 9Ca")
    keys = {(str(s), str(d)) for s, d, _ in orderly_plays(pos)}
    assert keys == {("stockA", "table0"), ("table1", "bank0")}
    assert "play stockA table6" in legal(pos)  # the others are allowed, as faults


def test_002_order_1_too_late_after_the_next_play():
    pos = scenario(rules="crapette", table=SPACE, stockA="3Ca 4Sa | QCa")
    act(pos, "play stockA table3")
    act(pos, "play stockA table0")  # his next play: the chance to Stop has gone
    assert pos.fault is None and stop_reason(pos, 1) is not None


# 002, Stop: "retracts the wrong play and makes the play his opponent failed to",
# for each kind of missed play (its destination).
MISSED = {
    "to a foundation": (
        {"table": {**FULL, 6: "7Cb"}, "banks": BANK_H5, "stockA": "3Ca | 6Ha"},
        "play stockA table6",
        {"bank0": "AHb 2Hb 3Hb 4Hb 5Hb 6Ha", "table6": "7Cb"},
    ),
    "to a file": (
        {"table": {**FULL, 6: "JCb TDb"}, "stockA": "3Ca | 7Ca"},
        "play table0 table6",
        {"table1": "8Da 7Ca", "table0": "9Sa", "table6": "JCb TDb"},
    ),
    "onto the adversary's waste heap upward": (
        {"table": {**FULL, 6: "JCb TDb"}, "stockA": "3Ca | 9Ha", "discardB": "8Sb"},
        "play table0 table6",
        {"discardB": "8Sb 9Ha", "table0": "9Sa", "table6": "JCb TDb"},
    ),
    "onto the adversary's waste heap downward": (
        {"table": {**FULL, 6: "JCb TDb"}, "stockA": "3Ca | 7Ha", "discardB": "8Sb"},
        "play table0 table6",
        {"discardB": "8Sb 7Ha", "table0": "9Sa", "table6": "JCb TDb"},
    ),
}


@pytest.mark.parametrize("kind", list(MISSED))
def test_002_stop_makes_the_missed_play(kind: str) -> None:
    piles, wrong, after = MISSED[kind]
    pos = scenario(rules="crapette", **piles)  # type: ignore[arg-type]
    act(pos, wrong)
    assert pos.fault is not None and stop_reason(pos, 1) is None
    act(pos, "stop B")
    assert {name: pile(pos, name) for name in after} == after
    assert pos.player == 1
