"""The laws in motion: the deal, legal actions, applying an action, the Stop
referee (RULES.md §4), the end of the game and its score.

``legal_actions(pos)`` and ``apply(pos, action)`` work on a bare
:class:`Position` (cheap for bots: ``pos.clone()`` then ``apply``). :class:`Game`
wraps a position with the seed, the record of actions and undo.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .actions import (
    BACK,
    BACK_BANKS,
    DISCARD_HELD,
    END_INNINGS,
    TURN_HAND,
    TURN_OVER,
    TURN_STOCK,
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
from .cards import KEY_OF, RANK_OF, Card, shuffled_pack
from .events import (
    CardsMoved,
    Compelled,
    Event,
    FaultClosed,
    FaultOpened,
    GameOver,
    InningsEnded,
    PutBack,
    Raised,
    StopCalled,
    StopReserved,
    WinPending,
)
from .moves import (
    available,
    bank_accepts,
    fits_bank,
    legal_plays,
    play_reason,
    source_cards,
    space_refusal,
    unit_has_destination,
)
from .places import (
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
    TABLES,
    Place,
)
from .position import (
    ARRANGING,
    DEAD_INNINGS,
    DEAD_TURNOVERS,
    OVER,
    PENDING,
    PLAY,
    Outcome,
    Position,
)
from .rules import COMMITTEE, RuleSet


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reason`` is one line for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# ---------------------------------------------------------------- the deal


def deal_position(rules: RuleSet = COMMITTEE, rng: random.Random | None = None) -> Position:
    """Shuffle both packs with ``rng`` and deal (§2-4); cut for first Player (§4, §61)."""
    rng = rng if rng is not None else random.Random()
    pos = Position(rules)
    n_stock, n_table = rules.stock_size, rules.table_per_player
    for seat in (0, 1):
        pack = shuffled_pack(seat, rng)
        pos.stock[seat] = pack[:n_stock]
        for i, card in enumerate(pack[n_stock : n_stock + n_table]):
            pos.table[seat * n_table + i] = [card]
        pos.hand[seat] = pack[n_stock + n_table :]
        pos.hand_unknown[seat] = len(pos.hand[seat])
        pos.low[seat] = n_stock + len(pos.hand[seat])
    if rules.stock_top_up_at_deal:
        # the tops are turned at the deal (§93, 002): the game has begun
        pos.stock_up = [1, 1]
        pos.phase = PLAY
    a, b = pos.stock[0][-1], pos.stock[1][-1]
    if rules.first_player == "stock top" and RANK_OF[a] != RANK_OF[b]:
        pos.player = 0 if RANK_OF[a] < RANK_OF[b] else 1  # the lower begins (§93)
    else:  # equal tops in Italian Bank are cut for, as §4 (a reading)
        cuts = []
        while True:
            a = pos.hand[0][rng.randrange(len(pos.hand[0]))]
            b = pos.hand[1][rng.randrange(len(pos.hand[1]))]
            cuts.append((a, b))
            if RANK_OF[a] != RANK_OF[b]:
                break
        pos.cuts = tuple(cuts)
        pos.player = 0 if RANK_OF[a] < RANK_OF[b] else 1
    pos.seen = {pos.table_key(): 1}
    return pos


# ---------------------------------------------------------------- the referee


def _suspended(pos: Position, accepts: set[int]) -> bool:
    """§69: the right is suspended while the Player holds another bankable card."""
    fault = pos.fault
    assert fault is not None
    if pos.raised is not None:
        cards = source_cards(pos, pos.raised[0], pos.raised[1])
        if cards and len(cards) == 1 and KEY_OF[cards[0]] in accepts and cards[0] not in fault:
            return True
    held = pos.held
    return held is not None and KEY_OF[held] in accepts and held not in fault


def stop_reason(pos: Position, seat: int) -> str | None:
    """None if ``seat`` may call Stop now, else why the Stop would be refused."""
    if pos.phase not in (PLAY, PENDING):
        if pos.phase == ARRANGING:
            return "No Stop before the first Stock card is turned (§9, §23)"
        return "The game is over"
    r = pos.rules
    if not r.stops:
        return "There are no Stops in this game"
    if seat == pos.player:
        return "Only the adversary may call Stop (§24)"
    if pos.fault is None:
        banks = r.words.banks
        return f"False Stop: the Player has not failed to play on the {banks} {r.cite('stop')}"
    if pos.phase == PLAY and _suspended(pos, bank_accepts(pos)):
        return "Too soon: the Player is holding a card that can go on the Banks (§69)"
    return None


def _fault_cards_available(pos: Position) -> list[tuple[Place, Card]]:
    fault = pos.fault or frozenset()
    accepts = bank_accepts(pos)
    return [(p, c) for p, c in available(pos) if c in fault and KEY_OF[c] in accepts]


def _table_destination(pos: Position, src: Place) -> bool:
    return any(play_reason(pos, src, t) is None for t in TABLES)


def _compel_target(pos: Position) -> tuple[Card, str] | None:
    me = pos.player
    if pos.compelled is not None or pos.phase != PLAY:
        return None
    exhausted = not pos.hand[me] and not pos.discard[me] and pos.held is None
    if pos.fault is not None and (pos.turnovers[me] >= 1 or exhausted):
        cards = _fault_cards_available(pos)
        if cards and not _suspended(pos, bank_accepts(pos)):
            return (cards[0][1], "bank")
    top = pos.stock_top(me)
    if exhausted and top is not None and KEY_OF[top] in bank_accepts(pos):
        return (top, "bank")  # §70: a bankable Stock card once Hand and Discard are gone
    held = pos.held
    if held is not None and pos.hand_turned[held] >= 3:
        passes = pos.pass_disposals[me]
        quiet = len(passes) >= 3 and passes[-2] == 0 and passes[-3] == 0
        if quiet and _table_destination(pos, HELD_PLACE):
            return (held, "table")
    stuck = top is not None and pos.turnovers[me] - pos.stock_top_pass[me] >= 2
    if top is not None and stuck and _table_destination(pos, STOCKS[me]):
        return (top, "table")
    return None


def compel_reason(pos: Position, seat: int) -> str | None:
    if seat != pos.adversary or pos.phase != PLAY:
        return "Only the adversary may compel, during the Player's innings (§38, §70)"
    if not pos.rules.stops or not pos.rules.compels:
        return "There is no compelling in this game"
    if _compel_target(pos) is None:
        return (
            "Nothing can be compelled now: the Player must have turned over his Discard, or "
            "have no Hand or Discard left, with a card to bank; or a card stuck for two passes "
            "(§38, §70)"
        )
    return None


def compel_offered(pos: Position, seat: int) -> bool:
    """Whether a table offers ``seat`` a Compel now, judged without looking at an
    open fault (the offer must not tell the adversary that one is open): a Compel
    that needs no fault is possible, or the Player has turned over his Discard or
    used up his Hand and Discard, when a fault would let ``seat`` compel (§38, §70)."""
    if seat != pos.adversary or pos.phase != PLAY or not pos.rules.stops or not pos.rules.compels:
        return False
    blind = pos.clone()
    blind.fault = None
    if _compel_target(blind) is not None:
        return True
    me = pos.player
    exhausted = not pos.hand[me] and not pos.discard[me] and pos.held is None
    return pos.compelled is None and (pos.turnovers[me] >= 1 or exhausted)


_CASE = {DISCARD: "A", HELD: "B", STOCK: "C", TABLE: "D"}


def _where(pos: Position, place: Place) -> str:
    w = pos.rules.words
    if place.kind == DISCARD:
        return f"on his {w.discard}"
    if place.kind == HELD:
        return f"turned from his {w.hand}"
    if place.kind == STOCK:
        return f"on his {w.stock}"
    return f"in the {w.table}"


def _judge(
    pos: Position,
    what: str | Callable[[], str],
    unit: list[Card] | tuple[Card, ...] = (),
    by: str = "play",
) -> list[Event]:
    """Open (or widen) a fault if a bankable card is available while the Player
    does ``what`` (anything but play on the Banks)."""
    if pos.phase != PLAY or not pos.rules.stops:
        return []
    accepts = bank_accepts(pos)
    cards = [(p, c) for p, c in available(pos) if KEY_OF[c] in accepts]
    extra = [c for c in unit if KEY_OF[c] in accepts and all(c != x for _, x in cards)]
    if not cards and not extra:
        return []
    neglected = frozenset([c for _, c in cards] + extra)
    if pos.fault is not None:
        pos.fault = pos.fault | neglected
        return []
    if cards:
        place, card = cards[0]
        where = _where(pos, place)
        case = _CASE[place.kind]
    else:
        card, where, case = extra[0], "inside the moved run", "D"
    who = SEATS[pos.player]
    if callable(what):
        what = what()
    r = pos.rules
    cite = f"(§67 {case})" if r.cites.get("duty") == "§67" else r.cite("duty")
    note = f"{who} {what} while {card.label} {where} could go on the {r.words.banks} {cite}"
    pos.fault = neglected
    pos.fault_note = note
    pos.fault_by = by
    pos.wrong_play = None
    return [FaultOpened(tuple(sorted(neglected)), note)]


def _close_fault(pos: Position, why: str) -> list[Event]:
    pos.fault = None
    pos.fault_note = ""
    pos.fault_by = ""
    pos.wrong_play = None
    return [FaultClosed(why)]


# ---------------------------------------------------------------- legal actions


def legal_actions(pos: Position) -> list[Action]:
    """Every action the rules allow now, in a stable order.

    Player's actions first (plays, raises, turns, discard, turn over, end), then
    the adversary's Stop and Compel. Abandoning and agreeing a draw are always
    allowed and are not listed.
    """
    phase = pos.phase
    if phase == OVER:
        return []
    adv = pos.adversary
    if phase == PENDING:
        stop = [Stop(adv)] if stop_reason(pos, adv) is None else []
        return stop + [Stand(adv)]
    me = pos.player
    acts: list[Action] = []
    plays = legal_plays(pos)
    comp = _active_compel(pos, plays)
    if comp is not None:
        plays = [p for p in plays if _compel_allows(pos, comp, *p)]
    raised = pos.raised
    if raised is not None:
        src, count = raised
        acts += [Play(s, d, c) for s, d, c in plays if s == src and c == count]
        acts.append(BACK)
        if count == 1:
            acts.append(BACK_BANKS)
    elif comp is not None:
        # compelled (§38, §70): only the compelled play, or (to the Table) a Bank play first
        acts += [Play(s, d, c) for s, d, c in plays]
        acts += [Raise(s, 1) for s in dict.fromkeys(s for s, _, _ in plays) if s.kind != HELD]
    else:
        acts += [Play(s, d, c) for s, d, c in plays]
        acts += [Raise(p, 1) for p, _ in available(pos) if p.kind != HELD]
        multi = sorted({(s.index, c) for s, _, c in plays if c > 1})
        acts += [Raise(TABLES[i], c) for i, c in multi]
        stock = pos.stock[me]
        if stock and not pos.stock_up[me]:
            acts.append(TURN_STOCK)
        if phase == PLAY:
            if _turn_hand_reason(pos) is None:
                acts.append(TURN_HAND)
            if pos.held is None and not pos.hand[me] and pos.discard[me]:
                acts.append(TURN_OVER)
            if _end_reason(pos) is None:
                acts.append(END_INNINGS)
        if pos.held is not None:
            acts.append(DISCARD_HELD)
    if stop_reason(pos, adv) is None:
        acts += [Stop(adv, options) for options in stop_options(pos)]
    if phase == PLAY and pos.rules.compels and _compel_target(pos) is not None:
        acts.append(Compel(adv))
    return acts


def _active_compel(pos: Position, plays: list[tuple[Place, Place, int]]) -> tuple[Card, str] | None:
    """The compelled play still in force: a compelled Table play lapses while the
    card has no place in the Table (it may have been taken by a Bank play)."""
    comp = pos.compelled
    if comp is None or comp[1] == "bank":
        return comp
    card = comp[0]
    for s, d, c in plays:
        if d.kind == TABLE and c == 1 and source_cards(pos, s, 1) == [card]:
            return comp
    return None


def _compel_allows(
    pos: Position, comp: tuple[Card, str], src: Place, dst: Place, count: int
) -> bool:
    card, kind = comp
    if dst.kind == BANK and kind == "table":
        return True
    cards = source_cards(pos, src, count)
    if cards != [card]:
        return False
    return dst.kind == (BANK if kind == "bank" else TABLE)


def _turn_hand_reason(pos: Position) -> str | None:
    me = pos.player
    if pos.phase == ARRANGING:
        return "Turn your Stock first: the game begins with its top card (§8, §9)"
    if pos.held is not None:
        return "You already hold a card from your Hand: play it or discard it (§76 j, k)"
    if not pos.hand[me]:
        if pos.discard[me]:
            return "Your Hand is empty: turn over your Discard first (§19)"
        return "Your Hand is empty"
    if pos.stock[me]:
        if not pos.stock_up[me]:
            w = pos.rules.words
            cite = pos.rules.cite("turn stock first")
            return f"Turn the top card of your {w.stock} before your {w.hand} {cite}"
        r = pos.rules
        if not r.hand_to_space_before_stock_empty and any(
            not pos.table[i] and space_refusal(pos, STOCK, i) is None for i in range(8)
        ):
            w = r.words
            cite = r.cite("turn hand space")
            return f"Fill the space in the {w.table} before turning your {w.hand} {cite}"
    return None


def _end_reason(pos: Position) -> str | None:
    me = pos.player
    if pos.phase != PLAY:
        return "The game has not begun"
    if pos.held is not None:
        return "Discard the card you hold to end your innings (§15)"
    if pos.hand[me] or pos.discard[me]:
        return "You still have a Hand or Discard: your innings ends when you discard (§15, §53)"
    if not pos.stock[me]:
        return "You have no cards left"
    if not pos.stock_up[me]:
        return "Turn the top card of your Stock first (§10, §12)"
    return None


def action_reason(pos: Position, action: Action) -> str | None:
    """None if ``action`` is legal now, else a one-line reason (for the table)."""
    if isinstance(action, Abandon):
        return "The game is over" if pos.phase == OVER else None
    if isinstance(action, AgreeDraw):
        return "The game is over" if pos.phase == OVER else None
    if pos.phase == OVER:
        return "The game is over"
    if isinstance(action, Stop):
        reason = stop_reason(pos, action.seat)
        if reason is None and action.options and action.options not in stop_options(pos):
            return "That option of the Stop does not apply now (§92)"
        return reason
    if isinstance(action, Compel):
        return compel_reason(pos, action.seat)
    if isinstance(action, Stand):
        if pos.phase != PENDING or action.seat != pos.adversary:
            return "There is no win waiting for a Stop"
        return None
    if pos.phase == PENDING:
        return "The Player has played his last card; the adversary may call Stop (§68)"
    if action in legal_actions(pos):
        return None
    me = pos.player
    if isinstance(action, Play):
        if pos.raised is not None and (action.src, action.count) != pos.raised:
            return "Play or put back the card you have raised first (§76 j)"
        if pos.raised is None and action.src.kind == HELD and pos.held is None:
            return "You are not holding a card from your Hand"
        reason = play_reason(pos, action.src, action.dst, action.count)
        if reason:
            return reason
        comp = pos.compelled
        if comp is not None:
            return f"You have been compelled to play {comp[0].label} to the {comp[1]} (§38, §70)"
        return "That play is not allowed now"
    if pos.raised is not None:
        return "Play or put back the card you have raised first"
    if pos.compelled is not None:
        comp = pos.compelled
        return f"You have been compelled to play {comp[0].label} to the {comp[1]} (§38, §70)"
    if isinstance(action, Raise):
        if action.src.kind == HELD:
            return "The card turned from your Hand is already in your fingers"
        cards = source_cards(pos, action.src, action.count)
        if cards is None:
            from .moves import _source_reason

            return _source_reason(pos, action.src, action.count)
        return "Those cards cannot be moved together now (§58)"
    if isinstance(action, Back):
        return "Nothing is raised" if pos.raised is None else "Only one card can show a Bank play"
    if isinstance(action, TurnStock):
        if pos.phase == PLAY and pos.held is not None and not pos.stock[me]:
            return "Your Stock is empty"
        if not pos.stock[me]:
            return "Your Stock is empty"
        return "The top card of your Stock is already face up (§10)"
    if isinstance(action, TurnHand):
        return _turn_hand_reason(pos) or "You cannot turn your Hand now"
    if isinstance(action, DiscardHeld):
        return "You hold no card to discard (§15)"
    if isinstance(action, TurnOverDiscard):
        if pos.held is not None:
            return "Play or discard the card you hold first"
        if pos.hand[me]:
            return "Your Hand still has cards (§19)"
        return "Your Discard is empty"
    if isinstance(action, EndInnings):
        return _end_reason(pos) or "You cannot end your innings now"
    return "Not allowed now"


# ---------------------------------------------------------------- applying


def apply(pos: Position, action: Action, check: bool = True) -> list[Event]:
    """Carry out ``action`` on ``pos`` (in place) and return what happened."""
    if check:
        reason = action_reason(pos, action)
        if reason is not None:
            raise IllegalAction(reason)
    kind = type(action)
    if kind in _PLAYER_DEFINITE:
        pos.just_turned_over = False
        if pos.rules.stop_retracts and pos.phase == PLAY:
            # 002: the Stop must come before the offender's next play
            pos.fault = None
            pos.fault_note = ""
            pos.fault_by = ""
            pos.wrong_play = None
    return _HANDLERS[kind](pos, action)


def _do_raise(pos: Position, action: Action) -> list[Event]:
    assert isinstance(action, Raise)
    events: list[Event] = []
    pos.pre_raise_fault = pos.fault
    cards = source_cards(pos, action.src, action.count) or []
    if pos.phase == PLAY and pos.rules.raise_is_fault:
        accepts = bank_accepts(pos)
        single_bankable = len(cards) == 1 and KEY_OF[cards[0]] in accepts
        if not single_bankable and unit_has_destination(pos, action.src, action.count):
            src = action.src
            events += _judge(
                pos, lambda: f"raised {cards_label(cards)} {_src_words(pos, src)}", cards, "raise"
            )
    pos.raised = (action.src, action.count)
    events.insert(0, Raised(action.src, action.count))
    return events


def cards_label(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(c.label for c in cards)


def _do_back(pos: Position, action: Action) -> list[Event]:
    assert isinstance(action, Back) and pos.raised is not None
    place, count = pos.raised
    events: list[Event] = [PutBack(place, count, action.tried_bank)]
    if action.tried_bank and pos.fault != pos.pre_raise_fault:
        # Decision IX (§88): trying the card on the Banks shows the intention.
        pos.fault = pos.pre_raise_fault
        if pos.fault is None:
            events.append(FaultClosed("the intention to bank was shown (§71, §88)"))
    pos.raised = None
    pos.pre_raise_fault = None
    return events


def _take(pos: Position, src: Place, count: int) -> list[Card]:
    me = pos.player
    kind = src.kind
    if kind == TABLE:
        col = pos.table[src.index]
        cards = col[len(col) - count :]
        del col[len(col) - count :]
        return cards
    if kind == STOCK:
        pos.stock_up[me] -= 1
        card = pos.stock[me].pop()
        if pos.stock[me] and not pos.stock_up[me] and pos.rules.stock_auto_turn:
            pos.stock_up[me] = 1  # the next depot card is turned at once (002)
        if pos.stock_up[me]:
            pos.stock_top_pass[me] = pos.turnovers[me]
        return [card]
    if kind == DISCARD:
        return [pos.discard[me].pop()]
    assert pos.held is not None
    card = pos.held
    pos.held = None
    return [card]


def _put(pos: Position, dst: Place, cards: list[Card]) -> None:
    kind = dst.kind
    if kind == TABLE:
        pos.table[dst.index].extend(cards)
    elif kind == BANK:
        pos.banks[dst.index].extend(cards)
    elif kind == STOCK:
        seat = dst.index
        pos.stock[seat].extend(cards)
        pos.stock_up[seat] += len(cards)
        pos.stock_top_pass[seat] = pos.turnovers[seat]
    else:
        pos.discard[dst.index].extend(cards)


def _progress(pos: Position) -> None:
    pos.idle_innings = 0
    pos.idle_turnovers = [0, 0]


def _do_play(pos: Position, action: Action) -> list[Event]:
    assert isinstance(action, Play)
    me = pos.player
    src, dst, count = action.src, action.dst, action.count
    events: list[Event] = []
    cards = source_cards(pos, src, count) or []
    faulty = False
    if dst.kind != BANK:
        events += _judge(
            pos, lambda: f"played {cards_label(cards)} to {_dst_words(pos, dst)}", cards
        )
        faulty = pos.fault is not None and _bankable_now_or_unit(pos, cards)
        if pos.fault is not None and pos.rules.stop_retracts and pos.wrong_play is None:
            pos.wrong_play = (src, dst, count)
    moved = _take(pos, src, count)
    _put(pos, dst, moved)
    events.append(CardsMoved(tuple(moved), src, dst, True, "play"))
    pos.raised = None
    pos.pre_raise_fault = None
    if src.kind in (STOCK, DISCARD, HELD):
        pos.pass_disposals[me][-1] += 1
        pos.idle_turnovers = [0, 0]  # a card disposed of: the game is not dead yet (§38)
        left = pos.cards_left(me)
        if left < pos.low[me]:
            pos.low[me] = left
            _progress(pos)
    if dst.kind == BANK:
        _progress(pos)
        if pos.fault is not None:
            # §69: the right lasts until the neglected card is banked; with several
            # neglected, until none of them is left that could still be banked.
            accepts = bank_accepts(pos)
            rest = pos.fault - {moved[0]}
            if not any(KEY_OF[c] in accepts for c in rest):
                events += _close_fault(pos, f"{moved[0].label} was played on the Banks (§69)")
            else:
                pos.fault = rest
    if pos.compelled is not None and moved[0] == pos.compelled[0]:
        pos.compelled = None
    if src.kind == TABLE and dst.kind == TABLE:
        key = pos.table_key()
        pos.seen[key] = pos.seen.get(key, 0) + 1
    else:
        pos.seen = {pos.table_key(): 1}
    if pos.reserved and pos.reserved_seat == me:
        pos.reserved = ()
    if pos.cards_left(me) == 0:
        if dst.kind != BANK and pos.rules.stops:
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
    accepts = bank_accepts(pos)
    if any(KEY_OF[c] in accepts for c in cards):
        return True
    return any(KEY_OF[c] in accepts for _, c in available(pos))


def _dst_words(pos: Position, dst: Place) -> str:
    """Where a card went, in the rule set's words (never engine notation)."""
    w = pos.rules.words
    if dst.kind == TABLE:
        return f"the {w.table}"
    if dst.kind in (STOCK, DISCARD):
        return f"the adversary's {w.stock if dst.kind == STOCK else w.discard}"
    return f"a {w.bank}" if dst.kind == BANK else f"his {w.discard}"


