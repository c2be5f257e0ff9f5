"""The registry: every game by name, behind the declared interface (``protocol.py``).

``game_type("committee")``, ``game_type("french+one-side")``, ``game_type("crapette")``,
..., ``game_type("one-pack")``: the menu, ``--rules``, the simulator, the benchmark,
the history, the statistics and import all take a game by this one name (the
``rules:`` line of its record).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from .. import ai, engine, onepack
from ..engine.deal import lay_out_deal, read_deal
from ..engine.events import CardsMoved
from ..engine.places import FROM, TO, YOUR, place_words
from ..engine.position import Outcome, Position
from ..engine.queries import score_lines
from ..engine.rules import RuleSet, Words
from ..engine.rulesets import RULE_SETS, every_spec, rule_set
from ..engine.table_view import TwoPackView
from ..i18n import _
from ..match import bot_rng
from ..onepack import bots as onepack_bots
from ..onepack import position as onepack_position
from ..onepack.review import review_plans as one_pack_review_plans
from ..onepack.ruleset import OnePackRules
from ..onepack.ruleset import score_lines as one_pack_score_lines
from ..onepack.table_view import OnePackView
from .protocol import GameType

ONE_PACK = onepack.NAME


class _Named:
    """What every game reads from its rule set value, asked anew each time (the
    title in the language in force)."""

    rules: RuleSet | OnePackRules

    @property
    def name(self) -> str:
        return self.rules.spec

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def words(self) -> Words:
        return self.rules.words

    @property
    def game_points(self) -> int:
        return self.rules.game_points


@dataclass(frozen=True)
class TwoPack(_Named):
    """A two-pack game (``engine/``) under one rule set (a spec with its options)."""

    rules: RuleSet
    has_stops = True
    levels = ai.LEVELS

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

    def hint(self, pos: Position, seat: int, seed: int = 0) -> Any:
        from ..tutorial import hint

        return hint(pos, seat, seed)


class OnePack(_Named):
    """The one-pack game of 003 (``onepack/``)."""

    rules = onepack.RULES
    has_stops = rules.has_stops
    levels = onepack_bots.LEVELS
    table_view = OnePackView()

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

    def bot_rng(self, match_seed: int, game: int, seat: int, deal_seed: int) -> random.Random:
        """A simulated bot's stream, as the one-pack figures in docs/strength.md were
        made (from the deal's seed, a stream the bot never sees the deal through)."""
        return random.Random(deal_seed * 2 + seat)

    def hint(self, pos: onepack.Position, seat: int, seed: int = 0) -> Any:
        """The Expert's choice for ``seat``, in words, with its places to glow."""
        from ..tutorial import Advice

        if pos.player != seat or pos.phase != "play":
            return None
        action = onepack_bots.make_bot("expert", seat, random.Random(seed)).choose(
            onepack.observe(pos, seat)
        )
        if action is None or onepack.action_reason(pos, action) is not None:
            return None
        view = self.table_view
        probe = pos.clone()
        moved = [
            e for e in view.events(onepack.apply(probe, action, False)) if isinstance(e, CardsMoved)
        ]
        if not moved:
            return None
        ev = moved[-1]
        w = self.words
        cards = " ".join(c.label for c in ev.cards)
        if ev.why == "turn":
            text = _("Turn the top card {from_place}.")
            text = text.format(from_place=place_words(ev.src, seat, w, YOUR, FROM))
        elif ev.why == "discard":
            text = _("Nothing more fits: put {cards} on {place} to end your turn.")
            text = text.format(cards=cards, place=place_words(ev.dst, seat, w, YOUR))
        else:
            pile = view.piles(pos)[ev.dst].cards
            src = place_words(ev.src, seat, w, YOUR, FROM)
            dst = place_words(ev.dst, seat, w, YOUR, TO)
            if pile:
                text = _("Play {cards} {from_place} {to_place} (onto {card}).")
                text = text.format(cards=cards, from_place=src, to_place=dst, card=pile[-1].label)
            else:
                text = _("Play {cards} {from_place} {to_place}.")
                text = text.format(cards=cards, from_place=src, to_place=dst)
        chosen: Any = action  # (Advice names the two-pack's actions; any game's fits)
        return Advice(text, (ev.src, ev.dst), chosen)


@cache
def game_type(name: str) -> GameType:
    """The game named ``name`` (ValueError naming the known games if there is none)."""
    if name.strip() == ONE_PACK:
        return OnePack()
    try:
        return TwoPack(rule_set(name))
    except ValueError as e:
        raise ValueError(f"{e}, {ONE_PACK}") from None


def names() -> list[str]:
    """The base name of every game (options are written ``name+flag``)."""
    return [*RULE_SETS, ONE_PACK]


def every_name() -> list[str]:
    """Every game, and each rule set option on its own (for the tests)."""
    return [*every_spec(), ONE_PACK]


__all__ = ["ONE_PACK", "OnePack", "TwoPack", "every_name", "game_type", "names"]
