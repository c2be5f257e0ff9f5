"""Where a card may go (RULES.md §3): the Banks, the Table, spaces, and building
on the adversary's Stock and Discard; multi-card weaving (§58).

``play_reason`` explains in one line why a play is refused; ``legal_plays``
generates every legal play quickly for the bots and the random soak. A test
checks that the two always agree.
"""

from __future__ import annotations

from .cards import KEY_OF, RANK_OF, RED_OF, SUIT_OF, Card
from .places import (
    BANK,
    BANKS,
    DISCARD,
    DISCARDS,
    HAND,
    HELD,
    HELD_PLACE,
    STOCK,
    STOCKS,
    TABLE,
    TABLES,
    Place,
    place_words,
)
from .position import ARRANGING, Position

ACE_KEYS = frozenset(s * 16 + 1 for s in range(4))


def bank_accepts(pos: Position) -> set[int]:
    """Keys (suit * 16 + rank) that some Bank would take now."""
    accepts: set[int] = set()
    empty = False
    for b in pos.banks:
        if b:
            k = KEY_OF[b[-1]]
            if k % 16 < 13:
                accepts.add(k + 1)
        else:
            empty = True
    if empty:
        accepts |= ACE_KEYS
    return accepts


def fits_bank(pos: Position, card: Card, bank: int) -> bool:
    b = pos.banks[bank]
    if not b:
        return RANK_OF[card] == 1
    return KEY_OF[b[-1]] + 1 == KEY_OF[card]


def fits_table(pos: Position, card: Card, under: Card) -> bool:
    """May ``card`` go on the Table card ``under`` (one lower, other colour; §6)."""
    if RANK_OF[card] + 1 != RANK_OF[under]:
        return False
    if pos.rules.table_in_suit:
        return SUIT_OF[card] == SUIT_OF[under]
    return RED_OF[card] != RED_OF[under]


def fits_build(card: Card, on: Card) -> bool:
    """Building on the adversary: same suit, one higher or lower (§29, §50)."""
    return KEY_OF[card] - KEY_OF[on] in (1, -1)


def source_cards(pos: Position, src: Place, count: int) -> list[Card] | None:
    """The cards the Player would take hold of at ``src``, or None if not available."""
    me = pos.player
    kind = src.kind
    if kind == TABLE:
        col = pos.table[src.index]
        if count < 1 or count > len(col):
            return None
        return col[len(col) - count :]
    if count != 1:
        return None
    if kind == STOCK:
        if src.index != me or not pos.stock_up[me]:
            return None
        return [pos.stock[me][-1]]
    if kind == DISCARD:
        if src.index != me or not pos.discard[me]:
            return None
        return [pos.discard[me][-1]]
    if kind == HELD:
        return None if pos.held is None else [pos.held]
    return None


def available(pos: Position) -> list[tuple[Place, Card]]:
    """The exposed cards the Player may play (§49 and the held card)."""
    me = pos.player
    out = [(TABLES[i], t[-1]) for i, t in enumerate(pos.table) if t]
    if pos.phase == ARRANGING:
        return out
    if pos.stock_up[me]:
        out.append((STOCKS[me], pos.stock[me][-1]))
    if pos.discard[me]:
        out.append((DISCARDS[me], pos.discard[me][-1]))
    if pos.held is not None:
        out.append((HELD_PLACE, pos.held))
    return out


def bankable(pos: Position, accepts: set[int] | None = None) -> list[Card]:
    """Available cards that could be played on a Bank now."""
    if accepts is None:
        accepts = bank_accepts(pos)
    return [c for _, c in available(pos) if KEY_OF[c] in accepts]


def empty_spaces(pos: Position) -> int:
    return sum(1 for t in pos.table if not t)


def after_weave_key(pos: Position, src: int, dst: int, count: int) -> int:
    cols = [tuple(t) for t in pos.table]
    moving = cols[src][len(cols[src]) - count :]
    cols[src] = cols[src][: len(cols[src]) - count]
    cols[dst] = cols[dst] + moving
    return hash(tuple(cols))


