"""The Master's search past the end of the innings (issue 22): honest deals of the
unseen cards, a budget of positions, the anytime stop, and the fitted weights."""

from __future__ import annotations

import functools
import random
import time
from dataclasses import fields, replace
from pathlib import Path

import pytest

from russian_bank.ai import MasterNext as Master
from russian_bank.ai import expectimax as X
from russian_bank.ai import make_bot
from russian_bank.ai.evaluate import DEFAULT, evaluate
from russian_bank.ai.search import search_innings
from russian_bank.ai.tuned import TUNED
from russian_bank.engine import (
    OVER,
    PENDING,
    PLAY,
    Observation,
    Position,
    Stand,
    apply,
    deal_position,
    observe,
)
from tools import tune
from tools.tune import FITTED, fit, terms

QUICK = replace(X.Settings(), budget=1500, samples=2, candidates=4)


@functools.cache
def _midgame(seed: int) -> tuple[Position, ...]:
    """Positions of two Experts' game where the Player has a real choice."""
    pos = deal_position(rng=random.Random(seed))
    bots = {s: make_bot("expert", s, random.Random(s)) for s in (0, 1)}
    out = []
    for step in range(1500):
        if pos.phase == OVER:
            break
        if pos.phase == PENDING:
            apply(pos, Stand(pos.adversary))
            continue
        if step % 23 == 5 and pos.phase == PLAY and pos.compelled is None:
            out.append(pos.clone())
        me = pos.player
        apply(pos, bots[me].choose(observe(pos, me)))
    return tuple(out)


def midgame(seed: int, n: int) -> list[Position]:
    return [p.clone() for p in _midgame(seed)[:n]]


def test_a_deal_of_the_unseen_cards_uses_only_cards_not_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every position the Master fills in holds, in its face-down places, exactly
    the cards its observation has not shown, each seat's from its own pack."""
    deals: list[tuple[Observation, list[int]]] = []
    real = X.fill

    def watched(obs: Observation, base: Position, cards: list[int]) -> Position:
        out = real(obs, base, cards)
        deals.append((obs, list(cards)))
        for s in (0, 1):
            down = out.stock[s][: obs.stock_down[s]] + out.hand[s][: obs.hand_down[s]]
            assert all(c.pack == s for c in down)
            assert set(down) <= set(obs.unseen())
        return out

    monkeypatch.setattr(X, "fill", watched)
    monkeypatch.setattr(Master, "settings", QUICK)
    for pos in midgame(4, 12):
        me = pos.player
        make_bot("master-next", me, random.Random(1)).choose(observe(pos, me))
    assert len(deals) >= 5
    for obs, cards in deals:
        assert sorted(cards) == sorted(obs.unseen())  # no shown card, none left out


