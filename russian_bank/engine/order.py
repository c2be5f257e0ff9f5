"""Crapette's order of play (002, "Plays must be made in the following order").

002 lists five orders. Order 3 (the next depot card is turned) is done by
the engine itself (``piles._take``), and order 4 (a foundation before a file)
is the duty to play on the foundations (``judging._judge``). Which card may
fill a space is a refusal (``moves.space_refusal``: the depot, or the stock once
the depot is empty). This module judges orders 1, 2 and 5 as faults that the
adversary may Stop, read as one ranking of plays (docs/rulesets/crapette.md
gives the readings):

1. a play to a foundation is never one of these faults (order 4 comes first:
   when a card could go on a foundation, anything else is the duty's fault);
2. **order 1**: any other play but filling a space while a space in the files
   could be filled: from the depot, else by the card turned from the stock,
   else (the depot exhausted, no card turned) by the stock's next card;
3. **order 2**: a card played from the files or the waste heap (not to a
   foundation) while a card could be played from the depot, anywhere (a
   file, a space, the adversary's waste heap);
4. **order 5**: a card loaded on the adversary's waste heap while a play to
   the files was allowed: of that same card, or of a card from the depot, the
   card turned from the stock, or the waste heap (the waste heap only when the
   depot has no play, order 2 putting it first). Moves of other file cards
   onto the files are not counted: they can be made back and forth without
   end and get rid of no card.

The card turned from the stock laid on the Player's own waste heap is judged by
order 5 the same way (``laws._do_discard``); since it would end the turn, the
moment then waits for the adversary's Stop or Stand (phase ``pending``).

Where several plays were possible, the play the order asked for (and that a
Stop makes) is a play of the card played itself if it had one, else the first
of them in ``legal_plays``' stable order.
"""

from __future__ import annotations

from typing import NamedTuple

