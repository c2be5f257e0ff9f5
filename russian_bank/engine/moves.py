"""Where a card may go (RULES.md §3): the Banks, the Table, spaces, and building
on the adversary's Stock and Discard; multi-card weaving (§58).

``play_reason`` explains in one line why a play is refused; ``plays.legal_plays``
generates every legal play quickly for the bots and the random soak. Each rule
that differs between rule sets is one predicate below (``space_refusal``,
``side_refusal``, ``build_refusal``, ``file_refusal``) used by both, so the
generator and the explanation cannot drift apart; the property tests check the
two agree for every registered rule set. The same predicates name the rule a
play allowed as a British Bank error breaks (``play_error``, 000 §91.6).
"""

from __future__ import annotations

from ..i18n import N_, _, ngettext
from .cards import KEY_OF, RANK_OF, RED_OF, SUIT_OF, Card
from .kept import KeptFacts
from .places import (
    BANK,
    DISCARD,
    DISCARDS,
    FROM,
    HAND,
    HELD,
    HELD_PLACE,
    STOCK,
    STOCKS,
    TABLE,
    TABLES,
    TO,
    Place,
    place_words,
)
from .position import ARRANGING, Position
from .rules import Words

ACE_KEYS = frozenset(s * 16 + 1 for s in range(4))


def _facts(pos: Position) -> KeptFacts:
    """:func:`bank_accepts` and :func:`available`, worked out once for each stamp
    (the cards as they lie) and kept with the position."""
    kept = pos.facts_memo
    head = (pos.rules, pos.player, pos.phase)
    if kept is None or kept.stamp != pos.stamp or kept.head != head:
        kept = pos.facts_memo = KeptFacts(
            pos.stamp, head, _work_out_accepts(pos), _work_out_available(pos)
        )
    return kept


def bank_accepts(pos: Position) -> set[int]:
    """Keys (suit * 16 + rank) that some Bank would take now (kept: do not change it)."""
    return _facts(pos).accepts


def _work_out_accepts(pos: Position) -> set[int]:
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
    return KEY_OF[card] in _under_keys(under, pos.rules.table_in_suit)


def _under_rule(top: int, in_suit: bool) -> tuple[int, ...]:
    """Keys of the cards that go on the Table card ``top`` (the rule of :func:`fits_table`)."""
    r = RANK_OF[top]
    if r == 1:
        return ()
    if in_suit:
        return (SUIT_OF[top] * 16 + r - 1,)
    return tuple(s * 16 + r - 1 for s in ((1, 2) if not RED_OF[top] else (0, 3)))


# :func:`_under_rule` for every card, worked out once: ``_UNDER[in_suit][top]``
_UNDER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_under_rule(top, in_suit) for top in range(104)) for in_suit in (False, True)
)


def _under_keys(top: int, in_suit: bool) -> tuple[int, ...]:
    """Keys of the cards that go on the Table card ``top``."""
    return _UNDER[in_suit][top]


def table_accepts(pos: Position) -> set[int]:
    """Keys (suit * 16 + rank) of the cards that some Table card would take now."""
    in_suit = pos.rules.table_in_suit
    out: set[int] = set()
    for t in pos.table:
        if t:
            out.update(_under_keys(t[-1], in_suit))
    return out


def fits_build(pos: Position, card: Card, on: Card) -> bool:
    """Building on the adversary: same suit, one higher or lower (§29, §50);
    in Crapette any suit by default (002)."""
    if pos.rules.build_any_suit:
        return RANK_OF[card] - RANK_OF[on] in (1, -1)
    return KEY_OF[card] - KEY_OF[on] in (1, -1)


def own_line(pos: Position) -> range:
    """The Player's own line of four Table spaces (0-3 for A, 4-7 for B)."""
    return range(4, 8) if pos.player else range(0, 4)


def side_refusal(pos: Position, dst: int) -> str | None:
    """French Bank's option: each Player plays to one side of the Table only (§90)."""
    r = pos.rules
    if r.own_side_table and dst not in own_line(pos):
        text = _("You play to the {table} on your own side only")
        return f"{text.format(table=r.words.local().table)} {r.cite('table side')}"
    return None


