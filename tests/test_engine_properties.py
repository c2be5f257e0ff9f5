"""Property-based tests of the engine's invariants (hypothesis)."""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from russian_bank.engine import (
    BANKS,
    DISCARDS,
    HELD_PLACE,
    STOCKS,
    TABLES,
    Game,
    Position,
    apply,
    legal_actions,
    observe,
)
from russian_bank.engine.laws import action_reason
from russian_bank.engine.moves import legal_plays, play_reason
from tests.randomplay import random_action

# RB_EXAMPLES=400 explores further than the default run
SETTINGS = settings(
    max_examples=int(os.environ.get("RB_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def walk(seed: int, steps: int) -> Game:
    """A game after ``steps`` random legal actions (or its end)."""
    rng = random.Random(seed)
    game = Game.new(seed)
    pos = game.position
    for _ in range(steps):
        if pos.phase == "over":
            break
        action = random_action(pos, rng)
        apply(pos, action, check=False)
        game.actions.append(action)
    return game


@SETTINGS
@given(st.integers(0, 10_000), st.integers(0, 1200))
def test_104_cards_each_in_one_place(seed: int, steps: int) -> None:
    walk(seed, steps).position.check_invariants()


@SETTINGS
@given(st.integers(0, 10_000), st.integers(0, 1200))
def test_every_listed_action_applies(seed: int, steps: int) -> None:
    pos = walk(seed, steps).position
    for action in legal_actions(pos):
        assert action_reason(pos, action) is None, action
        probe = pos.clone()
        apply(probe, action)
        probe.check_invariants()


@SETTINGS
@given(st.integers(0, 10_000), st.integers(0, 1200))
def test_clone_equals_original_and_is_independent(seed: int, steps: int) -> None:
    pos = walk(seed, steps).position
    copy = pos.clone()
    assert copy.to_text() == pos.to_text()
    acts = legal_actions(copy)
    if acts:
        before = pos.to_text()
        apply(copy, acts[0])
        assert pos.to_text() == before


@SETTINGS
@given(st.integers(0, 10_000), st.integers(1, 1200))
def test_undo_restores_text_form(seed: int, steps: int) -> None:
    game = walk(seed, steps - 1)
    if game.over:
        return
    before = game.position.to_text()
    game.apply(random_action(game.position, random.Random(seed)))
    game.undo()
    assert game.position.to_text() == before


@SETTINGS
@given(st.integers(0, 10_000), st.integers(0, 1200))
def test_text_form_round_trips(seed: int, steps: int) -> None:
    pos = walk(seed, steps).position
    text = pos.to_text()
    again = Position.from_text(text)
    assert again.to_text() == text
    assert [str(a) for a in legal_actions(again)] == [str(a) for a in legal_actions(pos)]


@SETTINGS
@given(st.integers(0, 10_000), st.integers(0, 1200))
def test_record_replays_to_same_position(seed: int, steps: int) -> None:
    game = walk(seed, steps)
    replay = Game.from_record(game.record_text())
    assert replay.position.to_text() == game.position.to_text()


@SETTINGS
@given(st.integers(0, 10_000), st.integers(0, 1200))
def test_move_generator_agrees_with_reasons(seed: int, steps: int) -> None:
    """legal_plays (fast) and play_reason (explains) say the same for every pair."""
    pos = walk(seed, steps).position
    if pos.phase not in ("arranging", "play"):
        return
    generated = set(legal_plays(pos))
    sources = [*TABLES, STOCKS[0], STOCKS[1], DISCARDS[0], DISCARDS[1], HELD_PLACE]
    dests = [*BANKS, *TABLES, *STOCKS, *DISCARDS]
    for src in sources:
        counts = range(1, len(pos.table[src.index]) + 1) if src.kind == "table" else (1,)
        for count in counts:
            for dst in dests:
                ok = play_reason(pos, src, dst, count) is None
                assert ok == ((src, dst, count) in generated), (str(src), str(dst), count)


@SETTINGS
@given(st.integers(0, 10_000), st.integers(0, 1200))
def test_legal_actions_are_in_a_stable_order(seed: int, steps: int) -> None:
    pos = walk(seed, steps).position
    first = [str(a) for a in legal_actions(pos)]
    assert [str(a) for a in legal_actions(pos.clone())] == first
    assert len(set(first)) == len(first)


@SETTINGS
@given(st.integers(0, 10_000), st.integers(0, 1200))
def test_observation_hides_face_down_order(seed: int, steps: int) -> None:
    """Shuffling the face-down cards changes nothing a player can see."""
    pos = walk(seed, steps).position
    other = pos.clone()
    rng = random.Random(seed)
    hidden = []
    for s in (0, 1):
        hidden += other.stock[s][: len(other.stock[s]) - other.stock_up[s]]
        hidden += other.hand[s][: other.hand_unknown[s]]
    rng.shuffle(hidden)
    it = iter(hidden)
    for s in (0, 1):
        n = len(other.stock[s]) - other.stock_up[s]
        other.stock[s][:n] = [next(it) for _ in range(n)]
        n = other.hand_unknown[s]
        other.hand[s][:n] = [next(it) for _ in range(n)]
    for seat in (0, 1):
        assert observe(pos, seat) == observe(other, seat)
        assert observe(pos, seat).to_text() == observe(other, seat).to_text()
