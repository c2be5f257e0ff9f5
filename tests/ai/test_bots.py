"""The computer opponents: honesty, legality, no repetition, the Stop reflex,
Compel, deliberate faults."""

from __future__ import annotations

import functools
import random

import pytest

from russian_bank.ai import LEVELS, Bot, Master, make_bot
from russian_bank.ai.search import search_innings
from russian_bank.ai.util import PLAYER_ACTIONS, position_key
from russian_bank.engine import (
    OVER,
    PENDING,
    PLAY,
    Compel,
    Play,
    Position,
    Stand,
    Stop,
    apply,
    compel_reason,
    deal_position,
    legal_actions,
    observe,
    stop_reason,
)
from russian_bank.sim import play_game


def _play_until(pos: Position, bots: dict[int, Bot], pred, limit: int = 3000) -> bool:
    """Let the bots play ``pos`` (no Stops) until ``pred(pos)`` holds."""
    for _ in range(limit):
        if pos.phase == OVER:
            return False
        if pred(pos):
            return True
        _step(pos, bots)
    return False


def _step(pos: Position, bots: dict[int, Bot]) -> None:
    """One action by the Player's bot (a pending win stands: no Stops here)."""
    if pos.phase == PENDING:
        apply(pos, Stand(pos.adversary))
        return
    me = pos.player
    apply(pos, bots[me].choose(observe(pos, me)))


def _midgame_positions(seed: int, count: int) -> list[Position]:
    rng = random.Random(seed)
    pos = deal_position(rng=rng)
    bots = {s: make_bot("club", s, random.Random(seed + s)) for s in (0, 1)}
    out = []
    for step in range(4000):
        if pos.phase == OVER or len(out) >= count:
            break
        if step % 37 == 0 and pos.phase == PLAY and pos.compelled is None:
            out.append(pos.clone())
        _step(pos, bots)
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_choose_returns_legal_player_actions(level: str) -> None:
    for pos in _midgame_positions(3, 6):
        me = pos.player
        act = make_bot(level, me, random.Random(1)).choose(observe(pos, me))
        assert isinstance(act, PLAYER_ACTIONS)
        assert act in legal_actions(pos)


@pytest.fixture
def light_master(monkeypatch: pytest.MonkeyPatch) -> None:
    """Master with a smaller look-ahead (same code paths) so whole games stay quick."""
    monkeypatch.setattr(Master, "samples", 2)
    monkeypatch.setattr(Master, "depth", 1)
    monkeypatch.setattr(Master, "candidates", 3)
    monkeypatch.setattr(Master, "budget", 900)


PAIRS = [(a, b) for a in LEVELS for b in LEVELS if a <= b]


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_every_level_plays_complete_games_legally(a: str, b: str, light_master: None) -> None:
    # play_game applies every action with check=True: an illegal action raises
    seats = (0,) if "master" in (a, b) else (0, 1)  # Master games are slow
    for a_seat in seats:
        r = play_game(a, b, deal=PAIRS.index((a, b)), a_seat=a_seat, seed=2024)
        assert r.actions > 20
        assert r.reason in ("won", "dead")


@pytest.mark.parametrize("level", LEVELS)
def test_never_repeats_a_position_within_an_innings(level: str, light_master: None) -> None:
    pos = deal_position(rng=random.Random(7))
    bots = {s: make_bot(level, s, random.Random(s)) for s in (0, 1)}
    seen: set[int] = set()
    innings = pos.innings
    for _ in range(700 if level == "master" else 2500):
        if pos.phase == OVER:
            break
        if pos.innings != innings:
            innings, seen = pos.innings, set()
        key = position_key(pos)
        assert key not in seen, f"{level} repeated a position in innings {innings}"
        seen.add(key)
        _step(pos, bots)


def _faulted_position(seed: int = 1) -> Position:
    """A position in which the Player has just committed a fault."""
    return _faulted_cached(seed).clone()


@functools.cache
def _faulted_cached(seed: int) -> Position:
    for s in range(seed, seed + 40):
        pos = deal_position(rng=random.Random(s))
        bots = {t: make_bot("expert", t, random.Random(t)) for t in (0, 1)}
        for _ in range(3000):
            if pos.phase == OVER:
                break
            me = pos.player
            if pos.phase == PLAY and pos.compelled is None:
                acts = legal_actions(pos)
                banks = [a for a in acts if isinstance(a, Play) and a.dst.kind == "bank"]
                others = [
                    a
                    for a in acts
                    if isinstance(a, PLAYER_ACTIONS)
                    and not (isinstance(a, Play) and a.dst.kind == "bank")
                    and not isinstance(a, Play)
                ]
                if banks and others:
                    q = pos.clone()
                    apply(q, others[0])
                    if q.fault is not None and q.phase == PLAY and q.player == me:
                        return q
            _step(pos, bots)
    raise AssertionError("no fault found")


