"""The pieces of a remote room that are not the room itself: its seats, the seat a
remote player (or a remote bot) fills, the game as the room keeps it, what the room
is waiting for, and the codes and tokens it makes (tokens kept only as hashes)."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any, Literal

import msgspec

from ..game.protocol import GameSession
from ..games import game_type
from ..match import ACTION_TIME, GRACE
from .protocol import ROOM_ALPHABET, ROOM_LEN

PERSON = "person"
EVENTS_KEPT = 4000  # events a reconnecting seat can be sent (older: the view alone)
TICKS_PER_RUN = 200  # most virtual ticks of a steps room before other rooms go on


class Refused(ValueError):
    """An intent the room refuses. ``said`` is the one-line reason for the sender:
    a fixed message (``N_``) or the rules' reason (an ``i18n.Said`` on the server's
    thread), sent as its key and fields (``net.words``); ``str`` is its English."""

    def __init__(self, said: str) -> None:
        super().__init__(said)
        self.said = said


class NeedAnswer(BaseException):  # noqa: N818 - a signal, not an error
    """Raised by a remote seat the runner asks before it has answered. A
    BaseException, so that the runner's guard around a bot's call lets it pass."""

    def __init__(self, seat: int, kind: str, clock: float | None) -> None:
        super().__init__(seat, kind, clock)
        self.seat, self.kind, self.clock = seat, kind, clock


class RemoteSeat:
    """A seat of a steps room, to the runner a computer: it answers what its
    client answered to the room's ask."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.answers: dict[tuple[str, float | None], object] = {}

    def choose(self, obs: Any) -> Any:
        return self._take("choose", None)

    def react(self, obs: Any, now: float) -> Any:
        return self._take("react", now)

    def accepts_draw(self, obs: Any) -> bool:
        return False  # a draw is offered to the client itself (Room.offer_draw)

    def _take(self, kind: str, clock: float | None) -> Any:
        key = (kind, clock)
        if key in self.answers:
            return self.answers[key]
        raise NeedAnswer(self.seat, kind, clock)


UNDO_KEPT = 2  # no undo at a remote table: positions older than a raise put back go


def table_game(name: str, seed: int | None) -> GameSession[Any, Any, Any]:
    """A new deal of the game registered as ``name`` (``russian_bank.games``), at the
    server: shuffled from the system's randomness, or from ``seed`` where the server
    lets a host choose it (``--allow-seed``, tests only). A remote table has no undo,
    so a room's memory does not grow with its game (``undo_limit``)."""
    game = game_type(name).new_game(seed)
    game.undo_limit = UNDO_KEPT
    return game


def table_game_from_record(name: str, record: str) -> GameSession[Any, Any, Any]:
    """The game of ``record``, which must be of the game ``name``."""
    kind = game_type(name)
    game = kind.game_from_record(record)
    if game.position.rules.spec != kind.name:
        raise ValueError(f"the record is of {game.position.rules.spec}, not {kind.name}")
    game.undo_limit = UNDO_KEPT
    return game


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What the host chose, and the server's own times (saved with the room)."""

    rules: str = "committee"
    clock: Literal["real", "steps"] = "real"
    action_time: float = ACTION_TIME
    grace: float = GRACE
    forfeit: float = 60.0  # seconds an absent seat keeps its place
    opponent: str = PERSON  # or a computer level the server plays
    rated: bool = False  # its games move the named players' ratings (net.names)


@dataclass
class Seat:
    name: str = ""
    kind: str = PERSON  # a person (a client) or a computer level played here
    token: str = ""  # sha256 of the seat token ("" while the seat is free)
    link: Any = None  # the server's connection holding the seat
    away: float | None = None  # when its connection dropped (server clock)
    rematch: bool = False
    player: str = ""  # the name its player claimed ("" : none; net.names)

    @property
    def taken(self) -> bool:
        return self.kind != PERSON or bool(self.token)


@dataclass
class Ask:
    number: int
    kind: str
    clock: float | None
    since: float


def new_code() -> str:
    return "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_LEN))


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
