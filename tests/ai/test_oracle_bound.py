"""tools/oracle_bound.py, the measuring instrument that lets a Master see the face-down
cards: it must deal exactly the true cards, and nothing of it may reach the real levels."""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path

import pytest

from russian_bank.ai import LEVELS, bots, determinize
from russian_bank.ai.determinize import fill, working_position
from russian_bank.ai.util import player_actions
from russian_bank.engine import Game

TOOLS = Path(__file__).resolve().parents[2] / "tools"


@pytest.fixture
def oracle_bound():
    sys.path.insert(0, str(TOOLS))
    try:
        yield importlib.import_module("oracle_bound")
    finally:
        sys.path.remove(str(TOOLS))


def _game_after(moves: int, seed: int) -> Game:
    game = Game.new(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("seed", [3, 11])
def test_the_oracle_deals_the_true_face_down_cards(oracle_bound, seed):
    game = _game_after(150, seed)
    for seat in (0, 1):
        obs = oracle_bound._see(game.position, seat)
        cards = oracle_bound._true_cards(obs, None)
        dealt = fill(obs, working_position(obs), cards)
        assert dealt.stock == game.position.stock and dealt.hand == game.position.hand
        # an honest deal of the same observation does not know them
        guess = fill(obs, working_position(obs), determinize.sample_cards(obs, random.Random(1)))
        assert guess.stock != game.position.stock or guess.hand != game.position.hand


def test_the_oracle_stays_out_of_the_levels_and_leaves_the_honest_dealing(
    oracle_bound, monkeypatch
):
    dealt = []

    def spy(obs, rng):
        dealt.append(obs)
        return real(obs, rng)

    real = oracle_bound._true_cards
    monkeypatch.setattr(oracle_bound, "_true_cards", spy)
    game = Game.new(5)
    rng = random.Random(5)
    bot = oracle_bound.Oracle(0, random.Random(2))
    for _ in range(400):  # the oracle plays A, B plays at random
        if game.over or dealt:
            break
        pos = game.position
        if pos.player == 0 and player_actions(pos):
            action = bot.choose(oracle_bound._see(pos, 0))
        else:
            action = rng.choice(game.legal_actions())
        assert bots.sample_cards is determinize.sample_cards  # put back after each plan
        game.apply(action)
    assert dealt, "the oracle looked past the turn of a card"
    assert "oracle" not in LEVELS
    # it reads only the position behind the observation it was handed
    oracle_bound._see(Game.new(6).position, 0)
    with pytest.raises(AssertionError):
        real(dealt[-1], None)
