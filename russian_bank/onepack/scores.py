"""The one-pack score in words (the results screen asks the game, ``game/``)."""

from __future__ import annotations

from ..engine.position import Outcome
from ..i18n import _, ngettext
from .ruleset import RULES


def score_lines(outcome: Outcome, loser: str) -> list[str]:
    """Going out: the game and a point a card the loser still holds (003 "pay for");
    a blocked game: the difference of the cards left, no game."""
    w = RULES.words.local()
    n, p = outcome.hand_cards, RULES.card_points
    lines = [_("Game: {points}").format(points=outcome.game_points)] if outcome.game_points else []
    if outcome.reason == "won":
        # (the same words as the two-pack score's, engine/queries.py)
        text = ngettext(
            "{seat}'s {hand} and {discard}: {n} card \u00d7 {points} = {total}",
            "{seat}'s {hand} and {discard}: {n} cards \u00d7 {points} = {total}",
            n,
        )
        lines.append(
            text.format(seat=loser, hand=w.hand, discard=w.discard, n=n, points=p, total=n * p)
        )
    else:
        text = ngettext(
            "Blocked: {n} card fewer left \u00d7 {points} = {total}",
            "Blocked: {n} cards fewer left \u00d7 {points} = {total}",
            n,
        )
        lines.append(text.format(n=n, points=p, total=n * p))
    return lines
