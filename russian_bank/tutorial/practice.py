"""Lesson 7: calling Stop yourself, live, on an injected clock.

The computer (seat B) plays innings; now and then it commits a fault on purpose
(asked of the engine: ``Game.would_fault``). The learner (seat A, the adversary)
presses Stop. While a fault is open the computer waits for ``window`` seconds,
the time shown on screen; a Stop within it is caught (its reaction time is
kept), none is a miss, and a Stop when the engine refuses it is a false Stop,
explained in the engine's words. ``now`` is passed in by the caller: real
seconds at the table, a virtual clock in the tests.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field

from ..ai import Bot
from ..engine import (
    COMMITTEE,
    PLAY,
    Action,
    Game,
    Play,
    Stop,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
    deal_position,
    observe,
    stop_reason,
)
from .coach import Advice, explain_missed, explain_stop

LEARNER, COMPUTER = 0, 1


@dataclass
class PracticeReport:
    caught: int = 0
    missed: int = 0
    false_stops: int = 0
    reactions: list[float] = field(default_factory=list)  # seconds, one per catch

    @property
    def median(self) -> float | None:
        return statistics.median(self.reactions) if self.reactions else None

    def lines(self) -> list[str]:
        med = self.median
        return [
            f"Faults caught: {self.caught}",
            f"Faults missed: {self.missed}",
            f"False Stops: {self.false_stops}",
            "Median reaction time: " + ("none" if med is None else f"{med:.2f} s"),
        ]


class StopPractice:
    def __init__(
        self,
        rng: random.Random,
        faults: int = 5,
        window: float = 4.0,
        pace: float = 1.0,
        fault_rate: float = 0.7,
        max_actions: int = 200,
    ) -> None:
        self.rng = rng
        self.target = faults
        self.window = window
        self.pace = pace
        self.fault_rate = fault_rate
        self.max_actions = max_actions
        self.report = PracticeReport()
        self.faults_shown = 0
        self.actions = 0
        self.fault_at: float | None = None  # when the open fault was committed
        self.advice: Advice | None = None  # the last explanation for the learner
        self.next_at = 0.0
        # how the computer's actions are applied: by default straight to the game;
        # the table passes its own ``act`` so that they are animated
        self.perform: Callable[[Action], object] | None = None
        self.game = self._deal()
        self._bot = self._new_bot()

    @classmethod
    def from_options(cls, options: object, rng: random.Random | None = None) -> StopPractice:
        """A practice set up by a lesson's ``practice`` object (faults, window, pace,
        seed); unknown or missing values take the defaults."""
        opts = options if isinstance(options, dict) else {}
        if rng is None:
            rng = random.Random(int(opts.get("seed", 7)))
        return cls(
            rng,
            faults=int(opts.get("faults", 5)),
            window=float(opts.get("window", 4.0)),
            pace=float(opts.get("pace", 1.0)),
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

    def update(self, now: float) -> list[Action]:
        """Let the computer act if its time has come; returns what it played."""
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
        action = self._choose()
        pos = self.game.position
        had_fault, player = pos.fault is not None, pos.player
        if self.perform is None:
            self.game.apply(action)
        else:
            self.perform(action)  # the table applies it, with its animation
        self.actions += 1
        self.next_at = now + self.pace
        pos = self.game.position
        if pos.fault is not None and not had_fault and pos.player == player:
            self.fault_at = now
            self.faults_shown += 1
        elif self.game.over or pos.player != player:
            self._new_round(now)
        return [action]

    def press_stop(self, now: float) -> Advice:
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
        self.game.apply(Stop(LEARNER))
        self.advice = explain_stop(before, LEARNER)
        self._new_round(now)
        return self.advice

    # -- inside ----------------------------------------------------------------

    def _deal(self) -> Game:
        pos = deal_position(COMMITTEE, random.Random(self.rng.randrange(2**31)))
        pos.player = COMPUTER
        game = Game(pos)
        game.apply(TurnStock())  # the computer's innings begins (§9)
        return game

    def _new_bot(self) -> Bot:
        from ..ai import make_bot

        return make_bot("club", COMPUTER, random.Random(self.rng.randrange(2**31)))

    def _new_round(self, now: float) -> None:
        self.fault_at = None
        self.game = self._deal()
        self._bot = self._new_bot()
        self.next_at = now + 2 * self.pace  # a breath before the next innings

    def _choose(self) -> Action:
        game = self.game
        if game.position.phase == PLAY and self.rng.random() < self.fault_rate:
            faults = [a for a in game.legal_actions() if self._fair_fault(a)]
            if faults:
                return faults[self.rng.randrange(len(faults))]
        action: Action = self._bot.choose(observe(game.position, COMPUTER))
        return action

    def _fair_fault(self, action: Action) -> bool:
        """A fault the learner can see: a play elsewhere than the Banks or a turn;
        never a discard (it ends the innings, and the right to Stop with it, §28)."""
        if not isinstance(action, (Play, TurnHand, TurnOverDiscard)):
            return False
        return self.game.would_fault(action) is not None
