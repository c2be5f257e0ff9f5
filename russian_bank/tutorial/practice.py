"""Lesson 7: calling Stop yourself, live, on an injected clock.

The computer (seat B, driven by the match runner, ``russian_bank.match``) plays
innings; now and then it commits a fault on purpose, of the kinds a person
makes, more or less often as the player's Mistakes setting says (``ai/faults.py``,
its drill rates). The learner (seat A, the adversary)
presses Stop. While a fault is open the computer waits for ``window`` seconds,
the time shown on screen; a Stop within it is caught (its reaction time is
kept), none is a miss, and a Stop when the engine refuses it is a false Stop,
explained in the engine's words. ``now`` is passed in by the caller: real
seconds at the table, a virtual clock in the tests.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field

from ..ai.faults import DRILL
from ..engine import (
    COMMITTEE,
    Action,
    Game,
    Observation,
    Stop,
    TurnStock,
    deal_position,
    stop_reason,
)
from ..game.advice import Advice
from ..game.events import GameOver, InningsEnded
from ..i18n import _, ngettext
from ..match import Match
from .coach import explain_missed, explain_stop

LEARNER, COMPUTER = 0, 1
PASS_SHARE = 0.6  # of the faults shown, caught (less the false Stops), to pass


@dataclass
class PracticeReport:
    caught: int = 0
    missed: int = 0
    false_stops: int = 0
    reactions: list[float] = field(default_factory=list)  # seconds, one per catch

    def passed(self, target: int) -> bool:
        """The practice is passed when the catches, less one for every false Stop,
        reach three in five of the faults shown: pressing Stop at random does not
        pass it."""
        return self.caught - self.false_stops >= math.ceil(PASS_SHARE * target)

    def verdict(self, target: int) -> str:
        if self.passed(target):
            return _("Passed: you caught the faults without Stopping at random.")
        need = math.ceil(PASS_SHARE * target)
        text = ngettext(
            "Not passed yet: each false Stop takes one catch away, and {need} is"
            " needed (you have {have}). Press Stop only when a card that could go on the"
            " Banks went elsewhere.",
            "Not passed yet: each false Stop takes one catch away, and {need} are"
            " needed (you have {have}). Press Stop only when a card that could go on the"
            " Banks went elsewhere.",
            need,
        )
        return text.format(need=need, have=self.caught - self.false_stops)

    @property
    def median(self) -> float | None:
        return statistics.median(self.reactions) if self.reactions else None

    def lines(self) -> list[str]:
        med = self.median
        return [
            _("Faults caught: {n}").format(n=self.caught),
            _("Faults missed: {n}").format(n=self.missed),
            _("False Stops: {n}").format(n=self.false_stops),
            _("Median reaction time: none")
            if med is None
            else _("Median reaction time: {seconds} s").format(seconds=f"{med:.2f}"),
        ]


class FaultyComputer:
    """The computer Player of the practice, a bot for the match runner: the Club
    bot at the player's Mistakes setting (``ai/faults.py``), slipping as often as
    the drill's rate for that setting while the practice wants faults."""

    def __init__(self, rng: random.Random, fault_rate: float, willing: Callable[[], bool]) -> None:
        from ..ai import make_bot

        self.fault_rate = fault_rate
        self.willing = willing  # False once the practice has shown enough faults
        self.bot = make_bot("club", COMPUTER, rng)

    def choose(self, obs: Observation) -> Action:
        self.bot.fault_rate = self.fault_rate if self.willing() else 0.0
        action: Action = self.bot.choose(obs)
        return action

    def react(self, obs: Observation, now: float) -> Action | None:
        return None  # the learner is the adversary

    def accepts_draw(self, obs: Observation) -> bool:
        return False