def _src_words(pos: Position, src: Place) -> str:
    w = pos.rules.words
    return {
        TABLE: f"from the {w.table}",
        STOCK: f"from his {w.stock}",
        DISCARD: f"from his {w.discard}",
    }.get(src.kind, f"from his {w.hand}")


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
        events += _judge(pos, f"turned a card of his {pos.rules.words.stock}", by="turn stock")
    pos.stock_up[me] = 1
    pos.stock_top_pass[me] = pos.turnovers[me]
    card = pos.stock[me][-1]
    events.append(CardsMoved((card,), STOCKS[me], STOCKS[me], True, "turn"))
    _definite_done(pos)
    return events


def _do_turn_hand(pos: Position, action: Action) -> list[Event]:
    me = pos.player
    events = _judge(pos, f"turned a card of his {pos.rules.words.hand}", by="turn hand")
    card = pos.hand[me].pop()
    if len(pos.hand[me]) < pos.hand_unknown[me]:
        pos.hand_unknown[me] = len(pos.hand[me])
    pos.held = card
    pos.hand_turned[card] += 1
    events.append(CardsMoved((card,), HANDS[me], HELD_PLACE, True, "turn"))
    _definite_done(pos)
    return events


def _do_turn_over(pos: Position, action: Action) -> list[Event]:
    me = pos.player
    events = _judge(pos, f"turned over his {pos.rules.words.discard}", by="turn over")
    cards = pos.discard[me][::-1]  # the Discard's top becomes the Hand's bottom (§19)
    pos.discard[me] = []
    pos.hand[me] = cards
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
    events = _judge(pos, f"discarded {card.label}", (card,), "discard")
    second = _second_card_allowed(pos)
    pos.held = None
    pos.discard[me].append(card)
    events.append(CardsMoved((card,), HELD_PLACE, DISCARDS[me], True, "discard"))
    if second:
        pos.second_turned = True  # §91.4: he turns another Hand card; the innings goes on
        return events
    return events + _end_innings(pos, "discard")