def play_reason(pos: Position, src: Place, dst: Place, count: int = 1) -> str | None:
    """None if the Player may play these cards there now, else a one-line reason."""
    me = pos.player
    arranging = pos.phase == ARRANGING
    cards = source_cards(pos, src, count)
    if cards is None:
        return _source_reason(pos, src, count)
    if arranging and src.kind != TABLE:
        return "Before the first Stock card is turned only the Table may be arranged (§5-9)"
    card = cards[0]
    if dst.kind == BANK:
        if count != 1:
            return "Cards go on the Banks one at a time (§5)"
        if fits_bank(pos, card, dst.index):
            return None
        bank = pos.banks[dst.index]
        if not bank:
            return f"Only an Ace may start a Bank; {card.label} cannot (§5)"
        need = Card(bank[-1] + 1) if RANK_OF[bank[-1]] < 13 else None
        if need is None:
            return "That Bank is complete up to the King (§5)"
        top = Card(bank[-1]).label
        return f"A Bank is built up in suit: {card.label} does not go on {top} (§5)"
    if dst.kind == TABLE:
        if src.kind == TABLE and src.index == dst.index:
            return "The card is already there"
        col = pos.table[dst.index]
        if count > 1:
            free = empty_spaces(pos) - (0 if col else 1)
            if count > 2**free:
                return (
                    f"With {free} free space{'s' if free != 1 else ''} you may move at most "
                    f"{2**free} card{'s' if free else ''} together (§58)"
                )
        if col:
            if not fits_table(pos, card, col[-1]):
                if pos.rules.table_in_suit:
                    return f"On the Table a card goes one lower in suit: not {card.label} (§91)"
                return (
                    f"On the Table a card goes one lower and of the other colour: "
                    f"{card.label} does not go on {Card(col[-1]).label} (§6, §7)"
                )
        else:
            reason = _space_reason(pos, src)
            if reason:
                return reason
        if src.kind == TABLE:
            key = after_weave_key(pos, src.index, dst.index, count)
            if pos.seen.get(key, 0) >= 2:
                return (
                    "That would put the Table back as it was twice before in this innings "
                    "(no endless weaving; see docs/rules-readings.md)"
                )
        return None
    if dst.kind in (STOCK, DISCARD):
        if dst.index == me:
            if dst.kind == DISCARD and src.kind == HELD:
                return "Use 'discard' to place the held card on your Discard (§15)"
            return "A card once played may not go back on your own Stock, Hand or Discard (§48)"
        if arranging:
            return "Before the first Stock card is turned only the Table may be arranged (§5-9)"
        if count != 1:
            return "You build on the adversary one card at a time (§29)"
        if src.kind == TABLE and not pos.rules.build_from_table:
            return "In this game you may not build on the adversary from the Table"
        pile = pos.stock[dst.index] if dst.kind == STOCK else pos.discard[dst.index]
        if dst.kind == STOCK and not pos.rules.build_on_stock:
            return "In this game you may not build on the adversary's Stock"
        if dst.kind == DISCARD and not pos.rules.build_on_discard:
            return "In this game you may not build on the adversary's Discard"
        if not pile or (dst.kind == STOCK and not pos.stock_up[dst.index]):
            return f"The adversary has no face-up card on his {dst.kind.title()} to build on (§29)"
        if not fits_build(card, pile[-1]):
            return (
                f"You build on the adversary in suit, one higher or lower: "
                f"{card.label} does not go on {Card(pile[-1]).label} (§29)"
            )
        return None
    if dst.kind == HAND:
        return "Cards are never played onto a Hand (§48, §76 c)"
    return f"Cards cannot be played to {place_words(dst)}"


def _source_reason(pos: Position, src: Place, count: int) -> str:
    me = pos.player
    if src.kind == BANK:
        return "Cards never leave the Banks (§76 d)"
    if src.kind in (STOCK, HAND, DISCARD) and src.index != me:
        return "You may not touch the adversary's cards (§76 c)"
    if src.kind == HAND:
        return "Turn the Hand's top card first; its cards are played one at a time (§12)"
    if src.kind == STOCK:
        if not pos.stock[me]:
            return "Your Stock is empty"
        return "Turn the Stock's top card face up before playing it (§8)"
    if src.kind == DISCARD:
        return "Your Discard is empty"
    if src.kind == HELD:
        return "You are not holding a card from your Hand"
    if src.kind == TABLE:
        if not pos.table[src.index]:
            return "That space of the Table is empty"
        return "Only the exposed card, or a whole run below it, can be moved (§49, §58)"
    return f"Nothing can be played from {place_words(src, pos.player)}"


def _space_reason(pos: Position, src: Place) -> str | None:
    me = pos.player
    if src.kind == DISCARD:
        return "A Discard card may not go into a space (§16, §20)"
    if src.kind == HELD and pos.stock[me] and not pos.rules.hand_to_space_before_stock_empty:
        return "A card from your Hand may go into a space only once your Stock is empty (§18)"
    return None


