"""The bots play every rule set by asking the engine (RULES.md §6)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from russian_bank.ai import make_bot
from russian_bank.engine import STOCKS, Play, Stop, TurnHand, apply, observe, parse_action
from russian_bank.engine.rulesets import names, rule_set
from russian_bank.games import game_type
from russian_bank.sim import play_game
from tests.engine.scenario import pile, scenario


@pytest.mark.parametrize("name", names())
def test_seam_club_and_novice_finish_a_game_of_every_set(name):
    result = play_game("club", "novice", 0, 0, 3, rules=game_type(name))
    assert result.reason in ("won", "dead"), name
    assert result.actions > 20


def test_000_s92_the_bot_chooses_the_belgian_options_that_serve_it_best():
    kw = {
        "table": {0: "7Cb", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"},
        "banks": {0: "AHb 2Hb 3Hb 4Hb 5Hb"},
        "stockA": "3Ca | 6Ha",
        "discardA": "8Sa 7Ha",
        "handA": "| 5Ca",
    }
    pos = scenario(rules="belgian", **kw)
    apply(pos, TurnHand())
    bot = make_bot("expert", 1, random.Random(1))
    action = None
    for t in range(0, 100):
        action = bot.react(observe(pos, 1), t / 10)
        if action is not None:
            break
    assert isinstance(action, Stop)
    # exposing the 5♣ leaves it on A's Discard instead of hidden in his Hand;
    # banking his 6♥ and 7♥ would rid A of two cards, so B leaves option 1 alone
    assert action.options == ("expose",)


def _faults_opened(game):
    """Replay a game's record: the notes of every fault opened, by seat."""
    from russian_bank.engine import Game
    from russian_bank.game.events import FaultOpened

    again = Game.from_record(game.record_text())
    pos = again.position_before(0)
    out = []
    for action in game.actions:
        seat = pos.player
        out += [(seat, e.note) for e in apply(pos, action) if isinstance(e, FaultOpened)]
    return out


def _crapette_match(a, b, limit):
    from russian_bank.sim import LOOK, new_match

    match, bots, _ = new_match(a, b, 0, 0, 3, rules=game_type("crapette"))
    while not match.over and len(match.game.actions) < limit:
        match.advance(LOOK)
    return match.game, bots


def test_002_orders_2_and_5_experts_keep_the_order_of_play():
    game, _ = _crapette_match("expert", "expert", 300)
    assert len(game.actions) > 100
    assert _faults_opened(game) == []


def test_002_orders_2_and_5_novice_and_club_break_them_only_on_purpose():
    game, bots = _crapette_match("club", "novice", 3000)
    faults = _faults_opened(game)
    for seat in (0, 1):
        assert len([f for f in faults if f[0] == seat]) == bots[seat].faults_made
    assert any("(002, order 2)" in note or "(002, order 5)" in note for _, note in faults)


def test_002_order_2_the_expert_plays_the_depot_first():
    table = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb TDb", 7: "JSb"}
    pos = scenario(rules="crapette", table=table, stockA="3Ca | 7Ca")
    moves = {}
    for level in ("expert", "master"):
        probe = pos.clone()
        action = make_bot(level, 0, random.Random(1)).choose(observe(pos, 0))
        apply(probe, action)
        assert probe.fault is None, level
        moves[level] = str(action)
    # the Expert moves the depot card; the Master keeps the order too, by the
    # depot or by turning his stock (no order asks otherwise)
    assert moves["expert"] == "play stockA table1"
    assert moves["master"] in ("play stockA table1", "turn hand")


def test_002_order_5_any_bot_as_adversary_stops_a_waste_heap_loaded_too_soon():
    table = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb TDb", 7: "JSb"}
    for level in ("novice", "club", "expert", "master"):
        pos = scenario(rules="crapette", table=table, stockA="3Ca | 9Ca", discardB="8Hb")
        apply(pos, parse_action("play stockA discardB"))
        bot = make_bot(level, 1, random.Random(2))
        bot.profile = replace(bot.profile, miss=0.0)
        action = None
        for t in range(0, 100):
            action = bot.react(observe(pos, 1), t / 10)
            if action is not None:
                break
        assert isinstance(action, Stop), level
        apply(pos, action)
        assert [str(c) for c in pos.table[6]] == ["JCb", "TDb", "9Ca"] and pos.player == 1


def test_002_order_5_every_bot_as_adversary_stops_the_stock_card_laid_on_his_own_waste_heap():
    """A lays the stock card 9♣ on his own waste heap while it could go on 10♦
    (002 order 5): the turn waits, and each level as adversary calls Stop within
    its reaction time through the match runner; the Stop packs 9♣ on 10♦."""
    from russian_bank.engine import Game
    from russian_bank.match import Match

    table = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb TDb", 7: "JSb"}
    for level in ("novice", "club", "expert", "master"):
        pos = scenario(rules="crapette", table=table, stockA="4Sa | 3Ca", held="9Ca")
        game = Game(pos, seed=1)
        bot = make_bot(level, 1, random.Random(2))
        bot.profile = replace(bot.profile, miss=0.0)
        match = Match(game, bots={1: bot}, grace=60.0, keep_steps=True)
        match.act(parse_action("discard"), 0)
        assert game.phase == "pending", level
        for _ in range(100):  # ten seconds, a tenth at a time
            match.advance(0.1)
            if game.position.player == 1:
                break
        assert [(str(s.action), s.by) for s in match.steps[1:]] == [("stop B", "bot")], level
        assert [str(c) for c in game.position.table[6]] == ["JCb", "TDb", "9Ca"]
        assert game.position.player == 1 and game.position.phase == "play"