def _second_card_allowed(pos: Position) -> bool:
    """British Bank (§91.4): once an innings, a Hand card that cannot be disposed
    of anywhere may be discarded and another turned (a reading: docs/rulesets)."""
    if not pos.rules.second_hand_card or pos.second_turned or not pos.hand[pos.player]:
        return False
    return not unit_has_destination(pos, HELD_PLACE, 1)


def _do_end(pos: Position, action: Action) -> list[Event]:
    me = pos.player
    pos.idle_turnovers[me] += 1
    return _judge(pos, "ended his innings", by="end") + _end_innings(pos, "end")


def _end_innings(pos: Position, reason: str) -> list[Event]:
    me = pos.player
    events: list[Event] = []
    accepts = bank_accepts(pos)
    tops = (pos.stock_top(me), pos.discard[me][-1] if pos.discard[me] else None)
    left = tuple(c for c in tops if c is not None and KEY_OF[c] in accepts)
    if left and pos.rules.reserved_stop:  # §27: the Stop is reserved for his next innings
        pos.reserved = left
        pos.reserved_seat = me
        events.append(StopReserved(me, left))
    pos.fault = None
    pos.fault_note = ""
    pos.fault_by = ""
    pos.wrong_play = None
    pos.second_turned = False
    pos.pre_raise_fault = None
    pos.raised = None
    pos.compelled = None
    pos.pending = None
    pos.just_turned_over = False
    pos.player = 1 - me
    pos.innings += 1
    pos.idle_innings += 1
    pos.seen = {pos.table_key(): 1}
    events.append(InningsEnded(me, reason, pos.player))
    dead = min(pos.idle_turnovers) >= DEAD_TURNOVERS or pos.idle_innings >= DEAD_INNINGS
    if dead:
        pos.phase = OVER
        pos.outcome = Outcome(None, "dead")
        events.append(GameOver(pos.outcome))
    return events


