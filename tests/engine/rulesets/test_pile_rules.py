"""The table's hover tips say each rule set's own rules for its piles (asked of the
engine, ``engine/pile_rules.py``), never the Committee's where the set differs, in
plain words: no section numbers or source codes (issue 19)."""

from __future__ import annotations

import re

import pytest

from russian_bank.engine.pile_rules import pile_rule
from russian_bank.engine.rulesets import RULE_SETS, rule_set
from russian_bank.game.places import BANK, DISCARD, HAND, STOCK, TABLE

KINDS = (STOCK, HAND, DISCARD, TABLE, BANK)


def test_committee_s6_s7_table_alternate_colours_and_s29_building_on_stock() -> None:
    rules = rule_set("committee")
    assert pile_rule(rules, TABLE) == "Built down in alternate colours."
    assert "may build on it." in pile_rule(rules, STOCK)
    assert "ends the turn." in pile_rule(rules, DISCARD)


def test_000_s91_british_tips_in_suit_own_side_and_errors() -> None:
    rules = rule_set("british")
    table = pile_rule(rules, TABLE)
    assert "in suit." in table and "alternate" not in table
    assert "only the spaces on your side." in table
    assert "an error the adversary may Stop." in pile_rule(rules, STOCK)
    assert "once a turn." in pile_rule(rules, DISCARD)


def test_000_s90_french_no_building_option_changes_the_tips() -> None:
    assert "may build on it" in pile_rule(rule_set("french"), DISCARD)
    closed = rule_set("french+no-building")
    assert "Nothing is built on it." in pile_rule(closed, DISCARD)
    assert "Nothing is built on it." in pile_rule(closed, STOCK)


def test_001_law_d_the_mat_is_dead_to_its_owner_and_the_variation_in_suit() -> None:
    assert "may not play from it." in pile_rule(rule_set("hassock"), DISCARD)
    assert "alternate colours." in pile_rule(rule_set("hassock"), TABLE)
    assert "in suit." in pile_rule(rule_set("hassock+in-suit"), TABLE)


def test_002_depot_turns_itself_is_not_built_on_and_fills_the_spaces() -> None:
    rules = rule_set("crapette")
    stock = pile_rule(rules, STOCK)
    assert "by itself." in stock and "Nothing is built on it" in stock
    table = pile_rule(rules, TABLE)
    assert "with every card on it" in table and "filled from the depot." in table


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_i19_no_tip_cites_a_section_or_a_source(name: str) -> None:
    rules = rule_set(name)
    for kind in KINDS:
        for top_up in (False, True):
            text = pile_rule(rules, kind, top_up)
            assert "§" not in text and not re.search(r"\b00[0-3]\b", text), text
            assert "(" not in text and " ." not in text and "  " not in text, text
            assert text.endswith("."), text


def test_an_unknown_kind_of_pile_is_refused() -> None:
    with pytest.raises(ValueError):
        pile_rule(rule_set("committee"), "held")
