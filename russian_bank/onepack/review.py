"""The one-pack Expert's review of a played game (the game's hook ``review_plans``,
asked by ``history/review.py``).

Each run of a Player's moves up to the action that closes it (a card turned, or the
held card put on his Discard) is compared with the Expert's search from where the run
began, as the Player saw it. A run is named where the Expert's plan ends in a position
its evaluation finds better by ``threshold`` cards or more; ``history/review.py`` then
says why in game terms (what the plan gets rid of, loads, leaves open), from the
positions the plan and the Player's own moves reach. 003 has no Stops, so there are
no faults to let pass.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..game.cards import cards_label
from ..game.places import DISCARD, HIS, TO, Place, place_words
from ..i18n import _, ngettext
from . import bots
from .actions import DISCARDS, Action, Lift, Move, place_index
from .observation import observe, try_move, working_position
from .position import Position
from .rules import apply
from .ruleset import RULES

Run = tuple[int, int, Position, list[Action]]  # first action, seat, root, moves
Better = tuple[int, int, str, float, list[Action]]  # first, closing action, words, by, plan
MAX_PARTS = 6  # a longer plan is shortened in the middle


def review_plans(
    start: Position,
    actions: Sequence[Action],
    threshold: float,
    progress: Callable[[float], None],
    cancelled: Callable[[], bool],
) -> list[Better]:
    """(index of the run's first action, of the action closing it, the Expert's plan
    in words, how much better, the plan's moves) for each run the Expert would have
    played better."""
    found: list[Better] = []
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
            better = _judge(run, i, working_position(observe(pos, seat)), threshold)
            if better is not None:
                found.append(better)
            run = None
        elif isinstance(action, Move | Lift):
            run[3].append(action)
        apply(pos, action, False)
    progress(1.0)
    return found


def _judge(run: Run, last: int, end: Position, threshold: float) -> Better | None:
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
    moves = [a for a in plan if isinstance(a, Move | Lift)]
    return first, last, plan_words(root, plan), delta, moves


def plan_words(start: Position, plan: list[Action]) -> str:
    """A plan of the Expert in 003's words, e.g. '7♥ to the Table on 8♠, 8♣ to B's
    Discard' (``start``: where it starts, as the Player saw it)."""
    w, p, parts = RULES.words.local(), start.clone(), []
    for a in plan:
        if isinstance(a, Move | Lift):
            i = place_index(a.dst)
            under = p.places[i][-1] if i is not None and p.places[i] else None
            cards = cards_label(try_move(p, a).cards)
            if a.dst in DISCARDS:
                place = Place(DISCARD, DISCARDS.index(a.dst))
                where = place_words(place, start.player, RULES.words, HIS, TO)
            elif under is None:
                where = _("to an empty place in the {table}").format(table=w.table)
            else:
                where = _("to the {table} on {card}").format(table=w.table, card=under.label)
            parts.append(_("{cards} {to_place}").format(cards=cards, to_place=where))
    if len(parts) > MAX_PARTS:
        more = len(parts) - MAX_PARTS + 1
        text = ngettext("{n} more play", "{n} more plays", more).format(n=more)
        parts = [*parts[: MAX_PARTS - 2], text, parts[-1]]
    return _(", ").join(parts) or _("nothing more: turn the next card")