def _do_stop(pos: Position, action: Action) -> list[Event]:
    assert isinstance(action, Stop)
    me = pos.player
    events: list[Event] = [StopCalled(action.seat, pos.fault_note)]
    if pos.raised is not None:
        events.append(PutBack(pos.raised[0], pos.raised[1], False))
        pos.raised = None
    if pos.rules.stop_retracts:
        events += _retract_and_bank(pos)
    if "bank" in action.options:
        events += _bank_stock_and_discard(pos)
    if pos.just_turned_over:  # the Discard just turned over goes back (§68)
        cards = pos.hand[me][::-1]
        pos.hand[me] = []
        # under a card the Stop has just put back on it (002: a retracted play)
        pos.discard[me] = cards + pos.discard[me]
        pos.turnovers[me] -= 1
        pos.idle_turnovers[me] = max(0, pos.idle_turnovers[me] - 1)
        pos.pass_disposals[me].pop()
        pos.just_turned_over = False
        events.append(CardsMoved(tuple(cards), HANDS[me], DISCARDS[me], True, "stop"))
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
        pos.phase = PLAY
        events.append(CardsMoved((card,), place, DISCARDS[me], True, "stop"))
    if pos.cards_left(me) == 0:  # the forced Bank plays emptied his piles (§92)
        return events + _finish_win(pos, me)
    return events + _end_innings(pos, "stop")


