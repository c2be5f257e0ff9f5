"""The declared game interface: what every game of this program offers, the way
OpenSpiel declares ``Game`` and ``State``.

A *game* (:class:`GameType`) is what the registry (``games/__init__.py``) gives for a
name: ``committee``, ``french+one-side``, ``crapette``, ..., ``one-pack``. It deals
positions and answers every rule question about them: the legal actions in a stable
order, why an action is refused (in that game's words), what an action does (the
shared events of ``game/events.py``: ``CardsMoved`` for every card that moves,
``GameOver`` with the one ``Outcome``), what a seat may see, the text forms and
their parsers, the score lines and the computer players.

A *game in progress* (:class:`GameSession`: ``engine.Game``, ``onepack.OnePackGame``)
is a position with its seed, its actions, undo and its record, in the one record
format (``game/record.py``). The match runner (``russian_bank.match``) runs any
session; the simulator, the benchmark, the history and the table ask the registry
for the game by name and never branch on which game it is.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, Self, TypeVar

from .advice import Advice
from .events import Event
from .outcome import Outcome
from .places import Place
from .view import Pile, Press
from .words import Words


class Rules(Protocol):
    """A game's rule set value, as the doors read it."""

    @property
    def spec(self) -> str: ...  # its name in the registry (options ``name+flag``)

    @property
    def name(self) -> str: ...  # its base name, without options

    @property
    def options(self) -> tuple[str, ...]: ...  # the options in force

    @property
    def title_en(self) -> str: ...  # its title in English

    @property
    def title(self) -> str: ...  # its title in the language in force

    @property
    def description(self) -> str: ...

    @property
    def words(self) -> Words: ...  # its pile names

    @property
    def game_points(self) -> int: ...  # what going out is worth (000 §31; 003)


class Position(Protocol):
    """A position of any game: whose turn, how it ended, a copy, a text form."""

    @property
    def player(self) -> int: ...

    @property
    def phase(self) -> str: ...  # ARRANGING, PLAY, PENDING or OVER (game/phases.py)

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def rules(self) -> Rules: ...

    def clone(self) -> Self: ...

    def to_text(self) -> str: ...


P = TypeVar("P", bound=Position)  # a game's position
A = TypeVar("A")  # its action
O = TypeVar("O")  # noqa: E741 - what a seat sees of a position (its observation)
# the same, where a protocol only gives them out (_co) or only takes them in (_contra)
P_co = TypeVar("P_co", bound=Position, covariant=True)
P_contra = TypeVar("P_contra", bound=Position, contravariant=True)
A_co = TypeVar("A_co", covariant=True)
O_co = TypeVar("O_co", covariant=True)
O_contra = TypeVar("O_contra", contravariant=True)


class StopRules(Protocol[P_contra]):
    """What a game with Stops (000 §24) declares: its adversary may call Stop when
    the Player breaks a rule, and the match runner keeps the grace after a last card
    and the referee (§68)."""

    def stop_reason(self, pos: P_contra, seat: int) -> str | None:
        """None if ``seat`` may call Stop now, else why the Stop would be refused."""
        ...


class Bot(Protocol[O_contra, A_co]):
    """A computer player (``ai.make_bot``, ``onepack.bots.make_bot``). Only a game
    with Stops asks ``react`` and ``accepts_draw``."""

    def choose(self, obs: O_contra) -> A_co | None: ...

    def react(self, obs: O_contra, now: float) -> A_co | None: ...

    def accepts_draw(self, obs: O_contra) -> bool: ...


class Runnable(Protocol[P_co, A, O_co]):
    """What the match runner (``russian_bank.match``) needs of a game in progress."""

    @property
    def stops(self) -> bool: ...  # may the adversary call Stop (grace, referee, Compel)?

    @property
    def over(self) -> bool: ...

    @property
    def phase(self) -> str: ...  # ARRANGING, PLAY, PENDING or OVER

    @property
    def player(self) -> int: ...

    @property
    def position(self) -> P_co: ...

    def raised(self) -> bool: ...

    def legal_actions(self) -> list[A]: ...

    def reason(self, action: A) -> str | None: ...

    def apply(self, action: A | str, check: bool = True) -> list[Event]: ...

    def observe(self, seat: int) -> O_co: ...

    def record_text(self) -> str: ...


class GameSession(Runnable[P_co, A, O_co], Protocol[P_co, A, O_co]):
    """A game in progress (``engine.Game``, ``onepack.OnePackGame``): what the match
    runner drives (:class:`Runnable`), with its outcome, seed, actions and undo."""

    undo_limit: int | None  # how many positions undo keeps (None: all)

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def seed(self) -> int | None: ...

    @property
    def actions(self) -> list[A]: ...

    def undo_reason(self, steps: int = 1) -> str | None: ...

    def undo(self) -> A | None: ...

    def deal_line(self) -> str | None: ...  # the record's deal (None: dealt from a seed)


