"""Computer players for the one-pack game: Novice, Club and Expert.

Every bot decides from ``observe(pos, seat)`` only (the Hands are counts, by
type): it searches on the observation's ``working_position`` (stand-ins in the
Hands, which no move touches and no rule reads) and asks the engine what is legal
(:func:`legal_actions`, :func:`try_move`). Randomness comes from an injected
``random.Random``.

* Novice judges like Club but overlooks things: more than half of the shifts
  within the Table, and a play of his own card now and then.
* Club takes, one action at a time, the action whose result evaluates best.
* Expert searches the whole turn: every sequence of plays and shifts up to the
  next card turned (or the Discard), and plays towards the best end.

No bot goes back to a position it has already seen (no going round in circles).
"""

from __future__ import annotations

import random

from .actions import DISCARDS, Action, Lift, Move, Turn
from .cards import STEP
from .observation import Observation, try_move, working_position
from .position import Position
from .rules import legal_actions

LEVELS = ("novice", "club", "expert")
CONTINUE = 0.7  # worth of keeping the turn (another card to turn)
SPACE_MINE = 0.25  # a space while the turn goes on and the Discard is empty
SPACE_THEIRS = 0.9  # a space left to the adversary, who fills it from his Discard
EXPOSED = 0.8  # the adversary's Discard top that he can get rid of at once


