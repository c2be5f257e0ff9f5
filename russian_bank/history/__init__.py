"""Every game kept: records in the user's data folder, statistics, replay, review.

Pure Python (no pygame). ``Store`` keeps one text file per game (``records``
gives its form), ``stats`` counts them, ``Replay`` steps through one, and
``review`` analyses one in the background.

Each name is imported from its module when first asked for (issue 42: the table
loads the move log's words, ``narration``, and what keeps a record, ``records``;
the rest when the Past games open or a game is kept).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

if TYPE_CHECKING:
    from .records import HUMAN, Kept, RecordError, keep, parse
    from .replay import Replay
    from .stats import Line, overall, statistics
    from .store import Store, data_dir

__getattr__ = lazy_names(  # each name's module
    __name__,
    {
        ".records": ("HUMAN", "Kept", "RecordError", "keep", "parse"),
        ".replay": ("Replay",),
        ".stats": ("Line", "overall", "statistics"),
        ".store": ("Store", "data_dir"),
    },
)


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