# Each rule below is named by its key in ``RuleSet.cites``. A predicate lists the
# keys of the rules a play would break; the rule set says which of those are
# refused and which are allowed as an error the adversary may Stop (British
# Bank, 000 §91.6: ``RuleSet.errors``). ``errors=False`` asks for lawful plays
# only (no error at all), as the bots and the referee's own questions do.

NO_RULE: tuple[str, ...] = ()
_NONE: frozenset[str] = frozenset()


_RULE_WORDS = {
    "space side": N_("You may use only the spaces on your own side"),
    "space from discard": N_("A {discard} card may not go into a space"),
    "space from table": N_(
        "A space is filled from your {stock}, or your {hand} once the {stock} is empty"
    ),
    "space from hand": N_(
        "A card from your {hand} may go into a space only once your {stock} is empty"
    ),
    "build on stock": N_("In this game you may not build on the adversary's {stock}"),
    "build on discard": N_("In this game you may not build on the adversary's {discard}"),
    "build from table": N_("You may not build on the adversary from the {table}"),
    "build from discard": N_("You may not build on the adversary from your {discard}"),
    "build from hand": N_("You may not build on the adversary from your {hand}"),
    # TRANSLATORS: Crapette (002): the second player lays out his files at his first turn
    "layout": N_(
        "Those {table} are not laid out yet: their player deals them at the start of his first turn"
    ),
    "turn stock first": N_("Turn the top card of your {stock} before your {hand}"),
    "turn hand space": N_("Fill the space in the {table} before turning your {hand}"),
}


def rule_words(pos: Position, key: str) -> str:
    """The one-line reason a rule gives, in the rule set's words, with its cite."""
    r = pos.rules
    w = r.words.local()
    text = _(_RULE_WORDS[key]).format(stock=w.stock, hand=w.hand, discard=w.discard, table=w.table)
    return f"{text} {r.cite(key)}"


def refuses(pos: Position, keys: tuple[str, ...], errors: bool = True) -> bool:
    """Whether a rule in ``keys`` refuses the play (see :func:`refusal`)."""
    if not keys:
        return False
    allowed = pos.rules.errors if errors else _NONE
    return any(key not in allowed for key in keys)


def refusal(pos: Position, keys: tuple[str, ...], errors: bool = True) -> str | None:
    """The reason of the first rule in ``keys`` that refuses the play (with
    ``errors``, a rule the rule set lets be broken as a §91.6 error does not)."""
    allowed = pos.rules.errors if errors else _NONE
    for key in keys:
        if key not in allowed:
            return rule_words(pos, key)
    return None


def space_side_rules(pos: Position, dst: int) -> tuple[str, ...]:
    """British Bank: the spaces of one side only (§91.3); Crapette: the second
    player's files are no spaces before he lays them out (002, The Play ¶5)."""
    if pos.undealt is not None and dst // 4 == pos.undealt:
        return ("layout",)
    if pos.rules.own_side_spaces and dst not in own_line(pos):
        return ("space side",)
    return NO_RULE


def space_source_rules(pos: Position, src_kind: str) -> tuple[str, ...]:
    """Which sources may fill a space (§16-18, §20 and the sets), whatever the space."""
    r = pos.rules
    if src_kind == DISCARD:
        return ("space from discard",)
    if src_kind == TABLE and not r.table_to_space:
        return ("space from table",)
    if src_kind == HELD and pos.stock[pos.player] and not r.hand_to_space_before_stock_empty:
        return ("space from hand",)
    return NO_RULE


def space_rules(pos: Position, src_kind: str, dst: int) -> tuple[str, ...]:
    """The rules a card from ``src_kind`` into the empty space ``dst`` would break."""
    return space_side_rules(pos, dst) + space_source_rules(pos, src_kind)


def space_refusal(pos: Position, src_kind: str, dst: int, errors: bool = True) -> str | None:
    """Who may fill the empty space ``dst`` from ``src_kind`` (§16-18 and the sets)."""
    return refusal(pos, space_rules(pos, src_kind, dst), errors)


