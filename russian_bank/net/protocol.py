"""The remote table's messages (docs/protocol.md): JSON objects with a version.

Every message a client sends is read by :func:`read_client`, which checks it
completely before anything acts on it: it must be one JSON object of at most
:data:`MAX_CLIENT_BYTES`, with ``"v": 1``, a known ``type`` and exactly the fields
that type allows, each of the declared type and range. Duplicate keys, NaN and
Infinity, unknown fields, a bool where a number is due: all refused with a
one-line reason (:class:`ProtocolError`). Nothing from the wire is executed; an
action is only ever read by the engine's own text parser.

Server messages are built by :func:`server` and read on the client by
:func:`read_server`, which checks the envelope (the client also decodes the
observation by its declared types, ``net.wire``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.actions import parse_action
from ..game.errors import TextFormError
from ..games import game_type
from ..onepack.actions import parse_action as parse_one_pack

VERSION = 2  # 2: reasons and notes as message keys with fields (net.words)
MAX_CLIENT_BYTES = 4096  # a client message is small: an action, a chat line
MAX_SERVER_BYTES = 1 << 20  # a view with the events a reconnecting seat missed
ROOM_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"  # no 0/O, 1/I/L, U
ROOM_LEN = 10  # 30**10: about 49 bits, unguessable at the server's rate limits
SEATS = ("A", "B")
OPPONENTS = ("person", "novice", "club", "expert", "master")
CLOCKS = ("real", "steps")
CHAT_MAX = 200
NAME_MAX = 24

_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")


class ProtocolError(ValueError):
    """A message the server refuses; ``str`` is the one-line reason sent back."""


Check = Callable[[Any, str], Any]


def _text(limit: int, least: int = 1) -> Check:
    def check(v: Any, name: str) -> str:
        if type(v) is not str:
            raise ProtocolError(f"{name} must be text")
        if not least <= len(v) <= limit:
            raise ProtocolError(f"{name} must be {least} to {limit} characters")
        if any(not ch.isprintable() for ch in v):
            raise ProtocolError(f"{name} has a control character")
        return v

    return check


def _choice(options: tuple[str, ...]) -> Check:
    def check(v: Any, name: str) -> str:
        if type(v) is not str or v not in options:
            raise ProtocolError(f"{name} must be one of {', '.join(options)}")
        return v

    return check


def _number(low: float, high: float, whole: bool = False) -> Check:
    def check(v: Any, name: str) -> float | int:
        kinds = (int,) if whole else (int, float)
        if type(v) not in kinds or not math.isfinite(v) or not low <= v <= high:
            kind = "a whole number" if whole else "a number"
            raise ProtocolError(f"{name} must be {kind} from {low:g} to {high:g}")
        return int(v) if whole else v if type(v) is int else float(v)

    return check


def _bool(v: Any, name: str) -> bool:
    if type(v) is not bool:
        raise ProtocolError(f"{name} must be true or false")
    return v


def _room(v: Any, name: str) -> str:
    if type(v) is not str or len(v) != ROOM_LEN or any(c not in ROOM_ALPHABET for c in v):
        raise ProtocolError(f"{name} must be a room code of {ROOM_LEN} letters and digits")
    return v


def _token(v: Any, name: str) -> str:
    if type(v) is not str or not _TOKEN.fullmatch(v):
        raise ProtocolError(f"{name} is not a seat token")
    return v


def _action(v: Any, name: str) -> str:
    if type(v) is not str or len(v) > 40:
        raise ProtocolError(f"{name} must be an action's text form (at most 40 characters)")
    try:
        return str(parse_action(v))
    except TextFormError as e:
        try:  # or a one-pack action (the room reads it by its own game)
            return str(parse_one_pack(v))
        except ValueError:
            raise ProtocolError(f"{name}: {e}") from None


def _maybe_action(v: Any, name: str) -> str | None:
    return None if v is None else _action(v, name)


def _rules(v: Any, name: str) -> str:
    if type(v) is not str or len(v) > 60:
        raise ProtocolError(f"{name} must be a game's name (at most 60 characters)")
    try:
        return game_type(v).name
    except ValueError as e:
        raise ProtocolError(f"{name}: {e}") from None


# type -> {field: (check, required)}
SCHEMAS: dict[str, dict[str, tuple[Check, bool]]] = {
    "create": {
        "name": (_text(NAME_MAX), True),
        "rules": (_rules, False),
        "seat": (_choice(SEATS), False),
        "opponent": (_choice(OPPONENTS), False),
        "clock": (_choice(CLOCKS), False),
        "action_time": (_number(0.1, 10.0), False),
        "seed": (_number(0, 2**31 - 1, whole=True), False),
    },
    "look": {"room": (_room, True)},
    "join": {"room": (_room, True), "name": (_text(NAME_MAX), True)},
    "resume": {
        "room": (_room, True),
        "token": (_token, True),
        "seq": (_number(0, 2**53, whole=True), False),
    },
    "act": {"action": (_action, True)},
    "answer": {"ask": (_number(1, 2**53, whole=True), True), "action": (_maybe_action, True)},
    "offer_draw": {},
    "answer_draw": {"accept": (_bool, True)},
    "chat": {"text": (_text(CHAT_MAX), True)},
    "rematch": {},
    "ping": {"t": (_number(-(2.0**53), 2.0**53), True)},
}


@dataclass(frozen=True)
class Message:
    """A client message that passed every check: its type and its fields."""

    type: str
    fields: dict[str, Any]

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)


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
    if data.get("v") != VERSION or type(data.get("v")) is not int:
        raise ProtocolError(f"version must be {VERSION} (field 'v')")
    kind = data.get("type")
    if type(kind) is not str or kind not in SCHEMAS:
        raise ProtocolError("unknown message type")
    schema = SCHEMAS[kind]
    fields: dict[str, Any] = {}
    for name, value in data.items():
        if name in ("v", "type"):
            continue
        if name not in schema:
            raise ProtocolError(f"unknown field {name[:20]!r} in {kind}")
        fields[name] = schema[name][0](value, name)
    for name, (_check, required) in schema.items():
        if required and name not in fields:
            raise ProtocolError(f"{kind} needs the field {name!r}")
    return Message(kind, fields)


def client(type_: str, /, **fields: Any) -> str:
    """A client message's text (checked, so a client never sends a bad one)."""
    text = json.dumps({"v": VERSION, "type": type_, **fields}, separators=(",", ":"))
    read_client(text)
    return text


def server(type_: str, /, **fields: Any) -> dict[str, Any]:
    return {"v": VERSION, "type": type_, **fields}


def dumps(msg: dict[str, Any]) -> str:
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


SERVER_TYPES = ("hello", "joined", "room", "view", "event", "events", "ask", "error", "pong")


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
    "CLOCKS",
    "MAX_CLIENT_BYTES",
    "MAX_SERVER_BYTES",
    "Message",
    "OPPONENTS",
    "ProtocolError",
    "ROOM_ALPHABET",
    "ROOM_LEN",
    "SCHEMAS",
    "VERSION",
    "client",
    "dumps",
    "loads",
    "read_client",
    "read_server",
    "server",
]
