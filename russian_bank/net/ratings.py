"""Glicko-2 ratings (the ``glicko2`` library of PyPI, behind one small function).

A :class:`Rating` is a player's standing in one game family: the rating (1500 for a
newcomer), its deviation (350: nothing known yet) and the volatility. Each rated
game is one rating period with one opponent, as online servers rate: both players
are updated once, each against the other's rating from before the game, with the
score 1 for a win, 0 for a loss and 0.5 for a draw. (``glicko2.Player`` speaks
camelCase and keeps its state in name-mangled attributes: nothing of it leaves
this module.)
"""

from __future__ import annotations

from dataclasses import dataclass

import glicko2

START = 1500.0
START_RD = 350.0
START_VOL = 0.06
WIN, LOSS, DRAW = 1.0, 0.0, 0.5


@dataclass(frozen=True)
class Rating:
    rating: float = START
    rd: float = START_RD
    vol: float = START_VOL

    def words(self) -> str:
        """How a rating is shown: ``1532 ±88``."""
        return shown(self.rating, self.rd)


def shown(rating: float, rd: float) -> str:
    return f"{round(rating)} ±{round(rd)}"


def _updated(me: Rating, other: Rating, score: float) -> Rating:
    p = glicko2.Player(rating=me.rating, rd=me.rd, vol=me.vol)
    p.update_player([other.rating], [other.rd], [score])
    return Rating(float(p.getRating()), float(p.getRd()), float(p.vol))


def rate(a: Rating, b: Rating, score_a: float) -> tuple[Rating, Rating]:
    """Both players' ratings after one game between them (``score_a``: what A scored,
    1, 0 or 0.5), each against the other's rating from before the game."""
    if score_a not in (WIN, LOSS, DRAW):
        raise ValueError(f"a game's score is 1, 0 or 0.5, not {score_a!r}")
    return _updated(a, b, score_a), _updated(b, a, 1.0 - score_a)


__all__ = ["DRAW", "LOSS", "Rating", "WIN", "rate", "shown"]