class TableView(Protocol[P_contra, A, O_contra]):
    """What the one table (``ui/table``) asks of a game to draw it and play it
    (``engine.table_view.TwoPackView``, ``onepack.table_view.OnePackView``).

    The piles sit in the places of Diagram I (``game/places.py``); every answer
    about a gesture is judged by the game: one legal action, the rules' reason
    against it (a ``str``), or nothing. The table applies a judged action without
    asking again."""

    @property
    def places(self) -> tuple[Place, ...]: ...  # the piles this game lays out

    @property
    def words(self) -> Words: ...  # its pile names

    def piles(self, pos: P_contra) -> dict[Place, Pile]: ...

    def raised(self, pos: P_contra) -> tuple[Place, int] | None: ...

    def events(self, events: Sequence[Event]) -> list[Event]: ...  # in the table's places

    def press(self, pos: P_contra, place: Place, index: int) -> Press: ...

    def turn_press(self, pos: P_contra) -> Press: ...

    def more(self, pos: P_contra, src: Place, count: int) -> Press | None: ...

    def drop(
        self, pos: P_contra, src: Place, count: int, dst: Place | None, moved: bool = True
    ) -> A | str | None: ...

    def back(self, pos: P_contra, dst: Place | None, count: int) -> A | None: ...

    def quick(self, pos: P_contra, place: Place) -> A | str | None: ...  # a double click

    def turn(self, pos: P_contra) -> A | str: ...  # the turn key: an action or the reason

    def discard(self, pos: P_contra) -> A | str: ...

    def offers(self, pos: P_contra) -> dict[str, bool]: ...  # the game's own buttons

    def spreads(self, place: Place) -> bool: ...

    def spread(self, place: Place, by_computer: bool) -> tuple[bool, str]: ...

    def hint_line(self, pos: P_contra) -> str: ...

    def help(self, pos: P_contra) -> list[str]: ...  # the Help's paragraphs

    def first_words(self) -> str: ...

    def counts(self, pos: P_contra, seat: int) -> str: ...

    def tip(self, pos: P_contra, place: Place) -> str: ...

    def held_tip(self, pos: P_contra, seat: int) -> str: ...

    def undo_steps(self, game: GameSession[P_contra, A, O_contra]) -> int: ...

    def undo_reason(
        self, game: GameSession[P_contra, A, O_contra], computers: frozenset[int]
    ) -> str | None: ...


Plan = tuple[int, int, str, float, list[A]]  # a review's better plan (``review_plans``)


class GameType(Protocol[P, A, O]):
    """One game by name: the deal, the rules, the text forms, the words, the bots.
    ``P`` is its position, ``A`` its action, ``O`` what a seat sees of a position."""

    @property
    def name(self) -> str: ...  # the registry name, also the record's ``rules:`` line

    @property
    def title(self) -> str: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def stop_rules(self) -> StopRules[P] | None: ...  # None: no Stops (003)

    @property
    def words(self) -> Words: ...  # the game's own pile names

    @property
    def levels(self) -> tuple[str, ...]: ...  # its computer players, weakest first

    @property
    def family(self) -> str: ...  # games rated together (a server's ratings, net/ratings.py)

    @property
    def game_points(self) -> int: ...  # what going out is worth (000 §31; 003)

    @property
    def table_view(self) -> TableView[P, A, O]: ...  # how the table draws and plays it

    @property
    def observation_type(self) -> type[O]: ...  # what ``observe`` gives (sent by net/wire.py)

    def deal(self, rng: random.Random) -> P: ...

    def start(self, seed: int | None, deal: str | None) -> P: ...  # a record's first position

    def legal_actions(self, pos: P) -> list[A]: ...

    def reason(self, pos: P, action: A) -> str | None: ...

    def apply(self, pos: P, action: A, check: bool = True) -> list[Event]:
        """Carry out ``action``; ``check=False`` only for an action from the legal list."""
        ...

    def observe(self, pos: P, seat: int) -> O: ...

    def parse_action(self, text: str) -> A: ...

    def caller(self, action: A) -> int | None:
        """The seat an action is called for out of turn (a Stop, Compel, Stand or
        Abandon names its seat); None for the Player's own actions."""
        ...

    def stand_in(self, obs: O) -> GameSession[P, A, O]:
        """A game standing for what a seat sees, its face-down cards stand-ins (the
        remote table plays its gestures on it)."""
        ...

    def position_from_text(self, text: str) -> P: ...

    def new_game(self, seed: int | None = None) -> GameSession[P, A, O]: ...

    def game_from_record(self, text: str) -> GameSession[P, A, O]: ...

    def score_lines(self, outcome: Outcome, loser: str) -> list[str]: ...

    def make_bot(
        self,
        level: str,
        seat: int,
        rng: random.Random,
        mistakes: str | None = None,
        think_cap: float | None = None,  # wall seconds a searching computer may think
    ) -> Bot[O, A]: ...

    def bot_rng(self, match_seed: int, game: int, seat: int, deal_seed: int) -> random.Random:
        """The random stream of a simulated bot (``russian_bank.sim``)."""
        ...

    def hint(self, pos: P, seat: int, seed: int = 0) -> Advice[A] | None:
        """A good next action for ``seat`` with a reason, or None."""
        ...

    def review_plans(
        self,
        start: P,
        actions: Sequence[A],
        threshold: float,
        progress: Callable[[float], None],
        cancelled: Callable[[], bool],
    ) -> list[Plan[A]] | None:
        """The game's own Expert review of a played game: (index of a run's first
        action, of the action closing it, the better plan in words, by how many cards,
        the plan's moves) where its Expert would have played better
        (``onepack/review.py``; ``history/review.py`` says why); None where the game is
        reviewed by ``history/review.py``'s Stops, faults and innings search (the
        two-pack games)."""
        ...
