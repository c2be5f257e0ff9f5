"""Issue 44: the review marks a play as a mistake by how much of his chance of
winning it lost, in plain words ("this raised A's chance to win by 19%, to 48%
instead of 29%"). Every figure of the sentence is checked here by the engine and
the value: the record's own actions and the Expert's plan are played again from the
run's start, each checked legal by the engine, and the positions they leave are
judged by the value (not through the review's own positions)."""

from __future__ import annotations

import re

import pytest

from russian_bank.ai.chance import afterstate, chances, percent
from russian_bank.ai.util import ENDS, TURNS
from russian_bank.engine import Game, Play, action_reason
from russian_bank.history import Replay, keep
from russian_bank.history import review as review_module
from russian_bank.history.review import (
    CHANCE_THRESHOLD,
    EXPERT,
    MISTAKE,
    analyse,
    chance_lost_words,
)

from .helpers import bot_game
from .test_every_game import WHEN, one_pack_game

SEATS = "AB"
SENTENCE = re.compile(
    r"^Mistake: this raised ([AB])'s chance to win by (\d+)%, to (\d+)% instead of (\d+)%\."
)


@pytest.fixture(scope="module")
def reviewed():
    # a deal whose Club gives many chances away as the shipped value judges them (a
    # new value may judge another deal so: the tests below say when none is left)
    game = bot_game(4, "novice", "club")
    replay = Replay(keep(game))
    return game, replay, analyse(replay, cap=80)


def judged_again(game, replay, m):
    """The adversary's chance as played and after the Expert's plan, from the engine."""
    again = Game.new(game.seed)
    for a in replay.actions[: m.first]:
        assert action_reason(again.position, a) is None, a
        again.apply(a)
    start = again.position.clone()
    assert start.player == m.seat
    for a in replay.actions[m.first : m.last]:
        again.apply(a)
    close = replay.actions[m.last]
    assert isinstance(close, TURNS + ENDS)
    as_played = chances(afterstate(again.position, close))
    planned = start.clone()
    *plays, plan_close = m.plan
    if isinstance(plan_close, Play):  # a plan that ends with a play, no card to turn
        plays, plan_close = list(m.plan), None
    for a in plays:
        assert isinstance(a, Play) and action_reason(planned, a) is None, (a, m.text)
        Game.carry_out(planned, a, False)
    assert plan_close is None or action_reason(planned, plan_close) is None, plan_close
    with_plan = chances(afterstate(planned, plan_close))
    assert as_played is not None and with_plan is not None
    other = 1 - m.seat
    return percent(as_played[other]), percent(with_plan[other])


def test_a_mistakes_sentence_says_the_chance_it_gave_away_as_the_value_judges_it(reviewed):
    game, replay, marks = reviewed
    mistakes = [m for m in marks if m.kind == MISTAKE]
    assert len(mistakes) >= 2, "no mistake mark: nothing was checked"
    for m in mistakes:
        found = SENTENCE.match(m.text)
        assert found, m.text
        other, points, after, before = found.groups()
        assert other == SEATS[1 - m.seat]
        as_played, with_plan = judged_again(game, replay, m)
        assert (int(after), int(before)) == (as_played, with_plan), m.text
        assert int(points) == as_played - with_plan >= round(100 * CHANCE_THRESHOLD), m.text
        assert "." not in m.text.split("%")[0]  # whole percent, no "19.4%"
        # the plan is said in words where no Expert mark of the same run says it
        told = any(e.kind == EXPERT and e.first == m.first for e in marks)
        assert ("The Expert's plan: " in m.text) != told, m.text


def test_the_threshold_decides_which_runs_are_marked(reviewed, monkeypatch):
    """Each mistake lost at least the threshold; with a higher threshold only those
    that lost that much more are left, with no threshold more runs are marked."""
    game, replay, marks = reviewed
    found = {(m.first, m.last) for m in marks if m.kind == MISTAKE}
    big = {
        (m.first, m.last)
        for m in marks
        if m.kind == MISTAKE and int(SENTENCE.match(m.text).group(2)) >= 18
    }
    monkeypatch.setattr(review_module, "CHANCE_THRESHOLD", 0.18)
    higher = {(m.first, m.last) for m in analyse(replay, cap=80) if m.kind == MISTAKE}
    assert higher == big and higher < found
    monkeypatch.setattr(review_module, "CHANCE_THRESHOLD", 0.01)
    lower = {(m.first, m.last) for m in analyse(replay, cap=80) if m.kind == MISTAKE}
    assert lower > found


def test_the_sentence_in_words():
    """B's plays left A 65% where the Expert's plan would have left him 40%."""
    said = chance_lost_words(1, (0.4, 0.6), (0.65, 0.35))
    assert said == "Mistake: this raised A's chance to win by 25%, to 65% instead of 40%."


@pytest.mark.parametrize("rules", ["crapette", "british"])
def test_no_mistake_marks_where_the_value_does_not_judge_the_game(rules):
    session = bot_game(7, "novice", "novice", limit=500, rules=rules)
    marks = analyse(Replay(keep(session, when=WHEN)), cap=40)
    assert any(m.kind == EXPERT for m in marks)  # (the review ran)
    assert not any(m.kind == MISTAKE for m in marks)


def test_no_mistake_marks_in_the_one_pack_game():
    session = one_pack_game(5, "novice", "novice")
    marks = analyse(Replay(keep(session, when=WHEN)))
    assert marks and not any(m.kind == MISTAKE for m in marks)
