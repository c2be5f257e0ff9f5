"""The duty to bank and the Stop (§8, §16, §21-28, §65-72, Decisions VI-IX)."""

from __future__ import annotations

import pytest

from russian_bank.engine import PENDING, IllegalAction, stop_reason
from russian_bank.game.events import FaultOpened

from .helpers import act, legal, why
from .scenario import pile, scenario

BANK_H5 = {0: "AHb 2Hb 3Hb 4Hb 5Hb"}  # 6♥ (either pack) goes on the Banks


def full_table(**over: str) -> dict[int, str]:
    """Eight occupied spaces, nothing bankable; 9Sa/8Da give the 7s and 8Da a place."""
    t = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}
    for k, v in over.items():
        t[int(k[1:])] = v
    return t


def faults(pos, text: str, case: str) -> None:
    """``text`` opens a fault of §67 ``case`` and the adversary may Stop."""
    assert pos.fault is None
    events = act(pos, text)
    assert any(isinstance(e, FaultOpened) for e in events), text
    assert pos.fault is not None
    assert f"§67 {case}" in pos.fault_note
    assert stop_reason(pos, pos.adversary) is None
    assert f"stop {'AB'[pos.adversary]}" in legal(pos)


def stop(pos) -> None:
    innings = pos.innings
    act(pos, f"stop {'AB'[pos.adversary]}")
    assert pos.player == 1 and pos.innings == innings + 1
    assert pos.fault is None and pos.raised is None and pos.held is None


def no_fault(pos, text: str) -> None:
    act(pos, text)
    assert pos.fault is None, text
    assert stop_reason(pos, pos.adversary) is not None


# ---------------------------------------------------------------- §21-25 the duty


def test_s21_s22_duty_to_bank_from_every_source():
    for kw in (
        {"stockA": "3Ca | 6Ha"},
        {"discardA": "6Ha"},
        {"held": "6Ha"},
        {"table": full_table(t2="6Ha")},
    ):
        base = {"table": full_table(), "stockA": "3Ca | 7Ca", "banks": BANK_H5}
        base.update(kw)
        pos = scenario(**base)
        act(pos, "play table1 table0")  # anything but banking 6♥
        assert pos.fault is not None, kw


def test_s24_choice_among_bankable_cards():
    for first in ("stockA", "discardA"):
        pos = scenario(
            table=full_table(),
            banks={0: "AHb 2Hb 3Hb 4Hb 5Hb", 1: "ACb 2Cb"},
            stockA="3Ca | 6Ha",
            discardA="3Cb",
        )
        no_fault(pos, f"play {first} {'bank0' if first == 'stockA' else 'bank1'}")


def test_s25_banking_one_card_makes_another_bankable_and_it_must_follow():
    pos = scenario(table=full_table(t2="7Ha"), banks=BANK_H5, stockA="3Ca | 6Ha")
    no_fault(pos, "play stockA bank0")
    faults(pos, "turn stock", "D")  # 7♥ in the Table is now bankable


def test_s8_first_stock_card_bankable_must_be_banked():
    pos = scenario(
        phase="arranging", table=full_table(), banks=BANK_H5, stockA="3Ca 6Ha |", handA="| 2Da"
    )
    act(pos, "turn stock")
    faults(pos, "raise table1", "C")


def test_s16_discard_top_bankable_must_be_banked():
    pos = scenario(table=full_table(), banks=BANK_H5, stockA="3Ca | 7Ca", discardA="6Ha")
    faults(pos, "play stockA table1", "A")


# ---------------------------------------------------------------- §67 A: X on the Discard


def _a(**kw):
    base = dict(table=full_table(), banks=BANK_H5, stockA="3Ca | 7Sa", discardA="6Ha")
    base.update(kw)
    return scenario(**base)


def test_s67_A1_raise_table_card_with_bankable_discard():
    pos = _a()
    faults(pos, "raise table1", "A")
    stop(pos)
    assert pile(pos, "table1") == "8Da"  # the raised card goes back (§26, §68)
    assert pile(pos, "discardA") == "6Ha"


def test_s67_A1_raise_stock_card_with_bankable_discard():
    pos = _a()
    faults(pos, "raise stockA", "A")
    stop(pos)
    assert pile(pos, "stockA") == "3Ca 7Sa" and pos.stock_up[0] == 1


