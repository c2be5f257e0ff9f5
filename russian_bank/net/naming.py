"""The client's side of names, ratings and the archive (``net.names``).

The player's name is kept with a secret this program makes once
(``secrets.token_urlsafe``): ``player.json`` in the config folder, beside the
seat kept at a network game (``seat.json``), written atomically. The secret is
sent only in ``claim``; the server keeps its hash. A file this program cannot read
gives a fresh secret and one line saying so, never a traceback (the name it held
may then be refused as taken: the player chooses another).

:class:`PlayerCalls` is a part of ``net.client.Client``: ``claim``, ``card``,
``archive`` and ``fetch``. What the server answers is checked and made safe to
show (:func:`read_card`, :func:`read_archive`); a fetched game is read and checked
by replaying it (:func:`read_fetched`) before the history keeps it.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec
from msgspec import Meta

from .. import files
from ..history import Kept, RecordError
from ..history.records import clean_name, parse
from ..i18n import _
from .protocol import GAME_ID_LEN, NAME_MAX, ROOM_ALPHABET, ProtocolError

FILE = "player.json"
PORT = 8765  # a server's usual port


def server_url(address: str) -> str:
    """A typed address as a WebSocket URL (the usual port where none is given)."""
    address = address.strip()
    if "://" in address:
        return address
    return f"ws://{address}" if ":" in address else f"ws://{address}:{PORT}"


SECRET_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


@dataclass(frozen=True)
class Identity:
    """The name this player chose and the secret that keeps it."""

    name: str
    secret: str

    def valid(self) -> bool:
        return (
            len(self.name) <= NAME_MAX
            and self.name.isprintable()
            and 32 <= len(self.secret) <= 64
            and set(self.secret) <= SECRET_CHARS
        )


def new_secret() -> str:
    return secrets.token_urlsafe(32)  # 43 characters, 256 random bits


def kept_identity(folder: Path) -> tuple[Identity | None, str | None]:
    """The identity kept in ``folder`` (None: none yet), and a line if the file
    could not be read (then it is as if there were none)."""
    path = folder / FILE
    try:
        if not path.exists():
            return None, None
        raw = path.read_bytes()
        data = json.loads(raw.decode("utf-8")) if len(raw) <= 4096 else None
        if (
            isinstance(data, dict)
            and set(data) == {"name", "secret"}
            and all(type(v) is str for v in data.values())
        ):
            found = Identity(data["name"], data["secret"])
            if found.valid():
                return found, None
        why = _("not a name and a secret")
    except (OSError, ValueError, RecursionError) as e:
        why = type(e).__name__
    said = _("{path} could not be read ({why}): a new secret keeps your name from now on")
    return None, said.format(path=path, why=why)


def keep_identity(folder: Path, identity: Identity) -> str | None:
    """Keep ``identity``; None, or why it could not be kept."""
    path = folder / FILE
    try:
        files.write_text(path, json.dumps({"name": identity.name, "secret": identity.secret}))
    except OSError as e:
        return f"{path}: {files.why(e, path)}"
    return None


def identity_for(folder: Path, name: str) -> tuple[Identity, str | None]:
    """The identity to claim ``name`` with: the kept secret (a new one made and kept
    the first time, or where the file was broken), the name as now chosen."""
    kept, warning = kept_identity(folder)
    identity = Identity(name, new_secret()) if kept is None else replace(kept, name=name)
    if identity != kept:
        warning = keep_identity(folder, identity) or warning
    return identity, warning


# -- what the server answers -----------------------------------------------------------

Text = Annotated[str, Meta(max_length=200)]
Count = Annotated[int, Meta(ge=0, le=10**9)]
GameId = Annotated[str, Meta(pattern=f"^[{ROOM_ALPHABET}]{{{GAME_ID_LEN}}}$")]


class Standing(msgspec.Struct):
    family: Text
    rating: Annotated[float, Meta(ge=-1e5, le=1e5)]
    rd: Annotated[float, Meta(ge=0, le=1e4)]
    games: Count = 0
    wins: Count = 0
    losses: Count = 0
    draws: Count = 0


class CardAnswer(msgspec.Struct):
    name: Text
    ratings: Annotated[list[Standing], Meta(max_length=20)]
    games: Count = 0


class Listed(msgspec.Struct):
    id: GameId
    date: Annotated[str, Meta(pattern=r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")]
    rules: Text
    family: Text
    names: Annotated[list[Text], Meta(min_length=2, max_length=2)]
    seat: Literal["A", "B"]
    winner: Literal["A", "B"] | None
    reason: Text
    points: Count
    rated: bool


class ArchiveAnswer(msgspec.Struct):
    games: Annotated[list[Listed], Meta(max_length=100)]
    page: Count
    pages: Count
    total: Count


def _read(msg: dict[str, Any], kind: type[Any], what: str) -> Any:
    fields = {k: v for k, v in msg.items() if k not in ("v", "type")}
    try:
        return msgspec.convert(fields, kind, strict=True)
    except msgspec.ValidationError as e:
        raise ProtocolError(f"the {what} cannot be read ({e})") from None


def read_card(msg: dict[str, Any]) -> dict[str, Any]:
    """A ``card`` answer, checked (ProtocolError) and safe to show."""
    card: CardAnswer = _read(msg, CardAnswer, "card")
    seen = msgspec.structs.asdict(card)
    seen["name"] = clean_name(card.name)
    seen["ratings"] = [msgspec.structs.asdict(s) for s in card.ratings]
    return seen


def read_archive(msg: dict[str, Any]) -> dict[str, Any]:
    """An ``archive`` answer, checked (ProtocolError) and safe to show."""
    answer: ArchiveAnswer = _read(msg, ArchiveAnswer, "archive")
    seen = msgspec.structs.asdict(answer)
    seen["games"] = []
    for g in answer.games:
        game = msgspec.structs.asdict(g)
        game["names"] = [clean_name(n) for n in g.names]
        seen["games"].append(game)
    return seen


def read_fetched(msg: dict[str, Any], seat: str) -> Kept:
    """A fetched game (``game``), read and checked by replaying it, as kept by the
    one who sat at ``seat`` (ProtocolError with the reason if it is not a game)."""
    text = msg.get("text")
    if type(text) is not str:
        raise ProtocolError("the game sent has no text")
    try:
        kept = parse(text.replace("\r\n", "\n"), verify=True)
    except RecordError as e:
        raise ProtocolError(str(e)) from None
    return replace(kept, seat=1 if seat == "B" else 0)


class PlayerCalls:
    """Claim, card, archive and fetch (a part of ``net.client.Client``)."""

    if TYPE_CHECKING:
        name: str

        async def send(self, type_: str, /, **fields: Any) -> None: ...

        async def until(self, type_: str, timeout: float = 30) -> dict[str, Any]: ...

    async def claim(self, secret: str) -> dict[str, Any]:
        """Claim this client's name with ``secret``: ``claimed`` (its ``new`` says if
        the name was free), or ServerRefused if another holds it."""
        await self.send("claim", name=self.name, secret=secret)
        return await self.until("claimed")

    async def card(self, name: str | None = None) -> dict[str, Any]:
        """A player's card (one's own by default), checked (:func:`read_card`)."""
        await self.send("card", **({} if name is None else {"name": name}))
        return read_card(await self.until("card"))

    async def archive(self, page: int = 0) -> dict[str, Any]:
        """One page of one's archive, newest first (:func:`read_archive`)."""
        await self.send("archive", page=page)
        return read_archive(await self.until("archive"))

    async def fetch(self, game_id: str) -> dict[str, Any]:
        """One game of one's archive: ``game`` (its ``text`` as the server kept it)."""
        await self.send("fetch", id=game_id)
        return await self.until("game")


__all__ = [
    "FILE",
    "Identity",
    "PlayerCalls",
    "identity_for",
    "keep_identity",
    "kept_identity",
    "new_secret",
    "read_archive",
    "read_card",
    "read_fetched",
    "server_url",
]
