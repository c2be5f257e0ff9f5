"""The Hassock rules (001): Tableaux, Center, Hassock, Stock and Mat."""

from __future__ import annotations

import random

from russian_bank.engine import deal_position, stop_reason
from russian_bank.engine.laws import score_for
from russian_bank.engine.rulesets import rule_set
from tests.engine.helpers import act, legal, why
from tests.engine.scenario import pile, scenario

FULL = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}
BANK_H5 = {0: "AHb 2Hb 3Hb 4Hb 5Hb"}


def test_001_layout_hassock_of_13_and_stock_of_35():
    pos = deal_position(rule_set("hassock"), random.Random(9))
    assert [len(s) for s in pos.stock] == [13, 13]  # the Hassock
    assert [len(h) for h in pos.hand] == [35, 35]  # the Stock


def test_001_law_d_the_mat_is_dead_to_its_owner():
    pos = scenario(rules="hassock", table=FULL, banks=BANK_H5, stockA="3Ca | 7Ca", discardA="6Ha")
    reason = why(pos, "play discardA bank0")
    assert "Mat" in reason and "(001, law D)" in reason
    assert not any(a.startswith("play discardA") for a in legal(pos))
    # so a bankable Mat card is no duty: turning the Stock opens no fault
    act(pos, "turn hand")
    assert pos.fault is None
    # the adversary may still build on that Mat (The Play)
    pos.player = 1
    assert (
        why(
            scenario(
                rules="hassock",
                player="B",
                table=FULL,
                stockB="| 7Hb",
                discardA="6Ha",
                stockA="3Ca",
            ),
            "play stockB discardA",
        )
        is None
    )


def test_001_law_e_the_turn_ends_when_a_stock_card_goes_on_the_mat():
    pos = scenario(rules="hassock", table=FULL, stockA="3Ca | 7Sa", held="4Ha")
    act(pos, "discard")
    assert pos.player == 1 and pile(pos, "discardA") == "4Ha"


def test_001_the_play_stock_cards_fill_spaces_at_any_time():
    t = dict(FULL)
    t[3] = ""
    kw = {"table": t, "stockA": "3Ca | 7Sa", "held": "4Ha", "handA": "| 5Ca"}
    assert why(scenario(rules="hassock", **kw), "play held table3") is None
    assert "(§18)" in why(scenario(**kw), "play held table3")


def test_001_law_b_stop_only_on_a_plain_play_elsewhere_than_the_center():
    kw = {"table": FULL, "banks": BANK_H5, "stockA": "3Ca | 6Ha", "held": "7Ca"}
    pos = scenario(rules="hassock", **kw)
    act(pos, "play held table1")  # 7♣ on 8♦ while 6♥ could go to the Center
    assert pos.fault is not None and "(001, law B)" in pos.fault_note
    assert stop_reason(pos, 1) is None
    # raising 6♥ itself, or a card with nowhere to go, shows no intention elsewhere
    pos = scenario(rules="hassock", **kw)
    act(pos, "raise stockA")
    assert pos.fault is None
    act(pos, "back")
    act(pos, "raise table2")  # K♣ has no place but a space, and none is empty
    assert pos.fault is None


def test_001_law_b_note_on_stop_raising_a_card_and_turning_one_both_show_the_intention():
    """One test for both (001, law B and its note on Stop): taking hold of a card
    that can go elsewhere, as turning a Stock card, shows plainly the intention to
    play elsewhere than on the Center while a Center play waits (the Committee's
    §67 D 1 and D 3); the card not yet let go goes back (The Play)."""
    t = dict(FULL)
    t[6] = "THb"
    kw = {"table": t, "banks": BANK_H5, "stockA": "3Ca | 6Ha", "handA": "| 4Sa"}
    pos = scenario(rules="hassock", **kw)
    act(pos, "raise table0")  # 9♠ could go on 10♥, not on the Center
    assert pos.fault is not None and "(001, law B)" in pos.fault_note
    act(pos, "back")  # put back: the fault stays, as a raise is in the Committee rules
    assert pos.fault is not None and stop_reason(pos, 1) is None
    act(pos, "stop B")
    assert pile(pos, "table0") == "9Sa" and pile(pos, "stockA") == "3Ca 6Ha" and pos.player == 1
    turned = scenario(rules="hassock", **kw)
    act(turned, "turn hand")  # a Stock card turned and held while 6♥ waits
    assert turned.fault is not None and stop_reason(turned, 1) is None


def test_001_law_b_a_stock_card_not_let_go_goes_face_up_on_the_mat():
    pos = scenario(rules="hassock", table=FULL, banks=BANK_H5, stockA="3Ca | 6Ha", handA="| 4Sa")
    act(pos, "turn hand")  # while 6♥ on his Hassock could go to the Center
    act(pos, "stop B")
    assert pile(pos, "discardA") == "4Sa" and pile(pos, "handA").split()[-1] != "4Sa"
    assert pos.player == 1


def test_001_score_two_per_hassock_card_one_per_stock_and_mat_card_no_bonus():
    pos = scenario(
        rules="hassock",
        table=FULL,
        stockB="3Cb 4Cb | 5Cb",
        discardB="9Hb 8Hb",
        stockA="| 7Sa",
        spare="handB",
    )
    out = score_for(pos, 1)
    stock, rest = 3, len(pos.hand[1]) + 2
    assert out.game_points == 0
    assert out.points == 2 * stock + rest and out.stock_cards == stock


def test_001_variation_tableaux_built_in_suit():
    t = dict(FULL)
    t[1] = "8Ha"
    kw = {"table": t, "stockA": "3Ca | 7Ca", "handA": "| 5Da"}
    assert why(scenario(rules="hassock", **kw), "play stockA table1") is None
    reason = why(scenario(rules="hassock+in-suit", **kw), "play stockA table1")
    assert "in suit" in reason and "(001, Variation)" in reason


def test_001_a_blocked_game_is_a_draw_and_scores_nothing():
    # read as the Committee §38 reading: nothing disposed of while both turned over twice
    pos = scenario(
        rules="hassock",
        player="B",
        table=FULL,
        discardB="2Db QDb",
        spare="stockA",
        extra={"idle": "3 2 1"},
    )
    act(pos, "turn over")  # the Mat becomes the Stock again (001, The Play)
    act(pos, "turn hand")
    act(pos, "discard")
    assert pos.phase == "over" and pos.outcome.winner is None
    assert pos.outcome.reason == "dead" and pos.outcome.points == 0


def test_001_the_play_the_adversary_may_load_the_players_single_last_card_on_the_mat():
    """001: a player's single last card stays face up until he can play it, and
    the opponent plays on his Hassock and Mat as often as he can; nothing shields
    that last card, so the opponent may build on it."""
    pos = scenario(
        rules="hassock", player="B", table=FULL, discardA="5Ha", stockB="3Cb | 6Hb", spare="handB"
    )
    assert pos.cards_left(0) == 1 and "play stockB discardA" in legal(pos)
    act(pos, "play stockB discardA")
    assert pile(pos, "discardA") == "5Ha 6Hb" and pos.cards_left(0) == 2