def test_s67_A2_turn_hand_card_with_bankable_discard():
    pos = _a()
    hand = pile(pos, "handA")
    faults(pos, "turn hand", "A")
    stop(pos)
    assert pile(pos, "handA") == hand  # back face down on the Hand (§26)


def test_s67_A2_turn_stock_card_with_bankable_discard():
    pos = _a(stockA="3Ca 7Sa |")
    faults(pos, "turn stock", "A")
    stop(pos)
    assert pos.stock_up[0] == 1 and str(pos.stock[0][-1]) == "7Sa"  # stays face up (§68)


def test_s67_A3_turn_over_discard_with_bankable_discard_top():
    pos = _a(handA="", discardA="2Ca 6Ha", spare="stockB")
    faults(pos, "turn over", "A")
    stop(pos)


def test_s67_A3_s68_stop_after_turn_over_puts_the_discard_back():
    pos = _a(handA="", discardA="2Ca 6Ha", spare="stockB")
    faults(pos, "turn over", "A")
    stop(pos)
    assert pile(pos, "discardA") == "2Ca 6Ha" and pile(pos, "handA") == ""
    assert pos.turnovers[0] == 0


def test_s67_A4_play_card_into_table_with_bankable_discard():
    pos = _a()
    faults(pos, "play stockA table1", "A")
    stop(pos)
    assert pile(pos, "table1") == "8Da 7Sa"  # a played card stays (§26, §68)


# ---------------------------------------------------------------- §67 B: X the held card


def _b(**kw):
    base = dict(table=full_table(), banks=BANK_H5, stockA="3Ca | 7Sa", held="6Ha", discardA="7Ca")
    base.update(kw)
    return scenario(**base)


def test_s67_B1_raise_table_card_while_holding_bankable_hand_card():
    pos = _b()
    hand = pile(pos, "handA")
    faults(pos, "raise table1", "B")
    stop(pos)
    assert pile(pos, "table1") == "8Da"
    assert pile(pos, "handA") == hand + " 6Ha"  # returned to the Hand, on top
    assert pos.hand_unknown[0] == len(pos.hand[0]) - 1  # face down, but known


def test_s67_B2_raise_stock_card_while_holding_bankable_hand_card():
    pos = _b()
    faults(pos, "raise stockA", "B")
    stop(pos)
    assert pos.stock_up[0] == 1 and str(pos.stock[0][-1]) == "7Sa"


def test_s67_B2_turn_stock_card_while_holding_bankable_hand_card():
    pos = _b(stockA="3Ca 7Sa |")
    faults(pos, "turn stock", "B")
    stop(pos)
    assert pos.stock_up[0] == 1 and str(pos.stock[0][-1]) == "7Sa"
    assert str(pos.hand[0][-1]) == "6Ha"


def test_s67_B3_raise_discard_card_while_holding_bankable_hand_card():
    pos = _b()
    faults(pos, "raise discardA", "B")
    stop(pos)
    assert pile(pos, "discardA") == "7Ca"


def test_s67_B_discarding_the_bankable_held_card():
    pos = _b()
    events = act(pos, "discard")
    assert any(isinstance(e, FaultOpened) for e in events)
    assert pos.player == 1  # the innings ended anyway; §27 reserves the Stop
    assert [str(c) for c in pos.reserved] == ["6Ha"] and pos.reserved_seat == 0


# ---------------------------------------------------------------- §67 C: X on the Stock


def _c(**kw):
    base = dict(table=full_table(), banks=BANK_H5, stockA="3Ca | 6Ha", discardA="7Ca")
    base.update(kw)
    return scenario(**base)


def test_s67_C1_raise_table_card_with_bankable_stock():
    pos = _c()
    faults(pos, "raise table1", "C")
    stop(pos)
    assert pile(pos, "table1") == "8Da"


def test_s67_C2_raise_discard_card_with_bankable_stock():
    pos = _c()
    faults(pos, "raise discardA", "C")
    stop(pos)
    assert pile(pos, "discardA") == "7Ca"


def test_s67_C3_turn_hand_card_with_bankable_stock():
    pos = _c()
    hand = pile(pos, "handA")
    faults(pos, "turn hand", "C")
    stop(pos)
    assert pile(pos, "handA") == hand
    assert pos.stock_up[0] == 1


def test_s67_C4_turn_over_discard_with_bankable_stock():
    pos = _c(handA="", spare="stockB")
    faults(pos, "turn over", "C")
    stop(pos)
    assert pile(pos, "discardA") == "7Ca" and pile(pos, "handA") == ""  # turned back (§68)
    assert pos.turnovers[0] == 0


