"""The registry of rule sets: one module per set, each a :class:`RuleSet` value
(``RULES``) and its options (``OPTIONS``: flag -> :class:`Option`).

A rule set is named by its spec: the name, then ``+flag`` for each option, for
example ``french+no-building+one-side`` or ``crapette+in-suit``.
"""

from __future__ import annotations

from . import belgian, british, committee, crapette, french, hassock, italian
from .base import Option, RuleSet

_MODULES = (committee, french, british, belgian, italian, hassock, crapette)

RULE_SETS: dict[str, RuleSet] = {m.RULES.name: m.RULES for m in _MODULES}
OPTIONS: dict[str, dict[str, Option]] = {m.RULES.name: m.OPTIONS for m in _MODULES}
COMMITTEE = committee.RULES  # the default rule set


def rule_set(spec: str) -> RuleSet:
    """The rule set named by ``spec`` (``name`` or ``name+flag+flag``)."""
    name, *flags = spec.strip().split("+")
    base = RULE_SETS.get(name)
    if base is None:
        raise ValueError(f"unknown rule set {name!r}; known: {', '.join(RULE_SETS)}")
    options = OPTIONS[name]
    unknown = [f for f in flags if f not in options]
    if unknown:
        known = ", ".join(options) or "none"
        raise ValueError(f"{name} has no option {unknown[0]!r}; its options: {known}")
    if not flags:
        return base
    chosen = tuple(f for f in options if f in flags)  # a canonical order
    overrides: dict[str, object] = {}
    for f in chosen:
        overrides.update(options[f].overrides)
    return base.with_options(chosen, overrides)


def names() -> list[str]:
    return list(RULE_SETS)


def every_spec() -> list[str]:
    """Every rule set, and each of its options on its own (for the tests)."""
    out = []
    for name, options in OPTIONS.items():
        out.append(name)
        out += [f"{name}+{flag}" for flag in options]
    return out


__all__ = ["COMMITTEE", "OPTIONS", "RULE_SETS", "Option", "every_spec", "names", "rule_set"]
