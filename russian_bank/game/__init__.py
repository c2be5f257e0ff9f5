"""Every game behind one set of doors: the declared interface (``protocol.py``) and
the registry of games by name (``registry.py``). The shared values live where the
games make them: one ``Outcome`` (``engine/outcome.py``), the events every game
emits (``engine/events.py``: ``CardsMoved``, ``GameOver``) and the one record format
(``engine/record.py``)."""

from ..engine.events import CardsMoved, Event, GameOver
from ..engine.position import Outcome
from ..engine.record import read_record, record_text
from .protocol import GameSession, GameType, Position, TableView
from .registry import ONE_PACK, every_name, game_type, names

__all__ = [
    "ONE_PACK",
    "CardsMoved",
    "Event",
    "GameOver",
    "GameSession",
    "GameType",
    "Outcome",
    "Position",
    "TableView",
    "every_name",
    "game_type",
    "names",
    "read_record",
    "record_text",
]
