"""British Bank, or Stop Patience (000 §91)."""

from __future__ import annotations

import random

from russian_bank.engine import deal_position, parse_action
from russian_bank.engine.legality import action_error
from russian_bank.engine.plays import legal_plays
from russian_bank.engine.position import Position
from russian_bank.engine.rulesets import rule_set
from russian_bank.engine.stoppable import error_reason
from tests.engine.helpers import act, legal, why
from tests.engine.scenario import pile, scenario

FULL = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}


def lawful(pos: Position) -> set[str]:
    """The legal actions that are no §91.6 error."""
    return {a for a in legal(pos) if action_error(pos, parse_action(a)) is None}


def error_of(pos: Position, text: str) -> str | None:
    """The rule a legal action breaks as an error (None: lawful); refused: an error."""
    assert why(pos, text) is None, why(pos, text)
    return action_error(pos, parse_action(text))


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
    assert "play stockA table2" in lawful(pos)
    # the adversary's side: allowed, but only as an error he may Stop (§91.6)
    assert "play stockA table5" in legal(pos) - lawful(pos)
    assert error_of(pos, "play stockA table5") == "space side"
    line = error_reason(pos, parse_action("play stockA table5"))
    assert line is not None and "(000 §91.3)" in line and "(000 §91.6)" in line
    assert error_reason(pos, parse_action("play stockA table2")) is None


def test_000_s91_3_with_s58_a_space_he_may_not_use_does_not_count_for_weaving():
    t = {0: "9Ha 8Ha", 1: "8Da", 2: "THb", 3: "KDb", 4: "KSb", 5: "", 6: "JCb", 7: "JSb"}
    pos = scenario(rules="british", table=t, stockA="3Ca | 7Sa")
    # the only space is on B's side: A may not use it, so it does not count (§58)
    reason = why(pos, "play table0/2 table2")
    assert reason is not None and "at most 1 card" in reason and "§58)" in reason
    assert "play table0/2 table2" not in legal(pos)  # refused, not a §91.6 error
    assert "play table0 table2" not in legal(pos)  # 8♥ alone fits no 10♥ (in suit)
    # B, whose side it is, may use it
    b = scenario(rules="british", player="B", table=t, stockB="3Cb | 7Sb")
    assert "play table0/2 table2" in lawful(b)
    # with a space on his own side, A may move the two
    t[3] = ""
    t[5] = "KDb"
    mine = scenario(rules="british", table=t, stockA="3Ca | 7Sa")
    assert "play table0/2 table2" in lawful(mine)


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
    assert "play stockA discardB" in lawful(pos)
    assert error_of(pos, "play stockA stockB") == "build on stock"
    assert error_of(pos, "play table0 discardB") == "build from table"
    assert "(000 §91.5)" in str(error_reason(pos, parse_action("play stockA stockB")))
    assert "(000 §91.5)" in str(error_reason(pos, parse_action("play table0 discardB")))
    committee = scenario(**kw)
    assert {"play stockA stockB", "play table0 discardB"} <= lawful(committee)
    assert error_of(committee, "play stockA stockB") is None


# ---------------------------------------------------------------- §91.6: the errors


def piles(pos: Position) -> dict[str, str]:
    return {name: pile(pos, name) for name, _ in pos.all_places()}


def stopped_as_if_not_made(pos: Position, error: str, rule: str) -> list[str]:
    """Commit ``error``, check it is open, Stop it: the cards are as before the
    error and the adversary's innings begins. Returns the Stop's events."""
    before = piles(pos)
    assert error_of(pos, error) == rule
    events = act(pos, error)
    assert any(str(e).startswith("error: ") for e in events)
    assert pos.error.startswith("A ") and "(000 §91.6)" in pos.error
    assert "stop B" in legal(pos)
    stop = [str(e) for e in act(pos, "stop B")]
    assert piles(pos) == before
    assert pos.player == 1 and pos.error == "" and pos.held is None
    return stop