def legal_plays(pos: Position) -> list[tuple[Place, Place, int]]:
    """Every legal play as (source, destination, count), in a stable order.

    Order: by source (Table 0-7, own Stock, own Discard, held card), then
    destination (Banks 0-7, Table 0-7, adversary's Stock, adversary's Discard),
    then multi-card Table moves by source, count and destination.
    """
    me = pos.player
    adv = 1 - me
    arranging = pos.phase == ARRANGING
    rules = pos.rules
    table = pos.table
    banks = pos.banks
    # destinations indexed by the key of the card they accept
    by_key: dict[int, list[Place]] = {}
    empty_banks: list[Place] = []
    for i, b in enumerate(banks):
        if b:
            k = KEY_OF[b[-1]]
            if k % 16 < 13:
                by_key.setdefault(k + 1, []).append(BANKS[i])
        else:
            empty_banks.append(BANKS[i])
    spaces: list[int] = []
    table_by_key: dict[int, list[int]] = {}
    in_suit = rules.table_in_suit
    for i, t in enumerate(table):
        if t:
            top = t[-1]
            r = RANK_OF[top]
            if r > 1:
                if in_suit:
                    table_by_key.setdefault(SUIT_OF[top] * 16 + r - 1, []).append(i)
                else:
                    for s in (1, 2) if not RED_OF[top] else (0, 3):
                        table_by_key.setdefault(s * 16 + r - 1, []).append(i)
        else:
            spaces.append(i)
    build: dict[int, list[Place]] = {}
    if not arranging:
        if rules.build_on_stock and pos.stock_up[adv]:
            k = KEY_OF[pos.stock[adv][-1]]
            for kk in (k - 1, k + 1):
                build.setdefault(kk, []).append(STOCKS[adv])
        if rules.build_on_discard and pos.discard[adv]:
            k = KEY_OF[pos.discard[adv][-1]]
            for kk in (k - 1, k + 1):
                build.setdefault(kk, []).append(DISCARDS[adv])
    # only when some arrangement has come twice can a weave be refused as a repeat
    seen = pos.seen if len(pos.seen) > 1 and max(pos.seen.values()) >= 2 else None
    out: list[tuple[Place, Place, int]] = []
    for src, card in available(pos):
        k = KEY_OF[card]
        if RANK_OF[card] == 1:
            for bank in empty_banks:
                out.append((src, bank, 1))
        for bank in by_key.get(k, ()):
            out.append((src, bank, 1))
        src_kind = src.kind
        tdst = table_by_key.get(k, ())
        if spaces and src_kind != DISCARD:
            if src_kind == HELD and pos.stock[me] and not rules.hand_to_space_before_stock_empty:
                dsts = sorted(tdst)
            else:
                dsts = sorted([*tdst, *spaces])
        else:
            dsts = list(tdst)
        for j in dsts:
            if src_kind == TABLE:
                if j == src.index:
                    continue
                if seen and seen.get(after_weave_key(pos, src.index, j, 1), 0) >= 2:
                    continue
            out.append((src, TABLES[j], 1))
        if build and not (src_kind == TABLE and not rules.build_from_table):
            for d in build.get(k, ()):
                out.append((src, d, 1))
    # multi-card weaving (§58): 2**s cards onto a card, 2**(s-1) into a space
    n_spaces = len(spaces)
    if n_spaces:
        max_onto = 2**n_spaces
        max_into = max_onto // 2
        for i, t in enumerate(table):
            n = len(t)
            for count in range(2, min(n, max_onto) + 1):
                onto = table_by_key.get(KEY_OF[t[n - count]])
                targets = [j for j in onto if j != i] if onto else []
                if count <= max_into:
                    targets += spaces
                    if onto:
                        targets.sort()
                for j in targets:
                    if seen and seen.get(after_weave_key(pos, i, j, count), 0) >= 2:
                        continue
                    out.append((TABLES[i], TABLES[j], count))
    return out


def unit_has_destination(pos: Position, src: Place, count: int) -> bool:
    """Decision VII (§86): can these cards be played anywhere at all?"""
    cards = source_cards(pos, src, count)
    if cards is None:
        return False
    for dst in (*BANKS, *TABLES, STOCKS[1 - pos.player], DISCARDS[1 - pos.player]):
        if play_reason(pos, src, dst, count) is None:
            return True
    return False
