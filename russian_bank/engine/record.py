"""The game record, one text form for every game (docs/formats.md): a header line,
``rules: NAME`` (the game's name in the registry: ``committee``, ``french+one-side``,
``one-pack``), ``seed: N``, the actions numbered in order, and ``result:`` once over.

Writing and reading are the same for the two-pack game (``engine.Game``) and the
one-pack game (``onepack.OnePackGame``); each game parses its own action texts."""

from __future__ import annotations

from collections.abc import Iterable

from .errors import TextFormError, quoted, whole_number

RECORD_HEADER = "russian-bank record 1"


def record_text(rules: str, seed: int | None, actions: Iterable[object], result: object) -> str:
    """The record of a game under ``rules`` dealt from ``seed``; ``result`` is its
    Outcome (None while it goes on)."""
    lines = [RECORD_HEADER, f"rules: {rules}", f"seed: {seed}"]
    lines += [f"{i}. {a}" for i, a in enumerate(actions, 1)]
    if result is not None:
        lines.append(f"result: {result}")
    return "\n".join(lines) + "\n"


def read_record(text: str, default_rules: str = "committee") -> tuple[str, int, list[str]]:
    """(rules name, seed, action texts) of a record; TextFormError (a ValueError)
    names the line that cannot be read. A record without a ``rules:`` line is a
    Committee game (the first records had none)."""
    if not isinstance(text, str):
        raise TextFormError(f"a record is text, not {type(text).__name__}")
    rules = default_rules
    seed: int | None = None
    actions: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or line == RECORD_HEADER:
            continue
        if line.startswith("rules:"):
            rules = line.split(":", 1)[1].strip()
        elif line.startswith("seed:"):
            seed = whole_number(line.split(":", 1)[1].strip(), "seed", -(2**63))
        elif line.startswith("result:"):
            continue
        else:
            number, _, act = line.partition(". ")
            if number != str(len(actions) + 1):
                raise TextFormError(f"record line {len(actions) + 1} expected: {quoted(raw)}")
            actions.append(act)
    if seed is None:
        raise TextFormError("the record has no seed")
    return rules, seed, actions
