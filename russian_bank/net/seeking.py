"""The client's side of the lobby (``net.lobby``): seek, list, accept, cancel, pair.

:class:`LobbyCalls` is a part of ``net.client.Client``. Where a game starts
(``accept``; ``pair`` at once or after its wait) the call returns the ``joined``
message, as ``create`` and ``join`` do; a seeker whose seek someone accepts reads
his ``joined`` with ``until("joined")``. A listing is checked and made safe to
show (:func:`read_seeks`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec
from msgspec import Meta

from ..history.records import clean_name
from .naming import PlayerCalls
from .protocol import ROOM_ALPHABET, SEEK_LEN, ProtocolError

SeekId = Annotated[str, Meta(pattern=f"^[{ROOM_ALPHABET}]{{{SEEK_LEN}}}$")]
PAIR_TIMEOUT = 120.0  # seconds ``pair`` reads before it gives up (the server's wait is less)


class ServerRefused(Exception):
    """The server answered an intent with an error (``str`` is its reason)."""


class Rated(msgspec.Struct):
    rating: Annotated[float, Meta(ge=-1e5, le=1e5)]
    rd: Annotated[float, Meta(ge=0, le=1e4)]


class Listed(msgspec.Struct):
    """One open seek as a listing gives it (other fields are let be)."""

    id: SeekId
    rules: Annotated[str, Meta(min_length=1, max_length=200)]
    clock: Literal["real", "steps"]
    action_time: Annotated[float, Meta(ge=0, le=1e3)]
    name: Annotated[str, Meta(max_length=200)]
    age: Annotated[float, Meta(ge=0, le=1e9)]
    rules_title: Annotated[str, Meta(max_length=200)] = ""
    pairing: bool = False
    rated: bool = False
    rating: Rated | None = None  # the seeker's, in the rule set's family (a claimed name)


def read_seeks(msg: dict[str, Any]) -> list[dict[str, Any]]:
    """A ``seeks`` answer's seeks, checked (ProtocolError) and safe to show."""
    try:
        seeks = msgspec.convert(msg.get("seeks"), list[Listed], strict=True)
    except msgspec.ValidationError as e:
        raise ProtocolError(f"the lobby cannot be read ({e})") from None
    out = []
    for s in seeks:
        seen = msgspec.structs.asdict(s)
        seen["rating"] = None if s.rating is None else msgspec.structs.asdict(s.rating)
        seen["name"] = clean_name(s.name)
        seen["rules_title"] = " ".join("".join(c for c in s.rules_title if c.isprintable()).split())
        out.append(seen)
    return out


class LobbyCalls(PlayerCalls):
    """Seek, list, accept, cancel and pair (a part of ``net.client.Client``), and
    the calls of names, ratings and the archive (``net.naming``)."""

    seeking: dict[str, Any] | None = None  # the server's ``seeking``: one's open seek

    if TYPE_CHECKING:
        name: str

        async def send(self, type_: str, /, **fields: Any) -> None: ...

        async def recv(self, timeout: float | None = 30) -> dict[str, Any]: ...

        async def until(self, type_: str, timeout: float = 30) -> dict[str, Any]: ...

    async def seek(self, **options: Any) -> dict[str, Any]:
        """Put an open seek in the lobby (rules, clock, action_time): ``seeking``."""
        await self.send("seek", name=self.name, **options)
        self.seeking = await self.until("seeking")
        return self.seeking

    async def seeks(self) -> list[dict[str, Any]]:
        """The lobby's open seeks, oldest first (:func:`read_seeks`)."""
        await self.send("seeks")
        return read_seeks(await self.until("seeks"))

    async def accept(self, seek_id: str) -> dict[str, Any]:
        """Take up the open seek ``seek_id``: a new room, this seat at B."""
        await self.send("accept", id=seek_id, name=self.name)
        return await self.until("joined")

    async def cancel(self) -> dict[str, Any]:
        """Withdraw one's open seek."""
        await self.send("cancel")
        self.seeking = None
        return await self.until("cancelled")

    async def pair(self, timeout: float = PAIR_TIMEOUT, **options: Any) -> dict[str, Any]:
        """Quick pairing (rules, clock, action_time, computer): ``joined``, against
        the first that fits or, after the server's wait, its computer."""
        await self.send("pair", name=self.name, **options)
        end = time.monotonic() + timeout
        while True:
            msg = await self.recv(max(0.01, end - time.monotonic()))
            if msg["type"] == "seeking":
                self.seeking = msg
            elif msg["type"] == "joined":
                self.seeking = None
                return msg
            elif msg["type"] == "error":
                raise ServerRefused(msg.get("reason", ""))


__all__ = ["LobbyCalls", "PAIR_TIMEOUT", "ServerRefused", "read_seeks"]