def test_s67_C5_play_card_into_table_with_bankable_stock():
    pos = _c()
    faults(pos, "play discardA table1", "C")
    stop(pos)
    assert pile(pos, "table1") == "8Da 7Ca"


# ---------------------------------------------------------------- §67 D: X in the Table


def _d(**kw):
    base = dict(table=full_table(t6="6Ha"), banks=BANK_H5, stockA="3Ca | 7Sa", discardA="7Ca")
    base.update(kw)
    return scenario(**base)


def test_s67_D1_raise_other_table_card_with_bankable_table_card():
    pos = _d()
    faults(pos, "raise table1", "D")
    stop(pos)
    assert pile(pos, "table1") == "8Da"


def test_s67_D1_raising_another_bankable_table_card_is_no_fault():
    pos = _d(table=full_table(t6="6Ha", t7="ACa"))
    no_fault(pos, "raise table7")
    no_fault(pos, "play table7 bank1")


def test_s67_D2_raise_stock_card_with_bankable_table_card():
    pos = _d()
    faults(pos, "raise stockA", "D")
    stop(pos)
    assert pos.stock_up[0] == 1


def test_s67_D2_raise_discard_card_with_bankable_table_card():
    pos = _d()
    faults(pos, "raise discardA", "D")
    stop(pos)
    assert pile(pos, "discardA") == "7Ca"


def test_s67_D3_turn_hand_card_with_bankable_table_card():
    pos = _d()
    hand = pile(pos, "handA")
    faults(pos, "turn hand", "D")
    stop(pos)
    assert pile(pos, "handA") == hand


def test_s67_D3_turn_stock_card_with_bankable_table_card():
    pos = _d(stockA="3Ca 7Sa |")
    faults(pos, "turn stock", "D")
    stop(pos)
    assert pos.stock_up[0] == 1


def test_s67_D4_turn_over_discard_with_bankable_table_card():
    pos = _d(handA="", spare="stockB")
    faults(pos, "turn over", "D")
    stop(pos)


def test_s67_D5_play_card_into_table_with_bankable_table_card():
    pos = _d()
    faults(pos, "play stockA table1", "D")
    stop(pos)
    assert pile(pos, "table1") == "8Da 7Sa"


# ---------------------------------------------------------------- §26, §68 consequences


def test_s26_bankable_card_played_elsewhere_stays_and_binds_the_adversary():
    pos = scenario(
        table=full_table(t2="7Sa"),
        banks=BANK_H5,
        stockA="3Ca | 6Ha",
        stockB="3Cb | 9Cb",
        handB="| 2Db",
    )
    faults(pos, "play stockA table2", "C")  # X itself played into the Table
    stop(pos)
    assert pile(pos, "table2") == "7Sa 6Ha"
    # B is now the Player and must bank 6♥ first, or be Stopped in turn (§26)
    assert "play table2 bank0" in legal(pos)
    faults(pos, "turn hand", "D")
    assert "stop A" in legal(pos)


def test_s68_last_card_wrongly_played_goes_back_as_the_discard():
    pos = scenario(
        table=full_table(t2="7Sa"), banks=BANK_H5, stockA="", handA="", held="6Ha", spare="stockB"
    )
    act(pos, "play held table2")
    assert pos.phase == PENDING and pos.outcome is None
    assert legal(pos) == {"stop B", "stand B"}
    assert "§68" in why(pos, "play table1 table0")
    act(pos, "stop B")
    assert pile(pos, "table2") == "7Sa"
    assert pile(pos, "discardA") == "6Ha"  # face up as his Discard
    assert pos.player == 1 and pos.phase == "play"


def test_s68_pending_win_stands():
    pos = scenario(
        table=full_table(t2="7Sa"),
        banks=BANK_H5,
        stockA="",
        handA="",
        held="6Ha",
        stockB="5Cb 6Cb |",
        spare="handB",
    )
    act(pos, "play held table2")
    assert pos.phase == PENDING
    act(pos, "stand B")
    assert pos.phase == "over" and pos.outcome.winner == 0
    assert pos.outcome.points == 30 + 2 * 2 + 1 * (len(pos.hand[1]) + len(pos.discard[1]))