class StopPractice:
    def __init__(
        self,
        rng: random.Random,
        faults: int = 5,
        window: float = 4.0,
        pace: float = 1.0,
        mistakes: str = "normal",
        max_actions: int = 200,
    ) -> None:
        self.rng = rng
        self.target = faults
        self.window = window
        self.pace = pace
        self.mistakes = mistakes if mistakes in DRILL else "normal"
        self.fault_rate = DRILL[self.mistakes]
        self.max_actions = max_actions
        self.report = PracticeReport()
        self.faults_shown = 0
        self.actions = 0
        self.fault_at: float | None = None  # when the open fault was committed
        self.advice: Advice[Action] | None = None  # the last explanation for the learner
        self.next_at = 0.0  # the next innings starts then
        self._last = 0.0  # the time of the last update
        self.match = self._deal()

    @property
    def game(self) -> Game:
        return self.match.game

    @classmethod
    def from_options(
        cls, options: object, rng: random.Random | None = None, mistakes: str = "normal"
    ) -> StopPractice:
        """A practice set up by a lesson's ``practice`` object (faults, window, pace,
        seed), the computer slipping as the player's Mistakes setting says; unknown
        or missing values take the defaults."""
        opts = options if isinstance(options, dict) else {}
        if rng is None:
            rng = random.Random(int(opts.get("seed", 7)))
        return cls(
            rng,
            faults=int(opts.get("faults", 5)),
            window=float(opts.get("window", 4.0)),
            pace=float(opts.get("pace", 1.0)),
            mistakes=mistakes,
        )

    # -- the clock ------------------------------------------------------------

    @property
    def finished(self) -> bool:
        if self.fault_at is not None:
            return False
        return self.faults_shown >= self.target or self.actions >= self.max_actions

    def time_left(self, now: float) -> float | None:
        """Seconds left to call Stop on the open fault (None if none is open)."""
        if self.fault_at is None:
            return None
        return max(0.0, self.fault_at + self.window - now)

    def update(self, now: float, hold: bool = False) -> list[Action]:
        """Let the match runner move the computer up to ``now``; returns what it
        played. ``hold`` keeps it still (the table holds it while cards fly)."""
        dt, self._last = max(0.0, now - self._last), now
        if self.finished:
            return []
        if self.fault_at is not None:
            if now < self.fault_at + self.window:
                return []  # the computer waits: the learner's chance to Stop
            self.report.missed += 1
            self.advice = explain_missed(self.game.position)
            self._new_round(now)
            return []
        if now < self.next_at:
            return []
        played: list[Action] = []
        for step in self.match.advance(dt, hold):
            played.append(step.action)
            self.actions += 1
            if self._catchable():
                self.fault_at = now
                self.faults_shown += 1
                break
            if any(isinstance(e, InningsEnded | GameOver) for e in step.events):
                self._new_round(now)
                break
        return played

    def press_stop(self, now: float) -> Advice[Action]:
        """The learner presses Stop (S or the button)."""
        pos = self.game.position
        reason = stop_reason(pos, LEARNER)
        if reason is not None:
            self.report.false_stops += 1
            self.advice = Advice(reason + ".")
            return self.advice
        assert self.fault_at is not None
        self.report.caught += 1
        self.report.reactions.append(now - self.fault_at)
        before = pos.clone()
        self.match.act(Stop(LEARNER), LEARNER)
        self.advice = explain_stop(before, LEARNER)
        self._new_round(now)
        return self.advice

    # -- inside ----------------------------------------------------------------

    def _catchable(self) -> bool:
        """A fault is open and the learner may Stop it now (not while the computer
        holds another card that could go on the Banks, §69)."""
        pos = self.game.position
        return pos.fault is not None and stop_reason(pos, LEARNER) is None

    def _deal(self) -> Match[Game]:
        pos = deal_position(COMMITTEE, random.Random(self.rng.randrange(2**31)))
        pos.player = COMPUTER
        game = Game(pos)
        game.apply(TurnStock())  # the computer's innings begins (§9)
        computer = FaultyComputer(
            random.Random(self.rng.randrange(2**31)),
            self.fault_rate,
            lambda: self.faults_shown < self.target,
        )
        return Match(game, {COMPUTER: computer}, action_time=self.pace)

    def _new_round(self, now: float) -> None:
        self.fault_at = None
        self.match = self._deal()
        self.next_at = now + 2 * self.pace  # a breath before the next innings
