"""Finding an opponent: the server's lobby of open seeks and quick pairing.

A connection that holds no seat may put one open seek in the lobby (``seek``: a
rule set, a pace — the clock and its action time — and the player's name). Anyone
may list the open seeks (``seeks``: id, rule set, pace, name, age; never a token
nor anything of a connection) and ``accept`` one by its id: a new room is opened,
the seeker sits at A and the one who accepted at B, and each is sent ``joined``
with his seat token as when he joins a room by its code; the game starts.
``cancel`` withdraws one's seek; a connection's seek vanishes when it closes.

A connection that claimed a name (``net.names``) seeks, accepts and pairs under it,
and its seek lists its rating in the rule set's family. A seek may be *rated*: only
one who claimed a name may offer or take it up (never the same player), and its
games move both ratings; a casual game moves none, and the server's computer never
plays a rated one (a rated pairer nobody took plays it a casual game).

Quick pairing (``pair``) takes the oldest open seek or pairer that fits (the same
rule set, clock and action time, not one's own) at once; with none, it waits in
the lobby as a seek of its own (others may accept it or pair with it) for
``Config.pair_wait`` seconds, and then the server's computer (``computer``, a level
of the game; the weakest if not named) takes seat B of a new room: the pairer is
sent ``joined`` as for any room, its ``kinds`` naming the computer.

The lobby holds at most ``Config.max_seeks`` entries; a bad ``accept`` (an unknown
id, one's own seek) is a refusal by the rules, one line, never held against the
sender. The lobby lives in memory: after a restart the seekers seek again.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..games import game_type
from ..i18n import N_
from . import protocol
from .config import Config
from .players import name_key
from .protocol import ROOM_ALPHABET, SEEK_LEN, ProtocolError, server
from .room import Room
from .saves import one_line
from .seats import PERSON, Refused, Settings
from .words import refusal

log = logging.getLogger("russian_bank.net")
LISTED = 200  # seeks one listing shows at most, oldest first (a frame stays small)
LOBBY = (protocol.Seek, protocol.Seeks, protocol.Accept, protocol.Cancel)  # (Pair: a Seek)


class Holder(Protocol):
    """What the lobby reads and sets of a server's connection (``server.Conn``)."""

    ws: Any
    room: Room | None
    key: str
    player: str  # the name it claimed ("": none; net.names)


# opens a room for an address (the server's caps), or Refused: (key, settings, seed, now)
Opener = Callable[[str, Settings, int | None, float], Room]
# a claimed name's rating in the family of a rule set, as listed: (player, rules)
RatingOf = Callable[[str, str], dict[str, Any] | None]
RATED = N_("a rated game is for a name of your own: claim one first")


def room_settings(
    config: Config,
    rules: str,
    clock: str,
    action_time: float | None,
    opponent: str = PERSON,
    rated: bool = False,
) -> Settings:
    """The settings of a new room: what the host chose, the server's own times."""
    default_time = 0.3 if clock == "steps" else Settings().action_time
    return Settings(
        rules=rules,
        clock="steps" if clock == "steps" else "real",
        action_time=default_time if action_time is None else action_time,
        grace=config.grace,
        forfeit=config.forfeit,
        opponent=opponent,
        rated=rated,
    )


def check_seed(config: Config, seed: int | None) -> None:
    if seed is not None and not config.allow_seed:
        raise Refused(N_("this server deals the cards itself (no seed)"))


@dataclass(eq=False)
class Entry:
    """One open seek (or a pairer waiting): ``owner`` is private, never listed."""

    id: str
    owner: Holder
    name: str
    settings: Settings
    seed: int | None
    since: float
    computer: str | None = None  # a pairer: the level that plays him after the wait
    timer: asyncio.TimerHandle | None = None
    player: str = ""  # the name the seeker claimed (net.names)
    rating: dict[str, Any] | None = None  # his rating in the family, when he sought

    def fits(self, other: Settings) -> bool:
        s = self.settings
        return (s.rules, s.clock, s.action_time, s.rated) == (
            other.rules,
            other.clock,
            other.action_time,
            other.rated,
        )

    def same_player(self, other: Holder) -> bool:
        return self.owner is other or (
            bool(self.player) and name_key(self.player) == name_key(other.player)
        )

    def listed(self, now: float) -> dict[str, Any]:
        s, kind = self.settings, game_type(self.settings.rules)
        return {
            "id": self.id,
            "rules": kind.name,
            "rules_title": kind.title,
            "clock": s.clock,
            "action_time": s.action_time,
            "name": self.name,
            "age": round(max(0.0, now - self.since), 1),
            "pairing": self.computer is not None,
            "rated": s.rated,
            "rating": self.rating,
        }


