"""Compelling (§38, §70), the end of the game, the score and draws (§1, §31-38)."""

from __future__ import annotations

import pytest

from russian_bank.engine import OVER, Game, IllegalAction, compel_offered, compel_reason

from .helpers import act, legal, why
from .scenario import scenario

BANK_H5 = {0: "AHb 2Hb 3Hb 4Hb 5Hb"}


def full_table(**over: str) -> dict[int, str]:
    t = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}
    for k, v in over.items():
        t[int(k[1:])] = v
    return t


# ---------------------------------------------------------------- §31 score


def test_s31_diagram_IV_scores_53():
    """§97 / Diagram IV: B is left with 6 in his Stock, 8 in his Hand, 3 in his Discard."""
    pos = scenario(
        table={},
        banks={
            0: "ASa 2Sa 3Sa 4Sa 5Sa 6Sa 7Sa 8Sa 9Sa TSa JSa QSa KSa",
            1: "AHa 2Ha 3Ha 4Ha 5Ha 6Ha 7Ha 8Ha 9Ha THa JHa QHa",
            2: "ADa 2Da 3Da 4Da 5Da 6Da 7Da 8Da 9Da TDa JDa QDa KDa",
            3: "ACa 2Ca 3Ca 4Ca 5Ca 6Ca 7Ca 8Ca 9Ca TCa JCa QCa KCa",
            4: "ADb 2Db 3Db 4Db 5Db 6Db 7Db 8Db 9Db TDb JDb QDb KDb",
            5: "ACb 2Cb 3Cb 4Cb 5Cb 6Cb 7Cb 8Cb 9Cb TCb JCb QCb KCb",
            6: "ASb 2Sb 3Sb 4Sb 5Sb 6Sb 7Sb 8Sb 9Sb",
        },
        held="KHa",
        stockB="2Hb 3Hb 4Hb 5Hb 6Hb 7Hb |",
        handB="8Hb 9Hb THb JHb QHb KHb AHb TSb |",
        discardB="JSb QSb KSb",
        spare=None,
    )
    act(pos, "play held bank1")
    o = pos.outcome
    assert pos.phase == OVER and o is not None
    assert (o.winner, o.reason) == (0, "won")
    assert (o.game_points, o.stock_cards, o.hand_cards) == (30, 6, 11)
    assert o.points == 53 == 30 + 2 * 6 + 8 + 3


def test_s31_win_counts_loser_stock_twice_hand_and_discard_once():
    pos = scenario(
        table=full_table(),
        banks=BANK_H5,
        stockA="",
        handA="",
        held="6Ha",
        stockB="2Db 3Db | 4Db",
        discardB="5Db 6Db",
        spare="handB",
    )
    act(pos, "play held bank0")
    assert pos.outcome.points == 30 + 2 * 3 + len(pos.hand[1]) + 2


# ---------------------------------------------------------------- §34 abandon, §37 agree


def test_s34_abandon_costs_twenty_more():
    g = Game.new(seed=5)
    g.apply("abandon A")
    o = g.outcome
    assert o is not None and o.winner == 1 and o.reason == "abandoned"
    assert o.points == 20 + 30 + 2 * 12 + 36 == 110
    assert o.abandon_points == 20


def test_s34_abandon_counts_the_held_card_in_the_hand():
    pos = scenario(table=full_table(), stockA="3Ca | QCa", held="2Da")
    n = len(pos.hand[0]) + 1
    act(pos, "abandon A")
    assert pos.outcome.points == 30 + 20 + 2 * 2 + n


def test_s37_agreed_draw():
    g = Game.new(seed=5)
    g.apply("agree draw")
    assert g.over and g.outcome.winner is None and g.outcome.reason == "agreed"
    with pytest.raises(IllegalAction):
        g.apply("turn stock")
    assert g.legal_actions() == []


# ---------------------------------------------------------------- §38 compel, dead game


def test_s38_compel_hand_card_turned_the_third_time():
    extra = {"hand turned": "9Da=3", "pass disposals": "0 0 1 / 0"}
    pos = scenario(table=full_table(t2="TCa"), stockA="", held="9Da", extra=extra)
    assert "compel B" in legal(pos)
    act(pos, "compel B")
    assert pos.compelled is not None and str(pos.compelled[0]) == "9Da"
    assert "discard" not in legal(pos)
    assert "play held table2" in legal(pos)
    assert "§38" in why(pos, "discard")
    act(pos, "play held table2")
    assert pos.compelled is None


def test_s38_no_compel_of_hand_card_before_the_third_time_or_after_a_disposal():
    extra = {"hand turned": "9Da=2", "pass disposals": "0 0 0 / 0"}
    pos = scenario(table=full_table(t2="TCa"), stockA="", held="9Da", extra=extra)
    assert "compel B" not in legal(pos)
    extra = {"hand turned": "9Da=3", "pass disposals": "1 0 0 / 0"}
    pos = scenario(table=full_table(t2="TCa"), stockA="", held="9Da", extra=extra)
    assert "compel B" not in legal(pos)
    assert "§38" in compel_reason(pos, 1)


def test_s38_compel_stock_card_after_two_turnovers():
    extra = {"turnovers": "2 0", "stock top pass": "0 0"}
    pos = scenario(table=full_table(), stockA="3Ca | 7Ca", handA="| 2Da", extra=extra)
    act(pos, "compel B")
    assert str(pos.compelled[0]) == "7Ca"
    assert "turn hand" not in legal(pos)
    act(pos, "play stockA table1")
    assert pos.compelled is None
    extra = {"turnovers": "1 0", "stock top pass": "0 0"}
    pos = scenario(table=full_table(), stockA="3Ca | 7Ca", handA="| 2Da", extra=extra)
    assert "compel B" not in legal(pos)


