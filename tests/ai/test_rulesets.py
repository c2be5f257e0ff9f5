"""The bots play every rule set by asking the engine (RULES.md §6)."""

from __future__ import annotations

import random

import pytest

from russian_bank.ai import make_bot
from russian_bank.engine import Stop, TurnHand, apply, observe
from russian_bank.engine.rulesets import names, rule_set
from russian_bank.sim import play_game
from tests.engine.scenario import scenario


@pytest.mark.parametrize("name", names())
def test_seam_club_and_novice_finish_a_game_of_every_set(name):
    result = play_game("club", "novice", 0, 0, 3, rules=rule_set(name))
    assert result.reason in ("won", "dead"), name
    assert result.actions > 20


def test_000_s92_the_bot_chooses_the_belgian_options_that_serve_it_best():
    kw = {
        "table": {0: "7Cb", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"},
        "banks": {0: "AHb 2Hb 3Hb 4Hb 5Hb"},
        "stockA": "3Ca | 6Ha",
        "discardA": "8Sa 7Ha",
        "handA": "| 5Ca",
    }
    pos = scenario(rules="belgian", **kw)
    apply(pos, TurnHand())
    bot = make_bot("expert", 1, random.Random(1))
    action = None
    for t in range(0, 100):
        action = bot.react(observe(pos, 1), t / 10)
        if action is not None:
            break
    assert isinstance(action, Stop)
    # exposing the 5♣ leaves it on A's Discard instead of hidden in his Hand;
    # banking his 6♥ and 7♥ would rid A of two cards, so B leaves option 1 alone
    assert action.options == ("expose",)
