"""Why a play is refused, in one line of the rule set's words (RULES.md §3, §58).

``play_reason`` explains a refusal with the predicates of :mod:`.moves`, the same ones
``plays.legal_plays`` uses, so the explanation and the generator cannot drift apart.
"""

from __future__ import annotations

from ..game.cards import RANK_OF, Card
from ..game.places import (
    BANK,
    DISCARD,
    FROM,
    HAND,
    HELD,
    STOCK,
    TABLE,
    TO,
    Place,
    place_words,
)
from ..game.words import Words
from ..i18n import _, ngettext
from .moves import (
    after_weave_key,
    build_refusal,
    file_refusal,
    fits_bank,
    fits_build,
    fits_table,
    side_refusal,
    source_cards,
    space_refusal,
    usable_spaces,
)
from .position import ARRANGING, Position


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
