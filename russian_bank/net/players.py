"""The server's players: claimed names, their ratings and their archives of games.

A player chooses a name and keeps it with a secret his program made once (no
e-mail, no password to remember). The store keeps, per name (case-insensitively
unique), the scrypt hash of that secret with a salt of its own, never the secret;
per name and game family its Glicko-2 rating (``net.ratings``) and its rated games
won, lost and drawn; and every finished game a named player sat in: its record as
the history keeps it, the players, the rule set and family, the result, whether it
was rated and its date.

:class:`PlayerStore` is what the server asks of a store, so that another engine
(Redis) can hold the same; :class:`SqlPlayers` keeps it in SQLite (the standard
library's ``sqlite3``): ``DATA/players.sqlite``, or in memory where the server has
no data folder. A file SQLite cannot read is set aside (``.damaged``, one log line)
and a fresh one started, so that the server still starts.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import logging
import secrets
import sqlite3
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..i18n import N_
from .ratings import DRAW, LOSS, WIN, Rating, rate
from .seats import Refused

log = logging.getLogger("russian_bank.net")
FILE = "players.sqlite"
PAGE = 20  # games one archive page lists
KDF = (2**12, 8, 1)  # scrypt's n, r, p: the secret is 256 random bits, the hash a seal
SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    key TEXT PRIMARY KEY, name TEXT NOT NULL, salt BLOB NOT NULL, hash BLOB NOT NULL,
    kdf TEXT NOT NULL, since TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')));
CREATE TABLE IF NOT EXISTS ratings (
    key TEXT NOT NULL, family TEXT NOT NULL, rating REAL NOT NULL, rd REAL NOT NULL,
    vol REAL NOT NULL, wins INTEGER NOT NULL, losses INTEGER NOT NULL,
    draws INTEGER NOT NULL, PRIMARY KEY (key, family));
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, date TEXT NOT NULL, rules TEXT NOT NULL, family TEXT NOT NULL,
    name_a TEXT NOT NULL, name_b TEXT NOT NULL, key_a TEXT NOT NULL, key_b TEXT NOT NULL,
    winner INTEGER, reason TEXT NOT NULL, points INTEGER NOT NULL, rated INTEGER NOT NULL,
    text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS games_a ON games (key_a, date);
CREATE INDEX IF NOT EXISTS games_b ON games (key_b, date);
"""


def name_key(name: str) -> str:
    """The form two names are compared in: Ann, ANN and ａｎｎ are one name."""
    return unicodedata.normalize("NFKC", name).casefold()


def _seal(secret: str, salt: bytes, kdf: str) -> bytes:
    n, r, p = (int(x) for x in kdf.split(":")[1:])
    return hashlib.scrypt(secret.encode(), salt=salt, n=n, r=r, p=p, dklen=32)


@dataclass(frozen=True)
class Standing:
    """A player's rating in one family, with his rated games' count."""

    family: str
    rating: Rating
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


@dataclass(frozen=True)
class Finished:
    """A finished game as the archive keeps it. ``names``: the seats' names as
    shown; ``players``: the claimed names' keys (:func:`name_key`) at A and B (""
    where a seat's player claimed none: he has no archive)."""

    id: str
    date: str
    rules: str
    family: str
    names: tuple[str, str]
    players: tuple[str, str]
    winner: int | None
    reason: str
    points: int
    rated: bool
    text: str  # the kept game (history's text form)


class PlayerStore(Protocol):
    """What the server asks of a store of players (SQLite here; Redis may follow)."""

    def claim(self, name: str, secret: str) -> bool:
        """Claim ``name`` with ``secret``: True if it was free (now his), False if
        it was his already; Refused if another holds it."""
        ...

    def holder(self, name: str) -> str | None:
        """The name as its player claimed it (None: nobody holds it)."""
        ...

    def standing(self, name: str, family: str) -> Standing:
        """A player's rating in ``family`` (a newcomer's where he has none)."""
        ...

    def standings(self, name: str) -> list[Standing]: ...

    def finished(self, game: Finished) -> None:
        """Keep a finished game in its players' archives; a rated one moves both
        ratings once (a win 1, a loss 0, a draw 0.5). A game kept already (by its
        id) is not kept or rated again."""
        ...

    def archive(self, name: str, page: int) -> tuple[list[Finished], int]:
        """One page of ``name``'s games, newest first, and how many he has."""
        ...

    def fetch(self, name: str, game_id: str) -> Finished | None:
        """One game of ``name``'s archive (None: not one of his)."""
        ...

    def close(self) -> None: ...


