"""Games for the history tests: bots playing through ``Game`` so a record exists."""

from __future__ import annotations

import random

from russian_bank.ai import make_bot
from russian_bank.engine import PENDING, Compel, Game, Stand, Stop, observe
from russian_bank.engine.rulesets import rule_set


def bot_game(
    seed: int, a: str = "novice", b: str = "club", limit: int = 4000, rules: str = "committee"
) -> Game:
    """A whole game between two bots; the adversary watches after every action."""
    game = Game.new(seed, rule_set(rules))
    bots = {0: make_bot(a, 0, random.Random(seed)), 1: make_bot(b, 1, random.Random(seed + 1))}
    clock = 0.0
    while not game.over and len(game.actions) < limit:
        pos = game.position
        adv = pos.adversary
        if pos.phase == PENDING:
            act = bots[adv].react(observe(pos, adv), clock + 5.0)
            game.apply(act if isinstance(act, Stop | Stand) else Stand(adv))
            continue
        game.apply(bots[pos.player].choose(observe(pos, pos.player)))
        clock += 1.0
        pos = game.position
        if not game.over:
            for k in range(10):
                act = bots[pos.adversary].react(observe(pos, pos.adversary), clock + k * 0.1)
                if isinstance(act, Stop | Compel | Stand):
                    game.apply(act)
                    break
    return game
