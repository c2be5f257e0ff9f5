"""Moving cards between the piles of a position, and naming them."""

from __future__ import annotations

from ..game.cards import Card
from ..game.places import (
    BANK,
    DISCARD,
    FROM,
    HIS,
    STOCK,
    TABLE,
    TO,
    Place,
    place_words,
)
from ..i18n import _
from .kept import STAMPS
from .position import (
    Position,
)


def _take(pos: Position, src: Place, count: int) -> list[Card]:
    me = pos.player
    kind = src.kind
    pos.stamp = next(STAMPS)  # cards move (``Position.touch``)
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
    pos.stamp = next(STAMPS)  # cards move (``Position.touch``)
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


def _dst_words(pos: Position, dst: Place) -> str:
    """Where a card went, with its preposition ("to the Table", "to his Stock"), in
    the rule set's words and the language in force (never engine notation)."""
    if dst.kind in (STOCK, DISCARD) and dst.index != pos.player:
        w = pos.rules.words.local()
        if dst.kind == STOCK:
            return _("to the adversary's {stock}").format(stock=w.stock)
        return _("to the adversary's {discard}").format(discard=w.discard)
    return place_words(dst, pos.player, pos.rules.words, HIS, TO)


def _src_words(pos: Position, src: Place) -> str:
    """Where a card came from: "from his Stock", "from the Table"."""
    return place_words(src, pos.player, pos.rules.words, HIS, FROM)
