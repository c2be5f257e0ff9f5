"""Issue 19: a review mark says in words what the better play was and why, in game
terms ("it puts 2 more cards on the Banks"), never "better by 1.8 cards by its
evaluation"; and every claim of its sentence is checked here against the engine: the
record's own actions and the Expert's plan are played again, each checked legal by
the engine, from the run's start, and the cards are counted on the engine's own piles
(not through the review's counting)."""

from __future__ import annotations

import re

import pytest

from russian_bank import onepack
from russian_bank.engine import Game, action_reason
from russian_bank.games import game_type
from russian_bank.history import Replay, keep
from russian_bank.history.review import CLAIMS, EXPERT, analyse

from .helpers import bot_game
from .test_every_game import WHEN, one_pack_game

PHRASES = {  # each claim's words, as the English sentence says it
    "bank": r"it puts {n} more cards? on the Banks",
    "stock": r"it plays {n} more cards? from {seat}'s Stock",
    "hand": r"it plays {n} more cards? of {seat}'s Hand and Discard",
    "load": r"it loads {n} more cards? onto {other}",
    "space": r"it leaves {n} more spaces? empty in the Table",
}
SEATS = "AB"


def two_pack_counts(pos, seat):
    """The claims' counts straight from a two-pack engine position."""
    return {
        "bank": sum(len(b) for b in pos.banks),
        "stock": -len(pos.stock[seat]),
        "hand": -(len(pos.hand[seat]) + len(pos.discard[seat]) + (pos.held is not None)),
        "load": len(pos.stock[1 - seat]) + len(pos.discard[1 - seat]),
        "space": sum(1 for col in pos.table if not col),
    }


def one_pack_counts(pos, seat):
    """The same from a one-pack engine position (no Banks, no Stocks)."""
    return {
        "bank": 0,
        "stock": 0,
        "hand": -(len(pos.hands[seat]) + len(pos.discards[seat]) + (pos.held is not None)),
        "load": len(pos.discards[1 - seat]),
        "space": sum(1 for p in pos.places if not p),
    }


def check_marks(replay, marks, new_game, legal, counts):
    expert = [m for m in marks if m.kind == EXPERT]
    assert expert, "no Expert mark: nothing was checked"
    for m in expert:
        assert "evaluation" not in m.text and "reckons" not in m.text, m.text
        assert not re.search(r"\d\.\d", m.text), m.text  # no "1.8 cards"
        seat = m.seat
        assert m.text.startswith(f"Better for {SEATS[seat]}: "), m.text
        assert ". Why: " in m.text and m.text.endswith("."), m.text
        # the record again, each action legal by the engine, to the run's start ...
        game = new_game()
        for a in replay.actions[: m.first]:
            assert legal(game.position, a), a
            game.apply(a)
        start = game.position.clone()
        assert start.player == seat
        # ... the Player's own plays of the run, to the action that closed it ...
        for a in replay.actions[m.first : m.last]:
            game.apply(a)
        played = counts(game.position, seat)
        # ... and the Expert's plan from the same start, every play legal
        planned_pos = start.clone()
        assert m.plan, m.text
        for a in m.plan:
            assert legal(planned_pos, a), (a, m.text)
            type(game).carry_out(planned_pos, a, False)
        planned = counts(planned_pos, seat)
        want = tuple((k, planned[k] - played[k]) for k in CLAIMS if planned[k] > played[k])
        assert m.claims == want, (m.text, want)
        assert want, "a mark without a reason"
        for claim, n in m.claims:
            phrase = PHRASES[claim].format(n=n, seat=SEATS[seat], other=SEATS[1 - seat])
            assert re.search(phrase, m.text), (phrase, m.text)
        assert len(m.claims) == m.text.count("; ") + 1, m.text  # and no claim more
    return expert


def test_i19_a_two_pack_review_mark_says_the_better_play_and_why():
    game = bot_game(5, "novice", "club")
    replay = Replay(keep(game))
    marks = analyse(replay, cap=80)
    expert = check_marks(
        replay,
        marks,
        lambda: Game.new(game.seed),
        lambda pos, a: action_reason(pos, a) is None,
        two_pack_counts,
    )
    kinds = {k for m in expert for k, _n in m.claims}
    assert len(kinds) >= 2, kinds  # more than one kind of reason is given


@pytest.mark.parametrize("name", ["crapette", "british"])
def test_i19_review_marks_of_other_rule_sets_name_their_claims_in_their_words(name):
    """Crapette calls its piles depot, files, foundations...: the claim words come
    from the rule set's names (checked here only for the words, the counts above)."""
    kind = game_type(name)
    session = bot_game(7, "novice", "novice", limit=500, rules=name)
    replay = Replay(keep(session, when=WHEN))
    marks = [m for m in analyse(replay, cap=40) if m.kind == EXPERT]
    assert marks
    w = kind.table_view.words.local()
    for m in marks:
        for claim, _n in m.claims:
            word = {"bank": w.banks, "stock": w.stock, "hand": w.hand, "space": w.table}.get(claim)
            assert word is None or word in m.text, (word, m.text)


def test_i19_a_one_pack_review_mark_says_the_better_play_and_why():
    session = one_pack_game(5, "novice", "novice")
    replay = Replay(keep(session, when=WHEN))
    marks = analyse(replay)
    check_marks(
        replay,
        marks,
        lambda: onepack.OnePackGame.new(session.seed),
        lambda pos, a: onepack.action_reason(pos, a) is None,
        one_pack_counts,
    )
