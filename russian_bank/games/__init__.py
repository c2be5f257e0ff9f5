"""The registry: every game by name, behind the declared interface
(``game/protocol.py``).

``game_type("committee")``, ``game_type("french+one-side")``, ``game_type("crapette")``,
..., ``game_type("one-pack")``: the menu, ``--rules``, the simulator, the benchmark,
the history, the statistics and import all take a game by this one name (the
``rules:`` line of its record). Each game type lives in its own module here
(``two_pack.py``, ``one_pack.py``): above the rules and the computer players it
bundles, so that neither the core (``game/``) nor a game's rules import it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..engine.rulesets import RULE_SETS, every_spec, rule_set
from ..game.protocol import GameType
from ..i18n import N_, _
from ..onepack.ruleset import RULES as ONE_PACK_RULES
from .two_pack import TwoPack

ONE_PACK = ONE_PACK_RULES.name


@cache
def game_type(name: str) -> GameType[Any, Any, Any]:
    """The game named ``name`` (ValueError naming the known games if there is none).
    The one-pack game's rules are imported when it is first asked for."""
    if name.strip() == ONE_PACK:
        from .one_pack import OnePack

        return OnePack()
    try:
        return TwoPack(rule_set(name))
    except ValueError as e:
        raise ValueError(f"{e}, {ONE_PACK}") from None


# the families of games rated apart (``GameType.family``), with their titles
FAMILIES = {"two-pack": N_("Two packs"), "one-pack": N_("One pack")}


def family_title(family: str) -> str:
    """A family's title in the language in force ('' for one this program lacks)."""
    return _(FAMILIES[family]) if family in FAMILIES else ""


def names() -> list[str]:
    """The base name of every game (options are written ``name+flag``)."""
    return [*RULE_SETS, ONE_PACK]


def every_name() -> list[str]:
    """Every game, and each rule set option on its own (for the tests)."""
    return [*every_spec(), ONE_PACK]


__all__ = [
    "FAMILIES",
    "ONE_PACK",
    "TwoPack",
    "every_name",
    "family_title",
    "game_type",
    "names",
]
