"""A room's seats while a person is away: kept for him, his clock stopped, forfeited.

When a person's connection drops (:meth:`KeptSeats.left`) his seat is kept for
``Settings.forfeit`` seconds on the server's clock. Meanwhile the game's clock
stands still (``Room._catch_up`` asks :meth:`KeptSeats.away`): his grace, the
computer's pace and the pauses wait for him; the other seat may still act. Each
view says how long each seat away is still kept (``away``: seconds, or null for a
game without abandoning, whose seat is waited for), so the other player's table
shows the countdown the server judges; the server alone forfeits the seat when
the time is out (:meth:`KeptSeats._forfeits`), as ``abandon`` by ``forfeit``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.places import SEATS
from .seats import PERSON, Ask, Seat, Settings

if TYPE_CHECKING:
    from ..game.protocol import GameSession, GameType


class KeptSeats:
    """The seat-away part of ``net.room.Room`` (a base it is built on)."""

    if TYPE_CHECKING:  # what the room has (``net.room.Room``)
        seats: list[Seat]
        now: float
        settings: Settings
        asks: dict[int, Ask]
        outbox: list[tuple[int | None, dict[str, Any]]]

        @property
        def kind(self) -> GameType[Any, Any, Any]: ...

        @property
        def game(self) -> GameSession[Any, Any, Any]: ...

        @property
        def started(self) -> bool: ...

        def seat_of(self, link: Any) -> int | None: ...

        def publish(self, kind: str, **fields: Any) -> None: ...

        def view(self, seat: int) -> dict[str, Any]: ...

        def _catch_up(self) -> None: ...

        def watchers_due(self) -> None: ...

        def _do(self, action: object, seat: int, by: str) -> None: ...

    def left(self, link: Any) -> None:
        """A connection dropped: its seat is kept until the forfeit time runs out,
        and the game's clock stops meanwhile (it ran up to the moment he left)."""
        seat = self.seat_of(link)
        if seat is not None:
            self._catch_up()
            self.seats[seat].link = None
            self.seats[seat].away = self.now
            self.publish("away", seat=SEATS[seat], forfeit=self.forfeit_left(seat))
            self.tell_other(seat)

    def tell_other(self, seat: int) -> None:
        """The other seat's view now: it shows the countdown (or no longer does)."""
        other = 1 - seat
        if self.seats[other].link is not None:
            self.outbox.append((other, self.view(other)))
        self.watchers_due()  # the spectators' countdown too (net.watch)

    def away(self) -> bool:
        """Is a seat kept for a person away (the game's clock stopped)?"""
        return any(s.kind == PERSON and s.away is not None for s in self.seats)

    def forfeit_left(self, seat: int) -> float | None:
        """Seconds until the seat away forfeits, on the server's clock (None: the
        game has no abandoning, so the seat is waited for)."""
        try:
            self.kind.parse_action(f"abandon {SEATS[seat]}")
        except ValueError:
            return None
        away = self.seats[seat].away
        gone = 0.0 if away is None else self.now - away
        return max(0.0, self.settings.forfeit - gone)

    def kept(self) -> dict[str, float | None]:
        """The view's ``away``: each seat kept for a person away, and for how long."""
        if not self.started or self.game.over:
            return {}
        return {
            SEATS[i]: self.forfeit_left(i)
            for i, s in enumerate(self.seats)
            if s.kind == PERSON and s.away is not None
        }

    def _forfeits(self) -> None:
        """A person away for the forfeit time, or silent that long at a steps
        table's ask, abandons (a game without abandoning waits for him)."""
        limit = self.settings.forfeit
        for s, seat in enumerate(self.seats):
            if self.game.over:
                return
            away = seat.away is not None and self.now - seat.away >= limit
            ask = self.asks.get(s)
            silent = ask is not None and self.now - ask.since >= limit
            if seat.kind == PERSON and (away or silent):
                try:
                    abandon = self.kind.parse_action(f"abandon {SEATS[s]}")
                except ValueError:
                    continue  # a game without abandoning (003 before §34): waited for
                self.asks.pop(s, None)
                self._do(abandon, s, "forfeit")


__all__ = ["KeptSeats"]
