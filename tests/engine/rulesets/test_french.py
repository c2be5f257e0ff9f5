"""French Bank (000 §90) and its two options."""

from __future__ import annotations

from tests.engine.helpers import act, legal, why
from tests.engine.scenario import pile, scenario

FULL = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}


def spaced(space: int) -> dict[int, str]:
    t = dict(FULL)
    t[space] = ""
    return t


def test_000_s90_a_hand_card_fills_a_space_before_the_stock_is_empty():
    kw = {"table": spaced(3), "stockA": "3Ca | 7Ca", "held": "QHa"}
    committee = scenario(**kw)
    assert "(§18)" in why(committee, "play held table3")
    pos = scenario(rules="french", **kw)
    assert why(pos, "play held table3") is None
    act(pos, "play held table3")
    assert pile(pos, "table3") == "QHa"


def test_000_s90_an_empty_space_does_not_stop_turning_the_hand():
    kw = {"table": spaced(3), "stockA": "3Ca | 7Ca", "handA": "| 4Ca"}
    assert "(§17)" in why(scenario(**kw), "turn hand")
    pos = scenario(rules="french", **kw)
    act(pos, "turn hand")
    assert pile(pos, "held") == "4Ca"


def test_000_s90_option_no_building_on_the_adversary():
    kw = {"table": FULL, "stockA": "3Ca | 7Ca", "discardB": "8Cb", "stockB": "| 6Cb"}
    assert why(scenario(rules="french", **kw), "play stockA discardB") is None
    pos = scenario(rules="french+no-building", **kw)
    for dst in ("discardB", "stockB"):
        reason = why(pos, f"play stockA {dst}")
        assert reason is not None and "(000 §90)" in reason
        assert f"play stockA {dst}" not in legal(pos)


def test_000_s90_option_one_side_of_the_table_each():
    t = spaced(5)
    t[6] = "8Hb"
    kw = {"table": t, "stockA": "3Ca | 7Ca"}
    free = scenario(rules="french", **kw)
    assert {"play stockA table5", "play stockA table6"} <= legal(free)
    pos = scenario(rules="french+one-side", **kw)
    assert "own side" in why(pos, "play stockA table6")
    assert "own side" in why(pos, "play stockA table5")
    assert "(000 §90)" in why(pos, "play stockA table6")
    # on his own line he still plays: 7♣ goes on A's 8♦
    act(pos, "play stockA table1")
    # and B, the next Player, plays only on his own line (4-7)
    pos.player = 1
    assert why(pos, "play table1 table6") is None
