"""One-pack Russian Bank (source 003): a second game beside the two-pack engine.

Pure Python, behind the same game interface as the two-pack engine
(``russian_bank.game``) and under the same names: ``deal_position(rules, rng)``, a
position with ``phase`` and a text form, ``legal_actions`` in a stable order,
``action_reason``, ``apply`` returning the shared events, ``clone``, ``observe``
(face-down cards hidden), the one game record and Outcome. The readings of 003 are
in docs/one-pack.md.

Each name is imported from its module when first asked for (issue 42: the table
of a two-pack game starts without the one-pack rules; ``ruleset`` is small).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

if TYPE_CHECKING:
    from .actions import Action, Lift, Move, Turn, parse_action
    from .game import NAME, OnePackGame
    from .observation import Observation, observe, try_move, working_position
    from .position import Position, cut, deal_position
    from .rules import action_reason, apply, legal_actions
    from .ruleset import RULES, OnePackRules

__getattr__ = lazy_names(  # each name's module
    __name__,
    {
        ".actions": ("Action", "Lift", "Move", "Turn", "parse_action"),
        ".game": ("NAME", "OnePackGame"),
        ".observation": ("Observation", "observe", "try_move", "working_position"),
        ".position": ("Position", "cut", "deal_position"),
        ".rules": ("action_reason", "apply", "legal_actions"),
        ".ruleset": ("RULES", "OnePackRules"),
    },
)


__all__ = [
    "NAME",
    "RULES",
    "Action",
    "OnePackRules",
    "Lift",
    "Move",
    "Observation",
    "OnePackGame",
    "Position",
    "Turn",
    "apply",
    "cut",
    "deal_position",
    "legal_actions",
    "observe",
    "parse_action",
    "try_move",
    "working_position",
    "action_reason",
]
