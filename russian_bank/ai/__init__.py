"""Computer opponents (issue 4): Novice, Club, Expert, Master.

``make_bot(level, seat, rng)`` gives a :class:`Bot`; the table and the simulator
call ``choose`` when the bot is the Player, ``react`` while it is the adversary
(with the table's clock), and ``accepts_draw``.

The players themselves (``bots``, ``base``, ``faults``) are imported when first
asked for (issue 42: the table starts without them when a person plays seat B).
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import Bot, Profile
    from .bots import (
        LEVEL_CLASSES,
        Club,
        Expert,
        Master,
        Master2026,
        MasterNext,
        MasterValue,
        Novice,
    )
    from .faults import MISTAKES

LEVELS = ("novice", "club", "expert", "master")
# levels on trial: made by make_bot and the simulator, not offered at the table
TRIAL_LEVELS = ("master-next", "master-2026", "master-value")


# Wall seconds an issue-22 Master's decision may take at the table (its anytime
# stop); the simulator and the tests pass none, so that their games replay exactly.
TABLE_THINK = 1.0


def make_bot(
    level: str,
    seat: int,
    rng: random.Random,
    mistakes: str | None = None,
    think_cap: float | None = None,
) -> Bot:
    """A bot of ``level`` for ``seat`` (``bots.make_bot``, the players imported when
    first asked for)."""
    from .bots import make_bot as made

    return made(level, seat, rng, mistakes, think_cap)


_HOME = {
    "Bot": ".base",
    "Profile": ".base",
    "LEVEL_CLASSES": ".bots",
    "Club": ".bots",
    "Expert": ".bots",
    "Master": ".bots",
    "Master2026": ".bots",
    "MasterNext": ".bots",
    "MasterValue": ".bots",
    "Novice": ".bots",
    "MISTAKES": ".faults",
}


def __getattr__(name: str) -> Any:
    if name == "DEFAULT_MISTAKES":  # each level's own Mistakes setting (ai/faults.py)
        from .bots import LEVEL_CLASSES

        value: Any = {level: cls.profile.mistakes for level, cls in LEVEL_CLASSES.items()}
    elif name in _HOME:
        value = getattr(import_module(_HOME[name], __name__), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


if TYPE_CHECKING:
    DEFAULT_MISTAKES: dict[str, str]

__all__ = [
    "DEFAULT_MISTAKES",
    "LEVELS",
    "MISTAKES",
    "LEVEL_CLASSES",
    "TABLE_THINK",
    "TRIAL_LEVELS",
    "Bot",
    "Club",
    "Expert",
    "Master",
    "Master2026",
    "MasterNext",
    "MasterValue",
    "Novice",
    "Profile",
    "make_bot",
]
