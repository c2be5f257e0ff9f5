"""Values on the wire: observations and events as JSON, and back, checked by type.

An observation (``engine.Observation`` or the one-pack ``Observation``) is a
dataclass of typed fields; :func:`encode` turns it into plain JSON values (a card
as its text form ``THb``, a place as ``table3``, a rule set as its spec, a set as
a sorted list, a dataclass as an object) and :func:`decode` reads it back by the
field types, refusing anything that is not exactly of the declared shape. The
client rebuilds the very ``Observation`` the server made, so a bot at a remote
table decides exactly as it would at the local one.

Events go out in their public form (:func:`event_wire`): the cards of a move are
named only if they lie face up where they go.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, Union

from ..engine.cards import Card
from ..engine.errors import TextFormError
from ..engine.events import CardsMoved
from ..engine.places import Place
from ..engine.rules import RuleSet, rule_set


class WireError(ValueError):
    """A value that is not of the declared shape (the message says where)."""


def encode(value: Any) -> Any:
    """Plain JSON values for ``value`` (see the module text)."""
    if value is None or isinstance(value, bool | str | float):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, Place):
        return str(value)
    if isinstance(value, RuleSet):
        return value.spec
    if isinstance(value, frozenset | set):
        return sorted((encode(v) for v in value), key=repr)
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in _fields(type(value))}
    raise WireError(f"cannot send a {type(value).__name__}")


@cache
def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(cls) if f.init)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode(data: Any, hint: Any, where: str = "value") -> Any:
    """The value of type ``hint`` written ``data``; WireError if it is not one."""
    origin = typing.get_origin(hint)
    if hint is Card:
        if not isinstance(data, str):
            raise WireError(f"{where}: a card is text")
        try:
            return Card.parse(data)
        except TextFormError as e:
            raise WireError(f"{where}: {e}") from None
    if hint is Place:
        if not isinstance(data, str):
            raise WireError(f"{where}: a place is text")
        try:
            return Place.parse(data)
        except TextFormError as e:
            raise WireError(f"{where}: {e}") from None
    if hint is RuleSet:
        if not isinstance(data, str):
            raise WireError(f"{where}: a rule set is its name")
        try:
            return rule_set(data)
        except (KeyError, ValueError) as e:
            raise WireError(f"{where}: {e}") from None
    if hint is type(None) or hint is None:
        if data is not None:
            raise WireError(f"{where}: expected null")
        return None
    if hint is bool:
        if type(data) is not bool:
            raise WireError(f"{where}: expected true or false")
        return data
    if hint is int:
        if type(data) is not int:
            raise WireError(f"{where}: expected a whole number")
        return data
    if hint is float:
        if type(data) not in (int, float):
            raise WireError(f"{where}: expected a number")
        return float(data)
    if hint is str:
        if type(data) is not str:
            raise WireError(f"{where}: expected text")
        return data
    if origin in (Union, types.UnionType):
        args = typing.get_args(hint)
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return decode(data, arg, where)
            except WireError as e:
                errors.append(str(e))
        raise WireError(errors[0] if errors else f"{where}: unexpected value")
    if origin in (tuple, list, frozenset):
        if type(data) is not list:
            raise WireError(f"{where}: expected a list")
        args = typing.get_args(hint)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(data) != len(args):
                raise WireError(f"{where}: expected {len(args)} items")
            return tuple(
                decode(d, a, f"{where}[{i}]")
                for i, (d, a) in enumerate(zip(data, args, strict=True))
            )
        item = args[0]
        items = [decode(d, item, f"{where}[{i}]") for i, d in enumerate(data)]
        if origin is frozenset:
            return frozenset(items)
        return tuple(items) if origin is tuple else items
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _decode_dataclass(data, hint, where)
    raise WireError(f"{where}: no reading for {hint!r}")


def _decode_dataclass(data: Any, cls: type, where: str) -> Any:
    if type(data) is not dict:
        raise WireError(f"{where}: expected an object")
    names = [f.name for f in _fields(cls)]
    unknown = set(data) - set(names)
    if unknown:
        raise WireError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    missing = [n for n in names if n not in data]
    if missing:
        raise WireError(f"{where}: missing field {missing[0]!r}")
    hints = _hints(cls)
    values = {n: decode(data[n], hints[n], f"{where}.{n}") for n in names}
    try:
        return cls(**values)
    except (TypeError, ValueError) as e:
        raise WireError(f"{where}: {e}") from None


def event_wire(ev: Any) -> dict[str, Any]:
    """The public form of one engine event: its kind and fields, and a few words.

    A move of face-down cards (a Discard turned over to be the Hand) names only
    how many cards went, never which."""
    kind = type(ev).__name__
    if isinstance(ev, CardsMoved) and not ev.face_up:
        return {
            "kind": kind,
            "count": len(ev.cards),
            "src": str(ev.src),
            "dst": str(ev.dst),
            "why": ev.why,
        }
    if getattr(ev, "kind", None) == "turned over":  # one pack: a Discard goes face down
        return {"kind": kind, "count": len(ev.cards), "src": ev.src, "dst": ev.dst}
    out: dict[str, Any] = {"kind": kind}
    if dataclasses.is_dataclass(ev):
        for f in dataclasses.fields(ev):
            out[f.name] = encode(getattr(ev, f.name))
    return out


__all__ = ["WireError", "decode", "encode", "event_wire"]
