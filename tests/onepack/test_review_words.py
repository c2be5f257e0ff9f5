"""The one-pack Expert's plans in the review are told in 003's words with card
symbols (``onepack/review.py``, ``plan_words``), never in the action notation."""

from __future__ import annotations

import random
import re

from russian_bank.onepack import OnePackGame, observe, working_position
from russian_bank.onepack.bots import make_bot
from russian_bank.onepack.review import plan_words, review_plans

from .helpers import act, make

NOTATION = re.compile(r"held|discard\d|place\d|table\d|hand\d|move |lift ")


def test_003_a_plan_names_the_table_places_and_discards_in_words() -> None:
    pos = make(places={0: "8S", 4: "9S"}, discards=("", "6S"), held="7S", player=0)
    start = working_position(observe(pos, 0))
    assert plan_words(start, [act("move held place0")]) == "7♠ to the Table on 8♠"
    assert plan_words(start, [act("move held place5")]) == "7♠ to an empty place in the Table"
    assert plan_words(start, [act("move held discard1")]) == "7♠ to B's Discard"
    assert plan_words(start, [act("move held discard0")]) == "7♠ to his Discard"
    two = [act("move held place0"), act("lift place0 place4")]
    assert plan_words(start, two) == "7♠ to the Table on 8♠, 8♠ 7♠ to the Table on 9♠"
    assert plan_words(start, []) == "nothing more: turn the next card"


def test_003_the_reviews_plans_of_a_played_game_are_in_words() -> None:
    game = OnePackGame.new(11)
    bots = [make_bot("novice", s, random.Random(s)) for s in (0, 1)]
    while not game.over and len(game.actions) < 400:
        game.apply(bots[game.player].choose(game.observe(game.player)), check=False)
    start = OnePackGame.new(11).position
    plans = review_plans(start, game.actions, 1.0, lambda f: None, lambda: False)
    assert plans, "a Novice's game leaves the Expert something better"
    for _first, _last, words, delta, _moves in plans:
        assert delta >= 1.0 and words and not NOTATION.search(words), words