class Lobby:
    """The open seeks of one server (see the module text)."""

    def __init__(
        self,
        config: Config,
        opener: Opener,
        send: Callable[[Any, dict[str, Any]], None],
        deliver: Callable[[Room], None],
        rating: RatingOf | None = None,
    ) -> None:
        self.config = config
        self.rating = rating
        self.open_room, self.send, self.deliver = opener, send, deliver
        self.entries: dict[str, Entry] = {}  # by id, oldest first
        self.by_owner: dict[Any, Entry] = {}  # by the owner's connection (ws)

    def open_seeks(self) -> list[Entry]:
        """The entries still open, oldest first: a seeker who has since sat down in a
        room (``create``, ``join``) or watches one is no longer seeking."""
        for entry in [e for e in self.entries.values() if e.owner.room is not None]:
            self.remove(entry)
        return list(self.entries.values())

    # -- messages --------------------------------------------------------------------

    def handle(self, conn: Holder, msg: protocol.Message, now: float, busy: bool) -> None:
        """One lobby message from ``conn`` (``busy``: it holds a seat or watches)."""
        if isinstance(msg, protocol.Seeks):
            entries = self.open_seeks()
            listing = [e.listed(now) for e in entries[:LISTED]]
            self.send(conn.ws, server("seeks", seeks=listing, open=len(entries)))
            return
        if isinstance(msg, protocol.Cancel):
            entry = self.by_owner.get(conn.ws)
            if entry is None:
                raise Refused(N_("you have no open seek"))
            self.remove(entry)
            self.send(conn.ws, server("cancelled", id=entry.id))
            return
        if busy:
            raise Refused(N_("this connection already holds a seat"))
        if isinstance(msg, protocol.Accept):
            self.accept(conn, msg.id, conn.player or msg.name, now)
        elif isinstance(msg, protocol.Seek):  # (a Pair too)
            self.seek(conn, msg, now)

    def seek(self, conn: Holder, msg: protocol.Seek, now: float) -> None:
        self.open_seeks()
        if conn.ws in self.by_owner:
            raise Refused(N_("you have an open seek already (cancel it first)"))
        check_seed(self.config, msg.seed)
        if msg.rated and not conn.player:
            raise Refused(RATED)
        settings = room_settings(
            self.config, msg.rules, msg.clock, msg.action_time, rated=msg.rated
        )
        name = conn.player or msg.name
        computer = None
        if isinstance(msg, protocol.Pair):
            levels = game_type(settings.rules).levels
            computer = msg.computer or levels[0]
            if computer not in levels:
                raise ProtocolError(f"computer: this game's computers are {', '.join(levels)}")
            match = next(
                (e for e in self.open_seeks() if e.fits(settings) and not e.same_player(conn)),
                None,
            )
            if match is not None:
                self.start(match, conn, name, now)
                return
        if len(self.entries) >= self.config.max_seeks:
            raise Refused(N_("the lobby is full: try again later"))
        entry = Entry(new_id(self.entries), conn, name, settings, msg.seed, now, computer)
        entry.player = conn.player
        if self.rating is not None:
            entry.rating = self.rating(conn.player, settings.rules)
        self.entries[entry.id] = entry
        self.by_owner[conn.ws] = entry
        wait = None
        if computer is not None:
            wait = self.config.pair_wait
            loop = asyncio.get_running_loop()
            entry.timer = loop.call_later(wait, self.no_one, entry)
        self.send(conn.ws, server("seeking", **entry.listed(now), wait=wait))

    def accept(self, conn: Holder, seek_id: str, name: str, now: float) -> None:
        entry = self.entries.get(seek_id)
        if entry is None or entry not in self.open_seeks():
            raise Refused(N_("there is no open seek with that id"))
        if entry.same_player(conn):
            raise Refused(N_("that seek is your own"))
        if entry.settings.rated and not conn.player:
            raise Refused(RATED)
        self.start(entry, conn, name, now)

    # -- games -----------------------------------------------------------------------

    def start(self, entry: Entry, other: Holder, name: str, now: float) -> None:
        """``other`` takes up ``entry``: a new room, the seeker at A, ``other`` at B."""
        room = self.open_room(other.key, entry.settings, entry.seed, now)
        self.remove(entry)
        mine = self.by_owner.get(other.ws)
        if mine is not None:
            self.remove(mine)  # (his own seek is withdrawn: he plays)
        entry.owner.room = other.room = room
        room.seats[0].player, room.seats[1].player = entry.player, other.player
        room.take(0, entry.name, entry.owner.ws)
        room.take(1, name, other.ws)
        self.deliver(room)

    def no_one(self, entry: Entry) -> None:
        """A pairer's wait is over and nobody came: the server's computer plays him
        (on the loop's timer: an error is one log line, never a traceback)."""
        try:
            self._computer_plays(entry)
        except Exception as e:
            log.error("lobby: %s while the computer took a pairer", one_line(e))
            self.send(entry.owner.ws, refusal(N_("the server could not do that")))

    def _computer_plays(self, entry: Entry) -> None:
        if entry not in self.open_seeks() or entry.computer is None:
            return
        self.remove(entry)
        now = time.monotonic()
        s = entry.settings
        settings = room_settings(self.config, s.rules, s.clock, s.action_time, entry.computer)
        try:
            room = self.open_room(entry.owner.key, settings, entry.seed, now)
        except Refused as e:
            self.send(entry.owner.ws, refusal(e.said))
            return
        room.set_opponent(1, entry.computer)
        entry.owner.room = room
        room.seats[0].player = entry.player
        room.take(0, entry.name, entry.owner.ws)
        self.deliver(room)

    def remove(self, entry: Entry) -> None:
        if self.entries.get(entry.id) is entry:
            del self.entries[entry.id]
        if self.by_owner.get(entry.owner.ws) is entry:
            del self.by_owner[entry.owner.ws]
        if entry.timer is not None:
            entry.timer.cancel()

    def gone(self, ws: Any) -> None:
        """A connection closed: its seek vanishes."""
        entry = self.by_owner.get(ws)
        if entry is not None:
            self.remove(entry)

    def close(self) -> None:
        for entry in list(self.entries.values()):
            self.remove(entry)


def new_id(taken: dict[str, Entry]) -> str:
    while True:
        code = "".join(secrets.choice(ROOM_ALPHABET) for _ in range(SEEK_LEN))
        if code not in taken:
            return code


__all__ = ["LOBBY", "Entry", "Holder", "Lobby", "check_seed", "room_settings"]
