"""The declared game interface: what every game of this program offers, the way
OpenSpiel declares ``Game`` and ``State``.

A *game* (:class:`GameType`) is what the registry (``game/registry.py``) gives for a
name: ``committee``, ``french+one-side``, ``crapette``, ..., ``one-pack``. It deals
positions and answers every rule question about them: the legal actions in a stable
order, why an action is refused (in that game's words), what an action does (the
shared events of ``engine/events.py``: ``CardsMoved`` for every card that moves,
``GameOver`` with the one ``Outcome``), what a seat may see, the text forms and
their parsers, the score lines and the computer players.

A *game in progress* (:class:`GameSession`: ``engine.Game``, ``onepack.OnePackGame``)
is a position with its seed, its actions, undo and its record, in the one record
format (``engine/record.py``). The match runner (``russian_bank.match``) runs any
session; the simulator, the benchmark, the history and the table ask the registry
for the game by name and never branch on which game it is.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from ..engine.events import Event
from ..engine.position import Outcome
from ..engine.rules import Words


class Position(Protocol):
    """A position of any game: whose turn, how it ended, a copy, a text form."""

    @property
    def player(self) -> int: ...

    @property
    def phase(self) -> str: ...  # ARRANGING, PLAY, PENDING or OVER (engine.position)

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def rules(self) -> Any: ...  # the game's rule set value (``.spec`` is its name)

    def clone(self) -> Any: ...

    def to_text(self) -> str: ...


class GameSession(Protocol):
    """A game in progress (``engine.Game``, ``onepack.OnePackGame``)."""

    @property
    def stops(self) -> bool: ...  # may the adversary call Stop (grace, referee, Compel)?

    @property
    def over(self) -> bool: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def phase(self) -> str: ...

    @property
    def player(self) -> int: ...

    @property
    def position(self) -> Any: ...

    @property
    def seed(self) -> int | None: ...

    @property
    def actions(self) -> Sequence[Any]: ...

    def raised(self) -> bool: ...

    def legal_actions(self) -> Any: ...

    def reason(self, action: Any) -> str | None: ...

    def apply(self, action: Any) -> Sequence[Event]: ...

    def observe(self, seat: int) -> Any: ...

    def undo_reason(self, steps: int = 1) -> str | None: ...

    def undo(self) -> Any: ...

    def record_text(self) -> str: ...


class GameType(Protocol):
    """One game by name: the deal, the rules, the text forms, the words, the bots."""

    @property
    def name(self) -> str: ...  # the registry name, also the record's ``rules:`` line

    @property
    def title(self) -> str: ...

    @property
    def has_stops(self) -> bool: ...

    @property
    def words(self) -> Words: ...  # the game's own pile names

    @property
    def levels(self) -> tuple[str, ...]: ...  # its computer players, weakest first

    @property
    def game_points(self) -> int: ...  # what going out is worth (000 §31; 003)

    def deal(self, rng: random.Random) -> Any: ...

    def legal_actions(self, pos: Any) -> list[Any]: ...

    def reason(self, pos: Any, action: Any) -> str | None: ...

    def apply(self, pos: Any, action: Any, check: bool = True) -> list[Event]:
        """Carry out ``action``; ``check=False`` only for an action from the legal list."""
        ...

    def observe(self, pos: Any, seat: int) -> Any: ...

    def narrate(self, pos: Any, action: Any) -> tuple[list[Event], str]:
        """Carry out a legal ``action`` (unchecked) and say it in one line of the move
        log, in the game's own pile names (``engine/move_words.py``,
        ``onepack/words.py``)."""
        ...

    def parse_action(self, text: str) -> Any: ...

    def position_from_text(self, text: str) -> Any: ...

    def new_game(self, seed: int | None = None) -> GameSession: ...

    def game_from_record(self, text: str) -> GameSession: ...

    def score_lines(self, outcome: Outcome, loser: str) -> list[str]: ...

    def make_bot(
        self, level: str, seat: int, rng: random.Random, mistakes: str | None = None
    ) -> Any: ...

    def bot_rng(self, match_seed: int, game: int, seat: int, deal_seed: int) -> random.Random:
        """The random stream of a simulated bot (``russian_bank.sim``)."""
        ...
