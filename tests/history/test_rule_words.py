"""The move log of a replay names the piles and cites the rules of the rule set the
game was played under (issue 17: a Crapette replay once read "from his Hand")."""

from __future__ import annotations

import random
import re

from russian_bank.ai import make_bot
from russian_bank.engine import PENDING, Game, Stand, TurnHand, TurnStock, observe
from russian_bank.engine.rules import rule_set
from russian_bank.history import Replay, keep

from .helpers import bot_game


def crapette_game(seed: int = 3, limit: int = 400) -> Game:
    """Two Novices playing Crapette until one has turned a card from his stock."""
    game = Game.new(seed, rules=rule_set("crapette"))
    bots = {s: make_bot("novice", s, random.Random(seed + s)) for s in (0, 1)}
    while not game.over and len(game.actions) < limit:
        pos = game.position
        if pos.phase == PENDING:
            game.apply(Stand(pos.adversary))
            continue
        game.apply(bots[pos.player].choose(observe(pos, pos.player)))
        if any(isinstance(a, TurnHand) for a in game.actions):
            break
    return game


def replay_lines(game: Game) -> list[str]:
    r = Replay(keep(game))
    r.reach(r.steps)
    return r.lines


def test_002_a_crapette_replay_line_uses_crapettes_pile_names() -> None:
    game = crapette_game()
    assert any(isinstance(a, TurnHand) for a in game.actions)
    lines = replay_lines(game)
    turned = [x for x in lines if re.search(r"\bturned \S+ from (A|B)'s stock", x)]
    assert turned, lines  # "A turned 7♣ from A's stock": Crapette's stock is the Hand
    for line in lines:
        for committee_word in ("Hand", "Stock", "Discard", "Bank", "Table"):
            assert committee_word not in line, line
    if any(isinstance(a, TurnStock) for a in game.actions):
        assert any(re.search(r"\bturned \S+ from (A|B)'s depot", x) for x in lines)


def test_a_committee_replay_keeps_the_committees_words() -> None:
    lines = replay_lines(bot_game(5, "novice", "club"))
    assert any(re.match(r"A turned \S+ from A's Stock", x) for x in lines)
    assert any(re.search(r" from (A|B)'s Hand", x) for x in lines)
    assert any(" to a Bank" in x for x in lines)
