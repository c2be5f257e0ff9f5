"""The one-pack score in words (the results screen asks the game, ``game/``)."""

from __future__ import annotations

from ..engine.position import Outcome
from .ruleset import RULES


def score_lines(outcome: Outcome, loser: str) -> list[str]:
    """Going out: the game and a point a card the loser still holds (003 "pay for");
    a blocked game: the difference of the cards left, no game."""
    w = RULES.words
    n, p = outcome.hand_cards, RULES.card_points
    lines = [f"Game: {outcome.game_points}"] if outcome.game_points else []
    if outcome.reason == "won":
        lines.append(f"{loser}'s {w.hand} and {w.discard}: {n} cards \u00d7 {p} = {n * p}")
    else:
        lines.append(f"Blocked: {n} cards fewer left \u00d7 {p} = {n * p}")
    return lines