def test_000_s91_6_stop_for_turning_the_hand_before_the_stock():
    pos = scenario(rules="british", table=FULL, stockA="3Ca 7Ca", handA="| 5Ca 2Ha")
    events = stopped_as_if_not_made(pos, "turn hand", "turn stock first")
    assert "(000 §9)" in events[0]
    assert pile(pos, "handA").endswith("5Ca 2Ha")  # the card turned goes back (§68)


def test_000_s91_6_stop_for_turning_the_hand_with_a_space_empty():
    t = dict(FULL)
    t[2] = ""
    pos = scenario(rules="british", table=t, stockA="3Ca | 7Ca", handA="| 5Ca 2Ha")
    events = stopped_as_if_not_made(pos, "turn hand", "turn hand space")
    assert "(000 §17)" in events[0]


def test_000_s91_6_a_space_on_the_adversarys_side_does_not_hold_the_hand():
    t = dict(FULL)
    t[5] = ""  # B's side: not a space A may use (§91.3), so §17 does not bind
    pos = scenario(rules="british", table=t, stockA="3Ca | 7Ca", handA="| 5Ca 2Ha")
    assert "turn hand" in lawful(pos)


def test_000_s91_6_stop_for_filling_a_space_from_the_discard():
    t = dict(FULL)
    t[2] = ""
    pos = scenario(rules="british", table=t, stockA="3Ca | 7Sa", discardA="5Ca")
    stopped_as_if_not_made(pos, "play discardA table2", "space from discard")
    assert pile(pos, "discardA") == "5Ca"


def test_000_s91_6_stop_for_filling_a_space_on_the_adversarys_side():
    t = dict(FULL)
    t[6] = ""
    pos = scenario(rules="british", table=t, stockA="3Ca | 7Sa")
    stopped_as_if_not_made(pos, "play stockA table6", "space side")
    assert pos.stock_top(0) is not None and pile(pos, "stockA") == "3Ca 7Sa"


def test_000_s91_6_stop_for_building_on_the_adversarys_stock():
    pos = scenario(rules="british", table=FULL, stockA="3Ca | 7Ca", stockB="2Hb | 6Ca")
    stopped_as_if_not_made(pos, "play stockA stockB", "build on stock")
    assert pos.stock_up == [1, 1]


def test_000_s91_6_stop_for_building_from_the_table():
    t = dict(FULL)
    t[7] = "JSb 7Cb"
    pos = scenario(rules="british", table=t, stockA="3Ca | 2Sa", discardB="8Cb")
    stopped_as_if_not_made(pos, "play table7 discardB", "build from table")
    assert pile(pos, "table7") == "JSb 7Cb"


def test_000_s91_6_an_error_not_stopped_stands():
    t = dict(FULL)
    t[2] = ""
    pos = scenario(rules="british", table=t, stockA="3Ca | 8Sa", discardA="5Ca")
    act(pos, "play discardA table2")
    act(pos, "play stockA table0")  # the Player goes on: the error stands
    assert pos.error == "" and pile(pos, "table2") == "5Ca"
    assert "stop B" not in legal(pos) and pos.player == 0


def test_000_s91_6_stop_too_late_refused():
    pos = scenario(rules="british", table=FULL, stockA="3Ca | 7Ca", stockB="2Hb | 6Ca")
    act(pos, "play stockA stockB")
    assert why(pos, "stop B") is None
    act(pos, "turn stock")  # his next definite action closes the error
    reason = why(pos, "stop B")
    assert reason is not None and reason.startswith("False Stop") and "(000 §91.6)" in reason
    assert pile(pos, "stockB") == "2Hb 6Ca 7Ca"


def test_000_s91_6_the_error_stays_open_while_a_card_is_only_raised():
    pos = scenario(rules="british", table=FULL, stockA="3Ca | 7Ca", stockB="2Hb | 6Ca")
    act(pos, "play stockA stockB")
    act(pos, "raise table0")  # raising is no definite action (§66)
    assert why(pos, "stop B") is None
    act(pos, "stop B")
    assert pile(pos, "table0") == "9Sa" and pile(pos, "stockA") == "3Ca 7Ca"