def evaluate(pos: Position, seat: int) -> float:
    """How good a position is for ``seat`` once his plays are made: he is about
    to turn a card (on move, no held card) or his turn ends (a held card goes on
    his Discard, or he has already put it there)."""
    other = 1 - seat
    mine, theirs = pos.cards_left(seat), pos.cards_left(other)
    if mine == 0:
        return 1000.0
    value = float(theirs - mine)
    spaces = sum(1 for i, p in enumerate(pos.places) if not p and pos.laid[i // 4])
    if pos.player == seat and pos.held is None:
        value += CONTINUE
        if not pos.discards[seat]:
            value += SPACE_MINE * spaces
        return value
    # the turn ends: what the adversary gets at once
    his = pos.discards[other]
    value -= SPACE_THEIRS * min(spaces, len(his))
    if his:
        mine_up = [pos.held] if pos.held is not None else pos.discards[seat][-1:]
        tops = [p[-1] for p in pos.places if p] + mine_up
        if any(STEP[t * 52 + his[-1]] for t in tops):
            value -= EXPOSED
    return value


def ends_turn(action: Action, seat: int) -> bool:
    return isinstance(action, Turn) or (isinstance(action, Move) and action.dst == DISCARDS[seat])


class Bot:
    level = "bot"

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        self.seen: set[tuple[object, ...]] = set()

    def choose(self, obs: Observation) -> Action:
        pos = working_position(obs)
        if len(self.seen) > 20000:
            self.seen.clear()
        self.seen.add(pos.key())
        acts = [a for a in legal_actions(pos) if ends_turn(a, self.seat) or self._new(pos, a)]
        return self.pick(pos, acts)

    def pick(self, pos: Position, acts: list[Action]) -> Action:
        raise NotImplementedError

    def react(self, obs: Observation, now: float) -> None:
        """003 has no Stops: nothing to react to between the Player's actions."""
        return None

    def accepts_draw(self, obs: Observation) -> bool:
        """A draw offered (000 §37, read into 003): accepted unless clearly ahead,
        with at least three cards fewer left to get rid of than the opponent."""
        pos = working_position(obs)
        return pos.cards_left(self.seat) > pos.cards_left(1 - self.seat) - 3

    def _new(self, pos: Position, action: Action) -> bool:
        assert isinstance(action, Move | Lift)
        nxt = pos.clone()
        try_move(nxt, action)
        return nxt.key() not in self.seen


def _end(acts: list[Action], seat: int) -> Action:
    return next((a for a in acts if ends_turn(a, seat)), acts[0])


def _best(pos: Position, acts: list[Action], seat: int, rng: random.Random) -> Action:
    """The action whose result evaluates best (ties broken at random)."""
    best, best_value = _end(acts, seat), -1e9
    for a in acts:
        value = _value_after(pos, a, seat) + rng.random() * 1e-6
        if value > best_value:
            best, best_value = a, value
    return best


def _value_after(pos: Position, action: Action, seat: int) -> float:
    if isinstance(action, Turn):
        return evaluate(pos, seat)
    assert isinstance(action, Move | Lift)
    nxt = pos.clone()
    try_move(nxt, action)
    return evaluate(nxt, seat)


class Novice(Bot):
    """Club's judgement on what he sees, but he does not see everything: each
    shift or lift within the Table escapes him with chance ``OVERLOOK_TABLE``, each
    play of his turned card or Discard top with chance ``OVERLOOK_PLAY``."""

    level = "novice"
    OVERLOOK_TABLE = 0.6
    OVERLOOK_PLAY = 0.2

    def pick(self, pos: Position, acts: list[Action]) -> Action:
        mine = DISCARDS[self.seat]
        seen = [a for a in acts if self.rng.random() >= self._overlook(a, mine)]
        return _best(pos, seen or acts, self.seat, self.rng)

    def _overlook(self, action: Action, mine: str) -> float:
        if not isinstance(action, Move | Lift) or action.dst == mine:
            return 0.0  # turning a card and ending the turn are always seen
        return self.OVERLOOK_TABLE if action.src.startswith("place") else self.OVERLOOK_PLAY


class Club(Bot):
    level = "club"

    def pick(self, pos: Position, acts: list[Action]) -> Action:
        return _best(pos, acts, self.seat, self.rng)


class Expert(Bot):
    level = "expert"
    BUDGET = 600  # positions searched per plan

    def __init__(self, seat: int, rng: random.Random) -> None:
        super().__init__(seat, rng)
        self.plan: list[tuple[Action, tuple[object, ...]]] = []  # action, key before it

    def pick(self, pos: Position, acts: list[Action]) -> Action:
        key = pos.key()
        if self.plan and self.plan[0][1] == key and self.plan[0][0] in acts:
            return self.plan.pop(0)[0]
        self.plan = self.search(pos)
        if self.plan:
            return self.plan.pop(0)[0]
        return _end(acts, self.seat)

    def leaf_value(self, pos: Position) -> float | None:
        """The value of ending the plan here, or None if it cannot end here (a
        space must still be filled from the Discard)."""
        if (
            pos.held is None
            and pos.cards_left(self.seat)
            and not any(isinstance(a, Turn) for a in legal_actions(pos))
        ):
            return None
        return evaluate(pos, self.seat)

    def search(self, root: Position) -> list[tuple[Action, tuple[object, ...]]]:
        """Depth first through the plays of this turn; the path to the best end."""
        best_value = self.leaf_value(root)
        best: list[tuple[Action, tuple[object, ...]]] = []
        if best_value is None:
            best_value = -1e9
        visited = {root.key()} | self.seen
        stack: list[tuple[Position, list[tuple[Action, tuple[object, ...]]]]] = [(root, [])]
        budget = self.BUDGET
        while stack and budget > 0:
            state, path = stack.pop()
            key = state.key()
            for a in legal_actions(state):
                if ends_turn(a, self.seat):
                    continue
                assert isinstance(a, Move | Lift)
                nxt = state.clone()
                try_move(nxt, a)
                k = nxt.key()
                if k in visited:
                    continue
                visited.add(k)
                budget -= 1
                new_path = [*path, (a, key)]
                value = self.leaf_value(nxt)
                if value is not None:
                    value += self.rng.random() * 1e-6 - 1e-4 * len(new_path)
                    if value > best_value:
                        best_value, best = value, new_path
                if nxt.cards_left(self.seat):
                    stack.append((nxt, new_path))
        return best


BOTS: dict[str, type[Bot]] = {"novice": Novice, "club": Club, "expert": Expert}


def make_bot(
    level: str,
    seat: int,
    rng: random.Random,
    mistakes: str | None = None,
    think_cap: float | None = None,
) -> Bot:
    """The two-pack computers' ``mistakes`` and ``think_cap`` change nothing here: 003
    has no Stops, so its computers never slip on purpose, and none thinks for long."""
    return BOTS[level](seat, rng)
