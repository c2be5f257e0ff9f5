"""The deal and the cut (000 §2-4, §61; each rule set's layout)."""

from __future__ import annotations

import random

from .cards import RANK_OF, shuffled_pack
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
    pos.seen = {pos.table_key(): 1}
    return pos
