"""A room's spectators: a third kind of seat that sees the public view and never acts.

A spectator joins a room by its code (``watch``) on a connection that holds no
seat; a room takes at most ``Config.max_watchers`` of them. He is sent what both
players see and nothing private to either:

* the public view (:meth:`Watchers.public_view`): the observation both seats
  share, with no seat, no ask and no token. It is made only where the two seats'
  observations are the same apart from whose they are (the games registered hide
  nothing from one seat that the other sees); a game where they differ is refused
  to spectators, never shown from one seat's side (:func:`public_observation`);
* every public event as it is published (steps in their public form, seats, draws,
  the end), but not the players' chat, which is theirs.

Anything else he sends (an action, an answer, a draw, a chat, a rematch) is
refused with one line, a refusal by the rules, not held against him. Spectators
are not saved with the room: after a restart they watch again.
"""

from __future__ import annotations

import contextlib
import dataclasses
from typing import TYPE_CHECKING, Any

from ..i18n import N_
from .protocol import server
from .seats import Refused
from .wire import encode

if TYPE_CHECKING:
    from ..game.protocol import GameSession

WATCHERS = 2  # an outbox target: the room's spectators (0, 1: a seat; None: all)
PRIVATE_EVENTS = frozenset({"chat"})  # published to the seats, never to spectators


class NotPublic(ValueError):
    """The game shows its two seats different things: there is no public view."""


def public_observation(game: GameSession[Any, Any, Any]) -> Any:
    """What both seats of ``game`` see: seat A's observation, when seat B's is the
    same apart from its ``seat`` (NotPublic otherwise)."""
    first, second = game.observe(0), game.observe(1)
    if dataclasses.replace(second, seat=first.seat) != first:
        raise NotPublic("the two seats do not see the same")
    return first


def for_watchers(msg: dict[str, Any]) -> bool:
    """May a message sent to both seats go to the spectators too?"""
    if msg.get("type") == "event":
        return msg["event"].get("kind") not in PRIVATE_EVENTS
    return msg.get("type") == "events"  # (sent to a seat only: never all)


class Watchers:
    """The spectators' part of ``net.room.Room`` (a base it is built on)."""

    if TYPE_CHECKING:  # what the room has (``net.room.Room``)
        code: str
        seq: int
        game_no: int
        draw_offer: int | None
        watchers: list[Any]
        outbox: list[tuple[int | None, dict[str, Any]]]

        @property
        def game(self) -> GameSession[Any, Any, Any]: ...

        @property
        def started(self) -> bool: ...

        def describe(self) -> dict[str, Any]: ...

        def view(self, seat: int) -> dict[str, Any]: ...

        def kept(self) -> dict[str, float | None]: ...

    def watch(self, link: Any, cap: int) -> list[dict[str, Any]]:
        """``link`` watches the room: what to send it (``watching``, the public view)."""
        if link in self.watchers:
            raise Refused(N_("this connection already watches a room"))
        if len(self.watchers) >= cap:
            raise Refused(N_("that room has all the spectators it takes"))
        try:
            view = self.public_view()
        except NotPublic:
            raise Refused(N_("this game cannot be watched")) from None
        self.watchers.append(link)
        return [server("watching", **self.describe(), watchers=len(self.watchers)), view]

    def unwatch(self, link: Any) -> None:
        if link in self.watchers:
            self.watchers.remove(link)

    def public_view(self) -> dict[str, Any]:
        """The view both players share (see the module text): ``seat`` is null."""
        seat_view = self.view(0)  # its public fields, the observation replaced
        seat_view.update(seat=None, ask=None, obs=encode(public_observation(self.game)))
        return seat_view

    def watchers_due(self) -> None:
        """The spectators' view after a change (when there are spectators)."""
        if self.watchers:
            with contextlib.suppress(NotPublic):  # (a game hiding a seat's cards: none)
                self.outbox.append((WATCHERS, self.public_view()))


__all__ = ["NotPublic", "PRIVATE_EVENTS", "WATCHERS", "Watchers", "for_watchers"]