def stop_options(pos: Position) -> list[tuple[str, ...]]:
    """Belgian Bank (§92): the option sets the adversary may add to a Stop now.

    1. "bank": cards on the Player's Stock or Discard that go on the Banks are
       played there first (and any that become bankable while doing so);
    2. "expose": the Hand card whose turning opened the fault goes on the
       Discard instead of back on the Hand.
    """
    if not pos.rules.belgian_options or pos.phase != PLAY:
        return [()]
    me = pos.player
    accepts = bank_accepts(pos)
    tops = (pos.stock_top(me), pos.discard[me][-1] if pos.discard[me] else None)
    can_bank = any(c is not None and KEY_OF[c] in accepts for c in tops)
    can_expose = pos.held is not None and pos.fault_by == "turn hand"
    out: list[tuple[str, ...]] = [()]
    if can_bank:
        out.append(("bank",))
    if can_expose:
        out.append(("expose",))
    if can_bank and can_expose:
        out.append(("bank", "expose"))
    return out


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


def _retract_and_bank(pos: Position) -> list[Event]:
    """Crapette (002): the caller takes back the wrong play and makes the missed
    play on the foundations; the turn then passes to him."""
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
        events.append(CardsMoved(tuple(cards), dst, src, True, "retract"))
        if pos.phase == PENDING:
            pos.phase = PLAY
            pos.pending = None
    fault = pos.fault or frozenset()
    for place, card in available(pos):
        bank = _first_bank(pos, card) if card in fault else None
        if bank is not None:
            _put(pos, bank, _take(pos, place, 1))
            events.append(CardsMoved((card,), place, bank, True, "stop"))
            break
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
    events.append(Compelled(action.seat, target[0], "Banks" if target[1] == "bank" else "Table"))
    return events


