"""The rule engine: pure Python, standard library only (no pygame).

Start with :class:`Game` (``Game.new(seed)``, ``apply``, ``legal_actions``,
``undo``, ``record_text``) or work on a bare :class:`Position` with
:func:`legal_actions` and :func:`apply` (cheap ``clone`` for search).
"""

from ..game.cards import CARDS, Card
from ..game.events import Event
from ..game.places import BANKS, DISCARDS, HANDS, HELD_PLACE, STOCKS, TABLES, Place, place_words
from .actions import (
    Abandon,
    Action,
    AgreeDraw,
    Back,
    Compel,
    DiscardHeld,
    EndInnings,
    Play,
    Raise,
    Stand,
    Stop,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
    parse_action,
)
from .game import Game, bank_for, find_play
from .laws import (
    IllegalAction,
    action_reason,
    apply,
    compel_offered,
    compel_reason,
    deal_position,
    legal_actions,
    stop_reason,
)
from .observation import Observation, observe
from .position import ARRANGING, OVER, PENDING, PLAY, Outcome, Position
from .rules import COMMITTEE, RuleSet

__all__ = [
    "ARRANGING",
    "BANKS",
    "CARDS",
    "COMMITTEE",
    "DISCARDS",
    "HANDS",
    "HELD_PLACE",
    "OVER",
    "PENDING",
    "PLAY",
    "STOCKS",
    "TABLES",
    "Abandon",
    "Action",
    "AgreeDraw",
    "Back",
    "Card",
    "Compel",
    "DiscardHeld",
    "EndInnings",
    "Event",
    "Game",
    "IllegalAction",
    "Observation",
    "Outcome",
    "Place",
    "place_words",
    "Play",
    "Position",
    "Raise",
    "RuleSet",
    "Stand",
    "Stop",
    "TurnHand",
    "TurnOverDiscard",
    "TurnStock",
    "action_reason",
    "apply",
    "bank_for",
    "compel_offered",
    "compel_reason",
    "deal_position",
    "find_play",
    "legal_actions",
    "observe",
    "parse_action",
    "stop_reason",
]
