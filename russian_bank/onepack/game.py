"""A one-pack game in progress: the position, the seed and the record.

The same face as the two-pack ``engine.Game`` towards the match runner
(``russian_bank.match``): ``legal_actions``, ``reason``, ``apply``, ``observe``,
``phase``, ``player``, ``over`` and ``record_text``. 003 has no Stops, so
``stops`` is False and the runner never waits for a Stop, a Stand or a Compel.
"""

from __future__ import annotations

import random

from .actions import Action, parse_action
from .observation import Observation, observe
from .position import Outcome, Position, deal_position
from .record import GameRecord
from .rules import Event, apply, legal_actions, why_not

PLAY = "play"
OVER = "over"


class OnePackGame:
    """One game of 003: ``apply`` actions, read ``position``."""

    stops = False  # 003: "There is no calling stops for oversights"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.position: Position = deal_position(random.Random(seed))
        self.record = GameRecord(seed)

    @property
    def over(self) -> bool:
        return self.position.over

    @property
    def outcome(self) -> Outcome | None:
        return self.position.outcome

    @property
    def phase(self) -> str:
        return OVER if self.position.over else PLAY

    @property
    def player(self) -> int:
        return self.position.player

    def raised(self) -> bool:
        """A turned card waits in the Player's hand (he plays it sooner)."""
        return self.position.held is not None

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.position)

    def reason(self, action: Action) -> str | None:
        return why_not(self.position, action)

    def apply(self, action: Action | str) -> list[Event]:
        """Carry out ``action`` (ValueError with the reason if the rules refuse it)."""
        if isinstance(action, str):
            action = parse_action(action)
        events = apply(self.position, action)
        self.record.add(action)
        return events

    def observe(self, seat: int) -> Observation:
        return observe(self.position, seat)

    def record_text(self) -> str:
        return self.record.to_json()

    @classmethod
    def from_record(cls, text: str) -> OnePackGame:
        """Replay a record (``record_text``); ValueError if it cannot be read or
        an action is against the rules."""
        rec = GameRecord.from_json(text)
        game = cls(rec.seed)
        for i, act in enumerate(rec.actions, 1):
            try:
                game.apply(act)
            except ValueError as e:
                raise ValueError(f"record action {i} '{act}': {e}") from None
        return game
