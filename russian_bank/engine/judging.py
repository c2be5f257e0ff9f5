"""The referee's fault: opening it when the Player neglects a bankable card, and
closing it (RULES.md §21, §67). ``laws`` calls these after every deed but a play on
the Banks; a Stop judges the open fault.
"""

from __future__ import annotations

from collections.abc import Callable

from ..game.cards import KEY_OF, Card, cards_label
from ..game.events import Event, FaultClosed, FaultOpened
from ..game.places import HELD, SEATS, Place
from ..i18n import _
from .moves import _facts
from .piles import _dst_words, _src_words
from .position import PLAY, Position
from .referee import _CASE, _where


def _judge(
    pos: Position,
    what: str | Callable[[], str] | None,
    unit: list[Card] | tuple[Card, ...] = (),
    by: str = "play",
    dst: Place | None = None,
) -> list[Event]:
    """Open (or widen) a fault if a bankable card is available while the Player
    does ``what`` (anything but play on the Banks; ``dst``: where a play goes;
    None: the play of ``unit`` to ``dst``, put in words only if a fault opens)."""
    if pos.phase != PLAY or not pos.rules.stops:
        return []
    facts = _facts(pos)
    accepts = facts.accepts
    cards = facts.bankable  # the available cards a Bank takes
    if not cards:  # the quick answer when no card a Bank takes is in sight
        for c in unit:
            if KEY_OF[c] in accepts:
                break
        else:
            return []
    return _judged(pos, what, unit, by, dst, accepts, cards)


def _judged(
    pos: Position,
    what: str | Callable[[], str] | None,
    unit: list[Card] | tuple[Card, ...],
    by: str,
    dst: Place | None,
    accepts: set[int],
    cards: list[tuple[Place, Card]],
) -> list[Event]:
    """``_judge`` once a card a Bank takes is in sight (apart from it: its
    comprehensions read these locals, which would make every call of ``_judge`` set
    up cells for them, Python 3.11)."""
    extra = [c for c in unit if KEY_OF[c] in accepts and all(c != x for _, x in cards)]
    if not cards and not extra:
        return []
    neglected = frozenset([c for _, c in cards] + extra)
    if pos.fault is not None:
        pos.fault = pos.fault | neglected
        return []
    # the missed card is the one played elsewhere: it is named once (issue 25)
    itself = [pc for pc in cards if by == "play" and dst is not None and list(unit) == [pc[1]]]
    if itself or cards:
        place, card = (itself or cards)[0]
        where = _where(pos, place)
        case = _CASE[place.kind]
    else:
        card, where, case = extra[0], _("inside the moved run"), "D"
    who = SEATS[pos.player]
    r = pos.rules
    cite = f"(§67 {case})" if r.cites.get("duty") == "§67" else r.cite("duty")
    w = r.words.local()
    if itself and dst is not None:
        to = _dst_words(pos, dst)
        if place.kind == HELD:
            text = _("{seat} played {card}, {where}, {to_place} instead of a {bank} {cite}")
        else:
            text = _("{seat} played {card} {from_place} {to_place} instead of a {bank} {cite}")
        note = text.format(
            seat=who,
            card=card.label,
            where=where,
            from_place=_src_words(pos, place),
            to_place=to,
            bank=w.bank,
            cite=cite,
        )
    else:
        if what is None:
            assert dst is not None
            what = _("played {cards} {to_place}").format(
                cards=cards_label(unit), to_place=_dst_words(pos, dst)
            )
        elif callable(what):
            what = what()
        text = _("{seat} {deed} while {card} {where} could go on the {banks} {cite}")
        note = text.format(
            seat=who, deed=what, card=card.label, where=where, banks=w.banks, cite=cite
        )
    pos.fault = neglected
    pos.fault_note = note
    pos.fault_by = by
    pos.wrong_play = None
    pos.missed_play = None
    return [FaultOpened(tuple(sorted(neglected)), note)]


def _close_fault(pos: Position, why: str) -> list[Event]:
    pos.fault = None
    pos.fault_note = ""
    pos.fault_by = ""
    pos.wrong_play = None
    pos.missed_play = None
    return [FaultClosed(why)]


def _judge_raise(pos: Position, src: Place, cards: list[Card]) -> list[Event]:
    """Judge raising ``cards`` from ``src`` (apart from ``_do_raise``: the words'
    lambda would make its every call set up cells, Python 3.11)."""
    return _judge(
        pos,
        lambda: _("raised {cards} {from_place}").format(
            cards=cards_label(cards), from_place=_src_words(pos, src)
        ),
        cards,
        "raise",
    )


def _deed(pos: Position, by: str) -> str:
    """A turn in words, for a fault's note (put in words only if a fault opens)."""
    w = pos.rules.words.local()
    if by == "turn stock":
        return _("turned a card of his {stock}").format(stock=w.stock)
    if by == "turn hand":
        return _("turned a card of his {hand}").format(hand=w.hand)
    return _("turned over his {discard}").format(discard=w.discard)
