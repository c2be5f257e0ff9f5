"""Computer opponents (issue 4): Novice, Club, Expert, Master.

``make_bot(level, seat, rng)`` gives a :class:`Bot`; the table and the simulator
call ``choose`` when the bot is the Player, ``react`` while it is the adversary
(with the table's clock), and ``accepts_draw``.
"""

from __future__ import annotations

import random

from .base import Bot, Profile
from .bots import LEVEL_CLASSES, Club, Expert, Master, Novice, make

LEVELS = ("novice", "club", "expert", "master")


# Wall seconds a Master's decision may take at the table (its anytime stop); the
# simulator and the tests pass none, so that their games replay exactly.
TABLE_THINK = 1.0


def make_bot(level: str, seat: int, rng: random.Random, think_cap: float | None = None) -> Bot:
    """A bot of ``level`` for ``seat`` (0 = A, 1 = B) using the seeded ``rng``.
    ``think_cap``: at the table, the wall seconds a Master may think per decision."""
    bot = make(level, seat, rng)
    if isinstance(bot, Master):
        bot.time_cap = think_cap
    return bot


__all__ = [
    "LEVELS",
    "LEVEL_CLASSES",
    "TABLE_THINK",
    "Bot",
    "Club",
    "Expert",
    "Master",
    "Novice",
    "Profile",
    "make_bot",
]