def _do_stand(pos: Position, action: Action) -> list[Event]:
    pos.pending = None
    return _finish_win(pos, pos.player)


def _finish_win(pos: Position, winner: int) -> list[Event]:
    pos.outcome = score_for(pos, 1 - winner)
    pos.phase = OVER
    pos.raised = None
    pos.fault = None
    return [GameOver(pos.outcome)]


def score_for(pos: Position, loser: int, abandoned: bool = False) -> Outcome:
    r = pos.rules
    stock = len(pos.stock[loser])
    hand = len(pos.hand[loser]) + len(pos.discard[loser])
    if loser == pos.player and pos.held is not None:
        hand += 1
    extra = r.abandon_points if abandoned else 0
    points = r.game_points + r.stock_card_points * stock + r.hand_card_points * hand + extra
    return Outcome(
        1 - loser,
        "abandoned" if abandoned else "won",
        points,
        r.game_points,
        stock,
        hand,
        extra,
    )


def _do_abandon(pos: Position, action: Action) -> list[Event]:
    assert isinstance(action, Abandon)
    pos.outcome = score_for(pos, action.seat, abandoned=True)
    pos.phase = OVER
    pos.raised = None
    return [GameOver(pos.outcome)]


def _do_agree(pos: Position, action: Action) -> list[Event]:
    pos.outcome = Outcome(None, "agreed")
    pos.phase = OVER
    pos.raised = None
    return [GameOver(pos.outcome)]


_PLAYER_DEFINITE = frozenset({Play, TurnStock, TurnHand, DiscardHeld, EndInnings})

_HANDLERS = {
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
