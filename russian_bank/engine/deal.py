"""The deal and the cut (000 §2-4, §61; each rule set's layout)."""

from __future__ import annotations

import random

from .cards import RANK_OF, shuffled_pack
from .events import CardsMoved, Event
from .places import HANDS, STOCKS, TABLES
from .position import (
    PLAY,
    Position,
)
from .rules import COMMITTEE, RuleSet


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
    if rules.late_layout:
        _gather(pos, 1 - pos.player)
    pos.seen = {pos.table_key(): 1}
    pos.touch()  # whatever was asked while dealing is not kept
    return pos


def line_of(pos: Position, seat: int) -> range:
    """The Table spaces a seat lays out (0-3 for A, 4-7 for B)."""
    n = pos.rules.table_per_player
    return range(seat * n, seat * n + n)


def _gather(pos: Position, seat: int) -> None:
    """Crapette (002, The Play ¶5): the second player's layout waits for his
    first turn; his shuffled pack lies face down before him (as his stock) in
    the order the deal would have laid it out."""
    pack = pos.stock[seat] + [pos.table[i].pop() for i in line_of(pos, seat)] + pos.hand[seat]
    pos.stock[seat] = []
    pos.stock_up[seat] = 0
    pos.hand[seat] = pack[::-1]  # the first card to deal on top
    pos.hand_unknown[seat] = len(pack)
    pos.undealt = seat
    pos.touch()


def lay_out(pos: Position, seat: int) -> list[Event]:
    """The second player deals his depot and file at the start of his first
    turn (002, The Play ¶5), the same cards the deal kept for him."""
    r = pos.rules
    pack = pos.hand[seat][::-1]
    n_stock, n_table = r.stock_size, r.table_per_player
    depot, file = pack[:n_stock], pack[n_stock : n_stock + n_table]
    pos.stock[seat] = depot
    pos.stock_up[seat] = 1 if r.stock_top_up_at_deal else 0
    pos.hand[seat] = pack[n_stock + n_table :]
    pos.hand_unknown[seat] = len(pos.hand[seat])
    pos.undealt = None
    events: list[Event] = [CardsMoved(tuple(depot), HANDS[seat], STOCKS[seat], False, "deal")]
    for i, card in zip(line_of(pos, seat), file, strict=True):
        pos.table[i] = [card]
        events.append(CardsMoved((card,), HANDS[seat], TABLES[i], True, "deal"))
    pos.seen = {pos.table_key(): 1}
    pos.touch()
    return events
