"""The engine's queries answer for each rule set (nothing outside re-derives a rule)."""

from __future__ import annotations

from russian_bank.engine.actions import TURN_HAND
from russian_bank.engine.laws import score_for
from russian_bank.engine.queries import (
    card_points,
    is_bankable,
    pile_name,
    score_lines,
    turn_action,
)
from russian_bank.engine.rulesets import rule_set
from russian_bank.game.places import DISCARDS, HANDS, STOCKS, TABLES
from tests.engine.scenario import scenario

FULL = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}


def test_seam_turn_action_asks_the_set_about_s17_spaces():
    t = dict(FULL)
    t[3] = ""
    kw = {"table": t, "stockA": "3Ca | 7Ca", "handA": "| 4Ca"}
    assert turn_action(scenario(**kw)) is None  # §17: fill the space first
    assert turn_action(scenario(rules="french", **kw)) == TURN_HAND  # §90
    assert turn_action(scenario(rules="hassock", **kw)) == TURN_HAND  # 001, The Play
    # British Bank: a space on the adversary's side is not his to fill (§91.3)
    t2 = dict(FULL)
    t2[5] = ""
    assert turn_action(scenario(rules="british", **{**kw, "table": t2})) == TURN_HAND


def test_seam_pile_names_are_the_sets_own():
    assert [pile_name(rule_set("hassock"), p) for p in (STOCKS[0], HANDS[0], DISCARDS[0])] == [
        "Hassock",
        "Stock",
        "Mat",
    ]
    assert pile_name(rule_set("hassock"), TABLES[0]) == "Tableaux"
    crapette = rule_set("crapette")
    assert [pile_name(crapette, k) for k in ("stock", "hand", "discard", "table")] == [
        "depot",
        "stock",
        "waste heap",
        "files",
    ]
    assert pile_name(rule_set("committee"), "bank") == "Bank"


def test_seam_card_points_and_score_lines():
    committee, hassock = rule_set("committee"), rule_set("hassock")
    assert (card_points(committee, "stock"), card_points(committee, "hand")) == (2, 1)
    assert (card_points(hassock, "stock"), card_points(hassock, "discard")) == (2, 1)
    pos = scenario(rules="hassock", table=FULL, stockB="3Cb | 5Cb", stockA="| 7Sa")
    lines = score_lines(hassock, score_for(pos, 1), "B")
    assert not any(line.startswith("Game") for line in lines)  # 001: no game bonus
    assert lines[0] == "B's Hassock: 2 cards \u00d7 2 = 4"
    pos = scenario(table=FULL, stockB="3Cb | 5Cb", stockA="| 7Sa")
    assert score_lines(committee, score_for(pos, 1), "B")[0] == "Game: 30"


def test_seam_is_bankable_follows_the_banks():
    pos = scenario(table=FULL, banks={0: "AHb"}, stockA="| 2Ha")
    assert is_bankable(pos, pos.stock[0][-1])
    assert not is_bankable(pos, pos.table[0][-1])
