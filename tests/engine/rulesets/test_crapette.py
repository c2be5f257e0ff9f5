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
    me = pos.player  # the first player; the second lays out at his first turn (¶5)
    assert len(pos.stock[me]) == 12 and pos.stock_up[me] == 1
    assert all(len(pos.table[i]) == 1 for i in range(4 * me, 4 * me + 4))
    assert len(pos.hand[me]) == 36 and pos.phase == "play"


def _first_turn_played(seed: int):
    """A Crapette game of ``seed`` played with random actions (no Stops) until the
    first player's first turn is over; returns the game and the events of that end."""
    from russian_bank.engine import Game
    from tests.randomplay import random_action

    rng = random.Random(seed)
    game = Game.new(seed=seed, rules=rule_set("crapette"))
    first = game.player
    while True:
        acts = [a for a in game.legal_actions() if not str(a).startswith("stop")]
        action = acts[0] if len(acts) == 1 else random_action(game.position, rng)
        if str(action).startswith("stop"):
            continue
        events = game.apply(action)
        if game.player != first or game.over:
            return game, first, events


def test_002_the_play_p5_the_second_player_lays_out_at_the_start_of_his_own_first_turn():
    """002, CARDS and THE PLAY ¶1, ¶5: the first player lays out and plays his
    whole first turn; only then does the second deal his depot, file and stock.
    Until then his pack lies face down before him and his files are no places."""
    from russian_bank.engine import Game, legal_actions

    pos = Game.new(seed=1, rules=rule_set("crapette")).position
    second = 1 - pos.player
    line = range(4, 8) if second else range(0, 4)
    assert pos.undealt == second
    assert all(not pos.table[i] for i in line) and not pos.stock[second]
    assert len(pos.hand[second]) == 52 and pos.hand_unknown[second] == 52
    assert all(len(pos.table[i]) == 1 for i in range(8) if i not in line)
    for action in legal_actions(pos):  # nothing of his to play on, nor to play
        words = str(action).replace("/", " ").split()
        assert not any(f"table{i}" in words for i in line), action
    game, first, events = _first_turn_played(1)
    pos = game.position
    assert pos.player == second and pos.undealt is None
    assert len(pos.stock[second]) == 12 and pos.stock_up[second] == 1
    assert all(len(pos.table[i]) == 1 for i in line)
    assert len(pos.hand[second]) == 36 and pos.hand_unknown[second] == 36
    dealt = [e for e in events if getattr(e, "why", "") == "deal"]
    assert sum(len(e.cards) for e in dealt) == 16  # depot and file, moved so the table animates
    pos.check_invariants()


def test_002_the_play_p5_the_files_not_yet_laid_out_are_no_spaces():
    t = {0: "9Sa", 1: "8Da", 2: "KCa", 3: "KDa"}
    pos = scenario(rules="crapette", table=t, stockA="3Ca | 2Sa", extra={"undealt": "B"})
    assert len(pos.hand[1]) == 52
    assert "turn hand" in legal(pos)  # no space of his own to fill first (§17)
    reason = why(pos, "play table0 table4")
    assert reason is not None and "(002, The Play ¶5)" in reason
    assert not any(a.split()[-1] in ("table4", "table5", "table6", "table7") for a in legal(pos))
    act(pos, "turn hand")
    assert "play held table5" not in legal(pos)


def test_002_cards_the_lower_drawn_card_plays_first_a_tie_draws_again():
    """002, CARDS: each draws a card, the lower plays first (King high, Ace low).
    The source is silent on a tie: both draw again, as 001 ("Ties re-cut") and
    the Committee §4."""
    from russian_bank.game.cards import RANK_OF

    ties = 0
    for seed in range(40):
        pos = deal_position(rule_set("crapette"), random.Random(seed))
        *again, (a, b) = pos.cuts
        assert RANK_OF[a] != RANK_OF[b]
        assert pos.player == (0 if RANK_OF[a] < RANK_OF[b] else 1)
        assert all(RANK_OF[x] == RANK_OF[y] for x, y in again)
        ties += len(again)
    assert ties > 0


