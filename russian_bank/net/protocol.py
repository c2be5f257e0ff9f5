"""The remote table's messages (docs/protocol.md): JSON objects with a version.

Every message a client sends is read by :func:`read_client`, which checks it
completely before anything acts on it: it must be one JSON object of at most
:data:`MAX_CLIENT_BYTES`, with ``"v": 2``, a known ``type`` and exactly the fields
that type allows (a msgspec ``Struct`` below: each field of the declared type and
range). Duplicate keys, NaN and Infinity, unknown fields, a bool where a number is
due: all refused with a one-line reason (:class:`ProtocolError`). Nothing from the
wire is executed; an action is read once, by the room's game's own text parser
(``GameType.parse_action``, in ``net.room``), and judged once, when it is applied.

Server messages are built by :func:`server` and read on the client by
:func:`read_server`, which checks the envelope (the client also decodes the
observation by its declared types, ``net.wire``).
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from ..games import game_type

VERSION = 2  # 2: reasons and notes as message keys with fields (net.words)
MAX_CLIENT_BYTES = 4096  # a client message is small: an action, a chat line
MAX_SERVER_BYTES = 1 << 20  # a view with the events a reconnecting seat missed
ROOM_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"  # no 0/O, 1/I/L, U
ROOM_LEN = 10  # 30**10: about 49 bits, unguessable at the server's rate limits
SEEK_LEN = 6  # a seek's id in the lobby (public: it need not be unguessable)
GAME_ID_LEN = 12  # an archived game's id (net.names)
CHAT_MAX = 200
NAME_MAX = 24
ACTION_MAX = 40
BIG = 2**53  # a count or a sequence number from the wire is a JSON-safe whole number


class ProtocolError(ValueError):
    """A message the server refuses; ``str`` is the one-line reason sent back."""


Name = Annotated[str, Meta(min_length=1, max_length=NAME_MAX)]
Room = Annotated[str, Meta(pattern=f"^[{ROOM_ALPHABET}]{{{ROOM_LEN}}}$")]
ActionText = Annotated[str, Meta(max_length=ACTION_MAX)]  # read by the room's game


class _Message(Struct, forbid_unknown_fields=True):
    """A client message that passed every check (its ``type`` is its class)."""

    def __post_init__(self) -> None:
        for field in ("name", "text"):  # a text shown to the other player
            value = getattr(self, field, "") or ""
            if any(not ch.isprintable() for ch in value):
                raise ValueError(f"{field} has a control character")


def known_rules(rules: str) -> str:
    """A game's registry name (ValueError, as a field's check, if there is none)."""
    try:
        return game_type(rules).name
    except ValueError as e:
        raise ValueError(f"rules: {e}") from None


class Create(_Message):
    name: Name
    rules: Annotated[str, Meta(max_length=60)] = "committee"
    seat: Literal["A", "B"] = "A"
    opponent: Annotated[str, Meta(max_length=20)] = "person"  # a level: the server checks
    clock: Literal["real", "steps"] = "real"
    action_time: Annotated[float, Meta(ge=0.1, le=10.0)] | None = None  # None: the clock's
    seed: Annotated[int, Meta(ge=0, le=2**31 - 1)] | None = None  # None: no seed

    def __post_init__(self) -> None:
        super().__post_init__()
        self.rules = known_rules(self.rules)


class Seek(_Message):  # an open seek in the lobby (net.lobby)
    name: Name
    rules: Annotated[str, Meta(max_length=60)] = "committee"
    clock: Literal["real", "steps"] = "real"
    action_time: Annotated[float, Meta(ge=0.1, le=10.0)] | None = None
    seed: Annotated[int, Meta(ge=0, le=2**31 - 1)] | None = None
    rated: bool = False  # a rated game: two claimed names, no computer (net.names)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.rules = known_rules(self.rules)


class Pair(Seek):  # quick pairing: the first that fits, or the server's computer
    computer: Annotated[str, Meta(max_length=20)] | None = None  # a level (None: the first)


class Seeks(_Message):
    pass


class Accept(_Message):
    id: Annotated[str, Meta(pattern=f"^[{ROOM_ALPHABET}]{{{SEEK_LEN}}}$")]
    name: Name


class Cancel(_Message):
    pass


class Claim(_Message):  # a name kept with a secret (net.names)
    name: Name
    secret: Annotated[str, Meta(pattern="^[A-Za-z0-9_-]{32,64}$")]

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.name != self.name.strip() or "  " in self.name:
            raise ValueError("name has a space at an end, or two in a row")


class Card(_Message):  # a player's card: his ratings and games (one's own: no name)
    name: Name | None = None


class Archive(_Message):  # one page of one's own archive
    page: Annotated[int, Meta(ge=0, le=10_000)] = 0


class Fetch(_Message):  # one game of one's own archive
    id: Annotated[str, Meta(pattern=f"^[{ROOM_ALPHABET}]{{{GAME_ID_LEN}}}$")]


class Look(_Message):
    room: Room


class Join(_Message):
    room: Room
    name: Name


class Watch(_Message):  # a spectator (net.watch)
    room: Room


class Resume(_Message):
    room: Room
    token: Annotated[str, Meta(pattern="^[A-Za-z0-9_-]{20,64}$")]
    seq: Annotated[int, Meta(ge=0, le=BIG)] | None = None


class Act(_Message):
    action: ActionText


class Answer(_Message):
    ask: Annotated[int, Meta(ge=1, le=BIG)]
    action: ActionText | None  # None: nothing to do


class OfferDraw(_Message):
    pass


class AnswerDraw(_Message):
    accept: bool


class Chat(_Message):
    text: Annotated[str, Meta(min_length=1, max_length=CHAT_MAX)]


class Rematch(_Message):
    pass


class Ping(_Message):
    t: Annotated[float, Meta(ge=-float(BIG), le=float(BIG))]


Message = (
    Create
    | Look
    | Join
    | Watch
    | Resume
    | Act
    | Answer
    | OfferDraw
    | AnswerDraw
    | Chat
    | Rematch
    | Ping
    | Seek
    | Seeks
    | Accept
    | Cancel
    | Pair
    | Claim
    | Card
    | Archive
    | Fetch
)
MESSAGES: dict[str, type[Message]] = {
    "create": Create,
    "look": Look,
    "join": Join,
    "watch": Watch,
    "resume": Resume,
    "act": Act,
    "answer": Answer,
    "offer_draw": OfferDraw,
    "answer_draw": AnswerDraw,
    "chat": Chat,
    "rematch": Rematch,
    "ping": Ping,
    "seek": Seek,
    "seeks": Seeks,
    "accept": Accept,
    "cancel": Cancel,
    "pair": Pair,
    "claim": Claim,
    "card": Card,
    "archive": Archive,
    "fetch": Fetch,
}
TYPES = {cls: kind for kind, cls in MESSAGES.items()}

# what a field must be, in the words of the one-line error (one meaning per name)
MUST = {
    "name": f"text of 1 to {NAME_MAX} characters",
    "rules": "a game's name (at most 60 characters)",
    "seat": "one of A, B",
    "opponent": "a computer's level (at most 20 characters)",
    "clock": "one of real, steps",
    "action_time": "a number from 0.1 to 10",
    "seed": f"a whole number from 0 to {2**31 - 1}",
    "room": f"a room code of {ROOM_LEN} letters and digits",
    "token": "a seat token",
    "seq": f"a whole number from 0 to {BIG}",
    "action": f"an action's text form (at most {ACTION_MAX} characters)",
    "ask": f"a whole number from 1 to {BIG}",
    "accept": "true or false",
    "text": f"text of 1 to {CHAT_MAX} characters",
    "t": f"a number from -{BIG} to {BIG}",
    "id": f"an id of {SEEK_LEN} (a seek) or {GAME_ID_LEN} (a game) letters and digits",
    "computer": "a computer's level (at most 20 characters)",
    "rated": "true or false",
    "secret": "a secret of 32 to 64 letters, digits, - and _",
    "page": "a whole number from 0 to 10000",
}
_AT = re.compile(r" - at `\$\.(\w+)`$")
_NAMED = re.compile(r"^Object (contains unknown|missing required) field `(.*)`$", re.S)


def _reason(e: msgspec.ValidationError, kind: str) -> str:
    """msgspec's reason in the protocol's words (docs/protocol.md)."""
    text = str(e)
    at = _AT.search(text)
    if at is not None and at.group(1) in MUST:
        return f"{at.group(1)} must be {MUST[at.group(1)]}"
    named = _NAMED.match(text)
    if named is None:
        return text.splitlines()[0][:160]  # (a field's own check: "text has a control ...")
    if named.group(1) == "contains unknown":
        return f"unknown field {named.group(2)[:20]!r} in {kind}"
    return f"{kind} needs the field {named.group(2)!r}"


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ProtocolError(f"field {k!r} is given twice")
        out[k] = v
    return out


def _no_constant(name: str) -> Any:
    raise ProtocolError(f"{name} is not a number here")


def loads(raw: str | bytes, limit: int) -> Any:
    """JSON of at most ``limit`` bytes: no duplicate keys, no NaN or Infinity."""
    if isinstance(raw, bytes | bytearray | memoryview):
        raise ProtocolError("messages are JSON text, not binary")
    if len(raw) > limit or len(raw.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolError(f"message over {limit} bytes")
    try:
        return json.loads(raw, object_pairs_hook=_pairs, parse_constant=_no_constant)
    except ProtocolError:
        raise
    except RecursionError:
        raise ProtocolError("message nested too deeply") from None
    except ValueError as e:
        raise ProtocolError(f"not JSON ({str(e).split(':')[0]})") from None


def read_client(raw: str | bytes) -> Message:
    """Check one client message through and through (ProtocolError if it fails)."""
    data = loads(raw, MAX_CLIENT_BYTES)
    if type(data) is not dict:
        raise ProtocolError("a message is a JSON object")
    v = data.pop("v", None)
    if v != VERSION or type(v) is not int:
        raise ProtocolError(f"version must be {VERSION} (field 'v')")
    kind = data.pop("type", None)
    if type(kind) is not str or kind not in MESSAGES:
        raise ProtocolError("unknown message type")
    try:
        return msgspec.convert(data, MESSAGES[kind], strict=True)
    except msgspec.ValidationError as e:
        raise ProtocolError(_reason(e, kind)) from None


def client(type_: str, /, **fields: Any) -> str:
    """A client message's text (checked, so a client never sends a bad one)."""
    text = json.dumps({"v": VERSION, "type": type_, **fields}, separators=(",", ":"))
    read_client(text)
    return text


