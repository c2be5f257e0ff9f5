"""The chance of winning that players are shown (issue 44): the win-chance bar at
the table, in the replay and in the review, from the learned value (:mod:`.value`).

The value judges a position for one seat. A's chance is the mean of the value's
chance for A and one less its chance for B (the two judgements seldom add up to
exactly one); B's is the rest. A game that is over is won (1), lost (0) or drawn
(a half each).

At the table a person may be shown only what he sees: :func:`shown_chances`
judges the position made from his observation (:func:`determinize.working_position`:
the face-down cards dealt in a fixed order), so no face-down card can move the
bar. The value reads none (``tests/ai/test_value.py``), so dealing the unseen
cards several ways, as the bots do to look past a turn, would give the same
figure on every deal: one is enough. The replay and the review know the whole
game and judge the position itself (:func:`chances`).

Where the value says nothing (another rule set than the one it was trained on,
the one-pack game, a weights file that cannot be read) both give None: the bar
is not drawn and the review marks no loss of chance.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..engine import OVER, Position, observe
from .determinize import working_position
from .search import afterstate
from .value import Net, load_net, trained_for


@cache
def packaged_net() -> Net | None:
    """The packaged weights, read once for the bar and the review (None: unreadable)."""
    net = load_net()
    return net if isinstance(net, Net) else None


def judged(pos: Any) -> bool:
    """Does the value judge ``pos`` (a two-pack position of the rule set it was
    trained on, and weights that load)?"""
    return isinstance(pos, Position) and trained_for(pos.rules) and packaged_net() is not None


def chances(pos: Any) -> tuple[float, float] | None:
    """A's and B's chance of winning the game at ``pos`` (each 0 to 1), or None
    where the value does not judge it."""
    net = packaged_net()
    if net is None or not judged(pos):
        return None
    if pos.phase == OVER and pos.outcome is not None:
        winner = pos.outcome.winner
        return (0.5, 0.5) if winner is None else ((1.0, 0.0) if winner == 0 else (0.0, 1.0))
    for_a, _points = net.values([pos], 0)
    for_b, _points = net.values([pos], 1)
    a = (float(for_a[0]) + 1.0 - float(for_b[0])) / 2.0
    return a, 1.0 - a


def shown_chances(pos: Any, seat: int) -> tuple[float, float] | None:
    """The chances a person at ``seat`` may be shown: judged on the position made
    from his observation, never on the face-down cards."""
    if not judged(pos):
        return None
    if pos.phase == OVER:
        return chances(pos)
    return chances(working_position(observe(pos, seat)))


def percent(chance: float) -> int:
    """A chance as a whole percentage: 0 and 100 only for a game decided."""
    if 0.0 < chance < 1.0:
        return max(1, min(99, round(100 * chance)))
    return round(100 * chance)


__all__ = ["afterstate", "chances", "judged", "percent", "shown_chances"]
