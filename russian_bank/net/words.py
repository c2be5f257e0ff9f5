"""Words over the wire: a message key and its fields, worded by the reader.

The table server speaks in keys (``i18n.speak_keys_here``): each text its rules
build (a refusal reason for a card, the fault note of a Stop) is an
``i18n.Said``, which remembers the catalogue message it was looked up as and
the fields it was formatted with. :func:`said_wire` writes it as data::

    {"key": "{seat} {deed} while {card} {where} could go on the {banks} {cite}",
     "fields": {"seat": "A", "card": "J♥", "cite": "(§67 C)",
                "banks": {"key": "Banks", "ctx": "the Banks"}, ...}}

A field is another message (a pile's name, a place with its role, a deed) or a
datum: a card, a seat letter, a number, a section number. Nothing is worded on
the server: the client checks the message (:func:`read_said`: a key its own
catalogue holds, exactly the fields the key names, data that are no words) and
words it in its player's language (:func:`word`), as a local game words the
same event. Anything else is a :class:`WireError` with a one-line reason.
"""

from __future__ import annotations

import json
import math
import string
from functools import cache
from typing import Any

from .. import i18n
from ..i18n import Said
from .protocol import server

MAX_DEPTH = 6  # a message inside a message inside ...: the engine's go 3 deep
MAX_PARTS = 60  # messages and data in one message, all told
MAX_DATUM = 80  # characters of one datum (a card, a run of cards, a seat, "(§16, §20)")
MAX_COUNT = 10**6


class WordsError(ValueError):
    """A message that is not one this program can word (the text says why)."""


@cache
def _names(template: str) -> frozenset[str]:
    """The fields a message's text names (``{card}`` in "{card} cannot")."""
    out = set()
    for _lit, name, _spec, _conv in string.Formatter().parse(template):
        if name is not None:
            out.add(name.split(".")[0].split("[")[0])
    return frozenset(out)


def said_wire(text: Any) -> Any:
    """The data of a message (server side): an ``i18n.Said`` as its key and
    fields, a datum (card, seat, number) as itself. A plain string at the top is
    a fixed message: its key (``N_`` marked where it is raised)."""
    if isinstance(text, Said):
        return _node(text, 0)
    return {"key": str(text)}


def _node(text: Said, depth: int) -> dict[str, Any]:
    out: dict[str, Any] = {"key": text.key}
    if text.context is not None:
        out["ctx"] = text.context
    if text.plural is not None:
        out["plural"], out["n"] = text.plural, text.n
    if text.fields and depth < MAX_DEPTH:
        named = _names(text.key) | (_names(text.plural) if text.plural else frozenset())
        fields = {k: _value(v, depth + 1) for k, v in text.fields.items() if k in named}
        if fields:
            out["fields"] = fields
    return out


def _value(value: Any, depth: int) -> Any:
    if isinstance(value, Said):
        return _node(value, depth)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    return value


def refusal(said: str) -> dict[str, Any]:
    """An ``error`` for a person: the reason's key and fields, worded by the client
    in its player's language (``detail``, in English, is the protocol's own)."""
    return server("error", said=said_wire(said))


# -- the client's side ---------------------------------------------------------------


@cache
def catalogue() -> tuple[frozenset[tuple[str | None, str]], dict[tuple[str | None, str], str]]:
    """The messages this program holds: (context, msgid) pairs, and the plural of
    each counted one, read from the catalogue template shipped with it."""
    keys: set[tuple[str | None, str]] = set()
    plurals: dict[tuple[str | None, str], str] = {}
    entry: dict[str, str] = {}
    last = ""

    def done() -> None:
        if "msgid" in entry and entry["msgid"]:
            key = (entry.get("msgctxt"), entry["msgid"])
            keys.add(key)
            if "msgid_plural" in entry:
                plurals[key] = entry["msgid_plural"]
        entry.clear()

    pot = i18n.LOCALE_DIR / f"{i18n.DOMAIN}.pot"
    for line in pot.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            if not line:
                done()
            continue
        if line.startswith('"'):
            entry[last] = entry.get(last, "") + json.loads(line)
            continue
        word, _sp, rest = line.partition(" ")
        if word in ("msgctxt", "msgid") and word in entry:
            done()
        if word == "msgctxt" and "msgid" in entry:
            done()
        last = word
        entry[word] = json.loads(rest)
    done()
    return frozenset(keys), plurals