from ..game.cards import Card, cards_label
from ..game.events import Event, FaultOpened
from ..game.places import (
    BANK,
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
from ..i18n import _
from .moves import bankable, source_cards, space_side_rules
from .piles import _dst_words, _src_words
from .plays import legal_plays
from .position import PLAY, Position

PlayKey = tuple[Place, Place, int]

SPACE_FIRST = "space first"  # order 1
DEPOT_FIRST = "depot first"  # order 2
FILE_FIRST = "file first"  # order 5


class Breach(NamedTuple):
    """An order of play broken: which (a ``cites`` key) and the play it asked for."""

    rule: str
    missed: PlayKey


def breach(
    pos: Position, src: Place, dst: Place, count: int, plays: list[PlayKey] | None = None
) -> Breach | None:
    """The order of play that playing ``count`` cards from ``src`` to ``dst``
    would break now, or None. ``plays``: ``legal_plays(pos)`` if already made."""
    if not pos.rules.order_of_play or dst.kind == BANK or pos.phase != PLAY:
        return None
    table = pos.table
    if not all(table):  # a space somewhere: order 1 comes before orders 2 and 5
        fill = space_fill(pos)
        if fill is not None and not (dst.kind == TABLE and not table[dst.index]):
            return Breach(SPACE_FIRST, fill)
    depot_up = pos.stock_up[pos.player] > 0
    depot_first = depot_up and src.kind in (TABLE, DISCARD)
    if not depot_first and dst.kind != DISCARD:
        return None
    if plays is None:
        plays = legal_plays(pos)
    depot = [p for p in plays if p[0].kind == STOCK and p[1].kind != BANK]
    if depot_first and depot:
        return Breach(DEPOT_FIRST, depot[0])
    if dst.kind != DISCARD:
        return None
    files = [p for p in plays if p[1].kind == TABLE]
    for p in files:  # the card played itself first: the Stop packs it where it belonged
        if (p[0], p[2]) == (src, count):
            return Breach(FILE_FIRST, p)
    for p in files:
        kind = p[0].kind
        if kind in (STOCK, HELD) or (kind == DISCARD and not depot):
            return Breach(FILE_FIRST, p)
    return None


def space_fill(pos: Position) -> PlayKey | None:
    """Order 1: the play that fills a space in the files now (the first space
    the Player may fill, from his depot; with the depot exhausted, by the card
    turned from his stock, or by the stock's next card), or None: no space, or
    nothing to fill it with (002: "When his depot is exhausted, he fills spaces
    in his file from his stock")."""
    me = pos.player
    if pos.stock_up[me]:
        src = STOCKS[me]
    elif pos.held is not None:
        src = HELD_PLACE
    elif pos.hand[me]:
        src = HANDS[me]  # the Stop turns that card itself (``stopping``)
    else:
        return None
    table = pos.table
    for i in range(8):
        if not table[i] and not space_side_rules(pos, i):
            return (src, TABLES[i], 1)
    return None


def discard_out_of_order(pos: Position) -> bool:
    """Would laying the card turned from the stock on the Player's own waste
    heap now break the order of play (002: a foundation first, order 4; a file
    before a waste heap, order 5)?"""
    if not pos.rules.order_of_play or pos.held is None or pos.phase != PLAY:
        return False
    if bankable(pos):
        return True
    return breach(pos, HELD_PLACE, DISCARDS[pos.player], 1) is not None


def orderly(pos: Position, plays: list[PlayKey]) -> list[PlayKey]:
    """Those of ``plays`` (all of ``legal_plays(pos)``) that break no order of play."""
    if not pos.rules.order_of_play:
        return plays
    return [p for p in plays if breach(pos, *p, plays=plays) is None]


def breach_note(pos: Position, b: Breach, cards: list[Card], src: Place, dst: Place) -> str:
    """The fault in words: what was played, and the play the order asked for."""
    r = pos.rules
    w = r.words.local()
    m_src, m_dst, m_count = b.missed
    if b.rule == SPACE_FIRST:  # (the stock's next card is unseen: no card named)
        # TRANSLATORS: Crapette (002) order 1; {missed_from} e.g. "from his depot"
        text = _(
            "{seat} played {cards} {from_place} {to_place} while a space in the {table}"
            " could be filled {missed_from}: a space is filled first {cite}"
        )
        return text.format(
            seat=SEATS[pos.player],
            cards=cards_label(cards),
            from_place=_src_words(pos, src),
            to_place=_dst_words(pos, dst),
            table=w.table,
            missed_from=_src_words(pos, m_src),
            cite=r.cite(b.rule),
        )
    missed = cards_label(source_cards(pos, m_src, m_count) or [])
    if b.rule == DEPOT_FIRST:
        why = _("the {stock} comes first").format(stock=w.stock)
    else:
        # TRANSLATORS: Crapette (002) order 5: the files are played before a waste heap
        why = _("the {table} come before a {discard}").format(table=w.table, discard=w.discard)
    text = _(
        "{seat} played {cards} {from_place} {to_place} while {missed} could go"
        " {missed_from} {missed_to}: {why} {cite}"
    )
    return text.format(
        seat=SEATS[pos.player],
        cards=cards_label(cards),
        from_place=_src_words(pos, src),
        to_place=_dst_words(pos, dst),
        missed=missed,
        missed_from=_src_words(pos, m_src),
        missed_to=_dst_words(pos, m_dst),
        why=why,
        cite=r.cite(b.rule),
    )


def judge_order(
    pos: Position, src: Place, dst: Place, count: int, cards: list[Card]
) -> list[Event]:
    """Open a fault if this play (about to be made) breaks order 1, 2 or 5 (002)."""
    if pos.fault is not None or not pos.rules.stops:
        return []
    b = breach(pos, src, dst, count)
    if b is None:
        return []
    note = breach_note(pos, b, cards, src, dst)
    # the cards the order asked to play; order 1 from the stock asks for its next
    # card, unseen: the cards played out of order stand for it (a fault names cards)
    missed = source_cards(pos, b.missed[0], b.missed[2]) or list(cards)
    pos.fault = frozenset(missed)
    pos.fault_note = note
    pos.fault_by = "play"
    pos.wrong_play = None
    pos.missed_play = b.missed
    return [FaultOpened(tuple(sorted(missed)), note)]
