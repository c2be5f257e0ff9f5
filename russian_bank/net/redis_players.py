"""The players' store in Redis, for a server of several processes (``--redis URL``).

The same :class:`net.players.PlayerStore` as ``SqlPlayers``, so that a name claimed,
a rating moved or a game archived through one process is what every other process
reads. The keys (all under one prefix, ``rb:`` unless told):

* ``player:KEY``: the claimed name with its salt, seal and scrypt settings (JSON),
  written with ``SET NX``: of two processes claiming one free name at once, one wins;
* ``rating:KEY``: a hash, per game family the rating, deviation, volatility and the
  rated games won, lost and drawn (JSON);
* ``game:ID``: a finished game (JSON), written with ``SET NX``, and ``archive:KEY``, a
  sorted set of the player's game ids by when they ended.

A finished game is kept and both ratings moved in one transaction (``WATCH`` on the
two players' ratings, then ``MULTI``): a rating is never moved twice for one game,
even where two processes finish it (a room taken over), and never lost to a rating
written meanwhile by another process (the transaction is tried again).
"""

from __future__ import annotations

import hmac
import json
import secrets
from dataclasses import asdict
from typing import Any

import redis

from ..i18n import N_
from .players import KDF, PAGE, Finished, Standing, _seal, after, name_key
from .ratings import Rating
from .seats import Refused


class RedisPlayers:
    """A :class:`net.players.PlayerStore` in Redis (see the module text)."""

    def __init__(self, db: redis.Redis, prefix: str = "rb:") -> None:
        self.db = db  # (the process's one synchronous client: keys.connect_sync)
        self.prefix = prefix

    def _key(self, *parts: str) -> str:
        return self.prefix + ":".join(parts)

    def close(self) -> None:
        """(The client is its owner's to close: the server's.)"""

    # -- names -----------------------------------------------------------------------

    def claim(self, name: str, secret: str) -> bool:
        where = self._key("player", name_key(name))
        salt, kdf = secrets.token_bytes(16), "scrypt:{}:{}:{}".format(*KDF)
        held = {"name": name, "salt": salt.hex(), "hash": _seal(secret, salt, kdf).hex()}
        if self.db.set(where, json.dumps(held | {"kdf": kdf}), nx=True):
            return True
        found = self._read(where)
        if found is None:  # (set, then gone: no store removes a name)
            raise Refused(N_("that name is taken: choose another"))
        sealed = _seal(secret, bytes.fromhex(found["salt"]), found["kdf"])
        if not hmac.compare_digest(sealed, bytes.fromhex(found["hash"])):
            raise Refused(N_("that name is taken: choose another"))
        return False

    def holder(self, name: str) -> str | None:
        found = self._read(self._key("player", name_key(name)))
        return None if found is None else str(found["name"])

    def _read(self, where: str) -> Any:
        raw = self.db.get(where)
        return None if raw is None else json.loads(raw)

    # -- ratings ---------------------------------------------------------------------

    def standing(self, name: str, family: str) -> Standing:
        raw: Any = self.db.hget(self._key("rating", name_key(name)), family)
        return _standing(family, raw)

    def standings(self, name: str) -> list[Standing]:
        rows: Any = self.db.hgetall(self._key("rating", name_key(name)))
        found = [_standing(family, raw) for family, raw in rows.items()]
        return sorted(found, key=lambda s: s.family, reverse=True)

    # -- the archive -----------------------------------------------------------------

    def finished(self, game: Finished) -> None:
        a, b = game.players
        rated = bool(game.rated and a and b and a != b)
        record = self._key("game", game.id)
        watched = [self._key("rating", k) for k in (a, b)] if rated else []

        def keep(pipe: Any) -> None:  # (a pipe in WATCH mode: it reads at once)
            if pipe.exists(record):
                return  # kept already (and rated then)
            moved = self._moved(game) if rated else []
            pipe.multi()
            pipe.set(record, json.dumps(asdict(game)))
            for key in {k for k in game.players if k}:
                pipe.zadd(self._key("archive", key), {game.id: _when(game)})
            for key, standing in moved:
                pipe.hset(self._key("rating", key), game.family, _row(standing))

        # tried again while another process writes one of the two ratings meanwhile
        self.db.transaction(keep, record, *watched)

    def _moved(self, game: Finished) -> list[tuple[str, Standing]]:
        """Both players' standings after the rated ``game``."""
        keys = game.players
        was = self.standing(keys[0], game.family), self.standing(keys[1], game.family)
        return list(zip(keys, after(game, *was), strict=True))

    def archive(self, name: str, page: int) -> tuple[list[Finished], int]:
        mine = self._key("archive", name_key(name))
        count = int(self.db.zcard(mine))
        ids: Any = self.db.zrevrange(mine, page * PAGE, page * PAGE + PAGE - 1)
        games = [self._game(i) for i in ids]
        return [g for g in games if g is not None], count

    def fetch(self, name: str, game_id: str) -> Finished | None:
        game = self._game(game_id)
        if game is None or name_key(name) not in game.players:
            return None
        return game

    def _game(self, game_id: str) -> Finished | None:
        found = self._read(self._key("game", game_id))
        if found is None:
            return None
        found["names"], found["players"] = tuple(found["names"]), tuple(found["players"])
        return Finished(**found)


def _standing(family: str, raw: str | None) -> Standing:
    if raw is None:
        return Standing(family, Rating())
    rating, rd, vol, wins, losses, draws = json.loads(raw)
    return Standing(family, Rating(rating, rd, vol), wins, losses, draws)


def _row(s: Standing) -> str:
    r = s.rating
    return json.dumps([r.rating, r.rd, r.vol, s.wins, s.losses, s.draws])


def _when(game: Finished) -> float:
    """A sorted set's score for ``game``: its date as a number (newest highest)."""
    digits = "".join(ch for ch in game.date if ch.isdigit())
    return float(digits[:14] or 0)


__all__ = ["RedisPlayers"]
