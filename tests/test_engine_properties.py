"""Property-based tests of the engine's invariants (hypothesis), for every
registered rule set and each of its options: a new set is tested the moment it
is registered. The Committee rules get the most examples; RB_EXAMPLES widens
the search for all."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest
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
    TurnHand,
    TurnStock,
    apply,
    legal_actions,
    observe,
)
from russian_bank.engine.laws import action_reason
from russian_bank.engine.plays import legal_plays
from russian_bank.engine.refusals import play_reason
from russian_bank.engine.rulesets import every_spec, rule_set
from tests.randomplay import random_action

# RB_EXAMPLES=400 explores further than the default run
EXAMPLES = int(os.environ.get("RB_EXAMPLES", "60"))
SPECS = every_spec()


def over_every_set(*strategies: Any) -> Callable[[Callable[..., None]], Any]:
    """Run the property for every rule set (a pytest parameter), drawing its
    arguments with hypothesis: EXAMPLES for the Committee rules, fewer for the
    others so the whole stays quick."""

    def wrap(prop: Callable[..., None]) -> Any:
        @pytest.mark.parametrize("spec", SPECS)
        def test(spec: str) -> None:
            n = EXAMPLES if spec == "committee" else max(4, EXAMPLES // 12)
            run = settings(
                max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow]
            )(given(*strategies)(lambda seed, steps: prop(spec, seed, steps)))
            run()

        test.__name__ = prop.__name__
        test.__doc__ = prop.__doc__
        return test

    return wrap


def walk(seed: int, steps: int, spec: str = "committee") -> Game:
    """A game after ``steps`` random legal actions (or its end)."""
    rng = random.Random(seed)
    game = Game.new(seed, rules=rule_set(spec))
    pos = game.position
    for _ in range(steps):
        if pos.phase == "over":
            break
        action = random_action(pos, rng)
        apply(pos, action, check=False)
        game.actions.append(action)
    return game


@over_every_set(st.integers(0, 10_000), st.integers(0, 1200))
def test_104_cards_each_in_one_place(spec: str, seed: int, steps: int) -> None:
    walk(seed, steps, spec).position.check_invariants()


@over_every_set(st.integers(0, 10_000), st.integers(0, 1200))
def test_every_listed_action_applies(spec: str, seed: int, steps: int) -> None:
    pos = walk(seed, steps, spec).position
    for action in legal_actions(pos):
        assert action_reason(pos, action) is None, action
        probe = pos.clone()
        apply(probe, action)
        probe.check_invariants()


@over_every_set(st.integers(0, 10_000), st.integers(0, 1200))
def test_clone_equals_original_and_is_independent(spec: str, seed: int, steps: int) -> None:
    pos = walk(seed, steps, spec).position
    copy = pos.clone()
    assert copy.to_text() == pos.to_text()
    acts = legal_actions(copy)
    if acts:
        before = pos.to_text()
        apply(copy, acts[0])
        assert pos.to_text() == before


@over_every_set(st.integers(0, 10_000), st.integers(1, 1200))
def test_undo_restores_text_form(spec: str, seed: int, steps: int) -> None:
    game = walk(seed, steps - 1, spec)
    if game.over:
        return
    before = game.position.to_text()
    action = random_action(game.position, random.Random(seed))
    game.apply(action)
    after = game.position.to_text()
    taken = game.undo()
    if isinstance(action, TurnStock | TurnHand):  # a turned card stays turned (§54)
        assert taken is None and game.position.to_text() == after
    else:
        assert game.position.to_text() == before


@over_every_set(st.integers(0, 10_000), st.integers(0, 1200))
def test_text_form_round_trips(spec: str, seed: int, steps: int) -> None:
    pos = walk(seed, steps, spec).position
    text = pos.to_text()
    again = Position.from_text(text)
    assert again.to_text() == text
    assert [str(a) for a in legal_actions(again)] == [str(a) for a in legal_actions(pos)]


@over_every_set(st.integers(0, 10_000), st.integers(0, 1200))
def test_record_replays_to_same_position(spec: str, seed: int, steps: int) -> None:
    game = walk(seed, steps, spec)
    replay = Game.from_record(game.record_text())
    assert replay.position.to_text() == game.position.to_text()


@over_every_set(st.integers(0, 10_000), st.integers(0, 1200))
def test_move_generator_agrees_with_reasons(spec: str, seed: int, steps: int) -> None:
    """legal_plays (fast) and play_reason (explains) say the same for every pair."""
    pos = walk(seed, steps, spec).position
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


@over_every_set(st.integers(0, 10_000), st.integers(0, 1200))
def test_legal_actions_are_in_a_stable_order(spec: str, seed: int, steps: int) -> None:
    pos = walk(seed, steps, spec).position
    first = [str(a) for a in legal_actions(pos)]
    assert [str(a) for a in legal_actions(pos.clone())] == first
    assert len(set(first)) == len(first)


@over_every_set(st.integers(0, 10_000), st.integers(0, 1200))
def test_observation_hides_face_down_order(spec: str, seed: int, steps: int) -> None:
    """Shuffling the face-down cards changes nothing a player can see."""
    pos = walk(seed, steps, spec).position
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
