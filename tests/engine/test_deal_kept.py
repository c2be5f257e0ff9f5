"""A deal nobody chose is shuffled from the system's randomness and kept card by
card (§2-4; issue 39): the record replays it without a seed, a deal chosen by seed
stays reproducible, and a damaged deal line is refused in words."""

from __future__ import annotations

import random
import secrets

import pytest

from russian_bank.engine import Game
from russian_bank.engine.deal import deal_position, deal_text, lay_out_deal, read_deal, shuffle
from russian_bank.engine.rulesets import rule_set
from russian_bank.game.errors import TextFormError
from russian_bank.game.record import read_record
from russian_bank.game.shuffle import shuffler
from russian_bank.games import game_type
from russian_bank.onepack import OnePackGame

SPECS = ("committee", "french", "british", "belgian", "italian", "hassock", "crapette")


def test_s2_a_deal_nobody_chose_comes_from_the_system_s_randomness(monkeypatch):
    assert isinstance(shuffler(None), secrets.SystemRandom)
    assert type(shuffler(7)) is random.Random
    drawn = []

    class Watched(secrets.SystemRandom):
        def getrandbits(self, k: int) -> int:
            drawn.append(k)
            return super().getrandbits(k)

    monkeypatch.setattr(secrets, "SystemRandom", Watched)
    game = Game.new(None, rule_set("committee"))
    assert game.seed is None and len(drawn) >= 102  # every swap of both packs' shuffles
    assert "seed:" not in game.record_text()
    assert "deal: " in game.record_text()


@pytest.mark.parametrize("spec", SPECS)
def test_s2_s4_the_record_keeps_the_deal_and_replays_it(spec):
    rules = rule_set(spec)
    game = Game.new(None, rules)
    first = game.position.to_text()
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    again = Game.from_record(game.record_text())
    assert again.seed is None and again.deal == game.deal
    assert again.position.to_text() == game.position.to_text()
    assert game_type(spec).start(None, deal_text(game.deal)).to_text() == first
    # two deals nobody chose differ (52!^2 orders; equal once in far more than ever)
    assert Game.new(None, rules).deal != game.deal


@pytest.mark.parametrize("spec", SPECS)
def test_s2_a_chosen_seed_deals_as_before(spec):
    rules = rule_set(spec)
    for seed in (0, 7, 2**31 - 1):
        game = Game.new(seed, rules)
        assert game.position.to_text() == deal_position(rules, random.Random(seed)).to_text()
        assert f"seed: {seed}" in game.record_text() and "deal:" not in game.record_text()
        assert lay_out_deal(rules, read_deal(deal_text(game.deal))).to_text() == (
            game.position.to_text()
        )


def test_s4_s61_a_cut_is_kept_with_the_deal():
    rules = rule_set("italian")  # equal Stock tops are cut for (§4, a reading)
    deal = next(d for s in range(500) if (d := shuffle(rules, random.Random(s))).cuts)
    text = deal_text(deal)
    assert " | cut " in text
    pos = lay_out_deal(rules, read_deal(text))
    assert pos.cuts == deal.cuts


def test_a_one_pack_deal_is_kept_too():
    game = OnePackGame.new()
    assert game.seed is None
    game.apply(game.legal_actions()[0])
    again = OnePackGame.from_record(game.record_text())
    assert again.position.to_text() == game.position.to_text()


def _damaged(text: str) -> list[str]:
    cards = text.split(" | ")
    a = cards[0].split()
    return [
        text.replace(a[0], a[1], 1),  # a card twice, another missing
        " | ".join(cards[:1]),  # one pack only
        text + " | cut",  # a cut with no cards
        text.replace(a[0], "XXa", 1),  # not a card
        cards[1] + " | " + cards[0],  # the packs swapped
    ]


@pytest.mark.parametrize("spec", ("committee", "italian"))
def test_s2_a_damaged_deal_line_is_refused_in_words(spec):
    rules = rule_set(spec)
    text = deal_text(Game.new(None, rules).deal)
    for bad in _damaged(text):
        with pytest.raises(TextFormError):
            lay_out_deal(rules, read_deal(bad))
        record = f"russian-bank record 1\nrules: {spec}\ndeal: {bad}\n"
        with pytest.raises(ValueError):
            Game.from_record(record)
    with pytest.raises(TextFormError, match="neither a seed nor a deal"):
        read_record("russian-bank record 1\nrules: committee\n1. turn stock\n")
