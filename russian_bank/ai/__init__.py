"""Computer opponents (issue 4): Novice, Club, Expert, Master.

``make_bot(level, seat, rng)`` gives a :class:`Bot`; the table and the simulator
call ``choose`` when the bot is the Player, ``react`` while it is the adversary
(with the table's clock), and ``accepts_draw``.
"""

from __future__ import annotations

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
    make_bot,
)
from .faults import MISTAKES

LEVELS = ("novice", "club", "expert", "master")
# levels on trial: made by make_bot and the simulator, not offered at the table
TRIAL_LEVELS = ("master-next", "master-2026", "master-value")
# each level's own Mistakes setting, the one a new player gets (ai/faults.py)
DEFAULT_MISTAKES = {level: cls.profile.mistakes for level, cls in LEVEL_CLASSES.items()}


# Wall seconds an issue-22 Master's decision may take at the table (its anytime
# stop); the simulator and the tests pass none, so that their games replay exactly.
TABLE_THINK = 1.0

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
