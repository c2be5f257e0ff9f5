"""The innings search made quick (issue 20): it finds what the plain walk finds,
with Python's cycle collector paused while a bot thinks."""

from __future__ import annotations

import gc
import random
from collections import deque

import pytest

from russian_bank.ai import make_bot
from russian_bank.ai.evaluate import DEFAULT, Weights, _distances, evaluate
from russian_bank.ai.search import (
    Leaf,
    SearchResult,
    _order,
    leaf_value,
    search_innings,
    useful_plays,
)
from russian_bank.ai.util import (
    bank_dist,
    bank_tops,
    collector_paused,
    key_after,
    key_parts,
    player_actions,
    position_key,
    turn_action,
)
from russian_bank.engine import (
    ARRANGING,
    OVER,
    PENDING,
    PLAY,
    Play,
    Position,
    Stand,
    apply,
    deal_position,
    observe,
)
from russian_bank.engine.actions import Action
from russian_bank.engine.queries import legal_plays, orderly_plays
from russian_bank.engine.rulesets import names, rule_set
from russian_bank.game.cards import CARDS
from russian_bank.game.places import BANK, DISCARD, HELD, STOCK, TABLE


def _random_positions(name: str, games: int, steps: int = 300) -> list[Position]:
    """Positions of seeded random games of a rule set where the Player may play."""
    out = []
    for g in range(games):
        rng = random.Random(f"{name}/{g}")
        pos = deal_position(rule_set(name), rng)
        for _ in range(steps):
            if pos.phase == OVER:
                break
            if pos.phase == PENDING:
                apply(pos, Stand(pos.adversary))
                continue
            if pos.compelled is None and pos.raised is None:
                out.append(pos.clone())
            apply(pos, rng.choice(player_actions(pos)))
    return out


@pytest.mark.parametrize("name", names())
def test_the_key_after_a_play_is_the_key_of_the_position_it_makes(name: str) -> None:
    """``key_after`` foresees ``key_parts`` of the position a play makes, for every
    lawful play of random games, or declines (the Stock, the last card)."""
    foreseen: set[tuple[str, str]] = set()
    declined = 0
    for pos in _random_positions(name, 6):
        parts = key_parts(pos)
        assert hash(parts) == position_key(pos)
        for play in legal_plays(pos, errors=False):
            after = key_after(pos, parts, play)
            q = pos.clone()
            apply(q, Play(*play), check=False)
            if after is None:
                declined += 1
                continue
            assert after == key_parts(q), (pos.to_text(), play)
            foreseen.add((play[0].kind, play[1].kind))
    assert {(TABLE, TABLE), (TABLE, BANK), (HELD, TABLE)} <= foreseen, foreseen
    assert declined


def _plain_walk(root: Position, cap: int, banned: set[int], w: Weights) -> SearchResult:
    """The walk as it was before it was made quick (commit eacf1b0): every child
    copied, played and keyed afresh; the oracle for the quick one."""
    me = root.player
    res = SearchResult()
    visited = set(banned)
    visited.add(position_key(root))
    queue: deque[tuple[Position, Play | None, list[Action], int]] = deque([(root, None, [], 0)])
    while queue and res.nodes < cap:
        parent, act, path, loads = queue.popleft()
        if act is None:
            p = parent
        else:
            p = parent.clone()
            apply(p, act, check=False)
            k = position_key(p)
            if k in visited:
                continue
            visited.add(k)
            path = [*path, act]
            if act.src.kind == TABLE and act.dst.kind in (STOCK, DISCARD):
                loads += 1
        res.nodes += 1
        if p.phase not in (PLAY, ARRANGING):
            v = evaluate(p, me, w) if p.phase == OVER else leaf_value(p, None, me, w)
            res.leaves.append(Leaf(v, path, p, None, loads))
            continue
        plays = legal_plays(p, errors=False)
        banks = [x for x in plays if x[1].kind == BANK]
        if banks and p.phase == PLAY:
            children = banks
        else:
            turn = turn_action(p)
            if turn is not None:
                v = leaf_value(p, turn, me, w) - w.table_load * loads - w.play_cost * len(path)
                res.leaves.append(Leaf(v, [*path, turn], p, turn, loads))
            children = _order(useful_plays(p, orderly_plays(p, plays)))
        for src, dst, count in children:
            queue.append((p, Play(src, dst, count), path, loads))
    if not res.leaves:
        turn = turn_action(root)
        if turn is not None:
            res.leaves.append(Leaf(leaf_value(root, turn, me, w), [turn], root, turn))
    return res


def _same(a: SearchResult, b: SearchResult) -> None:
    assert a.nodes == b.nodes
    assert [(x.value, x.path, x.turn, x.table_loads) for x in a.leaves] == [
        (x.value, x.path, x.turn, x.table_loads) for x in b.leaves
    ]
    assert [x.pos.to_text() for x in a.leaves] == [x.pos.to_text() for x in b.leaves]


@pytest.mark.parametrize("name", names())
def test_the_quick_search_finds_what_the_plain_walk_finds(name: str) -> None:
    positions = _random_positions(name, 2)[::12]
    assert positions
    for n, pos in enumerate(positions):
        cap = (40, 150, 400)[n % 3]
        # the positions of the walk so far are banned, as a bot's history bans them
        banned = {position_key(p) for p in positions[max(0, n - 3) : n]}
        _same(search_innings(pos, cap=cap, banned=banned), _plain_walk(pos, cap, banned, DEFAULT))


def test_the_collector_rests_while_the_search_walks_and_wakes_after() -> None:
    assert gc.isenabled()
    during: list[bool] = []

    def watching(pos: Position, turn: Action | None, me: int, w: Weights) -> float:
        during.append(gc.isenabled())
        return leaf_value(pos, turn, me, w)

    search_innings(deal_position(rng=random.Random(3)), cap=50, value_fn=watching)
    assert during and not any(during)
    assert gc.isenabled()


def test_the_collector_wakes_after_a_thought_that_fails() -> None:
    def failing(pos: Position, turn: Action | None, me: int, w: Weights) -> float:
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError):
        search_innings(deal_position(rng=random.Random(3)), cap=50, value_fn=failing)
    assert gc.isenabled()


def test_a_collector_already_paused_stays_paused() -> None:
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_bot_thinks_with_the_collector_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    pos = deal_position(rng=random.Random(4))
    bot = make_bot("expert", pos.player, random.Random(0))
    during: list[bool] = []
    plan = type(bot).plan

    def watching(self, obs, p, legal):  # type: ignore[no-untyped-def]
        during.append(gc.isenabled())
        return plan(self, obs, p, legal)

    monkeypatch.setattr(type(bot), "plan", watching)
    bot.choose(observe(pos, pos.player))
    assert during == [False]
    assert gc.isenabled()


@pytest.mark.parametrize("name", ["committee", "crapette"])
def test_the_kept_distances_to_the_banks_are_the_counted_ones(name: str) -> None:
    """The evaluation keeps each card's distance to the Banks by the Banks' tops;
    what it keeps is what ``bank_dist`` counts, for every card of random games."""
    positions = _random_positions(name, 3)
    tops = {tuple(b[-1] if b else -1 for b in p.banks) for p in positions}
    assert len(tops) > 10
    for pos in positions:
        by_suit = bank_tops(pos)
        assert _distances(pos) == [bank_dist(c, by_suit) for c in CARDS]
