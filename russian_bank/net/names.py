"""The server's side of names, ratings and the archive (``claim``, ``card``,
``archive``, ``fetch``; docs/protocol.md, "Names, ratings and the archive").

A connection claims a name with its secret (``claim``): a free name becomes its
player's, the same name with another secret is refused in one line. From then on
the connection's seeks, accepts and pairings carry the claimed name
(``net.lobby``), and the seats it takes are archived under it. Anyone may read a
player's card (``card``: his rating in each family, his rated games won, lost and
drawn, his games kept); a player lists his own archive (``archive``, a page at a
time) and fetches one of its games (``fetch``: the kept game's text, as the
history keeps it). A finished game is archived for its named players, and a rated
one moves both ratings (:meth:`Names.finished`, from ``RoomKeeping._keep``).

Claims are bounded per address (``CLAIMS_PER_MINUTE``): each costs a hash, so an
address cannot spend the server's time guessing.
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any, Protocol

from ..games import game_type
from ..history import Kept
from ..i18n import N_
from . import protocol
from .limits import Rates
from .players import PAGE, Finished, PlayerStore, Standing, name_key, open_players
from .protocol import GAME_ID_LEN, ROOM_ALPHABET, server
from .redis_players import RedisPlayers
from .redis_rates import RedisRates
from .room import Room
from .saves import one_line
from .seats import PERSON, Refused

log = logging.getLogger("russian_bank.net")
CLAIMS_PER_MINUTE = 20.0  # claims (each a hash) one address may make a minute
MAX_FETCH = 900_000  # characters of a kept game one ``game`` frame carries (1 MB a frame)
NAMES = (protocol.Claim, protocol.Card, protocol.Archive, protocol.Fetch)


class Named(Protocol):
    """What this reads and sets of a server's connection (``keeping.Conn``)."""

    ws: Any
    key: str
    player: str
    room: Room | None


def standing_wire(s: Standing) -> dict[str, Any]:
    r = s.rating
    return {
        "family": s.family,
        "rating": round(r.rating, 1),
        "rd": round(r.rd, 1),
        "games": s.games,
        "wins": s.wins,
        "losses": s.losses,
        "draws": s.draws,
    }


def listed_game(game: Finished, key: str) -> dict[str, Any]:
    """One game of an archive's page, as its player ``key`` is sent it."""
    return {
        "id": game.id,
        "date": game.date,
        "rules": game.rules,
        "family": game.family,
        "names": list(game.names),
        "seat": "A" if game.players[0] == key else "B",
        "winner": None if game.winner is None else "AB"[game.winner],
        "reason": game.reason,
        "points": game.points,
        "rated": game.rated,
    }


def game_id(room: Room) -> str:
    """The archive's id of ``room``'s finished game: drawn from the room's code, its
    game's number and record (the deal came from the system's randomness), so that
    a process that takes the room over and keeps the game again keeps it once."""
    seen = f"{room.code}:{room.game_no}:{room.record}".encode()
    digest = hashlib.sha256(seen).digest()
    return "".join(ROOM_ALPHABET[b % len(ROOM_ALPHABET)] for b in digest[:GAME_ID_LEN])


class Names:
    """Claimed names, ratings and the archive of one server (see the module text)."""

    def __init__(self, send: Any) -> None:
        self.send = send
        self.store: PlayerStore | None = None
        self.claims: Rates | RedisRates = Rates(CLAIMS_PER_MINUTE)

    def open(self, data: Any, redis: Any = None) -> None:
        """The store: Redis's, shared by the server's processes (``redis``: the
        process's synchronous client, ``--redis``), else SQLite's in the data folder
        (or in memory)."""
        self.store = open_players(data) if redis is None else RedisPlayers(redis)
        if redis is not None:  # (an address's tries counted over every process)
            self.claims = RedisRates(redis, "claims", CLAIMS_PER_MINUTE)

    def close(self) -> None:
        if self.store is not None:
            self.store.close()
            self.store = None

    def _store(self) -> PlayerStore:
        if self.store is None:
            raise Refused(N_("the server could not do that"))
        return self.store

    # -- messages --------------------------------------------------------------------

    def handle(self, conn: Named, msg: protocol.Message, now: float) -> None:
        store = self._store()
        if isinstance(msg, protocol.Claim):
            if not self.claims.take(conn.key, now):
                raise Refused(N_("too many names tried from your address: wait a minute"))
            new = store.claim(msg.name, msg.secret)
            conn.player = store.holder(msg.name) or msg.name
            self.send(conn.ws, server("claimed", name=conn.player, new=new))
        elif isinstance(msg, protocol.Card):
            name = msg.name or conn.player
            if not name:
                raise Refused(N_("claim a name first"))
            held = store.holder(name)
            if held is None:
                raise Refused(N_("nobody plays under that name"))
            standings = [standing_wire(s) for s in store.standings(held)]
            _games, kept = store.archive(held, 0)
            self.send(conn.ws, server("card", name=held, ratings=standings, games=kept))
        elif isinstance(msg, protocol.Archive):
            if not conn.player:
                raise Refused(N_("claim a name first"))
            games, total = store.archive(conn.player, msg.page)
            key = name_key(conn.player)
            listing = [listed_game(g, key) for g in games]
            pages = max(1, -(-total // PAGE))
            self.send(
                conn.ws,
                server("archive", games=listing, page=msg.page, pages=pages, total=total),
            )
        elif isinstance(msg, protocol.Fetch):
            if not conn.player:
                raise Refused(N_("claim a name first"))
            found = store.fetch(conn.player, msg.id)
            if found is None:
                raise Refused(N_("that game is not in your archive"))
            if len(found.text) > MAX_FETCH:
                raise Refused(N_("that game is too long to be sent"))
            self.send(conn.ws, server("game", id=found.id, text=found.text))

    def rating(self, player: str, rules: str) -> dict[str, Any] | None:
        """A seeker's rating in the family of ``rules``, for the lobby's listing."""
        if not player or self.store is None:
            return None
        s = self.store.standing(player, game_type(rules).family)
        return {"rating": round(s.rating.rating, 1), "rd": round(s.rating.rd, 1)}

    def seated(self, conn: Named) -> None:
        """A named connection took a seat (``create``, ``join``): it is his."""
        room = conn.room
        seat = None if room is None else room.seat_of(conn.ws)
        if room is not None and seat is not None and conn.player:
            room.seats[seat].player = conn.player

    # -- finished games --------------------------------------------------------------

    def finished(self, room: Room, kept: Kept) -> None:
        """Keep ``room``'s finished game in its named players' archives; a rated
        game between two named people moves both ratings (one log line if it fails)."""
        players = tuple(name_key(s.player) if s.player else "" for s in room.seats)
        if self.store is None or not any(players):
            return
        outcome = room.game.outcome
        rated = (
            room.settings.rated
            and all(s.kind == PERSON for s in room.seats)
            and all(players)
            and players[0] != players[1]
        )
        game = Finished(
            id=game_id(room),
            date=kept.date,
            rules=kept.rules,
            family=game_type(kept.rules).family,
            names=(room.seats[0].name, room.seats[1].name),
            players=(players[0], players[1]),
            winner=None if outcome is None else outcome.winner,
            reason="" if outcome is None else outcome.reason,
            points=0 if outcome is None else outcome.points,
            rated=rated,
            text=kept.to_text(),
        )
        try:
            self.store.finished(game)
        except Exception as e:
            log.error("room %s: cannot archive the game (%s)", room.code, one_line(e))


__all__ = ["GAME_ID_LEN", "NAMES", "Named", "Names", "listed_game", "standing_wire"]