@pytest.mark.parametrize("level", LEVELS)
def test_stop_comes_after_the_reaction_delay(level: str) -> None:
    pos = _faulted_position()
    adv = pos.adversary
    assert stop_reason(pos, adv) is None
    lo, hi = make_bot(level, adv, random.Random(0)).profile.reaction
    calls = []
    for seed in range(30):
        bot = make_bot(level, adv, random.Random(seed))
        t = 100.0
        first = None
        while t < 100.0 + hi + 1.0:
            act = bot.react(observe(pos, adv), t)
            if act is not None:
                first = (t - 100.0, act)
                break
            t += 0.05
        calls.append(first)
    answered = [c for c in calls if c is not None]
    assert answered, level
    for delay, act in answered:
        assert isinstance(act, (Stop, Compel))
        assert lo - 1e-9 <= delay <= hi + 0.05 + 1e-9, (level, delay)
    if level == "novice":
        assert len(answered) < len(calls)  # misses some
    if level == "master":
        assert len(answered) == len(calls)


@pytest.mark.parametrize("level", LEVELS)
def test_no_stop_when_the_engine_says_no(level: str) -> None:
    pos = deal_position(rng=random.Random(3))
    bots = {s: make_bot("club", s, random.Random(s)) for s in (0, 1)}
    watcher = {s: make_bot(level, s, random.Random(10 + s)) for s in (0, 1)}
    t = 0.0
    for _ in range(1500):
        if pos.phase == OVER:
            break
        adv = pos.adversary
        for _k in range(10):
            act = watcher[adv].react(observe(pos, adv), t)
            t += 0.2
            if isinstance(act, Stop):
                assert stop_reason(pos, adv) is None
            if isinstance(act, Compel):
                assert compel_reason(pos, adv) is None
        _step(pos, bots)


def test_no_fault_no_stop() -> None:
    pos = deal_position(rng=random.Random(4))
    bot = make_bot("master", pos.adversary, random.Random(0))
    for k in range(50):
        assert bot.react(observe(pos, pos.adversary), k * 0.5) is None


def test_stop_withheld_while_suspended_then_repaired() -> None:
    # the Player repairs the fault by banking before the delay: no Stop
    pos = _faulted_position()
    adv = pos.adversary
    bot = make_bot("novice", adv, random.Random(3))
    assert bot.react(observe(pos, adv), 0.0) is None
    banks = [a for a in legal_actions(pos) if isinstance(a, Play) and a.dst.kind == "bank"]
    for a in banks:
        q = pos.clone()
        apply(q, a)
        if q.fault is None:
            assert bot.react(observe(q, adv), 100.0) is None
            return
    pytest.skip("no repairing play in this position")


def test_compel_used_when_it_helps() -> None:
    """After the Player's Discard has been turned over, a fault may be compelled.
    The bot compels when banking the card and going on is worse for the Player
    than losing the innings, i.e. when the Stop would hand the bot a bad position."""
    pos = _faulted_position()
    adv = pos.adversary
    pos.turnovers[pos.player] = 1  # he has turned over his Discard once
    assert compel_reason(pos, adv) is None

    class Compeller(Master):
        def _compel_better(self, p: Position) -> bool:
            return True

    bot = Compeller(adv, random.Random(0))
    act = None
    t = 0.0
    while act is None and t < 5:
        act = bot.react(observe(pos, adv), t)
        t += 0.1
    assert isinstance(act, Compel)
    apply(pos, act)
    assert pos.compelled is not None
    me = pos.player
    chosen = make_bot("expert", me, random.Random(0)).choose(observe(pos, me))
    assert isinstance(chosen, Play) and chosen.dst.kind == "bank"


def test_compel_decision_is_evaluated() -> None:
    pos = _faulted_position()
    adv = pos.adversary
    pos.turnovers[pos.player] = 1
    bot = make_bot("master", adv, random.Random(0))
    assert isinstance(bot._compel_better(pos), bool)


