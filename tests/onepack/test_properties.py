"""Property tests of the one-pack engine over random games (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from russian_bank.game.phases import OVER
from russian_bank.onepack import (
    RULES,
    OnePackGame,
    Position,
    action_reason,
    apply,
    deal_position,
    legal_actions,
    observe,
    parse_action,
    working_position,
)
from russian_bank.onepack.actions import DISCARDS, HELD, PLACE_NAMES, Lift, Move, Turn
from russian_bank.onepack.cards import PACK
from russian_bank.onepack.rules import top

seeds = st.integers(min_value=0, max_value=2**32)
MAX_ACTIONS = 5000


def candidates(pos: Position) -> list:
    """Every action worth asking ``action_reason`` about, in the fixed order of
    ``legal_actions``: each top card to every other pile, each pile lifted, the turn."""
    me = pos.player
    out: list = []
    sources = [HELD, DISCARDS[me], DISCARDS[1 - me], *PLACE_NAMES]
    dests = [*PLACE_NAMES, DISCARDS[1 - me], DISCARDS[me]]
    for src in sources:
        if top(pos, src) is not None:
            out += [Move(src, d) for d in dests if d != src]
    for i, p in enumerate(pos.places):
        if len(p) >= 2:
            out += [Lift(PLACE_NAMES[i], PLACE_NAMES[j]) for j in range(8) if j != i]
    return [*out, Turn()]


def random_game(seed: int, cut_at: int | None = None) -> tuple[Position, OnePackGame]:
    rng = random.Random(seed ^ 0x5EED)
    game = OnePackGame.new(seed)
    n = 0
    while game.phase != OVER and (cut_at is None or n < cut_at):
        acts = game.legal_actions()
        game.apply(acts[rng.randrange(len(acts))])
        n += 1
        assert n < MAX_ACTIONS
    return game.position, game


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_every_card_in_one_place_and_legal_actions_apply(seed: int) -> None:
    rng = random.Random(seed)
    pos = deal_position(RULES, random.Random(seed))
    while pos.phase != OVER:
        assert sorted(pos.all_cards()) == list(PACK)
        acts = legal_actions(pos)
        assert acts, "the Player always has something to do"
        assert acts == [a for a in candidates(pos) if action_reason(pos, a) is None]
        for a in acts:
            assert parse_action(str(a)) == a
        apply(pos, acts[rng.randrange(len(acts))])
    assert sorted(pos.all_cards()) == list(PACK)
    assert pos.outcome is not None


@settings(max_examples=40, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=300), st.sampled_from([0, 1]))
def test_003_a_row_not_laid_out_takes_no_card_but_may_still_be_lifted_onto(
    seed: int, cut_at: int, seat: int
) -> None:
    """A position no deal makes: cards on the places of a row whose owner has not
    laid out (003 opens a row by its lay-out). A card may not be moved onto it, but
    its cards may be moved away and a pile lifted onto it: ``legal_actions`` says
    exactly what ``action_reason`` accepts."""
    pos, _ = random_game(seed, cut_at)
    pos.laid[seat] = False
    donor = next((hand for hand in pos.hands if hand), None)
    if donor is not None and not any(pos.places[seat * 4 + k] for k in range(4)):
        pos.places[seat * 4].append(donor.pop())
    acts = legal_actions(pos)
    assert acts == [a for a in candidates(pos) if action_reason(pos, a) is None]
    closed = {PLACE_NAMES[seat * 4 + k] for k in range(4)}
    assert not any(isinstance(a, Move) and a.dst in closed for a in acts)


@settings(max_examples=20, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=300))
def test_text_round_trip_and_record_replay(seed: int, cut_at: int) -> None:
    pos, game = random_game(seed, cut_at)
    assert Position.from_text(pos.to_text()).to_text() == pos.to_text()
    again = OnePackGame.from_record(game.record_text())
    assert again.position.to_text() == pos.to_text()
    assert again.record_text() == game.record_text()


@settings(max_examples=20, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=300))
def test_clone_is_independent(seed: int, cut_at: int) -> None:
    pos, _ = random_game(seed, cut_at)
    if pos.phase == OVER:
        return
    before = pos.to_text()
    copy = pos.clone()
    rng = random.Random(seed)
    for _ in range(20):
        if copy.phase == OVER:
            break
        acts = legal_actions(copy)
        apply(copy, acts[rng.randrange(len(acts))])
    assert pos.to_text() == before


@settings(max_examples=20, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=300), st.randoms(use_true_random=False))
def test_observation_hides_the_hands(seed: int, cut_at: int, shuffler: random.Random) -> None:
    pos, _ = random_game(seed, cut_at)
    other = pos.clone()
    hidden = other.hands[0] + other.hands[1]
    shuffler.shuffle(hidden)
    n = len(other.hands[0])
    other.hands = [hidden[:n], hidden[n:]]
    for seat in (0, 1):
        assert observe(pos, seat) == observe(other, seat)
        # what is legal is known from what the seat sees (the Hands' sizes, not cards)
        assert legal_actions(working_position(observe(pos, seat))) == legal_actions(pos)
