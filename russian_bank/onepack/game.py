"""A one-pack game in progress: the position, the seed, the actions and undo.

The same session as the two-pack ``engine.Game`` (``game/session.py``, the
``russian_bank.game.GameSession`` face): ``legal_actions``, ``reason``, ``apply``,
``observe``, ``phase``, ``player``, ``over``, ``undo``, ``record_text`` and
``from_record``, with the one record format (``game/record.py``). 003 has no Stops,
so ``stops`` is False and the match runner never waits for a Stop, a Stand or a Compel.
"""

from __future__ import annotations

from ..game.record import read_record
from ..game.session import Session
from ..i18n import N_
from .actions import Action, Turn, parse_action
from .observation import observe
from .position import Position, deal_text, lay_out_deal, read_deal, shuffle
from .rules import action_reason, apply, legal_actions
from .ruleset import RULES, OnePackRules

NAME = RULES.name


class OnePackGame(Session[Position, Action]):
    """One game of 003: ``apply`` actions, read ``position``, ``undo`` the last ones."""

    stops = False  # 003: "There is no calling stops for oversights"
    turned_stays = N_("A card once turned from the Hand stays turned: Undo cannot take it back")
    legal = legal_actions
    why_not = action_reason
    carry_out = apply
    see = observe
    parse = parse_action
    shuffle = shuffle
    lay_out = lay_out_deal
    deal_text = deal_text
    read_deal = read_deal
    turns = (Turn,)  # a card turned from the Hand stays turned

    @classmethod
    def new(cls, seed: int | None = None, rules: OnePackRules = RULES) -> OnePackGame:
        return cls.dealt(seed, rules)

    def raised(self) -> bool:
        """A turned card waits in the Player's hand (he plays it sooner)."""
        return self.position.held is not None

    @classmethod
    def from_record(cls, text: str) -> OnePackGame:
        """Replay a record (``record_text``); ValueError if it cannot be read or an
        action is against the rules."""
        name, seed, deal, texts = read_record(text, default_rules=NAME)
        if name != NAME:
            raise ValueError(f"not a one-pack record (rules: {name})")
        game = cls.started(RULES, seed, deal)
        for i, act in enumerate(texts, 1):
            try:
                game.apply(act)
            except ValueError as e:
                raise ValueError(f"record action {i} '{act}': {e}") from None
        return game
