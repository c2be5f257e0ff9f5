"""The legal plays kept with a position (``plays.legal_plays``) are never stale:
whatever changes a card, a face-up count or the Table's history (§58) through
``apply``, or written straight into the position and announced with
``Position.touch``, and whatever changes the Player, the phase or the rule set
even unannounced, the kept answer is the one worked out afresh, and so is the
answer when only the lawful plays are asked for (British Bank's errors, §91.6);
raising and putting back reuse it, and a copy uses its original's until one of
them moves a card."""

from __future__ import annotations

import random

import pytest

from russian_bank.engine import apply, deal_position, legal_actions
from russian_bank.engine.actions import BACK, RAISES, Raise
from russian_bank.engine.moves import after_weave_key, available, source_cards
from russian_bank.engine.plays import _generate_plays, legal_plays
from russian_bank.engine.plays import kept as kept_of
from russian_bank.engine.position import ARRANGING, OVER, PLAY, Position
from russian_bank.engine.rulesets import every_spec, rule_set
from russian_bank.game.places import HELD_PLACE, TABLES


def _piles(pos: Position) -> list[list[int]]:
    return [*pos.stock, *pos.hand, *pos.discard, *pos.table, *pos.banks]


def _swap_cards(pos: Position, rng: random.Random) -> None:
    """Exchange two cards anywhere (deep in a pile too): each card stays in one place."""
    slots = [(pile, i) for pile in _piles(pos) for i in range(len(pile))]
    (a, i), (b, j) = rng.sample(slots, 2)
    a[i], b[j] = b[j], a[i]


def _move_top(pos: Position, rng: random.Random) -> None:
    """A top card onto another pile, as no rule would have it."""
    piles = [*pos.discard, *pos.table, *pos.banks]
    src = rng.choice([p for p in piles if p])
    rng.choice([p for p in piles if p is not src]).append(src.pop())


def _new_discard_tops(pos: Position, rng: random.Random) -> None:
    """Each Discard's top changes places with a face-down Hand card."""
    for seat in (0, 1):
        discard, hand = pos.discard[seat], pos.hand[seat]
        if discard and hand:
            i = rng.randrange(len(hand))
            discard[-1], hand[i] = hand[i], discard[-1]


def _turn_stock_card(pos: Position, rng: random.Random) -> None:
    seat = rng.randrange(2)
    pos.stock_up[seat] = rng.randrange(min(2, len(pos.stock[seat])) + 1)


def _swap_held(pos: Position, rng: random.Random) -> None:
    me = pos.player
    if pos.held is None and pos.hand[me]:
        pos.held = pos.hand[me].pop()
    elif pos.held is not None:
        pos.hand[me].append(pos.held)
        pos.held = None


def _other_rules(pos: Position, rng: random.Random) -> None:
    pos.rules = rule_set(rng.choice([s for s in every_spec() if s != pos.rules.spec]))


def _other_player(pos: Position, rng: random.Random) -> None:
    pos.player = 1 - pos.player


def _other_phase(pos: Position, rng: random.Random) -> None:
    pos.phase = ARRANGING if pos.phase == PLAY else PLAY


def _weave_seen_twice(pos: Position, rng: random.Random) -> None:
    """The Table as some weave would leave it has been seen twice (§58)."""
    full = [i for i, t in enumerate(pos.table) if t]
    if full:
        src = rng.choice(full)
        dst = rng.choice([i for i in range(8) if i != src])
        pos.seen[after_weave_key(pos, src, dst, 1)] = 2
        pos.seen.setdefault(pos.table_key(), 1)


# changes of the cards (or the Table's history): written straight in, then announced
CARD_CHANGES = (
    _swap_cards,
    _move_top,
    _new_discard_tops,
    _turn_stock_card,
    _swap_held,
    _weave_seen_twice,
)
# changes a tutorial may write straight in without a word
HEAD_CHANGES = (_other_rules, _other_player, _other_phase)
CHANGES = CARD_CHANGES + HEAD_CHANGES


@pytest.mark.parametrize("spec", every_spec())
def test_kept_plays_follow_every_change_written_into_the_position(spec: str) -> None:
    rules = rule_set(spec)
    changed = 0
    for seed in range(3):
        rng = random.Random(seed)
        pos = deal_position(rules, rng=rng)
        for _ in range(60):
            if pos.phase == OVER:
                break
            assert legal_plays(pos) == _generate_plays(pos)
            # British Bank: the lawful plays alone, asked next, are not the kept ones (§91.6)
            assert legal_plays(pos, errors=False) == _generate_plays(pos, errors=False)
            assert legal_plays(pos) == _generate_plays(pos)
            for change in CHANGES:
                work = pos.clone()
                legal_plays(work)  # an answer is kept ...
                change(work, rng)
                if change in CARD_CHANGES:
                    work.touch()
                assert legal_plays(work) == _generate_plays(work), change.__name__
                changed += 1
            acts = legal_actions(pos)
            apply(pos, acts[rng.randrange(len(acts))], check=False)
    assert changed >= 3 * len(CHANGES) * 10


