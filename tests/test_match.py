"""The match runner on a virtual clock (russian_bank/match.py)."""

from __future__ import annotations

import itertools
import random

from russian_bank.engine import OVER, PENDING, PLAY, Action, Game, Observation, parse_action
from russian_bank.game.events import FaultOpened
from russian_bank.match import ACTION_TIME, GRACE, LOOK, Match, bot_rng, fresh_rng, stop_spans
from russian_bank.sim import catch_windows, deal_seed, new_match

from .engine.scenario import scenario

BANK_H5 = {0: "AHb 2Hb 3Hb 4Hb 5Hb"}


def full_table(**over: str) -> dict[int, str]:
    t = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}
    for k, v in over.items():
        t[int(k[1:])] = v
    return t


def last_card(held: str = "6Ha") -> Game:
    """A holds his last card; 6♥ fits the Banks (so playing 6♥ elsewhere is a fault)."""
    pos = scenario(
        table=full_table(t2="7Sa"),
        banks=BANK_H5,
        stockA="",
        handA="",
        held=held,
        spare="stockB",
    )
    return Game(pos, 1)


class Scripted:
    """A computer that plays the given actions in order and records when it was asked."""

    def __init__(self, actions: list[str], react: str | None = None) -> None:
        self.actions = [parse_action(a) for a in actions]
        self.asked: list[float] = []
        self.reaction = parse_action(react) if react else None
        self.now = 0.0

    def choose(self, obs: Observation) -> Action:
        return self.actions.pop(0)

    def react(self, obs: Observation, now: float) -> Action | None:
        self.now = now
        if self.reaction is not None and now >= 0.5:
            return self.reaction
        return None

    def accepts_draw(self, obs: Observation) -> bool:
        return True


def test_s68_grace_runs_out_into_stand_for_a_person():
    game = last_card("7Ca")  # a clean last card: still a wait
    match = Match(game)
    match.act(parse_action("play held table1"), 0)
    assert game.position.phase == PENDING and match.to_act() == 1
    match.advance(GRACE - 0.2)
    assert game.position.phase == PENDING and 0.1 < match.grace_left() < 0.3
    steps = match.advance(0.3)
    assert [str(s.action) for s in steps] == ["stand B"] and steps[0].by == "grace"
    assert game.position.phase == OVER and game.outcome.winner == 0


def test_s68_person_stops_a_faulty_last_card_within_the_grace():
    game = last_card()
    match = Match(game)
    match.act(parse_action("play held table2"), 0)
    match.advance(GRACE / 2)
    match.act(parse_action("stop B"), 1)
    assert game.position.phase == PLAY and game.position.player == 1
    assert match.grace_left() is None


def test_s68_computer_adversary_answers_the_wait_through_react():
    game = last_card()
    bot = Scripted([], react="stop B")
    match = Match(game, {1: bot})
    match.act(parse_action("play held table2"), 0)
    steps = match.advance(1.0)
    assert [(str(s.action), s.by) for s in steps] == [("stop B", "bot")]
    assert 0.5 <= steps[0].time <= 0.7 and bot.now == steps[0].time


def test_s24_automatic_referee_stops_for_a_person():
    game = last_card()
    match = Match(game, referee=frozenset({1}))
    match.act(parse_action("play held table2"), 0)
    steps = match.advance(GRACE)
    assert [(str(s.action), s.by) for s in steps] == [("stop B", "referee")]


def test_computer_pace_is_the_same_after_a_fault_as_after_a_clean_action():
    """A computer Player's next action comes after the same pause whether or not
    his last one was a fault (the timing must not give a fault away)."""
    times = {}
    scripts = {
        "fault": ["turn hand", "play stockA bank0"],
        "clean": ["play stockA bank0", "turn stock"],
    }
    for name, script in scripts.items():
        pos = scenario(table=full_table(), banks=BANK_H5, stockA="3Ca | 6Ha", handA="| 2Da 4Ca")
        game = Game(pos, 1)
        bot = Scripted(script)
        match = Match(game, {0: bot}, keep_steps=True)
        for _ in range(40):
            match.advance(0.1)
        opened = any(isinstance(e, FaultOpened) for e in match.steps[0].events)
        assert opened == (name == "fault")
        times[name] = [round(s.time, 3) for s in match.steps]
    assert times["fault"] == times["clean"] == [ACTION_TIME, 2 * ACTION_TIME]