def test_s38_dead_game_is_drawn():
    # the engine's reading: no card disposed of while both have turned over twice
    pos = scenario(
        player="B",
        table=full_table(),
        stockB="",
        handB="",
        discardB="2Db QDb",
        spare="stockA",
        extra={"idle": "3 2 1"},
    )
    act(pos, "turn over")
    act(pos, "turn hand")
    act(pos, "discard")
    assert pos.phase == OVER and pos.outcome.winner is None
    assert pos.outcome.reason == "dead"


def test_s38_a_disposal_keeps_the_game_alive():
    pos = scenario(
        player="B",
        table=full_table(t2="3Sa"),
        stockB="",
        handB="",
        discardB="2Db QDb",
        spare="stockA",
        extra={"idle": "3 2 1"},
    )
    act(pos, "turn over")
    act(pos, "turn hand")  # 2♦ (the bottom of the old Discard) to the Table: disposed of
    act(pos, "play held table2")
    act(pos, "turn hand")
    act(pos, "discard")
    assert pos.phase != OVER and pos.idle_turnovers == [0, 0]


# ---------------------------------------------------------------- §70


def _fault_d(turnovers: str = "0 0", **kw):
    base = dict(
        table=full_table(t6="6Ha"),
        banks=BANK_H5,
        stockA="3Ca | 7Sa",
        extra={"turnovers": turnovers},
    )
    base.update(kw)
    pos = scenario(**base)
    act(pos, "raise table1")
    assert pos.fault is not None
    return pos


def test_s70_compel_after_the_discard_was_turned_over_once():
    pos = _fault_d("1 0")
    assert "compel B" in legal(pos) and "stop B" in legal(pos)
    act(pos, "compel B")  # the raised card goes back; 6♥ must be banked
    assert pos.raised is None and pos.fault is None
    assert legal(pos) == {"play table6 bank0", "raise table6"}
    act(pos, "play table6 bank0")
    assert pos.compelled is None and pos.player == 0  # continues as if not Stopped
    assert pos.fault is None and "play stockA table6" in legal(pos)


def test_s70_no_compel_before_the_first_turnover():
    pos = _fault_d("0 0")
    assert "compel B" not in legal(pos)
    r = compel_reason(pos, 1)
    assert r is not None and "§70" in r
    assert "stop B" in legal(pos)


def test_s70_compel_stock_card_once_hand_and_discard_exhausted_after_a_fault():
    pos = _fault_d("0 0", stockA="3Ca | 6Ha", table=full_table(), handA="", spare="stockB")
    assert "compel B" in legal(pos)
    act(pos, "compel B")
    assert str(pos.compelled[0]) == "6Ha"


def test_s70_compel_stock_card_once_hand_and_discard_exhausted():
    pos = scenario(table=full_table(), banks=BANK_H5, stockA="3Ca | 6Ha", handA="", spare="stockB")
    assert "compel B" in legal(pos) or "end innings" not in legal(pos)


def test_s70_compel_offered_the_same_with_or_without_a_fault():
    """The table's offer of a Compel never tells whether a fault is open (§21, §70)."""
    for turnovers, offered in (("1 0", True), ("0 0", False)):
        pos = _fault_d(turnovers)
        assert pos.fault is not None
        assert compel_offered(pos, 1) is offered
        pos.fault = None
        assert compel_offered(pos, 1) is offered
        assert not compel_offered(pos, 0)  # never to the Player
    # a Compel that needs no fault (§70: a bankable Stock card, Hand and Discard gone)
    pos = scenario(table=full_table(), banks=BANK_H5, stockA="3Ca | 6Ha", handA="", spare="stockB")
    assert compel_offered(pos, 1) is (compel_reason(pos, 1) is None)


def test_s70_not_in_the_first_innings_phase():
    pos = _fault_d("1 0")
    assert "Only the adversary" in compel_reason(pos, 0)


# ---------------------------------------------------------------- Game wrapper


def test_game_undo_and_record_replay():
    g = Game.new(seed=11)
    g.apply("turn stock")
    after_turn = g.position.to_text()
    first = next(a for a in g.legal_actions() if not str(a).startswith("turn"))
    g.apply(first)
    replay = Game.from_record(g.record_text())
    assert replay.position.to_text() == g.position.to_text()
    assert g.undo() == first
    assert g.position.to_text() == after_turn


def test_s54_s48_undo_never_takes_back_the_turn_of_a_face_down_card():
    g = Game.new(seed=11)
    me = g.position.player
    g.apply("turn stock")
    shown = g.position.stock_top(me)
    assert shown is not None
    assert g.undo() is None and "§54" in g.undo_reason()
    assert g.position.stock_top(me) == shown and g.position.stock_up[me] == 1
    g.apply(next(a for a in g.legal_actions() if str(a) == "turn hand"))
    held = g.position.held
    assert g.undo() is None and g.position.held == held
    assert g.undo_reason(0) is None


def test_s34_outcome_text_names_who_abandoned() -> None:
    from russian_bank.engine import Game

    game = Game.new(5)
    game.apply("abandon A")
    assert str(game.outcome) == f"B wins {game.outcome.points} (A abandoned)"
    assert game.record_text().endswith(f"result: B wins {game.outcome.points} (A abandoned)\n")
