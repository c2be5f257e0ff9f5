"""Every game kept: records in the user's data folder, statistics, replay, review.

Pure Python (no pygame). ``Store`` keeps one text file per game (``records``
gives its form), ``stats`` counts them, ``Replay`` steps through one, and
``review`` analyses one in the background.

Each name is imported from its module when first asked for (issue 42: the table
loads the move log's words, ``narration``, and what keeps a record, ``records``;
the rest when the Past games open or a game is kept).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .records import HUMAN, Kept, RecordError, keep, parse
    from .replay import Replay
    from .stats import Line, overall, statistics
    from .store import Store, data_dir

_HOME = {  # each name's module
    name: module
    for module, names in {
        ".records": ("HUMAN", "Kept", "RecordError", "keep", "parse"),
        ".replay": ("Replay",),
        ".stats": ("Line", "overall", "statistics"),
        ".store": ("Store", "data_dir"),
    }.items()
    for name in names
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(home, __name__), name)
    globals()[name] = value
    return value


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
