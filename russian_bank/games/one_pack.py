"""The one-pack game of 003 (``onepack/``) behind the declared interface
(``game/protocol.py``), with its own computer players, review and hints."""

from __future__ import annotations

import random

from .. import onepack
from ..game.advice import Advice
from ..game.protocol import GameType
from ..onepack import bots as onepack_bots
from ..onepack import position as onepack_position
from ..onepack.hints import hint as onepack_hint
from ..onepack.review import review_plans as one_pack_review_plans
from ..onepack.ruleset import score_lines as one_pack_score_lines
from ..onepack.table_view import OnePackView
from .named import Named


class OnePack(Named):
    """The one-pack game of 003 (``onepack/``)."""

    rules = onepack.RULES
    stop_rules = None  # 003: "There is no calling stops for oversights"
    levels = onepack_bots.LEVELS
    family = "one-pack"  # rated apart from the two-pack games (net/ratings.py)
    table_view = OnePackView()
    observation_type = onepack.Observation

    def deal(self, rng: random.Random) -> onepack.Position:
        return onepack.deal_position(self.rules, rng)

    def start(self, seed: int | None, deal: str | None) -> onepack.Position:
        """The first position of a record: its deal card by card, else its seed."""
        if deal is None:
            return self.deal(random.Random(seed))
        return onepack_position.lay_out_deal(self.rules, onepack_position.read_deal(deal))

    # the rules' own functions, under the interface's names
    legal_actions = staticmethod(onepack.legal_actions)
    reason = staticmethod(onepack.action_reason)
    apply = staticmethod(onepack.apply)
    observe = staticmethod(onepack.observe)
    parse_action = staticmethod(onepack.parse_action)
    position_from_text = staticmethod(onepack.Position.from_text)
    new_game = staticmethod(onepack.OnePackGame.new)
    game_from_record = staticmethod(onepack.OnePackGame.from_record)
    score_lines = staticmethod(one_pack_score_lines)
    review_plans = staticmethod(one_pack_review_plans)
    make_bot = staticmethod(onepack_bots.make_bot)

    def caller(self, action: onepack.Action) -> None:
        """003 has no Stops, no abandoning: every action is the Player's."""
        return None

    def stand_in(self, obs: onepack.Observation) -> onepack.OnePackGame:
        return onepack.OnePackGame(onepack.working_position(obs))

    def bot_rng(self, match_seed: int, game: int, seat: int, deal_seed: int) -> random.Random:
        """A simulated bot's stream, as the one-pack figures in docs/strength.md were
        made (from the deal's seed, a stream the bot never sees the deal through)."""
        return random.Random(deal_seed * 2 + seat)

    def hint(
        self, pos: onepack.Position, seat: int, seed: int = 0
    ) -> Advice[onepack.Action] | None:
        return onepack_hint(pos, seat, seed)


def _typed() -> GameType[onepack.Position, onepack.Action, onepack.Observation]:
    """mypy checks here that the one-pack game keeps the declared interface."""
    return OnePack()