def test_002_the_play_p5_a_position_and_a_record_before_and_after_the_layout_round_trip():
    from russian_bank.engine import Game, Position

    pos = Game.new(seed=3, rules=rule_set("crapette")).position
    assert "undealt: " in pos.to_text()
    back = Position.from_text(pos.to_text())
    assert back == pos and back.undealt == pos.undealt
    game, _, _ = _first_turn_played(3)
    again = Game.from_record(game.record_text())
    assert again.position == game.position and again.position.undealt is None


def test_002_the_next_depot_card_is_turned_before_the_next_play():
    pos = scenario(rules="crapette", table=FULL, banks=BANK_H5, stockA="3Ca | 6Ha")
    act(pos, "play stockA bank0")
    assert pos.stock_up[0] == 1 and pile(pos, "stockA") == "3Ca"
    assert "turn stock" not in legal(pos)


def test_002_a_file_card_moves_only_with_every_card_packed_on_it():
    t = dict(FULL)
    t[0] = "9Sa 8Ha 7Ca"
    t[6] = "TDb"
    t[7] = "9Cb"
    pos = scenario(rules="crapette", table=t, stockA="3Ca | 2Sa")
    assert why(pos, "play table0/3 table6") is None  # the whole file, with all on 9♠
    # a middle card (8♥ with 7♣ on it) does not move: the docs' reading of "a card
    # in the file" is the card dealt to it, moved with every card packed on it
    reason = why(pos, "play table0/2 table7")
    assert "packed" in reason and "(002, The Play)" in reason
    act(pos, "play table0/3 table6")
    assert pile(pos, "table6") == "TDb 9Sa 8Ha 7Ca"


def test_002_the_play_p2_p6_an_exposed_file_card_moves_alone():
    t = dict(FULL)
    t[0] = "9Ca 8Ha 7Sa"
    t[6] = "8Db"
    pos = scenario(rules="crapette", table=t, stockA="3Ca | 2Sa")
    assert why(pos, "play table0 table6") is None  # 7♠, exposed, alone onto 8♦
    assert "play table0 table6" in legal(pos)
    act(pos, "play table0 table6")
    assert pile(pos, "table0") == "9Ca 8Ha" and pile(pos, "table6") == "8Db 7Sa"
    assert pos.fault is None


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


def test_002_stop_retracts_a_waste_heap_play_made_before_the_heap_was_turned_over():
    """Found by the soak (crapette+in-suit, seed 28): a card played wrongly from
    the waste heap, then the heap turned over as the stock. The Stop puts the
    heap back (§68 as fallen back on) and the retracted card on top of it; no
    card is lost, and the missed play is made."""
    t = dict(FULL)
    t[6] = "JCb TSb"
    kw = {"table": t, "stockA": "3Ca | 7Ca", "discardA": "8Sa 9Ha", "spare": "handB"}
    pos = scenario(rules="crapette", handA="", **kw)
    act(pos, "play discardA table6")  # order 2: the depot's 7♣ comes first
    act(pos, "turn over")  # not a play: the Stop may still come
    assert pos.just_turned_over and pos.wrong_play is not None
    act(pos, "stop B")
    assert pile(pos, "discardA") == "8Sa 9Ha" and pile(pos, "handA") == ""
    assert pile(pos, "table1") == "8Da 7Ca" and pos.turnovers[0] == 0


# ---------------------------------------------------------------- orders 2 and 5

TEN = dict(FULL)
TEN[6] = "JCb TDb"  # a red 10 on the files: 9♠ (table0) or 9♣ can go on it


def test_002_order_2_stop_for_playing_from_the_file_first():
    pos = scenario(rules="crapette", table=TEN, stockA="3Ca | 7Ca")
    act(pos, "play table0 table6")  # 9♠ moved while 7♣ could go from the depot on 8♦
    assert "7♣ could go from his depot to the files" in pos.fault_note
    assert "(002, order 2)" in pos.fault_note
    assert stop_reason(pos, 1) is None
    act(pos, "stop B")
    assert pile(pos, "table0") == "9Sa" and pile(pos, "table6") == "JCb TDb"  # retracted
    assert pile(pos, "table1") == "8Da 7Ca"  # the missed depot play made
    assert pile(pos, "stockA") == "3Ca" and pos.stock_up[0] == 1
    assert pos.player == 1 and pos.fault is None