def test_s37_draw_offered_to_a_computer():
    game = Game.new(3)
    match = Match(game, {1: Scripted([])})
    assert match.offer_draw(0) is True
    assert game.over and game.outcome.reason == "agreed"
    assert Match(Game.new(3)).offer_draw(0) is None  # a person answers for himself


def test_bot_rng_does_not_follow_the_deal_seed():
    """The issue's attack: a bot seeded from the deal seed could rebuild the deal.
    The simulator's bots draw from a stream of their own; no deal seed near the
    game's gives the bot's state, and the same deal gets other bots' streams."""
    seed = 7
    match, bots, _ = new_match("novice", "novice", 3, 0, seed)
    d = deal_seed(seed, 3)
    assert match.game.seed == d
    states = {bots[s].rng.getstate() for s in (0, 1)}
    for k in range(-3, 4):
        for cand in (d + k, 2 * d + k, 2 * d + k + 7919):
            assert random.Random(cand).getstate() not in states
    swapped, bots2, _ = new_match("novice", "novice", 3, 1, seed)
    assert swapped.game.position.to_text() == match.game.position.to_text()  # same deal
    assert not states & {bots2[s].rng.getstate() for s in (0, 1)}
    assert bot_rng(seed, 0, 0).getstate() == bot_rng(seed, 0, 0).getstate()
    assert fresh_rng().getstate() != fresh_rng().getstate()


def test_stop_spans_measure_until_the_fault_is_repaired():
    pos = scenario(table=full_table(), banks=BANK_H5, stockA="3Ca | 6Ha", handA="| 2Da 4Ca")
    game = Game(pos, 1)
    match = Match(game, {0: Scripted(["turn hand", "play stockA bank0", "discard"])})
    match.keep_steps = True
    match.advance(3 * ACTION_TIME + 0.05)
    assert [str(s.action) for s in match.steps] == ["turn hand", "play stockA bank0", "discard"]
    assert [round(end - start, 3) for start, end in stop_spans(match.steps, 0)] == [ACTION_TIME]


def test_novice_faults_can_be_caught_at_the_default_pace():
    """Issue 10: at the default pace a person reacting in 1.5 s keeps the right to
    Stop at least 80% of a Novice's faults (a short run; docs/ui.md has the figures)."""
    c = catch_windows("novice", "normal", 2, seed=5, reaction=1.5)
    assert len(c.windows) >= 3
    assert c.share >= 0.8


class NoStops:
    """A one-pack bot that notes whether the runner ever asked it to react."""

    def __init__(self, level: str, seat: int) -> None:
        from russian_bank.onepack.bots import make_bot

        self.bot = make_bot(level, seat, random.Random(seat))
        self.asked: list[str] = []

    def choose(self, obs):  # type: ignore[no-untyped-def]
        self.asked.append("choose")
        return self.bot.choose(obs)

    def react(self, obs, now):  # type: ignore[no-untyped-def]
        self.asked.append("react")
        return None

    def accepts_draw(self, obs) -> bool:  # type: ignore[no-untyped-def]
        self.asked.append("draw")
        return True


def test_the_runner_plays_a_game_without_stops_the_one_pack_game() -> None:
    from russian_bank.onepack.game import OnePackGame

    game = OnePackGame.new(7)
    bots = {s: NoStops("club", s) for s in (0, 1)}
    match = Match(game, bots, keep_steps=True)
    # a draw offered is answered (issue 41: the Committee's §37 read into 003)
    offered = Match(OnePackGame.new(7), {1: NoStops("club", 1)})
    assert offered.offer_draw(0) is True and offered.over
    while not match.over and match.clock < 5000:
        match.advance(1.0)
    assert game.over and match.to_act() is None
    assert {s.by for s in match.steps} == {"bot"}
    # only the Player is ever asked: no Stop, no grace, no referee in 003
    assert all(a == "choose" for b in bots.values() for a in b.asked)
    assert OnePackGame.from_record(game.record_text()).position == game.position
    # the computer's pace holds for this game too: one action per ACTION_TIME
    first = match.steps[0]
    assert abs(first.time - ACTION_TIME) < 0.11


