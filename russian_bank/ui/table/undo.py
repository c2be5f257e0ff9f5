"""Undo at the table: the policy of casual play on top of the engine's own limit.

One Undo takes back the last definite action together with the raise that began
it and any raise / put-back after it. The engine's ``Game.undo_reason`` forbids
taking back the turn of a face-down card (a card once turned stays turned, 000
§48, §54); the table adds: never with the automatic referee, never past a Stop, a
Compel, a Stand or the end of the game, and against a computer only the person's
own actions of his present innings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ...engine import (
    OVER,
    PENDING,
    Back,
    DiscardHeld,
    EndInnings,
    Game,
    Play,
    Raise,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
)
from ...engine.places import SEATS
from ...engine.queries import waiting
from ..kit import words


class _Options(Protocol):
    fault_mode: str  # ``controller.Options``


class UndoTable(Protocol):
    """What Undo asks of the table (``controller.TableController``)."""

    @property
    def bots(self) -> Mapping[int, Any]: ...

    @property
    def game(self) -> Game: ...

    @property
    def options(self) -> _Options: ...

    def is_bot(self, seat: int) -> bool: ...


# actions by the Player at the table: the only ones Undo takes back
PLAYER_ACTIONS = (Raise, Back, Play, TurnStock, TurnHand, DiscardHeld, TurnOverDiscard, EndInnings)


def undo_steps(game: Game) -> int:
    """How many recorded actions one Undo takes back (0: none)."""
    acts = game.actions
    i = len(acts)
    while i > 0 and not acts[i - 1].definite:
        i -= 1
    if i == 0:
        return 0
    i -= 1  # the definite action
    while i > 0 and isinstance(acts[i - 1], Raise):
        i -= 1
    return len(acts) - i


def undo_reason(table: UndoTable) -> str | None:
    """None if Undo may take back the last action now, else why not."""
    if table.options.fault_mode == "automatic":
        return "No Undo with the automatic referee (Settings: Faults)"
    game = table.game
    pos = game.position
    if pos.phase == OVER:
        return "The game is over"
    if pos.phase == PENDING:
        wait = waiting(pos)
        return f"{wait.what if wait else 'Last card played'}: it cannot be taken back"
    steps = undo_steps(game)
    if not steps:
        return "Nothing to undo"
    acts = game.actions[-steps:]
    if any(not isinstance(a, PLAYER_ACTIONS) for a in acts):
        last = next(a for a in reversed(acts) if not isinstance(a, PLAYER_ACTIONS))
        return f"Undo stops at {words.action_name(last)}: it cannot be taken back"
    if table.bots:
        if table.is_bot(pos.player):
            return f"It is {SEATS[pos.player]}'s innings: only your own actions can be undone"
        if any(isinstance(a, DiscardHeld | EndInnings) for a in acts):
            return "Only actions of your present innings can be undone"
    return game.undo_reason(steps)