def test_novice_faults_on_purpose_at_its_rate() -> None:
    chances = faults = 0
    for seed in range(6):
        pos = deal_position(rng=random.Random(100 + seed))
        bots = {s: make_bot("novice", s, random.Random(seed * 10 + s)) for s in (0, 1)}
        for _ in range(3000):
            if pos.phase == OVER:
                break
            _step(pos, bots)
        chances += sum(b.fault_chances for b in bots.values())
        faults += sum(b.faults_made for b in bots.values())
    rate = make_bot("novice", 0, random.Random(0)).fault_rate
    assert chances > 100
    assert abs(faults / chances - rate) < 0.05, (faults, chances)


@pytest.mark.parametrize("level", ["expert", "master"])
def test_expert_and_master_never_fault(level: str, light_master: None) -> None:
    pos = deal_position(rng=random.Random(21))
    bots = {s: make_bot(level, s, random.Random(s)) for s in (0, 1)}
    for _ in range(700 if level == "master" else 2000):
        if pos.phase == OVER:
            break
        me = pos.player
        before = pos.fault
        _step(pos, bots)
        if pos.player == me and before is None:
            assert pos.fault is None, pos.fault_note


def test_search_never_faults_and_banks_first() -> None:
    for pos in _midgame_positions(5, 5):
        res = search_innings(pos, cap=300)
        best = res.best()
        assert best is not None
        q = pos.clone()
        for a in best.path:
            apply(q, a)
            if q.player != pos.player:
                break
            assert q.fault is None


def test_accepts_draw_when_not_ahead() -> None:
    pos = deal_position(rng=random.Random(1))
    bot = make_bot("club", 0, random.Random(0))
    assert bot.accepts_draw(observe(pos, 0))
    pos.stock[0] = pos.stock[0][:2]
    assert not bot.accepts_draw(observe(pos, 0))


def test_unknown_level() -> None:
    with pytest.raises(ValueError):
        make_bot("grandmaster", 0, random.Random(0))


def test_sim_report_last_line(capsys: pytest.CaptureFixture[str]) -> None:
    from russian_bank.sim import main

    assert main(["--a", "club", "--b", "novice", "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1].startswith("A share of decided games: ")
    assert out[-1].endswith("%")
    share = out[-1].split(": ")[1][:-1]
    assert "." in share and len(share.split(".")[1]) == 1


def test_sim_is_reproducible() -> None:
    a = play_game("club", "novice", deal=5, a_seat=1, seed=9)
    b = play_game("club", "novice", deal=5, a_seat=1, seed=9)
    assert (a.winner, a.points, a.actions) == (b.winner, b.points, b.actions)


@pytest.mark.parametrize("level", ["expert", "master-next", "master-value"])
def test_watchable_no_table_card_moved_back_and_forth(level: str) -> None:
    """A bot's innings makes no move its plan does not need (issue 10): the plan
    is reached by the fewest plays, so no Table card goes back to the pile it
    has just left and no innings is a long rearranging of the Table (the
    depth-first search this replaced made innings of over 100 Table moves)."""
    pos = deal_position(rng=random.Random(1_000_003))
    bots = {s: make_bot(level, s, random.Random(s)) for s in (0, 1)}
    innings, moves, table_moves, longest = pos.innings, {}, 0, 0
    for _ in range(500):
        if pos.phase == OVER:
            break
        if pos.phase == PENDING:  # a last card waits for a Stop: none is called
            apply(pos, Stand(pos.adversary))
            continue
        if pos.innings != innings:
            innings, moves, table_moves = pos.innings, {}, 0
        me = pos.player
        act = bots[me].choose(observe(pos, me))
        if isinstance(act, Play) and act.src.kind == "table" and act.dst.kind == "table":
            card = pos.table[act.src.index][-act.count]
            assert moves.get(card) != act.dst.index, f"{card} moved back in innings {innings}"
            moves[card] = act.src.index
            table_moves += 1
            longest = max(longest, table_moves)
        apply(pos, act)
    assert longest <= 8, longest


def test_master_keeps_to_its_budget_of_positions() -> None:
    """The Master's think time is a budget of positions looked at (search and
    look-ahead together), so that it decides in about half a second and every
    game replays exactly."""
    ahead = 0
    for budget in (Master.budget, 300):
        for pos in _midgame_positions(5, 3):
            bot = make_bot("master", pos.player, random.Random(0))
            assert isinstance(bot, Master)
            bot.budget = budget
            bot.choose(observe(pos, pos.player))
            assert 0 < bot.nodes <= budget
            searched = search_innings(pos, cap=min(Master.cap, budget)).nodes
            ahead += bot.nodes - searched  # positions of the look-ahead
    assert ahead > 0