def test_raising_and_putting_back_reuse_the_kept_plays() -> None:
    rng = random.Random(4)
    pos = deal_position(rule_set("committee"), rng=rng)
    apply(pos, legal_actions(pos)[-1], check=False)  # turn the first Stock card
    assert pos.phase == PLAY
    plays = legal_plays(pos)
    kept = pos.plays_memo
    src = next(t for t in TABLES if pos.table[t.index])
    apply(pos, RAISES[src, 1], check=False)
    assert pos.plays_memo is kept and legal_plays(pos) == plays
    apply(pos, BACK, check=False)
    assert pos.plays_memo is kept and legal_plays(pos) == plays


@pytest.mark.parametrize("spec", every_spec())
def test_a_copy_and_its_original_part_when_either_moves_a_card(spec: str) -> None:
    """A search's copies (``clone``) share what the original worked out; once
    the two play different actions each has its own answer (§3 for the plays)."""
    rng = random.Random(11)
    pos = deal_position(rule_set(spec), rng=rng)
    for _ in range(80):
        if pos.phase == OVER:
            break
        legal_plays(pos)
        copy = pos.clone()
        assert copy.plays_memo is pos.plays_memo
        for p in (pos, copy):
            acts = legal_actions(p)
            definite = [a for a in acts if a.definite] or acts
            apply(p, definite[rng.randrange(len(definite))], check=False)
        for p in (pos, copy):
            if p.phase != OVER:
                assert legal_plays(p) == _generate_plays(p)
                assert legal_plays(p, errors=False) == _generate_plays(p, errors=False)
        if rng.random() < 0.5:
            pos = copy


@pytest.mark.parametrize("spec", every_spec())
def test_s49_available_cards_are_the_ones_the_player_may_raise_or_holds(spec: str) -> None:
    """``moves.available`` (worked out when first asked, after the plays were
    generated without it) names each exposed card the Player may take hold of:
    the piles his one-card raises name (§49, §56), then the card he holds (§12)."""
    rng = random.Random(5)
    pos = deal_position(rule_set(spec), rng=rng)
    checked = 0
    for _ in range(150):
        if pos.phase == OVER:
            break
        acts = legal_actions(pos)  # the plays are generated first
        if pos.phase == PLAY and pos.raised is None and pos.compelled is None:
            raised = [a.src for a in acts if isinstance(a, Raise) and a.count == 1]
            expected = raised + ([HELD_PLACE] if pos.held is not None else [])
            got = available(pos)
            assert [src for src, _ in got] == expected
            assert all(source_cards(pos, src, 1) == [card] for src, card in got)
            checked += 1
        apply(pos, acts[rng.randrange(len(acts))], check=False)
    assert checked >= 10


@pytest.mark.parametrize("spec", every_spec())
def test_s58_each_units_plays_stand_together_and_are_found_by_unit(spec: str) -> None:
    """The plays of one unit (source, count: one card, or several of a Table pile,
    §58) stand together in the kept list, so the plays a raised unit may make
    (``KeptPlays.unit_actions``) are read as one run; they are the list's plays of
    that unit, and the plays as (source, destination, count) are the actions'."""
    rng = random.Random(7)
    pos = deal_position(rule_set(spec), rng=rng)
    checked = 0
    for _step in range(300):
        if pos.phase == OVER:
            break
        if pos.phase in (ARRANGING, PLAY):
            kept = kept_of(pos)
            units = [(a.src, a.count) for a in kept.actions]
            runs = [u for n, u in enumerate(units) if n == 0 or units[n - 1] != u]
            assert len(runs) == len(set(runs)), runs  # no unit comes back after another
            for unit in set(units) | {(r.src, r.count) for r in kept.raises}:
                want = tuple(a for a in kept.actions if (a.src, a.count) == unit)
                assert kept.unit_actions(unit) == want
                assert kept.has_unit(unit) == bool(want)
            assert kept.plays == tuple((a.src, a.dst, a.count) for a in kept.actions)
            checked += 1
        acts = legal_actions(pos)
        apply(pos, acts[rng.randrange(len(acts))], check=False)
    assert checked > 20
