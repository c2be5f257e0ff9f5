"""The Stop referee's questions: may the adversary call Stop or Compel now, and
why not (000 §21-28, §38, §65-72); the options a Belgian Stop may add (§92)."""

from __future__ import annotations

from ..game.cards import KEY_OF, Card
from ..game.places import (
    DISCARD,
    HELD,
    HELD_PLACE,
    SEATS,
    STOCK,
    STOCKS,
    TABLE,
    Place,
)
from ..i18n import _
from .moves import (
    bank_accepts,
    bankable_available,
    source_cards,
)
from .plays import kept
from .position import (
    ARRANGING,
    PENDING,
    PLAY,
    Position,
)


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


def false_stop(pos: Position, seat: int) -> bool:
    """Would a Stop by ``seat`` now be a false Stop: a call the rules allow to be
    made, with no fault and no error open (§66)? (Asked by the table to count them,
    in any language.)"""
    return (
        pos.phase in (PLAY, PENDING)
        and pos.rules.stops
        and seat != pos.player
        and not pos.error
        and pos.fault is None
    )


def stop_reason(pos: Position, seat: int) -> str | None:
    """None if ``seat`` may call Stop now, else why the Stop would be refused."""
    if pos.phase not in (PLAY, PENDING):
        if pos.phase == ARRANGING:
            return _("No Stop before the first Stock card is turned (§9, §23)")
        return _("The game is over")
    r = pos.rules
    if not r.stops:
        return _("There are no Stops in this game")
    if seat == pos.player:
        return _("Only the adversary may call Stop (§24)")
    if pos.error:
        return None  # an open error (§91.6): no §69 suspension
    who = SEATS[pos.player]  # players' words: the seat, not the book's "the Player"
    if pos.fault is None:
        cite = r.cite("stop")
        if r.order_of_play:
            text = _("False Stop: {who} has kept the order of play {cite}")
            return text.format(who=who, cite=cite)
        banks = r.words.local().banks
        if r.errors:
            text = _(
                "False Stop: {who} has no open error and has not failed to play on"
                " the {banks} {cite}"
            )
        else:
            text = _("False Stop: {who} has not failed to play on the {banks} {cite}")
        return text.format(who=who, banks=banks, cite=cite)
    if pos.phase == PLAY and pos.missed_play is None and _suspended(pos, bank_accepts(pos)):
        text = _("Too soon: {who} is holding a card that can go on the {banks} (§69)")
        return text.format(who=who, banks=r.words.local().banks)
    return None


def may_stop(pos: Position, seat: int) -> bool:
    """``stop_reason(pos, seat) is None``, without putting the refusal in words."""
    phase = pos.phase
    if phase != PLAY and phase != PENDING:
        return False
    if not pos.rules.stops or seat == pos.player:
        return False
    if pos.error:
        return True
    if pos.fault is None:
        return False
    return not (phase == PLAY and pos.missed_play is None and _suspended(pos, bank_accepts(pos)))


def _fault_cards_available(pos: Position) -> list[tuple[Place, Card]]:
    fault = pos.fault or frozenset()
    return [pc for pc in bankable_available(pos) if pc[1] in fault]


def _table_destination(pos: Position, src: Place) -> bool:
    """A lawful Table play for the card at ``src`` (never a §91.6 error): one of the
    kept lawful plays (``plays.legal_plays(pos, errors=False)``, which agree with
    ``play_reason`` and ``play_error``: tests/test_engine_properties.py)."""
    return any(act.dst.kind == TABLE for act in kept(pos, False).unit_actions((src, 1)))


def _compel_target(pos: Position) -> tuple[Card, str] | None:
    me = pos.player
    if pos.compelled is not None or pos.phase != PLAY:
        return None
    exhausted = not pos.hand[me] and not pos.discard[me] and pos.held is None
    if pos.fault is not None and (pos.turnovers[me] >= 1 or exhausted):
        cards = _fault_cards_available(pos)
        if cards and not _suspended(pos, bank_accepts(pos)):
            return (cards[0][1], "bank")
    top = pos.stock[me][-1] if pos.stock_up[me] else None  # ``stock_top``
    if exhausted and top is not None and KEY_OF[top] in bank_accepts(pos):
        return (top, "bank")  # §70: a bankable Stock card once Hand and Discard are gone
    held = pos.held
    if held is not None and pos.hand_turned[held] >= 3:
        passes = pos.pass_disposals[me]
        quiet = len(passes) >= 3 and passes[-2] == 0 and passes[-3] == 0
        if quiet and _table_destination(pos, HELD_PLACE):
            return (held, "table")
    if top is None:
        return None
    stuck = pos.turnovers[me] - pos.stock_top_pass[me] >= 2
    if stuck and _table_destination(pos, STOCKS[me]):
        return (top, "table")
    return None


def compel_reason(pos: Position, seat: int) -> str | None:
    if seat != pos.adversary or pos.phase != PLAY:
        return _("Only the adversary may compel, during the other player's innings (§38, §70)")
    if not pos.rules.stops or not pos.rules.compels:
        return _("There is no compelling in this game")
    if _compel_target(pos) is None:
        return _(
            "Nothing can be compelled now: {seat} must have turned over his"
            " Discard, or have no Hand or Discard left, with a card to bank; or a card stuck"
            " for two passes (§38, §70)"
        ).format(seat=SEATS[pos.player])
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
    """Where a neglected card lies, for a fault's note ("on his Stock")."""
    w = pos.rules.words.local()
    if place.kind == DISCARD:
        return _("on his {discard}").format(discard=w.discard)
    if place.kind == HELD:
        return _("turned from his {hand}").format(hand=w.hand)
    if place.kind == STOCK:
        return _("on his {stock}").format(stock=w.stock)
    return _("in the {table}").format(table=w.table)


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
