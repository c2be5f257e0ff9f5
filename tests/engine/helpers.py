"""Small helpers shared by the engine tests."""

from __future__ import annotations

from russian_bank.engine import Position, action_reason, apply, legal_actions, parse_action
from russian_bank.game.events import Event


def act(pos: Position, text: str) -> list[Event]:
    """Apply an action given in its text form (checked: illegal actions raise)."""
    events = apply(pos, parse_action(text))
    pos.check_invariants()
    return events


def legal(pos: Position) -> set[str]:
    return {str(a) for a in legal_actions(pos)}


def why(pos: Position, text: str) -> str | None:
    return action_reason(pos, parse_action(text))
