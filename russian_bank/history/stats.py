"""Statistics of kept games, from the keeper's side: seat A (the player at the
bottom), or the seat a remote game was played at (``Kept.seat``).

One line per opponent (a human in hot seat, or a computer level) and rule set:
games, wins, losses, draws, points won and lost (§31), win rate, the longest
run of wins, Stops called and suffered (§24) and false Stops (§66). Games left
unfinished are not counted: they have no result.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .records import Kept


@dataclass
class Line:
    opponent: str
    rules: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    points_won: int = 0
    points_lost: int = 0
    longest_streak: int = 0
    stops_called: int = 0
    stops_suffered: int = 0
    false_stops: int = 0
    _streak: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def add(self, k: Kept) -> None:
        o = k.outcome
        assert o is not None
        me = k.seat  # the statistics are the keeper's
        self.games += 1
        if o.winner is None:
            self.draws += 1
            self._streak = 0
        elif o.winner == me:
            self.wins += 1
            self.points_won += o.points
            self._streak += 1
            self.longest_streak = max(self.longest_streak, self._streak)
        else:
            self.losses += 1
            self.points_lost += o.points
            self._streak = 0
        self.stops_called += k.stops[me]
        self.stops_suffered += k.stops[1 - me]
        self.false_stops += k.false_stops[me]


def _counted(games: Iterable[Kept], since: str) -> list[Kept]:
    """The finished games that count after a reset at ``since``, in date order (dates
    are to the second, and a game kept in the very second of the reset was kept before
    it)."""
    ordered = sorted(games, key=lambda g: (g.date, g.name))
    return [k for k in ordered if k.outcome is not None and (not since or k.date > since)]


def statistics(games: Iterable[Kept], since: str = "") -> list[Line]:
    """Lines sorted by opponent strength then rule set; games in date order."""
    lines: dict[tuple[str, str], Line] = {}
    for k in _counted(games, since):
        key = (k.opponent(), k.rules)
        line = lines.get(key)
        if line is None:
            line = lines[key] = Line(*key)
        line.add(k)
    order = ("human", "novice", "club", "expert", "master")
    return sorted(
        lines.values(),
        key=lambda x: (order.index(x.opponent) if x.opponent in order else 9, x.rules),
    )


def overall(games: Iterable[Kept], since: str = "") -> Line:
    """All opponents and rule sets together, in date order."""
    out = Line("all", "all")
    for k in _counted(games, since):
        out.add(k)
    return out