def test_000_s91_6_discarding_the_card_turned_closes_the_error():
    pos = scenario(rules="british", table=FULL, stockA="3Ca 7Ca", handA="| 5Ca 2Ha")
    act(pos, "turn hand")
    act(pos, "discard")  # his next definite action (here §91.4 lets him turn another)
    assert pos.player == 0 and pos.error == ""
    assert why(pos, "stop B") is not None


def test_000_s91_6_an_error_with_the_last_card_waits_for_the_stop():
    t = dict(FULL)
    t[6] = ""
    pos = scenario(rules="british", table=t, stockA="| 7Sa", spare="handB")
    act(pos, "play stockA table6")  # his last card, on the adversary's side
    assert pos.phase == "pending" and "stop B" in legal(pos)
    act(pos, "stop B")
    assert pos.phase == "play" and pos.player == 1
    assert pile(pos, "stockA") == "7Sa" and pos.stock_up[0] == 1
    other = scenario(rules="british", table=t, stockA="| 7Sa", spare="handB")
    act(other, "play stockA table6")
    act(other, "stand B")  # let stand, the win stands
    assert other.outcome is not None and other.outcome.winner == 0


def test_000_s91_6_with_a_neglected_bank_play_the_stop_still_takes_the_error_back():
    pos = scenario(
        rules="british",
        table=FULL,
        banks={0: "AHa"},
        stockA="3Ca | 7Ca",
        stockB="2Hb | 6Ca",
        discardA="2Ha",
    )
    act(pos, "play stockA stockB")  # 2♥ could go on the Banks: a fault and an error
    assert pos.fault is not None and pos.error
    act(pos, "stop B")
    assert pile(pos, "stockA") == "3Ca 7Ca" and pile(pos, "stockB") == "2Hb 6Ca"


def test_000_s91_6_every_other_refusal_stays_a_refusal():
    t = dict(FULL)
    t[2] = ""
    pos = scenario(rules="british", table=t, stockA="3Ca | 7Sa", held="5Ca")
    reason = why(pos, "play held table2")  # §18: a Hand card into a space, Stock left
    assert reason is not None and "(000 §18)" in reason
    assert why(pos, "play table0 table0") is not None


def test_000_s91_6_the_errors_are_not_lawful_plays():
    t = dict(FULL)
    t[2] = ""
    t[6] = ""
    pos = scenario(rules="british", table=t, stockA="3Ca | 7Sa", discardA="5Ca")
    errors = {("discardA", "table2"), ("stockA", "table6"), ("discardA", "table6")}
    every = {(str(s), str(d)) for s, d, _ in legal_plays(pos)}
    lawful_plays = {(str(s), str(d)) for s, d, _ in legal_plays(pos, errors=False)}
    assert errors <= every and not errors & lawful_plays
    committee = scenario(table=t, stockA="3Ca | 7Sa", discardA="5Ca")
    assert legal_plays(committee) == legal_plays(committee, errors=False)


def test_000_s91_4_an_error_is_no_place_for_the_held_card():
    t = dict(FULL)
    t[6] = ""  # only a space on the adversary's side: placing the card there is an error
    kw = {"table": t, "stockA": "", "handA": "| 2Da 5Ca", "held": "4Ha", "spare": "handB"}
    pos = scenario(rules="british", **kw)
    assert error_of(pos, "play held table6") == "space side"
    act(pos, "discard")
    assert pos.player == 0 and pos.second_turned  # he turns another (§91.4)


def test_000_s91_6_an_open_error_round_trips_and_undoes():
    from russian_bank.engine import Game

    pos = scenario(rules="british", table=FULL, stockA="3Ca | 7Ca", stockB="2Hb | 6Ca")
    game = Game(pos.clone(), seed=1)
    game.apply("play stockA stockB")
    text = game.position.to_text()
    assert "error: A built on the adversary's Stock (000 §91.5)" in text
    back = Position.from_text(text)
    assert back.to_text() == text and back.wrong_play == game.position.wrong_play
    game.apply("stop B")
    game.undo()
    assert game.position.to_text() == text
    game.undo()
    assert game.position.to_text() == pos.to_text() and game.position.error == ""
