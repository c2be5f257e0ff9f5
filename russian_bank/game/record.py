"""The game record, one text form for every game (docs/formats.md): a header line,
``rules: NAME`` (the game's name in the registry: ``committee``, ``french+one-side``,
``one-pack``), ``seed: N`` for a deal chosen by seed or else ``deal:`` and the cards in
the order they were shuffled, the actions numbered in order, and ``result:`` once over.

Writing and reading are the same for the two-pack game (``engine.Game``) and the
one-pack game (``onepack.OnePackGame``); each game parses its own action texts."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .errors import TextFormError, quoted, whole_number

RECORD_HEADER = "russian-bank record 1"


class ReadRecord(NamedTuple):
    """What a record says: the game's name, the seed it was dealt from (None for
    a deal from the operating system's randomness), the deal itself (None where
    the seed gives it) and the action texts in order."""

    rules: str
    seed: int | None
    deal: str | None
    actions: list[str]


def record_text(
    rules: str,
    seed: int | None,
    actions: Iterable[object],
    result: object,
    deal: str | None = None,
) -> str:
    """The record of a game under ``rules``, dealt from ``seed`` if one was chosen,
    else written out card by card in ``deal`` (its ``deal:`` line); ``result`` is
    its Outcome (None while it goes on)."""
    lines = [RECORD_HEADER, f"rules: {rules}"]
    if seed is not None:
        lines.append(f"seed: {seed}")
    elif deal is not None:
        lines.append(f"deal: {deal}")
    lines += [f"{i}. {a}" for i, a in enumerate(actions, 1)]
    if result is not None:
        lines.append(f"result: {result}")
    return "\n".join(lines) + "\n"


def read_record(text: str, default_rules: str = "committee") -> ReadRecord:
    """What the record ``text`` says; TextFormError (a ValueError) names the line
    that cannot be read. A record without a ``rules:`` line is a Committee game
    (the first records had none); one with neither a seed nor a deal has no game."""
    if not isinstance(text, str):
        raise TextFormError(f"a record is text, not {type(text).__name__}")
    rules = default_rules
    seed: int | None = None
    deal: str | None = None
    actions: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or line == RECORD_HEADER:
            continue
        if line.startswith("rules:"):
            rules = line.split(":", 1)[1].strip()
        elif line.startswith("seed:"):
            seed = whole_number(line.split(":", 1)[1].strip(), "seed", -(2**63))
        elif line.startswith("deal:"):
            deal = line.split(":", 1)[1].strip()
        elif line.startswith("result:"):
            continue
        else:
            number, _, act = line.partition(". ")
            if number != str(len(actions) + 1):
                raise TextFormError(f"record line {len(actions) + 1} expected: {quoted(raw)}")
            actions.append(act)
    if seed is None and deal is None:
        raise TextFormError("the record has neither a seed nor a deal")
    return ReadRecord(rules, seed, deal, actions)