def test_002_order_2_stop_for_playing_from_the_waste_heap_first():
    t = dict(FULL)
    t[6] = "JCb TSb"
    pos = scenario(rules="crapette", stockA="3Ca | 7Ca", discardA="8Sa 9Ha", table=t)
    act(pos, "play discardA table6")  # 9♥ from the waste heap before 7♣ from the depot
    assert "(002, order 2)" in pos.fault_note
    act(pos, "stop B")
    assert pile(pos, "discardA") == "8Sa 9Ha" and pile(pos, "table6") == "JCb TSb"
    assert pile(pos, "table1") == "8Da 7Ca" and pos.player == 1


def test_002_order_2_kept_no_fault_once_the_depot_has_no_play():
    pos = scenario(rules="crapette", table=TEN, stockA="3Ca | 7Ca")
    act(pos, "play stockA table1")  # the depot first; 3♣ then has no play
    act(pos, "play table0 table6")
    assert pos.fault is None
    assert "kept the order of play (002, Stop)" in stop_reason(pos, 1)


def test_002_order_2_stop_too_late_after_the_next_play():
    pos = scenario(rules="crapette", table=TEN, stockA="3Ca 4Sa | 7Ca")
    act(pos, "play table0 table6")
    act(pos, "play stockA table0")  # his next play (into the space): the Stop's chance is gone
    assert pos.fault is None and pos.missed_play is None
    assert stop_reason(pos, 1) is not None
    assert pile(pos, "table6") == "JCb TDb 9Sa"


def test_002_order_4_before_order_2_a_foundation_play_is_never_out_of_order():
    t = dict(FULL)
    t[0] = "6Ha"
    pos = scenario(rules="crapette", table=t, banks=BANK_H5, stockA="3Ca | 7Ca")
    act(pos, "play table0 bank0")  # a file card to a foundation while 7♣ could go on 8♦
    assert pos.fault is None


def test_002_order_4_before_order_2_the_duty_is_the_fault_when_both_are_broken():
    t = dict(TEN)
    pos = scenario(rules="crapette", table=t, banks=BANK_H5, stockA="3Ca | 6Ha")
    act(pos, "play table0 table6")  # 6♥ on the depot could go on a foundation
    assert "(002, order 4)" in pos.fault_note and pos.missed_play is None
    act(pos, "stop B")
    assert pile(pos, "bank0").endswith("5Hb 6Ha") and pile(pos, "table6") == "JCb TDb"


def test_002_order_5_stop_for_loading_the_waste_heap_before_the_files():
    pos = scenario(rules="crapette", table=TEN, stockA="3Ca | 9Ca", discardB="8Hb")
    act(pos, "play stockA discardB")  # 9♣ on the waste heap while it could go on 10♦
    assert "9♣ could go from his depot to the files" in pos.fault_note
    assert "(002, order 5)" in pos.fault_note
    act(pos, "stop B")
    assert pile(pos, "discardB") == "8Hb"  # retracted
    assert pile(pos, "table6") == "JCb TDb 9Ca"  # the missed file play made
    assert pile(pos, "stockA") == "3Ca" and pos.player == 1


def test_002_order_5_a_file_card_loaded_while_it_could_go_on_a_file():
    pos = scenario(rules="crapette", table=TEN, stockA="4Sa | 3Ca", discardB="8Hb")
    act(pos, "play table0 discardB")  # the depot's 3♣ has no play: order 2 is kept
    assert "9♠ could go from the files to the files" in pos.fault_note
    assert "(002, order 5)" in pos.fault_note
    act(pos, "stop B")
    assert pile(pos, "discardB") == "8Hb" and pile(pos, "table0") == ""
    assert pile(pos, "table6") == "JCb TDb 9Sa" and pos.player == 1


