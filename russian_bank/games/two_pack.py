"""The two-pack games (``engine/``) behind the declared interface
(``game/protocol.py``): one game type for each rule set and its options, with the
computer players of ``ai/`` and the hints of ``tutorial/``. It lives above those
packages (they import the engine), so the engine itself need not know its bots."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .. import ai, engine
from ..ai.determinize import working_position
from ..engine.deal import lay_out_deal, read_deal
from ..engine.position import Position
from ..engine.queries import score_lines
from ..engine.rules import RuleSet
from ..engine.table_view import TwoPackView
from ..game.advice import Advice
from ..game.outcome import Outcome
from ..game.protocol import GameType
from ..match import bot_rng
from .named import Named


class TwoPackStops:
    """The Stop of the two-pack games (000 §24, §64-69): the engine's referee."""

    stop_reason = staticmethod(engine.stop_reason)


@dataclass(frozen=True)
class TwoPack(Named):
    """A two-pack game (``engine/``) under one rule set (a spec with its options)."""

    rules: RuleSet
    stop_rules = TwoPackStops()
    levels = ai.LEVELS
    family = "two-pack"  # every rule set of two packs: one rating (net/ratings.py)
    observation_type = engine.Observation

    @property
    def table_view(self) -> TwoPackView:
        return TwoPackView(self.rules)

    def deal(self, rng: random.Random) -> Position:
        return engine.deal_position(self.rules, rng)

    def start(self, seed: int | None, deal: str | None) -> Position:
        """The first position of a record: its deal card by card, else its seed."""
        if deal is None:
            return self.deal(random.Random(seed))
        return lay_out_deal(self.rules, read_deal(deal))

    # the rules' own functions, under the interface's names
    legal_actions = staticmethod(engine.legal_actions)
    reason = staticmethod(engine.action_reason)
    apply = staticmethod(engine.apply)
    observe = staticmethod(engine.observe)
    parse_action = staticmethod(engine.parse_action)
    game_from_record = staticmethod(engine.Game.from_record)
    make_bot = staticmethod(ai.make_bot)

    def position_from_text(self, text: str) -> Position:
        pos = Position.from_text(text)
        if pos.rules.spec != self.rules.spec:
            raise ValueError(f"a {pos.rules.spec} position, not {self.rules.spec}")
        return pos

    def new_game(self, seed: int | None = None) -> engine.Game:
        return engine.Game.new(seed, self.rules)

    def caller(self, action: engine.Action) -> int | None:
        if isinstance(action, engine.Stop | engine.Compel | engine.Stand | engine.Abandon):
            return action.seat
        return None

    def stand_in(self, obs: engine.Observation) -> engine.Game:
        return engine.Game(working_position(obs))

    def score_lines(self, outcome: Outcome, loser: str) -> list[str]:
        return score_lines(self.rules, outcome, loser)

    def bot_rng(self, match_seed: int, game: int, seat: int, deal_seed: int) -> random.Random:
        """A simulated bot's stream: its own stream, nothing to do with the deal."""
        return bot_rng(match_seed, game, seat)

    def review_plans(
        self,
        start: Position,
        actions: Sequence[engine.Action],
        threshold: float,
        progress: Callable[[float], None],
        cancelled: Callable[[], bool],
    ) -> None:
        """Reviewed by history/review.py itself (Stops, faults, the innings search)."""
        return None

    def hint(self, pos: Position, seat: int, seed: int = 0) -> Advice[engine.Action] | None:
        from ..tutorial.coach import hint  # (the coach: imported when first asked)

        return hint(pos, seat, seed)


def _typed(rules: RuleSet) -> GameType[Position, engine.Action, engine.Observation]:
    """mypy checks here that the two-pack games keep the declared interface."""
    return TwoPack(rules)