def test_the_search_crosses_into_the_adversarys_innings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Some searches of a decision are the adversary's (his reply, him to move),
    and the Master's choice is not always the best of its own innings search."""
    movers: list[int] = []
    real = X.search_innings

    def watched(root: Position, **kw: object) -> object:
        movers.append(root.player)
        return real(root, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(X, "search_innings", watched)
    differ = replies = 0
    for pos in midgame(6, 14):
        me = pos.player
        obs = observe(pos, me)
        work = bot_position(obs)
        movers.clear()
        best, _ = X.plan(obs, work, set(), TUNED, random.Random(3), QUICK)
        replies += sum(1 for m in movers if m != me)
        static = real(work, cap=QUICK.root_cap, w=TUNED).best()
        assert best is not None and static is not None
        differ += best.path != static.path
    assert replies >= 5
    assert differ >= 1


def bot_position(obs: Observation) -> Position:
    from russian_bank.ai.determinize import working_position

    return working_position(obs)


def test_the_budget_of_positions_is_kept_and_replays_exactly() -> None:
    for budget in (600, 2500):
        s = replace(QUICK, budget=budget)
        for pos in midgame(5, 4):
            me = pos.player
            obs = observe(pos, me)
            got = []
            for _ in range(2):
                bot = make_bot("master-next", me, random.Random(7))
                assert isinstance(bot, Master)
                bot.settings = s
                got.append((str(bot.choose(obs)), bot.nodes))
            assert got[0] == got[1]
            assert 0 < got[0][1] <= budget


def test_anytime_stop_plays_the_innings_search_best_and_looks_no_further() -> None:
    """Past the deadline the look-ahead stops before it starts: the plan is the
    best of the Master's own innings search, as the Expert would judge it."""
    for pos in midgame(7, 6):
        me = pos.player
        obs = observe(pos, me)
        work = bot_position(obs)
        root = search_innings(work, cap=X.Settings().root_cap, w=TUNED)
        best, nodes = X.plan(obs, work, set(), TUNED, random.Random(0), X.Settings(), 0.0)
        assert best is not None and root.best() is not None
        assert nodes == root.nodes
        assert best.path == max(root.leaves, key=lambda lf: lf.value).path


def test_a_time_cap_makes_a_slow_decision_shorter() -> None:
    pos = midgame(5, 3)[2]
    me = pos.player
    bot = make_bot("master-next", me, random.Random(0))
    assert isinstance(bot, Master)
    bot.time_cap = 0.0
    t0 = time.perf_counter()
    bot.choose(observe(pos, me))
    capped = bot.nodes
    assert time.perf_counter() - t0 < 5.0
    again = make_bot("master-next", me, random.Random(0))
    again.choose(observe(pos, me))
    assert capped <= again.nodes  # type: ignore[attr-defined]


def test_tuned_terms_are_what_the_evaluation_multiplies() -> None:
    """The fit reads each term off the evaluation; the sum of weight times term
    is the evaluation (it is linear in the fitted weights)."""
    for pos in midgame(4, 6):
        for seat in (0, 1):
            t = terms(pos, seat)
            fixed = replace(DEFAULT, **dict.fromkeys(FITTED, 0.0))
            rest = evaluate(pos, seat, fixed)
            total = rest + sum(getattr(TUNED, n) * x for n, x in zip(FITTED, t, strict=True))
            assert total == pytest.approx(evaluate(pos, seat, replace(fixed, **_fitted(TUNED))))


def _fitted(w: object) -> dict[str, float]:
    return {f.name: getattr(w, f.name) for f in fields(DEFAULT) if f.name in FITTED}


def test_the_fit_recovers_known_weights() -> None:
    rng = random.Random(1)
    truth = [rng.uniform(-2, 2) for _ in FITTED]
    rows = []
    for _ in range(400):
        x = [rng.uniform(-5, 5) for _ in FITTED]
        rows.append((x, sum(a * b for a, b in zip(truth, x, strict=True))))
    coef, r2 = fit(rows, ridge=0.0)
    assert coef == pytest.approx(truth, abs=1e-6)
    assert r2 == pytest.approx(1.0)


def test_the_fit_keeps_each_game_and_reads_it_back_instead_of_playing_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``tune --keep FILE`` adds each self-play game's rows to FILE as it ends; a
    second run reads them back (a stopped run resumes) and fits the same rows;
    another seed's games are not taken for this one's."""
    keep = tmp_path / "rows.jsonl"
    first = tune.self_play(1, 5, keep=keep)
    assert len(first) > 10 and len(keep.read_text().splitlines()) == 1
    assert {r for _, r in first} == {first[0][1]}  # every row's target: the game's score
    monkeypatch.setattr(tune, "make", None)  # a game played again would fail here
    assert tune.self_play(1, 5, keep=keep) == first
    with pytest.raises(TypeError):
        tune.self_play(1, 6, keep=keep)


def test_the_master_plays_on_the_fitted_weights_and_the_expert_on_the_old() -> None:
    assert make_bot("master-next", 0, random.Random(0)).weights() == TUNED
    assert make_bot("expert", 0, random.Random(0)).weights() == DEFAULT
    assert TUNED != DEFAULT