def test_002_order_5_the_stock_card_turned_could_go_on_a_file():
    kw = {"table": TEN, "stockA": "4Sa | 9Da", "discardB": "8Hb", "held": "9Ca"}
    pos = scenario(rules="crapette", **kw)
    act(pos, "play stockA discardB")  # 9♦ fits no file, but the turned 9♣ does
    assert "9♣ could go from his stock to the files" in pos.fault_note
    act(pos, "stop B")
    assert pile(pos, "discardB") == "8Hb" and pile(pos, "stockA") == "4Sa 9Da"
    assert pile(pos, "table6") == "JCb TDb 9Ca" and pos.held is None and pos.player == 1


def test_002_order_5_the_stock_card_laid_on_his_own_waste_heap_waits_for_the_stop():
    """002 order 5 and The Play ¶4: the stock card 9♣ turned while 10♦ lies
    exposed on a file, laid on his own waste heap, is a play to a waste heap
    while a file play was possible. The moment waits for the adversary (as a
    last card does); his Stop retracts it, packs 9♣ on 10♦ and takes the turn."""
    kw = {"table": TEN, "stockA": "4Sa | 3Ca", "held": "9Ca"}
    pos = scenario(rules="crapette", **kw)
    act(pos, "discard")
    assert pos.phase == "pending" and pos.player == 0
    assert "(002, order 5)" in pos.fault_note and stop_reason(pos, 1) is None
    assert "9♣ from his stock to his waste heap while 9♣ could go" in pos.fault_note
    assert legal(pos) == {"stop B", "stand B"}
    act(pos, "stop B")
    assert pile(pos, "discardA") == "" and pile(pos, "table6") == "JCb TDb 9Ca"
    assert pos.held is None and pos.player == 1 and pos.phase == "play"
    # let stand, the turn ends as it would have
    pos = scenario(rules="crapette", **kw)
    act(pos, "discard")
    act(pos, "stand B")
    assert pile(pos, "discardA") == "9Ca" and pos.player == 1 and pos.phase == "play"
    assert pos.fault is None
    # a stock card with no place on the files goes there and the turn ends at once
    pos = scenario(rules="crapette", table=TEN, stockA="4Sa | 3Ca", held="5Ca")
    act(pos, "discard")
    assert pos.phase == "play" and pos.player == 1 and pile(pos, "discardA") == "5Ca"


def test_002_order_5_waste_heap_discard_the_depot_card_could_go_on_a_file():
    """The same order counts the depot card's file play (as for loading): the
    Stop makes it; the stock card, which had no place, stays on the waste heap."""
    pos = scenario(rules="crapette", table=TEN, stockA="4Sa | 9Ca", held="5Ca")
    act(pos, "discard")
    assert pos.phase == "pending" and "9♣ could go from his depot" in pos.fault_note
    act(pos, "stop B")
    assert pile(pos, "table6") == "JCb TDb 9Ca" and pile(pos, "discardA") == "5Ca"
    assert pos.held is None and pos.player == 1


def test_002_order_4_the_stock_card_laid_on_the_waste_heap_while_it_fits_a_foundation():
    pos = scenario(rules="crapette", table=FULL, banks=BANK_H5, stockA="4Sa | 3Ca", held="6Ha")
    act(pos, "discard")
    assert pos.phase == "pending" and "(002, order 4)" in pos.fault_note
    act(pos, "stop B")
    assert pile(pos, "bank0").endswith("5Hb 6Ha") and pile(pos, "discardA") == ""
    assert pos.player == 1


def test_002_order_5_a_position_waiting_for_the_stop_after_a_discard_round_trips():
    from russian_bank.engine import Position

    pos = scenario(rules="crapette", table=TEN, stockA="4Sa | 3Ca", held="9Ca")
    act(pos, "discard")
    back = Position.from_text(pos.to_text())
    assert back == pos
    act(back, "stop B")
    assert pile(back, "table6") == "JCb TDb 9Ca"


def test_002_order_5_kept_loading_when_no_file_play_is_open():
    pos = scenario(rules="crapette", table=FULL, stockA="3Ca | 9Ca", discardB="8Hb")
    act(pos, "play stockA discardB")  # 9♣ fits no file here
    assert pos.fault is None
    pos = scenario(rules="crapette", table=TEN, stockA="3Ca | 9Ca", discardB="8Hb")
    act(pos, "play stockA table6")
    assert pos.fault is None


