"""The garbage collector of a process that holds many rooms.

Python's cycle collector looks at every tracked object now and then; with 200
rooms in one process a full look took about 240 ms (390 at worst), and every
room's messages waited through it: 15 of them in a 200-room bench were what its
round trip's p99 measured. :func:`quiet` moves what the process built at start
(modules, tables) out of the collector's sight (``gc.freeze``) and makes its
passes rarer: the young generation is looked at after 50,000 new objects instead
of 700, and the whole heap after 100 middle passes instead of 10. Cycles are still
freed, later; the server makes few (a room's state is trees of plain values).
"""

from __future__ import annotations

import gc

THRESHOLDS = (50_000, 20, 100)


def quiet() -> None:
    """Call once, when the process has started."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


__all__ = ["THRESHOLDS", "quiet"]
