"""One-pack Russian Bank (source 003): a second game beside the two-pack engine.

Pure Python, behind the same game interface as the two-pack engine
(``russian_bank.game``) and under the same names: ``deal_position(rules, rng)``, a
position with ``phase`` and a text form, ``legal_actions`` in a stable order,
``action_reason``, ``apply`` returning the shared events, ``clone``, ``observe``
(face-down cards hidden), the one game record and Outcome. The readings of 003 are
in docs/one-pack.md.
"""

from .actions import Action, Lift, Move, Turn, parse_action
from .game import NAME, OnePackGame
from .observation import Observation, observe, try_move, working_position
from .position import Position, cut, deal_position
from .rules import action_reason, apply, legal_actions
from .ruleset import RULES, OnePackRules

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
