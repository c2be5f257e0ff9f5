"""A one-pack game in progress: the position, the seed, the actions and undo.

The same face as the two-pack ``engine.Game`` (``russian_bank.game.GameSession``):
``legal_actions``, ``reason``, ``apply``, ``observe``, ``phase``, ``player``,
``over``, ``undo``, ``record_text`` and ``from_record``, with the one record format
(``engine/record.py``). 003 has no Stops, so ``stops`` is False and the match runner
never waits for a Stop, a Stand or a Compel.
"""

from __future__ import annotations

import random

from ..engine.events import Event
from ..engine.position import OVER, Outcome
from ..engine.record import read_record, record_text
from .actions import Action, Turn, parse_action
from .observation import Observation, observe
from .position import Position, deal_position
from .rules import action_reason, apply, legal_actions
from .ruleset import RULES, OnePackRules

NAME = RULES.name


class OnePackGame:
    """One game of 003: ``apply`` actions, read ``position``, ``undo`` the last ones."""

    stops = False  # 003: "There is no calling stops for oversights"

    def __init__(self, position: Position, seed: int | None = None) -> None:
        self.position = position
        self.seed = seed
        self.actions: list[Action] = []
        self._history: list[Position] = []
        self._fixed = 0  # actions before this index can no longer be taken back

    @classmethod
    def new(cls, seed: int | None = None, rules: OnePackRules = RULES) -> OnePackGame:
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        return cls(deal_position(rules, random.Random(seed)), seed)

    @property
    def over(self) -> bool:
        return self.position.phase == OVER

    @property
    def outcome(self) -> Outcome | None:
        return self.position.outcome

    @property
    def phase(self) -> str:
        return self.position.phase

    @property
    def player(self) -> int:
        return self.position.player

    def raised(self) -> bool:
        """A turned card waits in the Player's hand (he plays it sooner)."""
        return self.position.held is not None

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.position)

    def reason(self, action: Action) -> str | None:
        return action_reason(self.position, action)

    def apply(self, action: Action | str, check: bool = True) -> list[Event]:
        """Carry out ``action`` (ValueError with the reason if the rules refuse it);
        ``check=False`` only for an action the rules have just judged legal."""
        if isinstance(action, str):
            action = parse_action(action)
        before = self.position.clone()
        events = apply(self.position, action, check)
        self._history.append(before)
        self.actions.append(action)
        if isinstance(action, Turn):
            self._fixed = len(self.actions)  # a card turned from the Hand stays turned
        return events

    def observe(self, seat: int) -> Observation:
        return observe(self.position, seat)

    def position_before(self, i: int) -> Position:
        """A copy of the position just before action ``i``."""
        return self._history[i].clone()

    def undo_reason(self, steps: int = 1) -> str | None:
        """None if the last ``steps`` actions may be taken back, else why not."""
        if steps > len(self._history):
            return "Nothing to undo"
        if len(self.actions) - steps < self._fixed:
            return "A card once turned from the Hand stays turned: Undo cannot take it back"
        return None

    def undo(self) -> Action | None:
        """Take back the last action; returns it (None if it may not be taken back)."""
        if self.undo_reason() is not None:
            return None
        self.position = self._history.pop()
        return self.actions.pop()

    def record_text(self) -> str:
        return record_text(NAME, self.seed, self.actions, self.outcome)

    @classmethod
    def from_record(cls, text: str) -> OnePackGame:
        """Replay a record (``record_text``); ValueError if it cannot be read or an
        action is against the rules."""
        name, seed, texts = read_record(text, default_rules=NAME)
        if name != NAME:
            raise ValueError(f"not a one-pack record (rules: {name})")
        game = cls.new(seed)
        for i, act in enumerate(texts, 1):
            try:
                game.apply(act)
            except ValueError as e:
                raise ValueError(f"record action {i} '{act}': {e}") from None
        return game
