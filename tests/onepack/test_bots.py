"""The one-pack bots: legal, decide from the observation only, and a ladder."""

from __future__ import annotations

import random

import pytest

from russian_bank.game.phases import OVER
from russian_bank.games import game_type
from russian_bank.onepack import RULES, apply, deal_position, legal_actions, observe
from russian_bank.onepack.bots import LEVELS, make_bot
from russian_bank.sim import play_game, run

from .helpers import act, make


@pytest.mark.parametrize("level", LEVELS)
def test_bots_choose_legal_actions_and_finish(level: str) -> None:
    for deal in range(2):
        pos = deal_position(RULES, random.Random(deal))
        bots = [make_bot(level, s, random.Random(s)) for s in (0, 1)]
        n = 0
        while pos.phase != OVER:
            action = bots[pos.player].choose(observe(pos, pos.player))
            assert action in legal_actions(pos)
            apply(pos, action)
            n += 1
            assert n < 5000


@pytest.mark.parametrize("level", LEVELS)
def test_bots_see_only_the_observation(level: str) -> None:
    """Positions differing only in face-down cards give the same choices."""
    for seed in range(3):
        pos = deal_position(RULES, random.Random(seed))
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 120)):
            if pos.phase == OVER:
                break
            acts = legal_actions(pos)
            apply(pos, acts[rng.randrange(len(acts))])
        if pos.phase == OVER:
            continue
        other = pos.clone()
        hidden = other.hands[0] + other.hands[1]
        random.Random(seed + 99).shuffle(hidden)
        n = len(other.hands[0])
        other.hands = [hidden[:n], hidden[n:]]
        me = pos.player
        a = make_bot(level, me, random.Random(5)).choose(observe(pos, me))
        b = make_bot(level, me, random.Random(5)).choose(observe(other, me))
        assert a == b


@pytest.mark.parametrize("level", ["club", "expert"])
def test_bots_play_the_turned_card_that_fits(level: str) -> None:
    pos = make({0: "2C", 1: "5S", 2: "8H", 3: "3C", 4: "6S", 5: "TH", 6: "4C", 7: "QD"}, held="JD")
    bot = make_bot(level, 0, random.Random(1))
    while pos.held is not None:  # the bot may shift first; the JD must not be discarded
        apply(pos, bot.choose(observe(pos, 0)))
    assert pos.player == 0 and pos.discards[0] == []
    assert [c.face for c in pos.places[7]] == ["QD", "JD"]


def test_expert_fills_a_space_and_keeps_turning() -> None:
    pos = make({0: "2C", 1: "5S", 2: "8H", 3: "3C", 4: "6S", 5: "TH", 6: "4C"}, discards=("9D", ""))
    bot = make_bot("expert", 0, random.Random(1))
    while (choice := bot.choose(observe(pos, 0))) != act("turn"):
        apply(pos, choice)
        assert pos.player == 0
    assert pos.discards[0] == []  # the 9D went into a space; the turn goes on


def test_club_beats_novice_on_paired_deals() -> None:
    results = run("club", "novice", 12, seed=3, rules="one-pack")
    club = sum(1 for r in results if r.winner == r.a_seat)
    novice = sum(1 for r in results if r.winner is not None and r.winner != r.a_seat)
    assert club >= 9 and club > novice


def test_expert_beats_club_on_average_points() -> None:
    one_pack = game_type("one-pack")
    results = [
        play_game("expert", "club", d, s, 11, rules=one_pack) for d in range(6) for s in (0, 1)
    ]
    assert sum(r.a_points for r in results) > 0


def test_sim_and_bench_take_the_one_pack_game_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    from russian_bank.sim import main as sim
    from tools.bench.engine import main as bench

    assert sim(["--rules", "one-pack", "--a", "club", "--b", "novice", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "rule set: one-pack\nA = club, B = novice: 2 games" in out
    assert "Stops called" not in out  # 003 has no Stops
    assert bench(["--rules=one-pack", "--runs", "1", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "rule set: one-pack" in out and "1 games" in out and "actions/s:" in out
    with pytest.raises(SystemExit):
        sim(["--rules", "one-pack", "--a", "master", "--b", "club"])  # no Master at 003
    assert "one-pack has no master player" in capsys.readouterr().err


def test_novice_judges_like_club_but_overlooks_table_shifts() -> None:
    import random

    from russian_bank.onepack import Move, observe
    from russian_bank.onepack.bots import make_bot

    from .helpers import make

    # J♦ onto Q♦ opens a space while South's Discard is empty: Club always takes it
    pos = make({0: "KD QD", 1: "JD", 2: "5S", 3: "8H", 4: "3C", 5: "9S", 6: "TH", 7: "7C"})
    shift = Move("place1", "place0")
    obs = observe(pos, 0)
    club = [make_bot("club", 0, random.Random(i)).choose(obs) for i in range(40)]
    assert all(a == shift for a in club)
    novice = [make_bot("novice", 0, random.Random(i)).choose(obs) for i in range(400)]
    share = sum(a == shift for a in novice) / len(novice)
    assert 0.28 < share < 0.52  # seen 40 % of the time (overlooked with chance 0.6)
