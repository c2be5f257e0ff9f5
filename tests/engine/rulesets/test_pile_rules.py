"""The table's hover tips say each rule set's own rules for its piles (asked of the
engine, ``engine/pile_rules.py``), never the Committee's where the set differs."""

from __future__ import annotations

import re

import pytest

from russian_bank.engine.pile_rules import pile_rule
from russian_bank.engine.places import BANK, DISCARD, HAND, STOCK, TABLE
from russian_bank.engine.rulesets import RULE_SETS, rule_set

KINDS = (STOCK, HAND, DISCARD, TABLE, BANK)


def test_committee_s6_s7_table_alternate_colours_and_s29_building_on_stock() -> None:
    rules = rule_set("committee")
    assert pile_rule(rules, TABLE) == "Built down in alternate colours (§6, §7)."
    assert "may build on it (§29)" in pile_rule(rules, STOCK)
    assert "ends the turn (§15)" in pile_rule(rules, DISCARD)


def test_000_s91_british_tips_in_suit_own_side_and_errors() -> None:
    rules = rule_set("british")
    table = pile_rule(rules, TABLE)
    assert "in suit (000 §91.2)" in table and "alternate" not in table
    assert "only the spaces on your side (000 §91.3)" in table
    assert "an error the adversary may Stop (000 §91.5)" in pile_rule(rules, STOCK)
    assert "once a turn (000 §91.4)" in pile_rule(rules, DISCARD)


def test_000_s90_french_no_building_option_changes_the_tips() -> None:
    assert "may build on it" in pile_rule(rule_set("french"), DISCARD)
    closed = rule_set("french+no-building")
    assert "Nothing is built on it (000 §90)" in pile_rule(closed, DISCARD)
    assert "Nothing is built on it (000 §90)" in pile_rule(closed, STOCK)


def test_001_law_d_the_mat_is_dead_to_its_owner_and_the_variation_in_suit() -> None:
    assert "may not play from it (001, law D)" in pile_rule(rule_set("hassock"), DISCARD)
    assert "alternate colours (001, law C)" in pile_rule(rule_set("hassock"), TABLE)
    assert "in suit (001, Variation)" in pile_rule(rule_set("hassock+in-suit"), TABLE)


def test_002_depot_turns_itself_is_not_built_on_and_fills_the_spaces() -> None:
    rules = rule_set("crapette")
    stock = pile_rule(rules, STOCK)
    assert "by itself (002, order 3)" in stock and "Nothing is built on it" in stock
    table = pile_rule(rules, TABLE)
    assert "with every card on it" in table and "filled from the depot (002, order 1)" in table


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_tip_cites_the_sets_own_source_or_000(name: str) -> None:
    rules = rule_set(name)
    for kind in KINDS:
        text = pile_rule(rules, kind)
        cites = re.findall(r"\(([^)]*)\)", text)
        assert cites, (name, kind, text)
        for cite in cites:
            if name == "committee":
                assert cite.startswith("§"), (kind, text)
            else:
                assert cite.startswith((f"{rules.source} ", f"{rules.source},", "000 ")), text


def test_an_unknown_kind_of_pile_is_refused() -> None:
    with pytest.raises(ValueError):
        pile_rule(rule_set("committee"), "held")
