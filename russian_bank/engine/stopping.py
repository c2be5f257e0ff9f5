"""What a Stop, a Compel or a Stand does (000 §24-28, §38, §68, §70; Belgian §92; Crapette 002)."""

from __future__ import annotations

from ..game.cards import Card
from ..game.events import (
    CardsMoved,
    Compelled,
    Event,
    PutBack,
    StopCalled,
)
from ..game.places import (
    BANKS,
    DISCARD,
    DISCARDS,
    HAND,
    HANDS,
    HELD_PLACE,
    STOCK,
    STOCKS,
    TABLE,
    Place,
)
from ..i18n import _
from .actions import (
    Action,
    Compel,
    Stop,
)
from .ending import _end_innings, _finish_win
from .moves import (
    available,
    fits_bank,
    source_cards,
)
from .piles import _put, _take
from .position import (
    PENDING,
    PLAY,
    Position,
)
from .referee import _compel_target
from .refusals import play_reason


def _do_stop(pos: Position, action: Action) -> list[Event]:
    assert isinstance(action, Stop)
    me = pos.player
    note = pos.error or pos.fault_note
    if pos.error and pos.fault_note:
        # TRANSLATORS: a Stop's note: the rule broken (§91.6) and the card not banked
        note = _("{error}; {fault}").format(error=pos.error, fault=pos.fault_note)
    events: list[Event] = [StopCalled(action.seat, note)]
    if pos.raised is not None:
        events.append(PutBack(pos.raised[0], pos.raised[1], False))
        pos.raised = None
    if pos.rules.stop_retracts:
        # 002: the position before the wrong play comes back, then the missed play
        events += _turn_back(pos) + _retract_and_play_missed(pos)
        if pos.phase == PENDING:  # a discard that stood: the missed play is made
            pos.phase = PLAY
            pos.pending = None
    elif pos.error:  # British Bank (§91.6): the error is taken back, as if not made
        events += _retract(pos)
        pos.error = ""
    if "bank" in action.options:
        events += _bank_stock_and_discard(pos)
    events += _turn_back(pos)
    if pos.held is not None:
        card = pos.held
        pos.held = None
        if "expose" in action.options or pos.rules.held_to_discard_on_stop:
            # §92 option 2; 001: a Stock card not yet let go goes face up on the Mat
            pos.discard[me].append(card)
            events.append(CardsMoved((card,), HELD_PLACE, DISCARDS[me], True, "stop"))
        else:  # a card turned from the Hand goes back (§26, §68)
            pos.hand[me].append(card)
            events.append(CardsMoved((card,), HELD_PLACE, HANDS[me], False, "stop"))
        pos.touch()
    if pos.phase == PENDING and pos.pending is not None:
        # the wrongly played last card goes back face up as his Discard (§68)
        place = pos.pending
        if place.kind == TABLE:
            card = pos.table[place.index].pop()
        elif place.kind == STOCK:
            card = pos.stock[place.index].pop()
            pos.stock_up[place.index] -= 1
        else:
            card = pos.discard[place.index].pop()
        pos.discard[me].append(card)
        pos.touch()
        pos.phase = PLAY
        events.append(CardsMoved((card,), place, DISCARDS[me], True, "stop"))
    if pos.cards_left(me) == 0:  # the forced Bank plays emptied his piles (§92)
        return events + _finish_win(pos, me)
    return events + _end_innings(pos, "stop")


def _turn_back(pos: Position) -> list[Event]:
    """The Discard just turned over goes back (§68)."""
    if not pos.just_turned_over:
        return []
    me = pos.player
    cards = pos.hand[me][::-1]
    pos.hand[me] = []
    pos.discard[me] = cards + pos.discard[me]
    pos.touch()
    pos.turnovers[me] -= 1
    pos.idle_turnovers[me] = max(0, pos.idle_turnovers[me] - 1)
    pos.pass_disposals[me].pop()
    pos.just_turned_over = False
    return [CardsMoved(tuple(cards), HANDS[me], DISCARDS[me], True, "stop")]


