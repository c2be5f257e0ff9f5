"""One-pack Russian Bank (source 003): a second game beside the two-pack engine.

Pure Python. The same protocols as the two-pack engine: a position with a text
form, ``legal_actions`` in a stable order, ``apply`` returning events, ``clone``,
``observe`` (face-down cards hidden), a game record and a seeded deal. The
readings of 003 are in docs/one-pack.md.
"""

from .actions import Action, Lift, Move, Turn, parse_action
from .game import NAME, OnePackGame
from .observation import Observation, observe, try_move
from .position import Outcome, Position, cut, deal_position
from .record import GameRecord
from .rules import Event, apply, legal_actions, why_not

__all__ = [
    "NAME",
    "Action",
    "Event",
    "GameRecord",
    "Lift",
    "Move",
    "Observation",
    "OnePackGame",
    "Outcome",
    "Position",
    "Turn",
    "apply",
    "cut",
    "deal_position",
    "legal_actions",
    "observe",
    "parse_action",
    "try_move",
    "why_not",
]
