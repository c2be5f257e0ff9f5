"""A one-pack game in progress: the position, the seed and the record.

The same face as the two-pack ``engine.Game`` towards the match runner
(``russian_bank.match``): ``legal_actions``, ``reason``, ``apply``, ``observe``,
``phase``, ``player``, ``over`` and ``record_text``. 003 has no Stops, so
``stops`` is False and the runner never waits for a Stop, a Stand or a Compel.
"""

from __future__ import annotations

import random

from ..engine.errors import quoted
from ..engine.game import RECORD_HEADER
from .actions import Action, parse_action
from .observation import Observation, observe
from .position import Outcome, Position, deal_position
from .record import GameRecord
from .rules import Event, apply, legal_actions, why_not

NAME = "one-pack"
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
        """The record in the two-pack game's text form (docs/formats.md), with
        ``rules: one-pack``: the history keeps both games alike."""
        lines = [RECORD_HEADER, f"rules: {NAME}", f"seed: {self.seed}"]
        lines += [f"{i}. {a}" for i, a in enumerate(self.record.actions, 1)]
        if self.outcome is not None:
            lines.append(f"result: {self.outcome.text()}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_record(cls, text: str) -> OnePackGame:
        """Replay a record, the text form (``record_text``) or the JSON one
        (``GameRecord.to_json``); ValueError if it cannot be read or an action
        is against the rules."""
        rec = GameRecord.from_json(text) if text.lstrip().startswith("{") else _read(text)
        game = cls(rec.seed)
        for i, act in enumerate(rec.actions, 1):
            try:
                game.apply(act)
            except ValueError as e:
                raise ValueError(f"record action {i} '{act}': {e}") from None
        return game


def _read(text: str) -> GameRecord:
    seed: int | None = None
    actions: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or line == RECORD_HEADER:
            continue
        key, _, value = line.partition(":")
        if key == "rules":
            if value.strip() != NAME:
                raise ValueError(f"not a one-pack record (rules: {value.strip()})")
        elif key == "seed":
            seed = int(value)
        elif key != "result":
            number, _, act = line.partition(". ")
            if number != str(len(actions) + 1):
                raise ValueError(f"record line {len(actions) + 1} expected: {quoted(raw)}")
            actions.append(act)
    if seed is None:
        raise ValueError("the record has no seed")
    return GameRecord(seed, actions)
