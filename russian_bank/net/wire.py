"""Values on the wire: observations and events as JSON, and back, checked by type.

An observation (a game's ``GameType.observation_type``) is a dataclass of typed
fields; :func:`encode` turns it into plain JSON values (a card as its text form
``THb``, a place as ``table3``, a game's rule set as its registry name, a set as a
sorted list, a dataclass as an object) and :func:`decode` reads it back by the
field types, refusing anything that is not exactly of the declared shape. The
client rebuilds the very observation the server made, so a bot at a remote table
decides exactly as it would at the local one. (These readers are written here, not
msgspec's: a card and a place go as their text forms, which msgspec's hooks cannot
reach for an ``int`` subclass's or a ``NamedTuple``'s fields.)

Events go out in their public form (:func:`event_wire`): the cards of a move are
named only if they lie face up where they go. The client reads them back as the
shared events of ``game/events.py`` (:func:`read_events`).

Texts in words (an observation's ``fault_note`` and ``error``, an event's
``note``) go out as a message key and its fields (``net.words``), never worded:
the client words them in its own player's language.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from operator import attrgetter
from typing import Any, Union

from ..game import events
from ..game.cards import BY_TEXT, TEXT, Card
from ..game.errors import TextFormError
from ..game.events import CardsMoved, Event
from ..game.places import Place
from ..games import game_type
from .words import WordsError, said_wire, worded

# texts in words (British Bank's open error, the fault's note, an event's note):
# sent as message keys and fields, worded by the client in its player's language
WORDS_FIELDS = frozenset({"fault_note", "error", "note"})
# the shared events by name (``game/events.py``), as the client reads them back
EVENTS = {
    name: cls
    for name, cls in vars(events).items()
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
}


class WireError(ValueError):
    """A value that is not of the declared shape (the message says where)."""


def encode(value: Any) -> Any:
    """Plain JSON values for ``value`` (see the module text)."""
    if value is None or isinstance(value, bool | str | float):
        return value
    if isinstance(value, Card):
        return TEXT[value]
    if isinstance(value, int):
        return int(value)
    if isinstance(value, Place):
        return str(value)
    if isinstance(value, frozenset | set):
        return sorted((encode(v) for v in value), key=repr)
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        kind: Any = type(value)
        return writer(kind)(value)  # (a game's rule set: its registry name)
    raise WireError(f"cannot send a {type(value).__name__}")


@cache
def _is_rules(cls: Any) -> bool:
    """Is ``cls`` a game's rule set (a dataclass with a ``spec``: ``game.protocol.Rules``)?"""
    spec = getattr(cls, "spec", None)
    return dataclasses.is_dataclass(cls) and isinstance(spec, property)


def _rules_reader(cls: type) -> Reader:
    def rules(text: str) -> Any:
        found = game_type(text).rules
        if not isinstance(found, cls):
            raise ValueError(f"{text[:60]!r} is not a game of this kind")
        return found

    return _named(rules, "a rule set")


def _same(value: Any) -> Any:
    return value


@cache
def writer(hint: Any) -> Callable[[Any], Any]:
    """The function writing values of type ``hint`` (made once per type)."""
    if hint is Card:
        return TEXT.__getitem__
    if hint is Place:
        return str
    if _is_rules(hint):
        return attrgetter("spec")
    if hint in (type(None), None, bool, int, str, float):
        return _same
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            one = writer(rest[0])
            return lambda v: None if v is None else one(v)
        return encode
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        parts = [writer(a) for a in args]
        return lambda v: [w(x) for w, x in zip(parts, v, strict=True)]
    if origin in (tuple, list):
        item = writer(args[0])
        return lambda v: [item(x) for x in v]
    if origin is frozenset:
        item = writer(args[0])
        return lambda v: sorted((item(x) for x in v), key=repr)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = typing.get_type_hints(hint)
        fields = [(n, _words if _worded(n, hints) else writer(hints[n])) for n in _names(hint)]
        return lambda v: {n: w(getattr(v, n)) for n, w in fields}
    return encode


def _worded(name: str, hints: dict[str, Any]) -> bool:
    return name in WORDS_FIELDS and hints[name] is str


def _words(text: str) -> Any:
    return said_wire(text) if text else ""


def _read_words(data: Any) -> str:
    if data == "" and type(data) is str:
        return ""
    try:
        return worded(data, "the text")
    except WordsError as e:
        raise _Bad(str(e)) from None


@cache
def _names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls) if f.init)


def decode(data: Any, hint: Any, where: str = "value") -> Any:
    """The value of type ``hint`` written ``data``; WireError if it is not one."""
    try:
        return reader(hint)(data)
    except _Bad as e:
        path = "".join(reversed(e.path))
        raise WireError(f"{where}{path}: {e.what}") from None


