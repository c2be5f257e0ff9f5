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


def make_bot(level: str, seat: int, rng: random.Random) -> Bot:
    """A bot of ``level`` for ``seat`` (0 = A, 1 = B) using the seeded ``rng``."""
    return make(level, seat, rng)


__all__ = [
    "LEVELS",
    "LEVEL_CLASSES",
    "Bot",
    "Club",
    "Expert",
    "Master",
    "Novice",
    "Profile",
    "make_bot",
]