def test_s1_s31_win_by_banking_the_last_card_needs_no_grace():
    pos = scenario(
        table=full_table(), banks=BANK_H5, stockA="", handA="", held="6Ha", spare="stockB"
    )
    act(pos, "play held bank0")
    assert pos.phase == "over" and pos.outcome.winner == 0 and pos.outcome.reason == "won"


def test_s68_clean_last_card_waits_for_stand_like_a_faulty_one():
    pos = scenario(
        table=full_table(), banks=BANK_H5, stockA="", handA="", held="7Ca", spare="stockB"
    )
    act(pos, "play held table1")
    # the same wait as after a faulty last card: the phase tells nobody which it was
    assert pos.phase == PENDING and pos.outcome is None
    assert legal(pos) == {"stand B"}
    assert "False Stop" in why(pos, "stop B")
    act(pos, "stand B")
    assert pos.phase == "over" and pos.outcome.winner == 0


def test_s68_last_card_to_the_adversarys_pile_waits_too():
    pos = scenario(
        table=full_table(),
        banks=BANK_H5,
        stockA="",
        handA="",
        held="7Ca",
        discardB="8Cb",
        spare="stockB",
    )
    act(pos, "play held discardB")
    assert pos.phase == PENDING
    assert legal(pos) == {"stand B"}


# ---------------------------------------------------------------- §27 reserved Stop


def test_s27_stop_reserved_until_next_innings():
    pos = scenario(
        table=full_table(),
        banks=BANK_H5,
        stockA="3Ca | 6Ha",
        held="2Da",
        stockB="3Cb | 9Cb",
        handB="| 2Db",
    )
    act(pos, "discard")  # finished, leaving 6♥ on his Stock
    assert pos.player == 1 and [str(c) for c in pos.reserved] == ["6Ha"]
    assert "stop A" not in legal(pos)  # B is the Player now; nothing to Stop
    act(pos, "turn hand")
    act(pos, "discard")
    assert pos.player == 0
    faults(pos, "turn hand", "C")  # did not bank 6♥ at once
    act(pos, "stop B")
    assert pos.player == 1


def test_s27_no_stop_if_the_reserved_card_is_banked_at_once():
    pos = scenario(
        table=full_table(),
        banks=BANK_H5,
        stockA="3Ca | 6Ha",
        held="2Da",
        stockB="3Cb | 9Cb",
        handB="| 2Db",
    )
    act(pos, "discard")
    act(pos, "turn hand")
    act(pos, "discard")
    no_fault(pos, "play stockA bank0")
    assert pos.reserved == ()


# ---------------------------------------------------------------- §28, §69 the right


def test_s28_s69_right_persists_through_the_innings_until_x_is_banked():
    pos = _d()
    faults(pos, "play stockA table1", "D")
    act(pos, "raise discardA")  # more play: the right continues
    act(pos, "back")
    assert stop_reason(pos, 1) is None
    act(pos, "play table6 bank0")  # X banked: the right is gone
    assert pos.fault is None
    r = stop_reason(pos, 1)
    assert r is not None and "False Stop" in r


def test_s28_card_exposed_then_covered():
    pos = scenario(table=full_table(t2="7Sa 6Ha"), banks=BANK_H5, stockA="3Ca | QCa", held="5Sa")
    faults(pos, "play held table2", "D")  # 6♥ exposed in the Table, then covered
    assert pile(pos, "table2") == "7Sa 6Ha 5Sa"
    assert stop_reason(pos, 1) is None
    act(pos, "raise table1")
    act(pos, "back")
    assert stop_reason(pos, 1) is None


def test_s69_suspended_while_holding_another_bankable_card():
    pos = _d(table=full_table(t1="ACa 8Da", t6="6Ha"))
    faults(pos, "play table1 table0", "D")  # uncovers A♣
    assert [str(c) for c in sorted(pos.fault)] == ["6Ha"]
    act(pos, "raise table1")  # the A♣ in his fingers: playable on the Banks
    r = stop_reason(pos, 1)
    assert r is not None and "§69" in r
    act(pos, "play table1 bank1")
    assert stop_reason(pos, 1) is None  # the right revives: 6♥ is still not banked


def test_s69_suspended_while_holding_a_bankable_hand_card():
    pos = _d(table=full_table(t6="6Ha"), handA="| ACa")
    act(pos, "turn hand")  # the turn is the fault, on 6♥ only
    assert [str(c) for c in sorted(pos.fault)] == ["6Ha"]
    r = stop_reason(pos, 1)
    assert r is not None and "§69" in r
    act(pos, "play held bank1")
    assert stop_reason(pos, 1) is None


