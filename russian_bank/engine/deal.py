"""The deal and the cut (000 §2-4, §61; each rule set's layout)."""

from __future__ import annotations

import random

from ..game.cards import RANK_OF, Card, cards_text, pack_cards, parse_cards, shuffled_pack
from ..game.errors import TextFormError
from ..game.events import CardsMoved, Event
from ..game.places import HANDS, STOCKS, TABLES
from ..game.shuffle import Deal, check_packs
from .position import (
    PLAY,
    Position,
)
from .rules import COMMITTEE, RuleSet


def shuffle(rules: RuleSet, rng: random.Random) -> Deal:
    """Shuffle both packs with ``rng`` (§2), then, where the rule set cuts for the
    first Player (§4, §61; equal Stock tops in Italian Bank), cut from the Hands."""
    packs = (tuple(shuffled_pack(0, rng)), tuple(shuffled_pack(1, rng)))
    n_stock, n_table = rules.stock_size, rules.table_per_player
    cuts: list[tuple[Card, Card]] = []
    if not _by_stock_tops(rules, packs[0][n_stock - 1], packs[1][n_stock - 1]):
        hands = packs[0][n_stock + n_table :], packs[1][n_stock + n_table :]
        while True:
            a = hands[0][rng.randrange(len(hands[0]))]
            b = hands[1][rng.randrange(len(hands[1]))]
            cuts.append((a, b))
            if RANK_OF[a] != RANK_OF[b]:
                break
    return Deal(packs, tuple(cuts))


def _by_stock_tops(rules: RuleSet, a: Card, b: Card) -> bool:
    """Does the lower Stock top begin (§93), rather than a cut (§4)?"""
    return rules.first_player == "stock top" and RANK_OF[a] != RANK_OF[b]


def deal_position(rules: RuleSet = COMMITTEE, rng: random.Random | None = None) -> Position:
    """Shuffle both packs with ``rng`` and deal (§2-4); cut for first Player (§4, §61)."""
    return lay_out_deal(rules, shuffle(rules, rng if rng is not None else random.Random()))


def lay_out_deal(rules: RuleSet, deal: Deal) -> Position:
    """The position ``deal`` gives under ``rules``: each pack dealt to its Stock,
    Table and Hand (§2-3), the first Player by the Stock tops or the cuts (§4, §93).
    TextFormError (a ValueError) if ``deal`` is not a whole deal of these rules."""
    check_packs(deal, (pack_cards(0), pack_cards(1)))
    pos = Position(rules)
    n_stock, n_table = rules.stock_size, rules.table_per_player
    for seat, pack in enumerate(deal.packs):
        pos.stock[seat] = list(pack[:n_stock])
        for i, card in enumerate(pack[n_stock : n_stock + n_table]):
            pos.table[seat * n_table + i] = [card]
        pos.hand[seat] = list(pack[n_stock + n_table :])
        pos.hand_unknown[seat] = len(pos.hand[seat])
        pos.low[seat] = n_stock + len(pos.hand[seat])
    if rules.stock_top_up_at_deal:
        # the tops are turned at the deal (§93, 002): the game has begun
        pos.stock_up = [1, 1]
        pos.phase = PLAY
    a, b = pos.stock[0][-1], pos.stock[1][-1]
    if _by_stock_tops(rules, a, b):
        if deal.cuts:
            raise TextFormError("the Stock tops name the first Player: the deal has no cut")
        pos.player = 0 if RANK_OF[a] < RANK_OF[b] else 1  # the lower begins (§93)
    else:  # equal tops in Italian Bank are cut for, as §4 (a reading)
        _check_cuts(pos, deal.cuts)
        a, b = deal.cuts[-1]
        pos.cuts = deal.cuts
        pos.player = 0 if RANK_OF[a] < RANK_OF[b] else 1
    if rules.late_layout:
        _gather(pos, 1 - pos.player)
    pos.seen = {pos.table_key(): 1}
    pos.touch()  # whatever was asked while dealing is not kept
    return pos


def _check_cuts(pos: Position, cuts: tuple[tuple[Card, Card], ...]) -> None:
    """Each cut is a card of A's Hand and one of B's; equal ranks cut again (§4)."""
    if not cuts:
        raise TextFormError("the deal has no cut for the first Player")
    for i, (a, b) in enumerate(cuts):
        if a not in pos.hand[0] or b not in pos.hand[1]:
            raise TextFormError("a cut card is not from its own Hand")
        if (RANK_OF[a] == RANK_OF[b]) != (i < len(cuts) - 1):
            raise TextFormError("only the last cut may name the first Player")


def deal_text(deal: Deal) -> str:
    """The deal's line in a record (``Deal.text`` with the two-pack card text)."""
    return deal.text(cards_text)


def read_deal(text: str) -> Deal:
    """The deal of a record's ``deal:`` line (TextFormError if it cannot be read)."""
    return Deal.parse(text, parse_cards)


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
