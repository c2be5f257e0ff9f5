"""The Replay's *Cards: all up*: the face-down top of each Stock and Hand drawn face up,
and the next cards of each in words (the game is over, so nothing is hidden)."""

from __future__ import annotations

from typing import Any

import pygame

from ...game.places import HAND, STOCK, Place
from ...i18n import _
from .controller import TableController


def draw_faces(surf: pygame.Surface, ctl: TableController, assets: Any, renderer: Any) -> None:
    """The face-down top of each Stock and Hand, shown face up, with its count."""
    layout = ctl.layout
    cards = assets.cards(layout.card_size)
    hidden = ctl.hidden()
    badge = max(9, layout.card_size[1] // 9)
    w = ctl.table_view.words.local()
    for place, pile in ctl.piles().items():
        top = pile.cards[-1] if pile.cards else None
        if place.kind not in (STOCK, HAND) or top is None or top in hidden:
            continue
        if len(pile.cards) - 1 >= pile.up_from:
            continue  # its top lies face up already
        rect = layout.rects[place]
        surf.blit(cards.face(top), rect)
        label = f"{w.stock if place.kind == STOCK else w.hand} {len(pile.cards)}"
        renderer._badge(surf, rect, label, badge)


def next_cards(ctl: TableController) -> str:
    """The next five cards of each Stock and Hand, in words."""
    piles = ctl.piles()
    w = ctl.table_view.words.local()
    parts = []
    for s, seat in enumerate("AB"):
        said = []
        for kind, name in ((STOCK, w.stock), (HAND, w.hand)):
            pile = piles.get(Place(kind, s))
            if pile is not None:
                nxt = " ".join(c.label for c in reversed(pile.cards[-5:]))
                said.append(_("from {pile}: {cards}").format(pile=name, cards=nxt or "-"))
        parts.append(_("{seat} next {piles}.").format(seat=seat, piles="; ".join(said)))
    return " ".join(parts)


__all__ = ["draw_faces", "next_cards"]