def test_s69_banking_one_of_two_neglected_cards_keeps_the_right():
    pos = _d(table=full_table(t6="6Ha", t7="ACa"))
    faults(pos, "raise table1", "D")  # both 6♥ and A♣ neglected
    act(pos, "back")
    act(pos, "play table7 bank1")  # A♣ banked, 6♥ still not
    assert stop_reason(pos, 1) is None


# ---------------------------------------------------------------- false Stops


def test_false_stop_is_refused_with_a_reason():
    pos = _d()
    r = stop_reason(pos, 1)
    assert r is not None and "False Stop" in r and "§21" in r
    with pytest.raises(IllegalAction):
        act(pos, "stop B")
    assert pos.player == 0
    r = stop_reason(pos, 0)
    assert r is not None and "§24" in r  # the Player cannot Stop himself


# ---------------------------------------------------------------- Decisions


def test_s85_decision_VI_no_stop_until_the_held_card_is_played():
    pos = scenario(
        table=full_table(t0="7Sa 6Ha 5Sa", t1="6Da", t3=""),
        banks=BANK_H5,
        stockA="",
        held="9Ca",
        handA="| 2Da",
        spare="stockB",
    )
    no_fault(pos, "play table0 table1")  # the weave exposes 6♥
    # the held card is advanced toward the space: the adversary speaks too soon
    assert "False Stop" in stop_reason(pos, 1)
    faults(pos, "play held table3", "D")  # now "played"
    stop(pos)
    assert pile(pos, "table3") == "9Ca"


def test_s86_decision_VII_raising_a_card_that_cannot_go_anywhere_is_no_stop():
    pos = _d()
    no_fault(pos, "raise table2")  # K♣ with no space: no place to go at all
    act(pos, "back")
    assert pos.fault is None
    faults(pos, "raise table1", "D")  # 8♦ could go on 9♠


def _hearts_to_five():
    # §87: Hearts built to the five; 6♥ and 7♥ exposed; a black eight; a space
    return scenario(
        table=full_table(t2="6Ha", t3="7Ha", t4="8Cb", t5=""), banks=BANK_H5, stockA="3Ca | QCa"
    )


def test_s87_decision_VIII_lifting_the_seven_is_stopped():
    pos = _hearts_to_five()
    faults(pos, "raise table3", "D")
    stop(pos)
    assert pile(pos, "table3") == "7Ha"


def test_s88_decision_IX_trying_the_seven_on_the_banks_shows_intention():
    pos = _hearts_to_five()
    faults(pos, "raise table3", "D")
    act(pos, "back banks")  # the 7♥ tried on the 5♥ Bank
    assert pos.fault is None
    assert "False Stop" in stop_reason(pos, 1)
    no_fault(pos, "play table2 bank0")


def test_s71_wrong_card_on_the_banks_is_refused_without_fault():
    pos = _hearts_to_five()
    with pytest.raises(IllegalAction) as exc:
        act(pos, "play table3 bank0")
    assert "§5" in exc.value.reason
    assert pos.fault is None and pos.raised is None
    with pytest.raises(IllegalAction):
        act(pos, "play table2 bank1")  # the right card on the wrong Bank
    assert pos.fault is None


def test_s71_back_banks_does_not_cancel_an_earlier_fault():
    pos = _hearts_to_five()
    faults(pos, "raise stockA", "D")
    act(pos, "back")
    act(pos, "raise table3")
    act(pos, "back banks")
    assert pos.fault is not None and stop_reason(pos, 1) is None


def test_s68_s69_reading_last_card_after_an_earlier_covered_fault_cannot_be_stopped():
    # Engine's reading (rule book ambiguous): only a last card that is itself a
    # fault can be Stopped. Here 6♥ was covered (fault open, §28) and the last card,
    # not itself bankable, waits like any other last card, but only Stand is legal,
    # although §69 says the right to Stop lasts the whole turn.
    t = full_table(t2="7Sa 6Ha")
    pos = scenario(table=t, banks=BANK_H5, stockA="| 5Sa", handA="", held="7Ca", spare="stockB")
    faults(pos, "play stockA table2", "D")
    act(pos, "play held table1")
    assert pos.phase == PENDING and pos.fault is None
    assert legal(pos) == {"stand B"}
    act(pos, "stand B")
    assert pos.phase == "over" and pos.outcome.winner == 0
