"""The rule-set seam: names, options, text forms and records for every set."""

from __future__ import annotations

import random

import pytest

from russian_bank.engine import Game, Position, apply, deal_position, legal_actions
from russian_bank.engine.rulesets import RULE_SETS, every_spec, rule_set

SEVEN = ["committee", "french", "british", "belgian", "italian", "hassock", "crapette"]


def test_seam_the_seven_two_pack_sets_are_registered_by_name():
    assert list(RULE_SETS) == SEVEN
    for name in SEVEN:
        r = rule_set(name)
        assert r.name == name and r.spec == name
        assert r.description and r.reminder, name


def test_seam_options_are_flags_in_a_canonical_order():
    r = rule_set("french+one-side+no-building")
    assert r.spec == "french+no-building+one-side"
    assert not r.build_on_stock and not r.build_on_discard and r.own_side_table
    assert rule_set("french").build_on_stock  # the base set is untouched
    with pytest.raises(ValueError, match="no option"):
        rule_set("british+in-suit")
    with pytest.raises(ValueError, match="unknown rule set"):
        rule_set("bezique")


def test_seam_a_text_without_a_rules_line_reads_as_committee():
    text = deal_position(rng=random.Random(3)).to_text()
    old = "".join(line for line in text.splitlines(True) if not line.startswith("rules:"))
    assert Position.from_text(old).rules.spec == "committee"


@pytest.mark.parametrize("spec", every_spec())
def test_seam_position_and_record_round_trip_for_every_set(spec):
    game = Game.new(seed=11, rules=rule_set(spec))
    rng = random.Random(5)
    for _ in range(120):
        if game.over:
            break
        acts = legal_actions(game.position)
        game.apply(acts[rng.randrange(len(acts))])
    text = game.position.to_text()
    assert f"rules: {spec}\n" in text
    again = Position.from_text(text)
    assert again.to_text() == text and again.rules.spec == spec
    replay = Game.from_record(game.record_text())
    assert replay.position.to_text() == text


@pytest.mark.parametrize("spec", every_spec())
def test_seam_the_deal_follows_the_set(spec):
    r = rule_set(spec)
    pos = deal_position(r, random.Random(2))
    laid = (pos.player,) if r.late_layout else (0, 1)  # Crapette: the second later (002)
    for seat in (0, 1):
        line = pos.table[seat * 4 : seat * 4 + 4]
        if seat not in laid:
            assert not pos.stock[seat] and len(pos.hand[seat]) == 52 and not any(line)
            continue
        assert len(pos.stock[seat]) == r.stock_size
        assert len(pos.hand[seat]) == 52 - r.stock_size - r.table_per_player
        assert all(len(t) == 1 and t[0] // 52 == seat for t in line)
        assert pos.stock_up[seat] == (1 if r.stock_top_up_at_deal else 0)


def test_seam_refusals_use_the_sets_own_words_and_source():
    from russian_bank.engine.refusals import play_reason
    from russian_bank.game.places import DISCARDS, TABLES

    pos = deal_position(rule_set("hassock"), random.Random(1))
    pos.phase = "play"
    pos.discard[pos.player].append(pos.hand[pos.player].pop())
    reason = play_reason(pos, DISCARDS[pos.player], TABLES[0])
    assert reason is not None and "Mat" in reason and "(001, law D)" in reason
    apply(pos, legal_actions(pos)[0])