class _Bad(Exception):
    """A value of the wrong shape, with the path to it (built on the way out)."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what
        self.path: list[str] = []


Reader = Callable[[Any], Any]


def _exact(kind: type, words: str) -> Reader:
    def read(data: Any) -> Any:
        if type(data) is not kind:
            raise _Bad(f"expected {words}")
        return data

    return read


def _number(data: Any) -> float:
    if type(data) not in (int, float):
        raise _Bad("expected a number")
    return float(data)


def _none(data: Any) -> None:
    if data is not None:
        raise _Bad("expected null")


def _named(parse: Callable[[str], Any], words: str) -> Reader:
    def read(data: Any) -> Any:
        if type(data) is not str:
            raise _Bad(f"{words} is text")
        try:
            return parse(data)
        except (TextFormError, KeyError, ValueError) as e:
            raise _Bad(str(e)) from None

    return read


def _card(data: Any) -> Card:
    card = BY_TEXT.get(data) if type(data) is str else None
    if card is None:
        raise _Bad(f"not a card: {str(data)[:20]!r}")
    return card


def _items(data: Any, read: Reader) -> list[Any]:
    if type(data) is not list:
        raise _Bad("expected a list")
    out = []
    for i, d in enumerate(data):
        try:
            out.append(read(d))
        except _Bad as e:
            e.path.append(f"[{i}]")
            raise
    return out


@cache
def reader(hint: Any) -> Reader:
    """The function reading values of type ``hint`` (made once per type)."""
    simple: dict[Any, Reader] = {
        Card: _card,
        Place: _named(Place.parse, "a place"),
        type(None): _none,
        None: _none,
        bool: _exact(bool, "true or false"),
        int: _exact(int, "a whole number"),
        str: _exact(str, "text"),
        float: _number,
    }
    if hint in simple:
        return simple[hint]
    if isinstance(hint, typing.TypeVar):  # a game's pile (CardsMoved): its text form
        return _exact(str, "text")
    if _is_rules(hint):
        return _rules_reader(hint)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (Union, types.UnionType):
        optional = type(None) in args
        choices = [reader(a) for a in args if a is not type(None)]

        def read_union(data: Any) -> Any:
            if data is None and optional:
                return None
            first: _Bad | None = None
            for choice in choices:
                try:
                    return choice(data)
                except _Bad as e:
                    first = first or e
            raise first or _Bad("unexpected value")

        return read_union
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        parts = [reader(a) for a in args]

        def read_fixed(data: Any) -> tuple[Any, ...]:
            if type(data) is not list or len(data) != len(parts):
                raise _Bad(f"expected a list of {len(parts)}")
            out = []
            for i, (d, part) in enumerate(zip(data, parts, strict=True)):
                try:
                    out.append(part(d))
                except _Bad as e:
                    e.path.append(f"[{i}]")
                    raise
            return tuple(out)

        return read_fixed
    if origin in (tuple, list, frozenset):
        item = reader(args[0])
        make: Callable[[list[Any]], Any] = {tuple: tuple, list: list, frozenset: frozenset}[origin]
        return lambda data: make(_items(data, item))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_reader(hint)
    raise WireError(f"no reading for {hint!r}")


def _dataclass_reader(cls: type) -> Reader:
    hints = typing.get_type_hints(cls)
    names = _names(cls)
    fields = {n: _read_words if _worded(n, hints) else reader(hints[n]) for n in names}
    wanted = set(names)

    def read(data: Any) -> Any:
        if type(data) is not dict:
            raise _Bad("expected an object")
        if data.keys() != wanted:
            unknown = sorted(set(data) - wanted)
            if unknown:
                raise _Bad(f"unknown field {unknown[0][:20]!r}")
            raise _Bad(f"missing field {sorted(wanted - set(data))[0]!r}")
        values = {}
        for name, read_field in fields.items():
            try:
                values[name] = read_field(data[name])
            except _Bad as e:
                e.path.append(f".{name}")
                raise
        try:
            return cls(**values)
        except (TypeError, ValueError) as e:
            raise _Bad(str(e)) from None

    return read


def event_wire(ev: Event) -> dict[str, Any]:
    """The public form of one event: its kind and fields (a note as its message key
    and fields). A move of face-down cards (a Discard turned over to be the Hand)
    names only how many cards went, never which."""
    kind = type(ev).__name__
    if isinstance(ev, CardsMoved) and not ev.face_up:
        src, dst = str(ev.src), str(ev.dst)
        return {"kind": kind, "count": len(ev.cards), "src": src, "dst": dst, "why": ev.why}
    hint: Any = type(ev)
    out: dict[str, Any] = writer(hint)(ev)
    return {"kind": kind, **out}


def read_events(data: Any) -> list[Event]:
    """A step's events read back from their public form (WireError if one is not
    of its declared shape; a face-down move, whose cards are not sent, is left out)."""
    if type(data) is not list:
        raise WireError("events: expected a list")
    out: list[Event] = []
    for i, ev in enumerate(data):
        if type(ev) is not dict or ev.get("kind") not in EVENTS:
            raise WireError(f"events[{i}]: not a known event")
        if "count" not in ev:  # (a face-down move has a count instead of its cards)
            fields = {k: v for k, v in ev.items() if k != "kind"}
            out.append(decode(fields, EVENTS[ev["kind"]], f"events[{i}]"))
    return out


__all__ = ["WireError", "decode", "encode", "event_wire", "read_events"]