def test_002_order_5_no_bot_lays_a_stock_card_with_a_file_play_on_its_waste_heap():
    table = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb TDb", 7: "JSb"}
    pos = scenario(rules="crapette", table=table, stockA="4Sa | 3Ca", held="9Ca")
    for level in ("novice", "club", "expert", "master"):
        bot = make_bot(level, 0, random.Random(3))
        bot.profile = replace(bot.profile, overlook=0.0)  # a bot that sees every play
        action = bot.choose(observe(pos, 0))
        probe = pos.clone()
        apply(probe, action)
        assert str(action) != "discard" and probe.fault is None, level
    # the Novice overlooks plays: one it does not see, it may lay the card aside
    novice = make_bot("novice", 0, random.Random(3))
    novice.profile = replace(novice.profile, overlook=1.0)
    assert str(novice.choose(observe(pos, 0))) == "discard"


# ---------------------------------------------------------------- British Bank's errors (§91.6)


def _british_error_open():
    """A has built on B's Stock: an error B may Stop (000 §91.5, §91.6)."""
    from tests.engine.helpers import act

    table = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}
    pos = scenario(rules="british", table=table, stockA="3Ca | 7Ca", stockB="2Hb | 6Ca")
    act(pos, "play stockA stockB")
    assert pos.error
    return pos


@pytest.mark.parametrize("level", ["novice", "club", "expert", "master"])
def test_000_s91_6_every_bot_stops_an_open_error_after_its_reaction_time(level):
    pos = _british_error_open()
    stops = 0
    for seed in range(6):
        bot = make_bot(level, 1, random.Random(seed))
        lo, hi = bot.profile.reaction
        assert bot.react(observe(pos, 1), 0.0) is None  # not before it has noticed
        action = bot.react(observe(pos, 1), hi + 0.01)
        if action is not None:
            assert action == Stop(1)
            stops += 1
    assert stops >= 3  # a bot may miss one now and then (its profile's miss)
    apply(pos, Stop(1))  # the Stop it calls is legal and takes the error back
    assert pos.player == 1 and pile(pos, "stockA") == "3Ca 7Ca" and pile(pos, "stockB") == "2Hb 6Ca"


@pytest.mark.parametrize("level", ["expert", "master"])
def test_000_s91_6_expert_and_master_never_commit_an_error(level):
    from russian_bank.engine import Game
    from russian_bank.engine.queries import action_error

    game = Game.new(5, rules=rule_set("british"))
    bots = {s: make_bot(level, s, random.Random(s)) for s in (0, 1)}
    errors = chances = 0
    for _ in range(160):
        pos = game.position
        if pos.phase not in ("play", "arranging"):
            break
        seat = pos.player
        chances += any(action_error(pos, a) for a in game.legal_actions())
        action = bots[seat].choose(observe(pos, seat))
        errors += action_error(pos, action) is not None
        game.apply(action)
    assert chances > 20  # errors were there to be made
    assert errors == 0


def test_000_s91_6_novice_errs_only_as_one_of_its_deliberate_faults():
    from russian_bank.engine.queries import action_error

    table = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}
    kw = {"table": table, "stockA": "3Ca | 7Ca", "stockB": "2Hb | 6Ca", "handA": "| 5Ca 9Ha"}
    quiet = scenario(rules="british", **kw)  # nothing to bank: a wrong build is a slip too
    bankable = scenario(rules="british", banks={0: "AHa"}, discardA="2Ha", **kw)
    for pos in (quiet, bankable):
        assert action_error(pos, Play(STOCKS[0], STOCKS[1])) == "build on stock"
    made = {"quiet": 0, "bankable": 0}
    for seed in range(300):
        for name, pos in (("quiet", quiet), ("bankable", bankable)):
            bot = make_bot("novice", 0, random.Random(seed))
            action = bot.choose(observe(pos, 0))
            if action_error(pos, action) is not None:
                made[name] += 1
                assert bot.faults_made == 1  # counted as its deliberate fault
    # the wrong build is one kind of slip (issue 25), so it comes about as often with
    # or without a card to bank, at the Novice's rate and never as a plan
    assert 0 < made["quiet"] < 0.2 * 300 and 0 < made["bankable"] < 0.2 * 300


@pytest.mark.parametrize("level", ["expert", "master"])
def test_s24_002_order_4_the_searching_bots_bank_when_the_search_runs_out_early(level):
    # Crapette, deal 60 of seed 1: eight empty Banks take any Ace, so the orders of
    # the Aces fill the search's count of positions before any plan ends; what is
    # left is the turn of a card, a fault of the duty to bank (§24) that the
    # adversary Stops. A bot that searches banks first when its search ran out.
    from russian_bank.sim import LOOK, new_match

    match, bots, _ = new_match("expert", level, 60, 0, 1, rules=game_type("crapette"))
    bots[1].cap = 700  # the Expert's count for both, so that both meet the wall
    while not match.over and len(match.game.actions) < 1500:
        match.advance(LOOK)
    assert match.over and len(match.game.actions) > 100
    assert _faults_opened(match.game) == []
