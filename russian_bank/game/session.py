"""What every game in progress shares: a position, its deal (and its seed, if one
was chosen), the actions taken, undo and the record (``russian_bank.game.GameSession``).

The two-pack ``engine.Game`` and the one-pack ``onepack.OnePackGame`` are this one
session over their own rules: each names its rule functions (``legal``, ``why_not``,
``carry_out``, ``see``, ``parse``, ``shuffle``, ``lay_out``) and which actions turn a face-down card
(``turns``). A card once turned stays turned, so undo never goes back past a turn
(000 §48, §54; 003 likewise for the Hand).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from ..i18n import _
from .errors import IllegalAction
from .events import Event
from .outcome import Outcome
from .phases import OVER
from .record import record_text
from .shuffle import Deal, shuffler


class _Rules(Protocol):
    @property
    def spec(self) -> str: ...


class _Position(Protocol):
    @property
    def player(self) -> int: ...

    @property
    def phase(self) -> str: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def rules(self) -> _Rules: ...

    def clone(self) -> Self: ...


P = TypeVar("P", bound=_Position)
A = TypeVar("A")


class Session(Generic[P, A]):
    """One game: ``apply`` actions, read ``position``, ``undo`` the last ones."""

    stops: ClassVar[bool]  # may the adversary call Stop (the match runner's grace)?
    turned_stays: ClassVar[str]  # why undo refuses to take back a turn, in the rules' words
    # the game's rules, as plain functions of a position (set by each game)
    legal: ClassVar[Callable[[Any], list[Any]]]
    why_not: ClassVar[Callable[[Any, Any], str | None]]
    carry_out: ClassVar[Callable[[Any, Any, bool], list[Event]]]
    see: ClassVar[Callable[[Any, int], Any]]
    parse: ClassVar[Callable[[str], Any]]
    shuffle: ClassVar[Callable[[Any, random.Random], Deal]]  # the cards' order (and cuts)
    lay_out: ClassVar[Callable[[Any, Deal], Any]]  # the position a Deal gives
    deal_text: ClassVar[Callable[[Deal], str]]  # a Deal's line in the record
    read_deal: ClassVar[Callable[[str], Deal]]
    turns: ClassVar[tuple[type, ...]]  # the actions that turn a face-down card

    # how many positions undo keeps (None: all). A runner that never takes an action
    # back (the server, ``sim``) keeps a few, so a long game's memory does not grow.
    undo_limit: int | None = None

    def __init__(self, position: P, seed: int | None = None, deal: Deal | None = None) -> None:
        self.position = position
        self.seed = seed  # None unless the deal was chosen by seed
        self.deal = deal  # the cards as shuffled (the record keeps them)
        self.actions: list[A] = []
        self._history: list[P] = []  # the position before each action still kept
        self._events: list[list[Event]] = []  # the events of each of those actions
        self._dropped = 0  # the actions whose positions before were let go (``undo_limit``)
        self._fixed = 0  # actions before this index can no longer be taken back
        # each seat's observation, and the position it was made of (``observe``)
        self._seen: list[Any] = [None, None]
        self._seen_at: tuple[int, int, int] = (0, -1, 0)

    @classmethod
    def dealt(cls, seed: int | None, rules: object) -> Self:
        """A new game under ``rules``, dealt from ``seed``; with None, shuffled from
        the operating system's randomness (``shuffle.shuffler``): no seed exists."""
        deal = cls.shuffle(rules, shuffler(seed))
        return cls(cls.lay_out(rules, deal), seed, deal)

    @classmethod
    def started(cls, rules: object, seed: int | None, deal: str | None) -> Self:
        """The game a record begins: its ``deal:`` line, else its seed (``read_record``
        allows no record without either). TextFormError if the deal cannot be laid out."""
        if deal is None:
            return cls.dealt(seed, rules)
        cards = cls.read_deal(deal)
        return cls(cls.lay_out(rules, cards), seed, cards)

    # -- the position ------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.position.phase == OVER

    @property
    def outcome(self) -> Outcome | None:
        return self.position.outcome

    @property
    def phase(self) -> str:
        return self.position.phase

    @property
    def player(self) -> int:
        return self.position.player

    def observe(self, seat: int) -> Any:
        """What ``seat`` sees now: a frozen value, made once per action however often
        it is asked (the runner asks the adversary's reaction at every tick)."""
        key = (id(self.position), len(self.actions), len(self._history))
        if self._seen_at != key:
            self._seen_at, self._seen = key, [None, None]
        seen = self._seen[seat]
        if seen is None:
            seen = self._seen[seat] = type(self).see(self.position, seat)
        return seen

    def legal_actions(self) -> list[A]:
        return type(self).legal(self.position)

    def reason(self, action: A) -> str | None:
        return type(self).why_not(self.position, action)

    # -- playing and taking back -------------------------------------------------

    def apply(self, action: A | str, check: bool = True) -> list[Event]:
        """Carry out ``action`` (IllegalAction, a ValueError, if the rules refuse it);
        ``check=False`` only for an action the rules have just judged legal (the
        table's drop, the match runner's computer), so that it is judged once."""
        act: A = type(self).parse(action) if isinstance(action, str) else action
        reason = self.reason(act) if check else None
        if reason is not None:
            raise IllegalAction(reason)
        before = self.position.clone()
        events = type(self).carry_out(self.position, act, False)
        self._taken(before, act, events)
        return events

    def _taken(self, before: P, action: A, events: list[Event]) -> None:
        """Keep ``before`` for undo, ``action`` for the record and its ``events`` for
        the move log (``taken``)."""
        self._history.append(before)
        self._events.append(events)
        self.actions.append(action)
        limit = self.undo_limit
        if limit is not None and len(self._history) > 2 * limit:
            drop = len(self._history) - limit
            del self._history[:drop]
            del self._events[:drop]
            self._dropped += drop
        if isinstance(action, self.turns):
            self._fixed = len(self.actions)  # a card once turned stays turned

    def position_before(self, i: int) -> P:
        """A copy of the position just before action ``i`` (for replaying the record)."""
        if i < self._dropped:
            raise IndexError(f"the position before action {i + 1} is no longer kept")
        return self._history[i - self._dropped].clone()

    def taken(self, i: int) -> tuple[P, list[Event], P]:
        """Action ``i`` as it was taken: the position before it, the events it made
        and the position after it, as kept (no copies: read them, never change them).
        The move log tells the action from them without carrying it out again."""
        k = i - self._dropped
        if k < 0 or i >= len(self.actions):
            raise IndexError(f"action {i + 1} is not kept")
        after = self._history[k + 1] if k + 1 < len(self._history) else self.position
        return self._history[k], self._events[k], after

    def undo_reason(self, steps: int = 1) -> str | None:
        """None if the last ``steps`` actions may be taken back, else why not."""
        if steps > len(self._history):
            return _("Nothing to undo")
        if len(self.actions) - steps < self._fixed:
            return _(self.turned_stays)
        return None

    def undo(self) -> A | None:
        """Take back the last action; returns it (None if there is none, or if it
        would take back the turn of a face-down card, see ``undo_reason``)."""
        if self.undo_reason() is not None:
            return None
        return self._forget_last()

    def _forget_last(self) -> A:
        """Go back to the position before the last action, forgetting it."""
        self.position = self._history.pop()
        self._events.pop()
        return self.actions.pop()

    # -- the record --------------------------------------------------------------

    def record_text(self) -> str:
        return record_text(
            self.position.rules.spec, self.seed, self.actions, self.outcome, self.deal_line()
        )

    def deal_line(self) -> str | None:
        """The deal as the record writes it (None for a game dealt from a seed)."""
        if self.seed is not None or self.deal is None:
            return None
        return type(self).deal_text(self.deal)


__all__ = ["Session"]
