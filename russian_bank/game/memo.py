"""The one kind of kept answer shared by the whole program: a value worked out from
its key the first time the key is asked for (``memo[key]``) and kept (docs/engine.md,
"Speed"). Each store belongs to the module that makes it, which alone fills it; the
answers a position or a rule set works out are kept on that object instead (and the
one-card rows of the two-pack plays are a list read by number, ``engine/plays.py``,
quicker still). A store is kept only where it saves at least 3 % of the instructions of its workload
(docs/benchmarks.md, "The kept answers")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """``make(key)`` for each key, worked out when first asked and kept. ``limit``:
    at most that many kept; when full it is emptied before the next answer is kept,
    so a long run's memory stays flat (None: the keys are few and fixed). A kept
    answer is shared: do not change it."""

    __slots__ = ("make", "limit")

    def __init__(self, make: Callable[[K], V], limit: int | None = None) -> None:
        super().__init__()
        self.make = make
        self.limit = limit

    def __missing__(self, key: K) -> V:
        if self.limit is not None and len(self) >= self.limit:
            self.clear()
        value = self[key] = self.make(key)
        return value


__all__ = ["Memo"]
