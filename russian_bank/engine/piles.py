"""Moving cards between the piles of a position, and naming them."""

from __future__ import annotations

from .cards import Card
from .kept import STAMPS
from .places import (
    BANK,
    DISCARD,
    STOCK,
    TABLE,
    Place,
)
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


def cards_label(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(c.label for c in cards)


def _dst_words(pos: Position, dst: Place) -> str:
    """Where a card went, in the rule set's words (never engine notation)."""
    w = pos.rules.words
    if dst.kind == TABLE:
        return f"the {w.table}"
    if dst.kind in (STOCK, DISCARD):
        whose = "his" if dst.index == pos.player else "the adversary's"
        return f"{whose} {w.stock if dst.kind == STOCK else w.discard}"
    return f"a {w.bank}" if dst.kind == BANK else f"his {w.discard}"


def _src_words(pos: Position, src: Place) -> str:
    w = pos.rules.words
    return {
        TABLE: f"from the {w.table}",
        STOCK: f"from his {w.stock}",
        DISCARD: f"from his {w.discard}",
    }.get(src.kind, f"from his {w.hand}")
