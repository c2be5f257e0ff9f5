"""The one-pack Expert's review of a played game (the game's hook ``review_plans``,
asked by ``history/review.py``).

Each run of a Player's moves up to the action that closes it (a card turned, or the
held card put on his Discard) is compared with the Expert's search from where the run
began, as the Player saw it. A run is named where the Expert's plan ends in a position
its evaluation finds better by ``threshold`` cards or more. 003 has no Stops, so there
are no faults to let pass.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..i18n import _
from . import bots
from .actions import Action, Lift, Move
from .observation import observe, try_move, working_position
from .position import Position
from .rules import apply
from .words import plan_words

Run = tuple[int, int, Position, list[Action]]  # first action, seat, root, moves


def review_plans(
    start: Position,
    actions: Sequence[Action],
    threshold: float,
    progress: Callable[[float], None],
    cancelled: Callable[[], bool],
) -> list[tuple[int, str, float]]:
    """(index of the run's first action, the Expert's plan in words, how much better)
    for each run the Expert would have played better."""
    found: list[tuple[int, str, float]] = []
    pos = start
    n = len(actions)
    run: Run | None = None
    for i, action in enumerate(actions):
        if cancelled():
            break
        if i % 16 == 0:
            progress(i / max(1, n))
        seat = pos.player
        if run is None:
            run = (i, seat, working_position(observe(pos, seat)), [])
        if bots.ends_turn(action, seat):
            better = _judge(run, working_position(observe(pos, seat)), threshold)
            if better is not None:
                found.append(better)
            run = None
        elif isinstance(action, Move | Lift):
            run[3].append(action)
        apply(pos, action, False)
    progress(1.0)
    return found


def _judge(run: Run, end: Position, threshold: float) -> tuple[int, str, float] | None:
    first, seat, root, moves = run
    expert = bots.Expert(seat, random.Random(0))
    actual = expert.leaf_value(end)
    plan = [a for a, _key in expert.search(root)]
    reached = root.clone()
    for a in plan:
        if isinstance(a, Move | Lift):
            try_move(reached, a)
    best = expert.leaf_value(reached)
    if actual is None or best is None:
        return None
    delta = best - actual
    if delta < threshold or [str(a) for a in plan] == [str(a) for a in moves]:
        return None
    text = _(
        "From the position before this move the Expert would have played: {plan}"
        " (better by {delta} cards by its evaluation)"
    ).format(plan=plan_words(root, plan), delta=f"{delta:.1f}")
    return first, text, delta