class SqlPlayers:
    """A :class:`PlayerStore` in SQLite (see the module text)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        where = ":memory:" if self.path is None else str(self.path)
        db = sqlite3.connect(where, check_same_thread=False, isolation_level=None)
        try:
            if db.execute("PRAGMA quick_check").fetchone() != ("ok",):
                raise sqlite3.DatabaseError("quick_check failed")
            db.executescript(SCHEMA)
        except sqlite3.DatabaseError as e:
            db.close()
            if self.path is None:
                raise
            aside = self.path.with_suffix(".damaged")
            log.error("%s cannot be read (%s): set aside as %s", self.path, e, aside.name)
            self.path.replace(aside)
            db = sqlite3.connect(where, check_same_thread=False, isolation_level=None)
            db.executescript(SCHEMA)
        return db

    def close(self) -> None:
        self.db.close()

    # -- names -----------------------------------------------------------------------

    def claim(self, name: str, secret: str) -> bool:
        key = name_key(name)
        row = self.db.execute("SELECT salt, hash, kdf FROM players WHERE key = ?", (key,))
        held = row.fetchone()
        if held is not None:
            salt, sealed, kdf = held
            if not hmac.compare_digest(_seal(secret, salt, kdf), sealed):
                raise Refused(N_("that name is taken: choose another"))
            return False
        salt, kdf = secrets.token_bytes(16), "scrypt:{}:{}:{}".format(*KDF)
        with self._writing():
            self.db.execute(
                "INSERT INTO players (key, name, salt, hash, kdf) VALUES (?, ?, ?, ?, ?)",
                (key, name, salt, _seal(secret, salt, kdf), kdf),
            )
        return True

    def holder(self, name: str) -> str | None:
        row = self.db.execute("SELECT name FROM players WHERE key = ?", (name_key(name),))
        found = row.fetchone()
        return None if found is None else str(found[0])

    # -- ratings ---------------------------------------------------------------------

    def standing(self, name: str, family: str) -> Standing:
        row = self.db.execute(
            "SELECT rating, rd, vol, wins, losses, draws FROM ratings WHERE key = ? AND family = ?",
            (name_key(name), family),
        ).fetchone()
        if row is None:
            return Standing(family, Rating())
        return Standing(family, Rating(row[0], row[1], row[2]), row[3], row[4], row[5])

    def standings(self, name: str) -> list[Standing]:
        rows = self.db.execute(
            "SELECT family, rating, rd, vol, wins, losses, draws FROM ratings"
            " WHERE key = ? ORDER BY family DESC",
            (name_key(name),),
        )
        return [Standing(r[0], Rating(r[1], r[2], r[3]), r[4], r[5], r[6]) for r in rows]

    def _set(self, name: str, s: Standing) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (name_key(name), s.family, s.rating.rating, s.rating.rd, s.rating.vol)
            + (s.wins, s.losses, s.draws),
        )

    # -- the archive -----------------------------------------------------------------

    def finished(self, game: Finished) -> None:
        a, b = keys = game.players
        with self._writing():
            added = self.db.execute(
                "INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game.id, game.date, game.rules, game.family, *game.names, *keys)
                + (game.winner, game.reason, game.points, int(game.rated), game.text),
            )
            if added.rowcount == 1 and game.rated and a and b and a != b:  # (rated once)
                self._rate(a, b, game)

    def _rate(self, a: str, b: str, game: Finished) -> None:
        was = self.standing(a, game.family), self.standing(b, game.family)
        for name, now in zip((a, b), after(game, *was), strict=True):
            self._set(name, now)

    def archive(self, name: str, page: int) -> tuple[list[Finished], int]:
        key = name_key(name)
        mine = "key_a = ? OR key_b = ?"
        total = self.db.execute(f"SELECT count(*) FROM games WHERE {mine}", (key, key))
        count = int(total.fetchone()[0])
        rows = self.db.execute(
            f"SELECT * FROM games WHERE {mine} ORDER BY date DESC, rowid DESC LIMIT ? OFFSET ?",
            (key, key, PAGE, page * PAGE),
        )
        return [_finished(r) for r in rows], count

    def fetch(self, name: str, game_id: str) -> Finished | None:
        key = name_key(name)
        row = self.db.execute(
            "SELECT * FROM games WHERE id = ? AND (key_a = ? OR key_b = ?)", (game_id, key, key)
        ).fetchone()
        return None if row is None else _finished(row)

    @contextlib.contextmanager
    def _writing(self) -> Any:
        """One transaction: all of it is kept, or none."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")


def after(game: Finished, a: Standing, b: Standing) -> tuple[Standing, Standing]:
    """Seats A's and B's standings ``a`` and ``b`` after the rated ``game`` (each
    rated against the other's rating from before it; its count of games grown)."""
    score = DRAW if game.winner is None else (WIN if game.winner == 0 else LOSS)
    ra, rb = rate(a.rating, b.rating, score)

    def counted(was: Standing, now: Rating, got: float) -> Standing:
        won, lost, drawn = int(got == WIN), int(got == LOSS), int(got == DRAW)
        return Standing(was.family, now, was.wins + won, was.losses + lost, was.draws + drawn)

    return counted(a, ra, score), counted(b, rb, 1.0 - score)


def _finished(row: tuple[Any, ...]) -> Finished:
    gid, date, rules, family, name_a, name_b, key_a, key_b, winner, reason, points, rated = row[:12]
    return Finished(
        gid,
        date,
        rules,
        family,
        (name_a, name_b),
        (key_a, key_b),
        winner,
        reason,
        points,
        bool(rated),
        row[12],
    )


def open_players(data: Path | None) -> SqlPlayers:
    """The server's store: ``DATA/players.sqlite``, or in memory with no data folder."""
    if data is not None:
        data.mkdir(parents=True, exist_ok=True)
    return SqlPlayers(None if data is None else data / FILE)


__all__ = [
    "FILE",
    "after",
    "Finished",
    "PAGE",
    "PlayerStore",
    "SqlPlayers",
    "Standing",
    "name_key",
    "open_players",
]
