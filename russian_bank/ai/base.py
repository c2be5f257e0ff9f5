"""The bot base class: plans, the Stop reflex, Compel, draws, deliberate faults.

A bot sees only an :class:`~russian_bank.engine.Observation`, which holds no
face-down card. Everything it does is a function of the observation, its level
and its own seeded ``rng``; to search it deals the unseen cards into the
face-down places itself (:mod:`russian_bank.ai.determinize`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from ..engine import (
    PENDING,
    PLAY,
    Action,
    Compel,
    Observation,
    Play,
    Position,
    Stand,
    Stop,
    apply,
    compel_reason,
    legal_actions,
    stop_reason,
)
from ..engine.actions import DISCARD_HELD
from ..engine.queries import (
    PlayKey,
    legal_plays,
    orderly_plays,
    source_cards,
    stop_options,
)
from ..game.places import BANK, DISCARD, HELD, STOCK, TABLE
from .determinize import working_position
from .evaluate import DEFAULT, Weights, evaluate, load
from .faults import KINDS, RATE, slips
from .search import leaf_value, useful_plays
from .util import collector_paused, lawful, player_actions, position_key, turn_action

_BANK_SRC = {STOCK: 0, HELD: 1, DISCARD: 2, TABLE: 3}


@dataclass(frozen=True)
class Profile:
    """What makes one level differ from another."""

    reaction: tuple[float, float]  # seconds, drawn uniformly per fault
    miss: float  # chance of never noticing a fault
    mistakes: str = "none"  # the level's default Mistakes setting (ai/faults.py)
    overlook: float = 0.0  # chance of not seeing each non-Bank play
    weights: Weights = DEFAULT
    compel: bool = True


class Bot:
    """Base class. Subclasses implement :meth:`plan` (a list of actions to play
    from the current position, the first of which is returned)."""

    level = "base"
    profile = Profile(reaction=(1.0, 2.0), miss=0.0)

    def __init__(self, seat: int, rng: random.Random, mistakes: str | None = None) -> None:
        self.seat = seat
        self.rng = rng
        self.set_mistakes(mistakes)
        self._plan: list[Action] = []
        self._expect: int | None = None
        self._innings = -1
        self.history: set[int] = set()  # positions seen in this innings
        # Stop reflex
        self._fault_seen: tuple[int, str] | None = None
        self._notice_at = 0.0
        self._missed = False
        # statistics (for tests and the simulator)
        self.fault_chances = 0
        self.faults_made = 0
        self.fault_kinds: Counter[str] = Counter()  # faults made, by kind (ai/faults.py)
        self.compels = 0
        self.stops = 0

    def set_mistakes(self, mistakes: str | None) -> None:
        """How often it slips on purpose, so that a person can catch it (issue 25):
        a Mistakes setting of ``ai/faults.py``, or None for the level's own."""
        self.mistakes = mistakes if mistakes in RATE else self.profile.mistakes
        self.fault_rate = RATE[self.mistakes]

    # ------------------------------------------------------------------ Player

    def choose(self, obs: Observation) -> Action:
        pos = working_position(obs)
        if pos.innings != self._innings:
            self._innings = pos.innings
            self.history = set()
            self._plan = []
        key = position_key(pos)
        self.history.add(key)
        every = player_actions(pos)
        if not every:
            raise RuntimeError("choose called with no legal Player action")
        # a bot plans with lawful actions only; a §91.6 error is one of its faults
        legal = lawful(pos, every) or every
        if pos.compelled is not None:
            self._plan = []
            return self._remember(pos, self._compelled_choice(pos, legal))
        fault = self._maybe_fault(pos, every)
        if fault is not None:
            self._plan = []
            return self._remember(pos, fault)
        if pos.fault is not None:
            # after a slip, a bankable held card goes first: while it is held the
            # adversary may not Stop (§69), and the slip must stay catchable
            held = [a for a in legal if isinstance(a, Play) and a.src.kind == HELD]
            held = [a for a in held if a.dst.kind == BANK]
            if held:
                self._plan = []
                return self._remember(pos, held[0])
        if self._plan and self._expect == key and self._plan[0] in legal:
            return self._remember(pos, self._plan.pop(0))
        with collector_paused():  # the thought makes many positions at once
            plan = self.plan(obs, pos, legal)
        if not plan or plan[0] not in legal:
            plan = [self._fallback(pos, legal)]
        self._plan = plan[1:]
        return self._remember(pos, plan[0])

    def _remember(self, pos: Position, action: Action) -> Action:
        if isinstance(action, Play):
            q = pos.clone()
            apply(q, action, check=False)
            self._expect = position_key(q)
            self.history.add(self._expect)
        else:
            self._expect = None
            self._plan = []
        return action

    def plan(self, obs: Observation, pos: Position, legal: list[Action]) -> list[Action]:
        """The actions to play from ``pos`` (the observation as a full position,
        see :func:`~russian_bank.ai.determinize.working_position`)."""
        raise NotImplementedError

    # shared pieces -----------------------------------------------------------

    def weights(self) -> Weights:
        return self.profile.weights

    def bank_choice(self, pos: Position, legal: list[Action]) -> Action | None:
        """The Bank play to make now, if any: a Stock card first, then the held
        card, the Discard, the Table."""
        banks = [a for a in legal if isinstance(a, Play) and a.dst.kind == BANK]
        if not banks:
            return None
        return min(banks, key=lambda a: _BANK_SRC.get(a.src.kind, 4))

    def greedy_step(self, pos: Position, legal: list[Action]) -> Action:
        """One step of hill climbing on the evaluation (Novice and Club)."""
        bank = self.bank_choice(pos, legal)
        if bank is not None:
            return bank
        w = self.weights()
        me = pos.player
        turn = turn_action(pos)
        overlooks = self.profile.overlook and pos.held is not None and DISCARD_HELD in legal
        overlooked = turn is None and overlooks and self.rng.random() < self.profile.overlook
        if overlooked:
            # Crapette: a file play overlooked, the card is laid aside out of order
            # (002 order 5), a fault the adversary may Stop
            turn = DISCARD_HELD
        best: Action | None = None
        best_v = -1e9
        if turn is not None and turn in legal:
            best, best_v = turn, leaf_value(pos, turn, me, w) + 0.05
        plays = useful_plays(pos, orderly_plays(pos, _play_keys(legal)))
        for src, dst, count in plays:
            if self.profile.overlook and self.rng.random() < self.profile.overlook:
                continue
            q = pos.clone()
            act = Play(src, dst, count)
            apply(q, act, check=False)
            k = position_key(q)
            if k in self.history:
                continue
            v = self._after_play_value(q, me, w)
            if src.kind == TABLE and dst.kind in (STOCK, DISCARD):
                v -= w.table_load
            if v > best_v:
                best, best_v = act, v
        choice = best if best is not None else self._fallback(pos, legal)
        if overlooked and choice == DISCARD_HELD:
            self.faults_made += 1  # counted with its faults (the simulator's figures)
        return choice

    def _after_play_value(self, q: Position, me: int, w: Weights) -> float:
        # after a play the Player goes on: judge the best of "bank all" then stop
        banks = [x for x in legal_plays(q) if x[1].kind == BANK]
        steps = 0
        while banks and steps < 20:
            q = q.clone()
            apply(q, Play(*banks[0]), check=False)
            banks = [x for x in legal_plays(q) if x[1].kind == BANK]
            steps += 1
        return leaf_value(q, turn_action(q), me, w)

    def _fallback(self, pos: Position, legal: list[Action]) -> Action:
        bank = self.bank_choice(pos, legal)
        if bank is not None:
            return bank
        turn = turn_action(pos)
        if turn is not None and turn in legal:
            return turn
        orderly = set(orderly_plays(pos, _play_keys(legal)))
        for a in legal:
            if isinstance(a, Play) and (a.src, a.dst, a.count) in orderly:
                q = pos.clone()
                apply(q, a, check=False)
                if position_key(q) not in self.history:
                    return a
        return legal[0]

    def _compelled_choice(self, pos: Position, legal: list[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        comp = pos.compelled
        assert comp is not None
        mine = [a for a in plays if _moves_card(pos, a, comp[0])]
        if mine:
            banks = [a for a in mine if a.dst.kind == BANK]
            return banks[0] if banks else mine[0]
        if plays:
            return plays[0]
        return self._fallback(pos, legal)

    def _maybe_fault(self, pos: Position, legal: list[Action]) -> Action | None:
        """A slip on purpose, at the Mistakes setting's rate, so that a person can
        catch it: one of the kinds of ``ai/faults.py``, as the engine names them."""
        if not self.fault_rate:
            return None
        found = slips(pos, legal)
        if not found:
            return None
        self.fault_chances += 1
        if self.rng.random() >= self.fault_rate:
            return None
        kinds = [k for k in KINDS if k in found]
        kind = kinds[self.rng.randrange(len(kinds))]
        actions = found[kind]
        self.faults_made += 1
        self.fault_kinds[kind] += 1
        return actions[self.rng.randrange(len(actions))]

    # ------------------------------------------------------------------ adversary

    def react(self, obs: Observation, now: float) -> Action | None:
        seat = self.seat
        if obs.player == seat or obs.phase not in (PLAY, PENDING):
            self._fault_seen = None
            return None
        # an open fault, or an open error (British Bank, §91.6): both are Stopped
        open_ = obs.fault is not None or bool(obs.error)
        if not open_ and obs.phase != PENDING and obs.turnovers[obs.player] < 2:
            self._fault_seen = None
            return None
        pos = working_position(obs)
        if not open_ and pos.phase != PENDING:
            self._fault_seen = None
            if self.profile.compel and pos.turnovers[pos.player] >= 2:
                return self._stuck_compel(pos)
            return None
        kind = "fault" if pos.fault is not None else f"error {pos.error}"
        ident = (pos.innings, "pending" if pos.phase == PENDING else kind)
        if ident != self._fault_seen:
            self._fault_seen = ident
            lo, hi = self.profile.reaction
            self._notice_at = now + self.rng.uniform(lo, hi)
            self._missed = self.rng.random() < self.profile.miss
        if now < self._notice_at:
            return None
        if pos.phase == PENDING:
            if not self._missed and stop_reason(pos, seat) is None:
                self.stops += 1
                return self._stop(pos)
            return Stand(seat)
        if self._missed or stop_reason(pos, seat) is not None:
            return None
        if self.profile.compel and compel_reason(pos, seat) is None and self._compel_better(pos):
            self.compels += 1
            return Compel(seat)
        self.stops += 1
        return self._stop(pos)

    def _stop(self, pos: Position) -> Stop:
        """The Stop, with the options the rule set offers (Belgian Bank, §92) that
        leave the best position for us."""
        choices = stop_options(pos)
        if len(choices) == 1:
            return Stop(self.seat, choices[0])
        w = self.weights()
        best, best_v = Stop(self.seat), float("-inf")
        for options in choices:
            probe = pos.clone()
            apply(probe, Stop(self.seat, options), check=False)
            v = evaluate(probe, self.seat, w)
            if v > best_v:
                best, best_v = Stop(self.seat, options), v
        return best

    def _compel_better(self, pos: Position) -> bool:
        """§70: make him bank the card and go on, when that is better for us than
        taking the innings now."""
        w = self.weights()
        a = pos.clone()
        apply(a, Stop(self.seat), check=False)
        v_stop = evaluate(a, self.seat, w)
        b = pos.clone()
        apply(b, Compel(self.seat), check=False)
        banks = [x for x in legal_actions(b) if isinstance(x, Play) and x.dst.kind == BANK]
        if banks:
            apply(b, banks[0], check=False)
        v_compel = evaluate(b, self.seat, w)
        return v_compel > v_stop + 0.5

    def _stuck_compel(self, pos: Position) -> Action | None:
        """§38/§70: a card stuck for two passes; compel it when the game is going
        nowhere and we are ahead (a dead game would rob us of the win)."""
        if compel_reason(pos, self.seat) is not None:
            return None
        w = self.weights()
        ahead = load(pos, self.seat, w) < load(pos, pos.player, w)
        if ahead and max(pos.idle_turnovers) >= 1:
            self.compels += 1
            return Compel(self.seat)
        return None

    # ------------------------------------------------------------------ draws

    def accepts_draw(self, obs: Observation) -> bool:
        pos = working_position(obs)
        w = self.weights()
        return load(pos, self.seat, w) >= load(pos, 1 - self.seat, w) - 2


def _play_keys(legal: list[Action]) -> list[PlayKey]:
    return [(a.src, a.dst, a.count) for a in legal if isinstance(a, Play)]


def _moves_card(pos: Position, act: Play, card: int) -> bool:
    cards = source_cards(pos, act.src, act.count)
    return cards is not None and len(cards) > 0 and cards[0] == card and act.count == 1
