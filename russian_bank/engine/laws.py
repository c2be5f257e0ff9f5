"""The laws in motion: applying an action (raise, back, play, turn, discard,
end) and judging it for faults (RULES.md §4). The rest of the laws stand in
their own modules and are re-exported here: the deal (``deal``), the legal
actions and refusals (``legality``), the referee's questions (``referee``),
what a Stop, Compel or Stand does (``stopping``), the end of an innings and of
the game with its score (``ending``), and moving cards between piles (``piles``).

``legal_actions(pos)`` and ``apply(pos, action)`` work on a bare
:class:`Position` (cheap for bots: ``pos.clone()`` then ``apply``). :class:`Game`
wraps a position with the seed, the record of actions and undo.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game.cards import KEY_OF, Card
from ..game.cards import (
    cards_label as cards_label,
)
from ..game.errors import IllegalAction as IllegalAction
from ..game.events import (
    CardsMoved,
    DiscardPending,
    Event,
    FaultClosed,
    PutBack,
    Raised,
    WinPending,
)
from ..game.memo import Memo
from ..game.places import (
    BANK,
    BANKS,
    DISCARD,
    DISCARDS,
    HANDS,
    HELD,
    HELD_PLACE,
    SEATS,
    STOCK,
    STOCKS,
    TABLE,
    Place,
)
from ..i18n import _
from .actions import (
    Abandon,
    Action,
    AgreeDraw,
    Back,
    Compel,
    DiscardHeld,
    EndInnings,
    Play,
    Raise,
    Stand,
    Stop,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
)
from .deal import (
    deal_position as deal_position,
)
from .ending import (
    _do_abandon,
    _do_agree,
    _end_innings,
    _finish_win,
)
from .ending import (
    score_for as score_for,
)
from .judging import _close_fault, _deed, _judge, _judge_raise
from .kept import STAMPS
from .legality import (
    _active_compel as _active_compel,
)
from .legality import (
    _compel_allows as _compel_allows,
)
from .legality import (
    _end_reason as _end_reason,
)
from .legality import (
    _second_card_allowed as _second_card_allowed,
)
from .legality import (
    _turn_hand_reason as _turn_hand_reason,
)
from .legality import (
    action_error as action_error,
)
from .legality import (
    action_reason as action_reason,
)
from .legality import (
    legal_actions as legal_actions,
)
from .moves import (
    _facts,
    bank_accepts,
    fits_bank,
    source_cards,
)
from .order import judge_order
from .piles import (
    _put,
    _take,
)
from .plays import unit_has_destination
from .position import (
    ARRANGING,
    PENDING,
    PLAY,
    Position,
)
from .referee import (
    _compel_target as _compel_target,
)
from .referee import (
    _fault_cards_available as _fault_cards_available,
)
from .referee import (
    _suspended as _suspended,
)
from .referee import (
    _table_destination as _table_destination,
)
from .referee import (
    _where as _where,
)
from .referee import (
    compel_offered as compel_offered,
)
from .referee import (
    compel_reason as compel_reason,
)
from .referee import (
    stop_options as stop_options,
)
from .referee import (
    stop_reason as stop_reason,
)
from .stoppable import close_error, open_error
from .stopping import (
    _do_compel,
    _do_stand,
    _do_stop,
)
from .weaves import seen_twice

# ---------------------------------------------------------------- the deal


# ---------------------------------------------------------------- the referee


# ---------------------------------------------------------------- legal actions


# ---------------------------------------------------------------- applying


def apply(pos: Position, action: Action, check: bool = True) -> list[Event]:
    """Carry out ``action`` on ``pos`` (in place) and return what happened."""
    if check:
        reason = action_reason(pos, action)
        if reason is not None:
            raise IllegalAction(reason)
    kind = type(action)
    if kind in _UNDEFINITE:  # raise, back: no card moves, no error can open or close
        return _HANDLERS[kind](pos, action)
    before = pos.stamp
    error = action_error(pos, action) if pos.rules.errors else None
    if pos.error and kind in _CLOSES_ERROR:
        close_error(pos)  # §91.6: the error stands once the Player goes on
    if kind in _PLAYER_DEFINITE:
        pos.just_turned_over = False
        if pos.rules.stop_retracts and pos.phase == PLAY:
            # 002: the Stop must come before the offender's next play
            pos.fault = None
            pos.fault_note = ""
            pos.fault_by = ""
            pos.wrong_play = None
            pos.missed_play = None
    events = _HANDLERS[kind](pos, action)
    if error is not None:
        events += open_error(pos, action, error)
    pos.stamp = next(STAMPS)  # cards moved, or the referee's notes with them (``pos.touch()``)
    if kind is Play or kind is TurnHand:
        pos.last_step = (before, pos.stamp, action)  # what was kept stands in part (plays._kept)
    return events


def _do_raise(pos: Position, action: Raise) -> list[Event]:
    src, count = unit = action.src, action.count
    events: list[Event] = [_RAISED[unit]]
    pos.pre_raise_fault = pos.fault
    if pos.phase == PLAY:
        if src.kind == TABLE:  # ``source_cards``, written out for the Table
            col = pos.table[src.index]
            cards = col[len(col) - count :] if 1 <= count <= len(col) else []
        else:
            cards = source_cards(pos, src, count) or []
        facts = _facts(pos)
        accepts = facts.accepts
        # a fault opens only if some card a Bank takes is in sight (``_judge``)
        in_sight = bool(facts.bankable)
        if not in_sight:
            for c in cards:
                if KEY_OF[c] in accepts:
                    in_sight = True
                    break
        if in_sight:
            single_bankable = len(cards) == 1 and KEY_OF[cards[0]] in accepts
            if not single_bankable and unit_has_destination(pos, src, count):
                events += _judge_raise(pos, src, cards)
    pos.raised = unit
    return events


# events are values: each ``Raised`` and ``PutBack`` made once (docs/benchmarks.md)
_RAISED: Memo[tuple[Place, int], Raised] = Memo(lambda unit: Raised(*unit))


def _do_back(pos: Position, action: Back) -> list[Event]:
    assert pos.raised is not None
    key = (*pos.raised, action.tried_bank)
    events: list[Event] = [_PUT_BACK[key]]
    if action.tried_bank and pos.fault != pos.pre_raise_fault:
        # Decision IX (§88): trying the card on the Banks shows the intention.
        pos.fault = pos.pre_raise_fault
        if pos.fault is None:
            events.append(FaultClosed(_("the intention to bank was shown (§71, §88)")))
    pos.raised = None
    pos.pre_raise_fault = None
    return events


_PUT_BACK: Memo[tuple[Place, int, bool], PutBack] = Memo(lambda key: PutBack(*key))


def _progress(pos: Position) -> None:
    pos.idle_innings = 0
    pos.idle_turnovers = [0, 0]


def _do_play(pos: Position, action: Play) -> list[Event]:
    me = pos.player
    src, dst, count = action.src, action.dst, action.count
    events: list[Event] = []
    src_kind, dst_kind = src.kind, dst.kind
    weave = src_kind == TABLE and dst_kind == TABLE
    if weave:  # ``source_cards``, written out for the Table
        col = pos.table[src.index]
        cards = col[len(col) - count :] if 1 <= count <= len(col) else []
    else:
        cards = source_cards(pos, src, count) or []
    faulty = False
    if dst_kind != BANK:
        events += _judge(pos, None, cards, dst=dst)  # None: "played (cards) (to_place)"
        if pos.rules.order_of_play:
            events += judge_order(pos, src, dst, count, cards)  # 002 orders 1, 2 and 5
        faulty = pos.fault is not None and (
            pos.missed_play is not None or _bankable_now_or_unit(pos, cards)
        )
        if pos.fault is not None and pos.rules.stop_retracts and pos.wrong_play is None:
            pos.wrong_play = (src, dst, count)
    if weave:  # ``_take`` and ``_put``, written out for the Table
        col = pos.table[src.index]
        moved = col[len(col) - count :]
        del col[len(col) - count :]
        pos.table[dst.index] += moved
        pos.stamp = next(STAMPS)  # cards move (``Position.touch``)
    else:
        moved = _take(pos, src, count)
        _put(pos, dst, moved)
    events.append(CardsMoved(tuple(moved), src, dst, True, "play"))
    pos.raised = None
    pos.pre_raise_fault = None
    if src_kind == STOCK or src_kind == DISCARD or src_kind == HELD:  # noqa: SIM109 (quicker)
        pos.pass_disposals[me][-1] += 1
        pos.idle_turnovers = [0, 0]  # a card disposed of: the game is not dead yet (§38)
        left = pos.cards_left(me)
        if left < pos.low[me]:
            pos.low[me] = left
            _progress(pos)
    if dst_kind == BANK:
        _progress(pos)
        if pos.fault is not None:
            # §69: the right lasts until the neglected card is banked; with several
            # neglected, until none of them is left that could still be banked.
            accepts = bank_accepts(pos)
            rest = pos.fault - {moved[0]}
            if accepts.isdisjoint(map(KEY_OF.__getitem__, rest)):  # none of them bankable
                events += _close_fault(
                    pos, _("{card} was played on the Banks (§69)").format(card=moved[0].label)
                )
            else:
                pos.fault = rest
    if pos.compelled is not None and moved[0] == pos.compelled[0]:
        pos.compelled = None
    if weave:
        arrangement = tuple(map(tuple, pos.table))
        key = hash(arrangement)  # ``pos.table_key()``
        times = pos.seen[key] = pos.seen.get(key, 0) + 1
        if times == 2:
            seen_twice(pos, key, arrangement)
    else:
        pos.seen = {pos.table_key(): 1}
    if pos.reserved and pos.reserved_seat == me:
        pos.reserved = ()
    if not (pos.stock[me] or pos.hand[me] or pos.discard[me] or pos.held is not None):
        # ``pos.cards_left(me) == 0``
        if dst_kind != BANK and pos.rules.stops:
            # §68: a last card played elsewhere than a Bank may have been a fault;
            # the game waits for the adversary's Stop or Stand either way, so the
            # wait itself tells nobody whether it was one. Only a fault made by
            # this last card survives into the wait (the win ends the innings).
            if not faulty:
                pos.fault = None
                pos.fault_note = ""
            pos.phase = PENDING
            pos.pending = dst
            events.append(WinPending(me, moved[-1]))
        else:
            events += _finish_win(pos, me)
    return events


def _bankable_now_or_unit(pos: Position, cards: list[Card]) -> bool:
    facts = _facts(pos)  # (the available cards a Bank takes: ``facts.bankable``)
    return bool(facts.bankable) or not facts.accepts.isdisjoint(map(KEY_OF.__getitem__, cards))


def _definite_done(pos: Position) -> None:
    """After a turn: the Table's history starts again (every other definite action
    makes the position new), and a §27 reservation against the Player lapses."""
    pos.seen = {pos.table_key(): 1}
    if pos.reserved and pos.reserved_seat == pos.player:
        pos.reserved = ()


def _do_turn_stock(pos: Position, action: Action) -> list[Event]:
    me = pos.player
    events: list[Event] = []
    if pos.phase == ARRANGING:
        pos.phase = PLAY  # turning the first Stock card begins the game (§9)
    else:
        events += _judge(pos, lambda: _deed(pos, "turn stock"), by="turn stock")
    pos.stock_up[me] = 1
    pos.touch()
    pos.stock_top_pass[me] = pos.turnovers[me]
    card = pos.stock[me][-1]
    events.append(CardsMoved((card,), STOCKS[me], STOCKS[me], True, "turn"))
    _definite_done(pos)
    return events


def _do_turn_hand(pos: Position, action: Action) -> list[Event]:
    me = pos.player
    events = _judge(pos, lambda: _deed(pos, "turn hand"), by="turn hand")
    card = pos.hand[me].pop()
    if len(pos.hand[me]) < pos.hand_unknown[me]:
        pos.hand_unknown[me] = len(pos.hand[me])
    pos.held = card
    pos.touch()
    pos.hand_turned[card] += 1
    events.append(CardsMoved((card,), HANDS[me], HELD_PLACE, True, "turn"))
    _definite_done(pos)
    return events


def _do_turn_over(pos: Position, action: Action) -> list[Event]:
    me = pos.player
    events = _judge(pos, lambda: _deed(pos, "turn over"), by="turn over")
    cards = pos.discard[me][::-1]  # the Discard's top becomes the Hand's bottom (§19)
    pos.discard[me] = []
    pos.hand[me] = cards
    pos.touch()
    pos.hand_unknown[me] = 0
    pos.turnovers[me] += 1
    pos.idle_turnovers[me] += 1
    pos.pass_disposals[me].append(0)
    pos.just_turned_over = True
    events.append(CardsMoved(tuple(cards), DISCARDS[me], HANDS[me], False, "turn over"))
    _definite_done(pos)
    return events


def _do_discard(pos: Position, action: Action) -> list[Event]:
    me = pos.player
    card = pos.held
    assert card is not None
    events = _judge(pos, lambda: _("discarded {card}").format(card=card.label), (card,), "discard")
    if pos.rules.order_of_play:  # 002 orders 1 and 5: a space, then a file, before a heap
        events += judge_order(pos, HELD_PLACE, DISCARDS[me], 1, [card])
    second = _second_card_allowed(pos)
    waits = pos.rules.stop_retracts and pos.fault is not None and pos.phase == PLAY
    if waits:
        _retract_discard_on_stop(pos, card)
    pos.held = None
    pos.discard[me].append(card)
    pos.touch()
    events.append(CardsMoved((card,), HELD_PLACE, DISCARDS[me], True, "discard"))
    if second:
        pos.second_turned = True  # §91.4: he turns another Hand card; the innings goes on
        return events
    if waits:
        # 002: the adversary may cry Stop before the offender's next play; the
        # turn would end with this card, so the moment waits for Stop or Stand
        pos.phase = PENDING
        pos.pending = DISCARDS[me]
        text = _("{seat} laid {card} on his {discard}")
        note = text.format(seat=SEATS[me], card=card.label, discard=pos.rules.words.local().discard)
        return events + [DiscardPending(me, card, note)]
    return events + _end_innings(pos, "discard")


def _retract_discard_on_stop(pos: Position, card: Card) -> None:
    """Crapette: what a Stop of this discard will do. The discarded card is taken
    back only when it was the card the order asked for (on a foundation, order
    4, or a file, order 5); otherwise it had no other place and stays on the
    waste heap while the missed play is made (docs/rulesets/crapette.md)."""
    if pos.missed_play is None and card in (pos.fault or ()):
        bank = next((b for b in BANKS if fits_bank(pos, card, b.index)), None)
        if bank is not None:
            pos.missed_play = (HELD_PLACE, bank, 1)
    own = pos.missed_play is not None and pos.missed_play[0] == HELD_PLACE
    pos.wrong_play = (HELD_PLACE, DISCARDS[pos.player], 1) if own else None


def _do_end(pos: Position, action: Action) -> list[Event]:
    me = pos.player
    pos.idle_turnovers[me] += 1
    return _judge(pos, lambda: _("ended his innings"), by="end") + _end_innings(pos, "end")


_PLAYER_DEFINITE = frozenset({Play, TurnStock, TurnHand, DiscardHeld, EndInnings})
_CLOSES_ERROR = _PLAYER_DEFINITE | {TurnOverDiscard}
_UNDEFINITE = frozenset({Raise, Back})  # move no card: the kept legal plays stay true

# each handler is given an action of its kind (``apply``)
_HANDLERS: dict[type[Action], Callable[[Position, Any], list[Event]]] = {
    Raise: _do_raise,
    Back: _do_back,
    Play: _do_play,
    TurnStock: _do_turn_stock,
    TurnHand: _do_turn_hand,
    DiscardHeld: _do_discard,
    TurnOverDiscard: _do_turn_over,
    EndInnings: _do_end,
    Stop: _do_stop,
    Compel: _do_compel,
    Stand: _do_stand,
    Abandon: _do_abandon,
    AgreeDraw: _do_agree,
}