def space_source_refusal(pos: Position, src_kind: str, errors: bool = True) -> str | None:
    """The part of :func:`space_refusal` that does not depend on which space."""
    return refusal(pos, space_source_rules(pos, src_kind), errors)


def build_rules(pos: Position, src_kind: str, dst_kind: str) -> tuple[str, ...]:
    """The rules building these cards on that adversary pile would break."""
    r = pos.rules
    out: list[str] = []
    if dst_kind == STOCK and not r.build_on_stock:
        out.append("build on stock")
    if dst_kind == DISCARD and not r.build_on_discard:
        out.append("build on discard")
    if src_kind == TABLE and not r.build_from_table:
        out.append("build from table")
    if src_kind == DISCARD and not r.build_from_discard:
        out.append("build from discard")
    if src_kind == HELD and not r.build_from_hand:
        out.append("build from hand")
    return tuple(out)


def build_refusal(pos: Position, src_kind: str, dst_kind: str, errors: bool = True) -> str | None:
    """Whether this rule set lets these cards be built on that adversary pile."""
    return refusal(pos, build_rules(pos, src_kind, dst_kind), errors)


def _building(pos: Position, errors: bool = True) -> tuple[dict[str, bool], dict[str, bool]]:
    """:func:`build_refusal`'s answers, which depend on the rule set alone:
    asked once per rule set and kept with it."""
    r = pos.rules
    name = "building" if errors else "lawful building"
    got = r.memo.get(name)
    if got is None:
        to = {k: build_refusal(pos, STOCK, k, errors) is None for k in (STOCK, DISCARD)}
        fro = {k: build_refusal(pos, k, DISCARD, errors) is None for k in (TABLE, DISCARD, HELD)}
        fro[STOCK] = True
        got = r.memo[name] = (to, fro)
    return got  # type: ignore[return-value]


def play_error(pos: Position, src: Place, dst: Place, count: int = 1) -> str | None:
    """The rule (its key) that an allowed play breaks as an error the adversary
    may Stop (British Bank, 000 §91.6), or None for a lawful play. Ask only of a
    play :func:`play_reason` allows."""
    if not pos.rules.errors:
        return None
    if dst.kind == TABLE and not pos.table[dst.index]:
        keys = space_rules(pos, src.kind, dst.index)
    elif dst.kind in (STOCK, DISCARD) and dst.index != pos.player:
        keys = build_rules(pos, src.kind, dst.kind)
    else:
        return None
    return keys[0] if keys else None


def file_refusal(pos: Position, src: int, count: int) -> str | None:
    """Crapette (002, The Play): the exposed card of a file moves alone; a card
    with cards packed on it moves only with all of them, read as the whole file
    (docs/rulesets/crapette.md: a card of the middle does not move)."""
    r = pos.rules
    if r.whole_file_moves and count not in (1, len(pos.table[src])):
        text = _(
            "Only the exposed card of the {table} moves alone; a card with cards"
            " packed on it moves only with every one of them"
        )
        return f"{text.format(table=r.words.local().table)} {r.cite('weave')}"
    return None


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
        if src.index != me or not pos.discard[me] or not pos.rules.discard_playable:
            return None
        return [pos.discard[me][-1]]
    if kind == HELD:
        return None if pos.held is None else [pos.held]
    return None


def available(pos: Position) -> list[tuple[Place, Card]]:
    """The exposed cards the Player may play (§49 and the held card); kept with
    the position until a card moves: do not change the list."""
    return _facts(pos).available


def _work_out_available(pos: Position) -> list[tuple[Place, Card]]:
    me = pos.player
    out = [(TABLES[i], t[-1]) for i, t in enumerate(pos.table) if t]
    if pos.phase == ARRANGING:
        return out
    if pos.stock_up[me]:
        out.append((STOCKS[me], pos.stock[me][-1]))
    if pos.discard[me] and pos.rules.discard_playable:
        out.append((DISCARDS[me], pos.discard[me][-1]))
    if pos.held is not None:
        out.append((HELD_PLACE, pos.held))
    return out


