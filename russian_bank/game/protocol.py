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
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..engine.events import Event
from ..engine.places import Place
from ..engine.position import Outcome
from ..engine.rules import Words
from ..engine.table_view import Pile, Press
from ..match import GameLike


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


class GameSession(GameLike, Protocol):
    """A game in progress (``engine.Game``, ``onepack.OnePackGame``): what the match
    runner drives (``match.GameLike``: ``stops``, ``over``, ``phase``, ``player``,
    ``position``, ``raised``, ``legal_actions``, ``reason``, ``apply``, ``observe``,
    ``record_text``), with its outcome, seed, actions and undo."""

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def seed(self) -> int | None: ...

    @property
    def actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any, check: bool = True) -> Sequence[Event]: ...

    def undo_reason(self, steps: int = 1) -> str | None: ...

    def undo(self) -> Any: ...


class TableView(Protocol):
    """What the one table (``ui/table``) asks of a game to draw it and play it
    (``engine.table_view.TwoPackView``, ``onepack.table_view.OnePackView``).

    The piles sit in the places of Diagram I (``engine.places``); every answer
    about a gesture is judged by the game: one legal action, the rules' reason
    against it, or nothing. The table applies a judged action without asking again."""

    @property
    def places(self) -> tuple[Place, ...]: ...  # the piles this game lays out

    @property
    def words(self) -> Words: ...  # its pile names

    def piles(self, pos: Any) -> dict[Place, Pile]: ...

    def raised(self, pos: Any) -> tuple[Place, int] | None: ...

    def events(self, events: Sequence[Event]) -> list[Event]: ...  # in the table's places

    def press(self, pos: Any, place: Place, index: int) -> Press: ...

    def turn_press(self, pos: Any) -> Press: ...

    def more(self, pos: Any, src: Place, count: int) -> Press | None: ...

    def drop(
        self, pos: Any, src: Place, count: int, dst: Place | None, moved: bool = True
    ) -> Any: ...  # a legal action, the reason (str) against it, or None

    def back(self, pos: Any, dst: Place | None, count: int) -> Any: ...

    def quick(self, pos: Any, place: Place) -> Any: ...  # a double click

    def turn(self, pos: Any) -> Any: ...  # the turn key: an action or the reason

    def discard(self, pos: Any) -> Any: ...

    def offers(self, pos: Any) -> dict[str, bool]: ...  # the game's own buttons

    def spreads(self, place: Place) -> bool: ...

    def spread(self, place: Place, by_computer: bool) -> tuple[bool, str]: ...

    def hint_line(self, pos: Any) -> str: ...

    def help(self, pos: Any) -> list[str]: ...  # the Help's paragraphs

    def first_words(self) -> str: ...

    def counts(self, pos: Any, seat: int) -> str: ...

    def tip(self, pos: Any, place: Place) -> str: ...

    def held_tip(self, pos: Any, seat: int) -> str: ...

    def undo_steps(self, game: Any) -> int: ...

    def undo_reason(self, game: Any, computers: frozenset[int]) -> str | None: ...


class GameType(Protocol):
    """One game by name: the deal, the rules, the text forms, the words, the bots."""

    @property
    def name(self) -> str: ...  # the registry name, also the record's ``rules:`` line

    @property
    def title(self) -> str: ...

    @property
    def rules(self) -> Any: ...  # the rule set value (``.title``, ``.description``, ``.options``)

    @property
    def has_stops(self) -> bool: ...

    @property
    def words(self) -> Words: ...  # the game's own pile names

    @property
    def levels(self) -> tuple[str, ...]: ...  # its computer players, weakest first

    @property
    def game_points(self) -> int: ...  # what going out is worth (000 §31; 003)

    @property
    def table_view(self) -> TableView: ...  # how the table draws and plays it

    def deal(self, rng: random.Random) -> Any: ...

    def start(self, seed: int | None, deal: str | None) -> Any: ...  # a record's first position

    def legal_actions(self, pos: Any) -> list[Any]: ...

    def reason(self, pos: Any, action: Any) -> str | None: ...

    def apply(self, pos: Any, action: Any, check: bool = True) -> list[Event]:
        """Carry out ``action``; ``check=False`` only for an action from the legal list."""
        ...

    def observe(self, pos: Any, seat: int) -> Any: ...

    def parse_action(self, text: str) -> Any: ...

    def position_from_text(self, text: str) -> Any: ...

    def new_game(self, seed: int | None = None) -> GameSession: ...

    def game_from_record(self, text: str) -> GameSession: ...

    def score_lines(self, outcome: Outcome, loser: str) -> list[str]: ...

    def make_bot(
        self,
        level: str,
        seat: int,
        rng: random.Random,
        mistakes: str | None = None,
        think_cap: float | None = None,  # wall seconds a searching computer may think
    ) -> Any: ...

    def bot_rng(self, match_seed: int, game: int, seat: int, deal_seed: int) -> random.Random:
        """The random stream of a simulated bot (``russian_bank.sim``)."""
        ...

    def hint(self, pos: Any, seat: int, seed: int = 0) -> Any:
        """A good next action for ``seat`` with a reason (``tutorial.Advice``), or None."""
        ...

    def review_plans(
        self,
        start: Any,
        actions: Sequence[Any],
        threshold: float,
        progress: Callable[[float], None],
        cancelled: Callable[[], bool],
    ) -> list[tuple[int, int, str, float, list[Any]]] | None:
        """The game's own Expert review of a played game: (index of a run's first
        action, of the action closing it, the better plan in words, by how many cards,
        the plan's moves) where its Expert would have played better
        (``onepack/review.py``; ``history/review.py`` says why); None where the game is
        reviewed by ``history/review.py``'s Stops, faults and innings search (the
        two-pack games)."""
        ...