# -- the worker: a computer thinks off the table's thread (issue 19, item 8) ------------


class Slow:
    """A real bot whose every decision also takes ``delay`` seconds of wall time."""

    def __init__(self, bot, delay: float) -> None:
        import threading

        self.bot, self.delay = bot, delay
        self.threads: set[str] = set()
        self._threading = threading

    def choose(self, obs: Observation) -> Action:
        import time

        self.threads.add(self._threading.current_thread().name)
        time.sleep(self.delay)
        return self.bot.choose(obs)

    def react(self, obs: Observation, now: float) -> Action | None:
        return self.bot.react(obs, now)

    def accepts_draw(self, obs: Observation) -> bool:
        return self.bot.accepts_draw(obs)


def _two_clubs(worker: bool, delay: float = 0.0) -> tuple[Match, list[Slow]]:
    from russian_bank.ai import make_bot
    from russian_bank.engine import deal_position

    game = Game(deal_position(rng=random.Random(5)), 5)
    bots = [Slow(make_bot("club", s, random.Random(10 + s)), delay) for s in (0, 1)]
    return Match(game, {0: bots[0], 1: bots[1]}, worker=worker, keep_steps=True), bots


def test_worker_thinks_while_the_frames_run_and_keeps_the_pace():
    import threading
    import time

    match, bots = _two_clubs(worker=True, delay=0.3)
    longest = 0.0
    frames = 0
    while len(match.steps) < 3 and frames < 2000:
        t0 = time.perf_counter()
        match.advance(1 / 60)
        longest = max(longest, time.perf_counter() - t0)
        frames += 1
        time.sleep(1 / 60)  # the virtual clock keeps up with the real one, as at the table
    assert len(match.steps) == 3
    # a 0.3 s decision never stops a frame, and never ran on this thread
    assert longest < 0.1, longest
    assert threading.current_thread().name not in bots[0].threads | bots[1].threads
    # the thought ran during the 1.6 s pause: each action comes at the usual pace
    times = [0.0] + [s.time for s in match.steps]
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert all(abs(g - ACTION_TIME) < 0.05 for g in gaps), gaps


def test_worker_plays_the_same_game_as_inline():
    inline, _ = _two_clubs(worker=False)
    inline.advance(12 * ACTION_TIME)
    threaded, _ = _two_clubs(worker=True)
    import time

    while len(threaded.steps) < len(inline.steps):
        threaded.advance(LOOK)
        time.sleep(0.002)
    assert [str(s.action) for s in threaded.steps] == [str(s.action) for s in inline.steps]


def test_worker_thought_made_stale_is_thrown_away_and_asked_again():
    """The game changes under a thought (here: the table took actions back): the old
    answer is never played, the computer is asked again on the new observation."""
    import time

    from russian_bank.engine import Compel, Stand, Stop

    match, _ = _two_clubs(worker=True)
    seat = match.game.player
    mine = [a for a in match.game.legal_actions() if not isinstance(a, Stop | Compel | Stand)]
    first, second = mine[0], mine[1]
    asked: list[Action] = []

    class Two(Scripted):
        def choose(self, obs: Observation) -> Action:
            time.sleep(0.05)
            asked.append(first if not asked else second)
            return asked[-1]

    match.bots = {seat: Two([])}
    match.advance(LOOK)
    assert match.thinking()
    match.undone()  # the table took an action back: the thought is stale
    assert not match.thinking()
    while not match.steps:
        match.advance(LOOK)
        time.sleep(0.01)
    assert asked == [first, second]
    assert match.steps[0].action == second