def _datum(value: Any, where: str) -> Any:
    """A datum is a number, or a short text that is no word: a card (J♥, 10♠), a
    seat (A), a section ((§67 C), §76 c) or a number; two letters in a row would
    be a word, and words come as messages."""
    if type(value) is int or (type(value) is float and math.isfinite(value)):
        return value
    if type(value) is not str or len(value) > MAX_DATUM:
        raise WordsError(f"{where}: a field is a message, a number or a short datum")
    if any(not ch.isprintable() for ch in value):
        raise WordsError(f"{where}: a datum has a control character")
    if any(a.isalpha() and b.isalpha() for a, b in zip(value, value[1:], strict=False)):
        raise WordsError(f"{where}: a datum may not be a word ({value[:MAX_DATUM]!r})")
    return value


def read_said(data: Any, where: str = "message") -> dict[str, Any]:
    """The message ``data``, checked (client side): WireError if it is not one."""
    count = [0]
    _read(data, where, 0, count)
    checked: dict[str, Any] = data
    return checked


def _read(data: Any, where: str, depth: int, count: list[int]) -> None:
    count[0] += 1
    if count[0] > MAX_PARTS or depth > MAX_DEPTH:
        raise WordsError(f"{where}: a message of too many parts")
    if type(data) is not dict:
        raise WordsError(f"{where}: expected a message (an object with a key)")
    unknown = set(data) - {"key", "ctx", "plural", "n", "fields"}
    if unknown:
        raise WordsError(f"{where}: unknown field {sorted(unknown)[0][:20]!r}")
    key, ctx = data.get("key"), data.get("ctx")
    if type(key) is not str or (ctx is not None and type(ctx) is not str):
        raise WordsError(f"{where}: a message's key and context are text")
    keys, plurals = catalogue()
    if (ctx, key) not in keys:
        raise WordsError(f"{where}: unknown message key {key[:40]!r}")
    if ("plural" in data) != ("n" in data) or ("plural" in data) != ((ctx, key) in plurals):
        raise WordsError(f"{where}: a counted message has its plural and count, no other")
    if "plural" in data:
        n = data["n"]
        if data["plural"] != plurals[(ctx, key)]:
            raise WordsError(f"{where}: the plural is not this message's")
        if type(n) is not int or not 0 <= n <= MAX_COUNT:
            raise WordsError(f"{where}: a count is a whole number from 0 to {MAX_COUNT}")
    fields = data.get("fields", {})
    if type(fields) is not dict:
        raise WordsError(f"{where}: fields are an object")
    named = _names(key) | (_names(data["plural"]) if "plural" in data else frozenset())
    if set(fields) != named:
        missing = sorted(named - set(fields)) or sorted(set(fields) - named)
        raise WordsError(f"{where}: the fields are not the message's ({missing[0][:20]!r})")
    for name, value in fields.items():
        if type(value) is dict:
            _read(value, f"{where}.{name}", depth + 1, count)
        else:
            count[0] += 1
            _datum(value, f"{where}.{name}")


def word(data: dict[str, Any]) -> str:
    """A checked message (:func:`read_said`) in the language in force (its fields
    are the catalogue's: ``tests/test_i18n.py`` keeps every translation's fields)."""
    key, ctx = data["key"], data.get("ctx")
    if "plural" in data:
        n = data["n"]
        if ctx is None:
            text = i18n.ngettext(key, data["plural"], n)
        else:
            text = i18n.npgettext(ctx, key, data["plural"], n)
    else:
        text = i18n._(key) if ctx is None else i18n.pgettext(ctx, key)
    fields = data.get("fields")
    if not fields:
        return text
    values = {k: word(v) if type(v) is dict else v for k, v in fields.items()}
    return text.format(**values)


def worded(data: Any, where: str = "message") -> str:
    """``data`` checked and worded (WordsError with a one-line reason if bad)."""
    return word(read_said(data, where))


__all__ = ["WordsError", "catalogue", "read_said", "refusal", "said_wire", "word", "worded"]
