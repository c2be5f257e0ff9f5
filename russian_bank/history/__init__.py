"""Every game kept: records in the user's data folder, statistics, replay, review.

Pure Python (no pygame). ``Store`` keeps one text file per game (``records``
gives its form), ``stats`` counts them, ``Replay`` steps through one, and
``review`` analyses one in the background.
"""

from .records import HUMAN, Kept, RecordError, keep, parse
from .replay import Replay
from .stats import Line, overall, statistics
from .store import Store, data_dir

__all__ = [
    "HUMAN",
    "Kept",
    "Line",
    "RecordError",
    "Replay",
    "Store",
    "data_dir",
    "keep",
    "overall",
    "parse",
    "statistics",
]
