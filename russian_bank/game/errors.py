"""The one error raised for outside text the engine cannot read.

Cards, places, actions, positions and game records come from files and people;
every reader (``Card.parse``, ``Place.parse``, ``parse_action``,
``Position.from_text``, ``Game.from_record``) checks its input fully and raises
:class:`TextFormError` with a one-line message naming what is wrong. It is a
``ValueError``, so ``except ValueError`` also catches it. The checks never use
``assert`` and so hold under ``python -O`` too.
"""

from __future__ import annotations


class TextFormError(ValueError):
    """Text that is not in the form ``docs/formats.md`` describes."""


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reason`` is one line for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def whole_number(text: str, what: str, low: int = 0, high: int | None = None) -> int:
    """``text`` as a whole number written in ASCII digits (an optional leading
    minus only when ``low`` is negative), between ``low`` and ``high``."""
    body = text[1:] if text.startswith("-") and low < 0 else text
    if not (body.isascii() and body.isdigit()) or len(body) > 30:
        raise TextFormError(f"{what}: {quoted(text)} is not a whole number")
    n = int(text)
    if n < low or (high is not None and n > high):
        top = "" if high is None else f" to {high}"
        raise TextFormError(f"{what}: {n} is out of range ({low}{top})")
    return n


QUOTE_LIMIT = 40  # characters of outside text a message quotes


def quoted(text: object) -> str:
    """``text`` quoted for a message, cut to ``QUOTE_LIMIT`` characters: a message
    about a broken file stays one short line however long the file's line is."""
    if not isinstance(text, str):
        return repr(text)[:QUOTE_LIMIT]
    if len(text) > QUOTE_LIMIT:
        return repr(text[:QUOTE_LIMIT]) + "…"
    return repr(text)
