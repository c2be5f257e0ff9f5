"""A game record: the seed of the deal and the actions, as JSON; it replays."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from .actions import Action, parse_action
from .position import Position, deal_position
from .rules import apply


@dataclass
class GameRecord:
    seed: int
    actions: list[str] = field(default_factory=list)

    def add(self, action: Action) -> None:
        self.actions.append(action.text())

    def replay(self) -> Position:
        """The position after the recorded actions (each checked for legality)."""
        pos = deal_position(random.Random(self.seed))
        for text in self.actions:
            apply(pos, parse_action(text))
        return pos

    def to_json(self) -> str:
        return json.dumps({"game": "one-pack", "seed": self.seed, "actions": self.actions})

    @staticmethod
    def from_json(text: str) -> GameRecord:
        data = json.loads(text)
        if data.get("game") != "one-pack":
            raise ValueError("not a one-pack game record")
        return GameRecord(int(data["seed"]), [str(a) for a in data["actions"]])