def bankable(pos: Position, accepts: set[int] | None = None) -> list[Card]:
    """Available cards that could be played on a Bank now."""
    if accepts is None:
        accepts = bank_accepts(pos)
    return [c for _, c in available(pos) if KEY_OF[c] in accepts]


def usable_spaces(pos: Position) -> list[int]:
    """The empty Table spaces the Player may use without error: the ones that
    count for moving several cards at once (§58; in British Bank and French
    Bank's one-side option only those of his own side, 000 §91.3, §90)."""
    return [i for i, t in enumerate(pos.table) if not t and not space_side_rules(pos, i)]


def after_weave_key(pos: Position, src: int, dst: int, count: int) -> int:
    """:meth:`Position.table_key` once ``count`` cards go from Table ``src`` to ``dst``."""
    return _weave_key([tuple(t) for t in pos.table], src, dst, count)


def _weave_key(table: list[tuple[Card, ...]], src: int, dst: int, count: int) -> int:
    cols = table[:]
    moving = cols[src][len(cols[src]) - count :]
    cols[src] = cols[src][: len(cols[src]) - count]
    cols[dst] = cols[dst] + moving
    return hash(tuple(cols))


def play_reason(pos: Position, src: Place, dst: Place, count: int = 1) -> str | None:
    """None if the Player may play these cards there now, else a one-line reason
    (in the language in force)."""
    me = pos.player
    r = pos.rules
    arranging = pos.phase == ARRANGING
    cards = source_cards(pos, src, count)
    if cards is None:
        return _source_reason(pos, src, count)
    w = r.words.local()
    if arranging and src.kind != TABLE:
        return _arranging(w)
    card = cards[0]
    if dst.kind == BANK:
        cite = r.cite("bank")
        if count != 1:
            return _("Cards go on the {banks} one at a time {cite}").format(
                banks=w.banks, cite=cite
            )
        if fits_bank(pos, card, dst.index):
            return None
        bank = pos.banks[dst.index]
        if not bank:
            text = _("Only an Ace may start a {bank}; {card} cannot {cite}")
            return text.format(bank=w.bank, card=card.label, cite=cite)
        if RANK_OF[bank[-1]] == 13:
            return _("That {bank} is complete up to the King {cite}").format(bank=w.bank, cite=cite)
        top = Card(bank[-1]).label
        text = _("A {bank} is built up in suit: {card} does not go on {top} {cite}")
        return text.format(bank=w.bank, card=card.label, top=top, cite=cite)
    if dst.kind == TABLE:
        if src.kind == TABLE and src.index == dst.index:
            return _("The card is already there")
        col = pos.table[dst.index]
        if r.own_side_table:
            reason = side_refusal(pos, dst.index)
            if reason:
                return reason
        if r.whole_file_moves and src.kind == TABLE:
            reason = file_refusal(pos, src.index, count)
            if reason:
                return reason
        if count > 1 and not r.whole_file_moves:
            free = sum(1 for i in usable_spaces(pos) if i != dst.index)
            if count > 2**free:
                spaces = ngettext("With {free} free space", "With {free} free spaces", free).format(
                    free=free
                )
                most = ngettext(
                    "{spaces} you may move at most {most} card together {cite}",
                    "{spaces} you may move at most {most} cards together {cite}",
                    2**free,
                )
                return most.format(spaces=spaces, most=2**free, cite=r.cite("weave"))
        if col:
            if not fits_table(pos, card, col[-1]):
                under = Card(col[-1]).label
                if r.table_in_suit:
                    text = _(
                        "On the {table} a card goes one lower in suit:"
                        " {card} does not go on {under} {cite}"
                    )
                else:
                    text = _(
                        "On the {table} a card goes one lower and of the other colour:"
                        " {card} does not go on {under} {cite}"
                    )
                return text.format(
                    table=w.table, card=card.label, under=under, cite=r.cite("table fit")
                )
        else:
            reason = space_refusal(pos, src.kind, dst.index)
            if reason:
                return reason
        if src.kind == TABLE:
            key = after_weave_key(pos, src.index, dst.index, count)
            if pos.seen.get(key, 0) >= 2:
                text = _(
                    "That would put the {table} back as it was twice before in this innings"
                    " (no endless weaving; see docs/rules-readings.md)"
                )
                return text.format(table=w.table)
        return None
    if dst.kind in (STOCK, DISCARD):
        if dst.index == me:
            if dst.kind == DISCARD and src.kind == HELD:
                return _("Use Discard to place the held card on your {discard} (§15)").format(
                    discard=w.discard
                )
            text = _(
                "A card once played may not go back on your own {stock}, {hand} or {discard} (§48)"
            )
            return text.format(stock=w.stock, hand=w.hand, discard=w.discard)
        if arranging:
            return _arranging(w)
        cite = r.cite("build")
        if count != 1:
            return _("You build on the adversary one card at a time {cite}").format(cite=cite)
        reason = build_refusal(pos, src.kind, dst.kind)
        if reason:
            return reason
        pile = pos.stock[dst.index] if dst.kind == STOCK else pos.discard[dst.index]
        if not pile or (dst.kind == STOCK and not pos.stock_up[dst.index]):
            if dst.kind == STOCK:
                text = _("The adversary has no face-up card on his {stock} to build on {cite}")
            else:
                text = _("The adversary has no face-up card on his {discard} to build on {cite}")
            return text.format(stock=w.stock, discard=w.discard, cite=cite)
        if not fits_build(pos, card, pile[-1]):
            if r.build_any_suit:
                text = _(
                    "You build on the adversary any suit, one higher or lower:"
                    " {card} does not go on {top} {cite}"
                )
            else:
                text = _(
                    "You build on the adversary in suit, one higher or lower:"
                    " {card} does not go on {top} {cite}"
                )
            return text.format(card=card.label, top=Card(pile[-1]).label, cite=cite)
        return None
    if dst.kind == HAND:
        return _("Cards are never played onto a {hand} (§48, §76 c)").format(hand=w.hand)
    where = place_words(dst, words=r.words, role=TO)
    return _("Cards cannot be played {to_place}").format(to_place=where)