def server(type_: str, /, **fields: Any) -> dict[str, Any]:
    return {"v": VERSION, "type": type_, **fields}


def dumps(msg: dict[str, Any]) -> str:
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


SERVER_TYPES = (
    "hello",
    "joined",
    "watching",
    "room",
    "view",
    "event",
    "events",
    "ask",
    "error",
    "pong",
    "seeking",
    "seeks",
    "cancelled",
    "claimed",
    "card",
    "archive",
    "game",
)


def read_server(raw: str | bytes) -> dict[str, Any]:
    """A server message's envelope, checked (the client's side of the same care)."""
    data = loads(raw, MAX_SERVER_BYTES)
    if type(data) is not dict:
        raise ProtocolError("a server message is a JSON object")
    v = data.get("v")
    if v != VERSION or type(v) is not int:
        said = v if type(v) is int else "?"
        raise ProtocolError(
            f"the server speaks protocol version {said}, this program {VERSION}: "
            "both need the same release"
        )
    if data.get("type") not in SERVER_TYPES:
        raise ProtocolError("unknown server message type")
    return data


__all__ = [
    "MAX_CLIENT_BYTES",
    "MAX_SERVER_BYTES",
    "Message",
    "ProtocolError",
    "ROOM_ALPHABET",
    "ROOM_LEN",
    "MESSAGES",
    "VERSION",
    "client",
    "dumps",
    "loads",
    "read_client",
    "read_server",
    "server",
]
