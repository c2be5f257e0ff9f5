"""The coach's hint in the one-pack game: the Expert's choice, in words, with the
places to glow (what ``GameType.hint`` gives)."""

from __future__ import annotations

import random

from ..game.advice import Advice
from ..game.events import CardsMoved
from ..game.places import FROM, TABLE, TO, YOUR, place_words
from ..i18n import _
from .actions import Action
from .bots import make_bot
from .observation import observe
from .position import Position
from .rules import action_reason, apply
from .ruleset import RULES
from .table_view import OnePackView


def hint(pos: Position, seat: int, seed: int = 0) -> Advice[Action] | None:
    """The Expert's choice for ``seat``, in words, with its places to glow."""
    if pos.player != seat or pos.phase != "play":
        return None
    action = make_bot("expert", seat, random.Random(seed)).choose(observe(pos, seat))
    if action is None or action_reason(pos, action) is not None:
        return None
    view = OnePackView()
    probe = pos.clone()
    moved = [e for e in view.events(apply(probe, action, False)) if isinstance(e, CardsMoved)]
    if not moved:
        return None
    ev = moved[-1]
    w = RULES.words
    cards = " ".join(c.label for c in ev.cards)
    if ev.why == "turn":
        text = _("Turn the top card {from_place}.")
        text = text.format(from_place=place_words(ev.src, seat, w, YOUR, FROM))
    elif ev.why == "discard":
        text = _("Nothing more fits: put {cards} on {place} to end your turn.")
        text = text.format(cards=cards, place=place_words(ev.dst, seat, w, YOUR))
    elif ev.src.kind == ev.dst.kind == TABLE:  # within the Table: which pile, by its card
        pile = view.piles(pos)[ev.dst].cards
        table = w.local().table
        if pile:
            text = _("Play {cards} onto {card} in the {table}.")
            text = text.format(cards=cards, card=pile[-1].label, table=table)
        else:
            text = _("Play {cards} to an empty space in the {table}.")
            text = text.format(cards=cards, table=table)
    else:
        pile = view.piles(pos)[ev.dst].cards
        src = place_words(ev.src, seat, w, YOUR, FROM)
        dst = place_words(ev.dst, seat, w, YOUR, TO)
        if pile:
            text = _("Play {cards} {from_place} {to_place} (onto {card}).")
            text = text.format(cards=cards, from_place=src, to_place=dst, card=pile[-1].label)
        else:
            text = _("Play {cards} {from_place} {to_place}.")
            text = text.format(cards=cards, from_place=src, to_place=dst)
    return Advice(text, (ev.src, ev.dst), action)