def _arranging(w: Words) -> str:
    text = _("Before the first {stock} card is turned only the {table} may be moved (§5-9)")
    return text.format(stock=w.stock, table=w.table)


def _source_reason(pos: Position, src: Place, count: int) -> str:
    me = pos.player
    r = pos.rules
    w = r.words.local()
    if src.kind == BANK:
        return _("Cards never leave the {banks} (§76 d)").format(banks=w.banks)
    if src.kind in (STOCK, HAND, DISCARD) and src.index != me:
        text = _("{place} is the adversary's: you may not take from it (§76 c)")
        return text.format(place=place_words(src, words=r.words))
    if src.kind == HAND:
        text = _("Turn the top card of your {hand} first; its cards are played one at a time (§12)")
        return text.format(hand=w.hand)
    if src.kind == STOCK:
        if not pos.stock[me]:
            return _("Your {stock} is empty").format(stock=w.stock)
        return _("Turn the top card of your {stock} face up before playing it (§8)").format(
            stock=w.stock
        )
    if src.kind == DISCARD:
        if not pos.discard[me]:
            return _("Your {discard} is empty").format(discard=w.discard)
        text = _("Your {discard} is dead to you: you never play from it {cite}")
        return text.format(discard=w.discard, cite=r.cite("own discard"))
    if src.kind == HELD:
        return _("You are not holding a {held}").format(held=w.held)
    if src.kind == TABLE:
        if not pos.table[src.index]:
            return _("That space of the {table} is empty").format(table=w.table)
        text = _("Only the exposed card, or a whole run below it, can be moved {cite}")
        return text.format(cite=r.cite("weave"))
    text = _("Nothing can be played {from_place}")
    return text.format(from_place=place_words(src, pos.player, r.words, role=FROM))