def _bank_stock_and_discard(pos: Position) -> list[Event]:
    """§92 option 1: the Player's bankable Stock and Discard tops go on the Banks."""
    me = pos.player
    events: list[Event] = []
    moved = True
    while moved:
        moved = False
        for src in (STOCKS[me], DISCARDS[me]):
            cards = source_cards(pos, src, 1)
            bank = _first_bank(pos, cards[0]) if cards else None
            if bank is not None:
                card = _take(pos, src, 1)
                _put(pos, bank, card)
                events.append(CardsMoved(tuple(card), src, bank, True, "stop"))
                moved = True
    return events


def _first_bank(pos: Position, card: Card) -> Place | None:
    for i in range(8):
        if fits_bank(pos, card, i):
            return BANKS[i]
    return None


def _retract_and_play_missed(pos: Position) -> list[Event]:
    """Crapette (002): the caller takes back the wrong play and makes the play
    the Player failed to make (the one order 1, 2 or 5 asked for, else the
    foundation play of order 4); the turn then passes to him."""
    events = _retract(pos)
    missed = pos.missed_play
    if missed is not None:
        src, dst, count = missed
        if src.kind == HAND:  # order 1, the depot exhausted: the stock's next card fills it
            return events + _fill_from_stock(pos, dst)
        # the retraction gave back the position in which the order asked for it
        if play_reason(pos, src, dst, count) is None:
            cards = _take(pos, src, count)
            _put(pos, dst, cards)
            events.append(CardsMoved(tuple(cards), src, dst, True, "stop"))
        return events
    fault = pos.fault or frozenset()
    for place, card in available(pos):
        bank = _first_bank(pos, card) if card in fault else None
        if bank is not None:
            _put(pos, bank, _take(pos, place, 1))
            events.append(CardsMoved((card,), place, bank, True, "stop"))
            break
    return events


def _fill_from_stock(pos: Position, dst: Place) -> list[Event]:
    """Crapette order 1 (002: "When his depot is exhausted, he fills spaces in his
    file from his stock"): the missed play turns the stock's next card into the
    space ``dst``, as the Player should have done."""
    me = pos.player
    if not pos.hand[me] or pos.table[dst.index]:
        return []
    card = pos.hand[me].pop()
    if len(pos.hand[me]) < pos.hand_unknown[me]:
        pos.hand_unknown[me] = len(pos.hand[me])
    pos.hand_turned[card] += 1
    pos.table[dst.index].append(card)
    pos.touch()
    return [CardsMoved((card,), HANDS[me], dst, True, "stop")]


def _retract(pos: Position) -> list[Event]:
    """The wrong play (``pos.wrong_play``) goes back where it came from (002;
    a British Bank error, §91.6)."""
    me = pos.player
    events: list[Event] = []
    wrong = pos.wrong_play
    if wrong is not None:
        src, dst, count = wrong
        if dst.kind == TABLE:
            col = pos.table[dst.index]
            cards = col[len(col) - count :]
            del col[len(col) - count :]
        elif dst.kind == STOCK:
            cards = [pos.stock[dst.index].pop()]
            pos.stock_up[dst.index] -= 1
        else:
            cards = [pos.discard[dst.index].pop()]
        if src.kind == TABLE:
            pos.table[src.index].extend(cards)
        elif src.kind == STOCK:
            pos.stock[me].extend(cards)
            pos.stock_up[me] += 1
        elif src.kind == DISCARD:
            pos.discard[me].extend(cards)
        else:
            pos.held = cards[0]
        pos.touch()
        events.append(CardsMoved(tuple(cards), dst, src, True, "retract"))
        if pos.phase == PENDING:
            pos.phase = PLAY
            pos.pending = None
    return events


def _do_compel(pos: Position, action: Action) -> list[Event]:
    assert isinstance(action, Compel)
    target = _compel_target(pos)
    assert target is not None
    events: list[Event] = []
    if pos.raised is not None:
        events.append(PutBack(pos.raised[0], pos.raised[1], False))
        pos.raised = None
    pos.compelled = target
    if target[1] == "bank":
        pos.fault = None  # the adversary waives the Stop (§70)
        pos.fault_note = ""
    events.append(Compelled(action.seat, target[0], "bank" if target[1] == "bank" else "table"))
    return events


def _do_stand(pos: Position, action: Action) -> list[Event]:
    pos.pending = None
    if pos.cards_left(pos.player) == 0:
        return _finish_win(pos, pos.player)
    # Crapette (002): the card laid on the waste heap stands, and the turn ends
    pos.phase = PLAY
    return _end_innings(pos, "discard")