def test_002_order_5_stop_too_late_after_the_next_play():
    pos = scenario(rules="crapette", table=TEN, stockA="3Ca 4Sa | 9Ca", discardB="8Hb")
    act(pos, "play stockA discardB")
    act(pos, "turn hand")  # his next play
    assert pos.missed_play is None and pile(pos, "discardB") == "8Hb 9Ca"
    assert pos.fault is None or pos.fault_by == "turn hand"


def test_002_orders_2_and_5_are_not_refereed_in_other_rule_sets():
    for rules in ("committee", "french", "belgian", "italian", "hassock"):  # British: in suit
        pos = scenario(rules=rules, table=TEN, stockA="3Ca | 9Ca", discardB="8Hb")
        act(pos, "play table0 table6")
        assert pos.missed_play is None, rules


def test_002_a_position_with_an_order_fault_open_round_trips():
    from russian_bank.engine import Position, observe

    pos = scenario(rules="crapette", table=TEN, stockA="3Ca | 7Ca")
    act(pos, "play table0 table6")
    back = Position.from_text(pos.to_text())
    assert back == pos and back.missed_play == pos.missed_play
    assert observe(pos, 1).missed_play == pos.missed_play
    act(back, "stop B")
    assert pile(back, "table1") == "8Da 7Ca"


def test_002_a_game_record_with_an_order_fault_stopped_replays():
    from russian_bank.engine import Game
    from tests.randomplay import random_action

    rng = random.Random(5)
    game = Game.new(seed=11, rules=rule_set("crapette"))
    stopped = 0
    for _ in range(2000):
        pos = game.position
        if pos.phase == "over":
            break
        if pos.missed_play is not None and stop_reason(pos, pos.adversary) is None:
            game.apply(f"stop {'AB'[pos.adversary]}")
            stopped += 1
            continue
        action = random_action(pos, rng)
        if str(action).startswith("stop"):
            continue
        game.apply(action)
    assert stopped > 0
    again = Game.from_record(game.record_text())
    assert again.position == game.position


def test_002_order_5_a_last_card_loaded_wrongly_may_be_stopped_and_still_goes_out():
    kw = {"table": TEN, "stockA": "| 9Ca", "discardB": "8Hb", "spare": "handB"}
    pos = scenario(rules="crapette", handA="", **kw)
    act(pos, "play stockA discardB")  # his last card, on the waste heap before a file
    assert pos.phase == "pending" and stop_reason(pos, 1) is None
    act(pos, "stop B")  # retracted, and the missed play made: it empties his piles
    assert pile(pos, "table6") == "JCb TDb 9Ca" and pile(pos, "discardB") == "8Hb"
    assert pos.outcome is not None and pos.outcome.winner == 0


def test_002_the_play_p4_only_the_unplayable_stock_card_goes_to_the_waste_heap():
    """002 ends a turn with the stock card that found no place laid on the waste
    heap; its "next card from the stock face up to the waste heap" is read as
    that same card, ready for the next turn: no second card follows it."""
    kw = {"table": FULL, "stockA": "3Ca | 2Sa", "handA": "| 5Ca 6Sa", "held": "4Ha"}
    pos = scenario(rules="crapette", **kw)
    hand = pile(pos, "handA")
    act(pos, "discard")
    assert pile(pos, "discardA") == "4Ha" and pile(pos, "handA") == hand
    assert pos.player == 1


def test_002_the_play_p6_the_opponents_own_file_card_onto_his_waste_heap():
    """002 lets a player load the opponent's waste heap from "his own depot and
    file": read as his own piles against the waste heap and stock he may not use,
    the files being one tableau whose exposed cards either may play (The Play
    ¶6); so a card of the opponent's file may go on the opponent's waste heap."""
    pos = scenario(rules="crapette", table=FULL, stockA="3Ca | 2Sa", discardB="QHb")
    assert "play table6 discardB" in legal(pos)  # J♣ of B's file onto B's Q♥
    act(pos, "play table6 discardB")
    assert pile(pos, "discardB") == "QHb JCb" and pos.fault is None
