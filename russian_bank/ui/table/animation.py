"""Where every card lies on the screen, and cards flying between two layouts.

The table asks :func:`placed_cards` before and after an action and gives both to
:meth:`Animator.animate`; the renderer draws the flights. Nothing here knows a rule.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from ...engine import Card, Place
from ...game.places import TABLE
from ...game.view import Pile
from .layout import Layout


class Dragged(Protocol):
    """The cards under the mouse (``gestures.Drag``)."""

    cards: list[Card]

    def card_rects(self) -> list[pygame.Rect]: ...


@dataclass
class Flight:
    """A card travelling from one rectangle to another (or turning over in place)."""

    card: Card
    start: pygame.Rect
    end: pygame.Rect
    face_up: bool
    was_up: bool
    left: bool
    duration: float
    delay: float = 0.0
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        x = min(1.0, max(0.0, (self.t - self.delay) / self.duration))
        return 1 - (1 - x) ** 3  # ease out

    def rect(self) -> pygame.Rect:
        p = self.progress()
        x = self.start.x + (self.end.x - self.start.x) * p
        y = self.start.y + (self.end.y - self.start.y) * p
        return pygame.Rect(round(x), round(y), self.end.w, self.end.h)

    def showing(self) -> tuple[bool, float]:
        """(face up?, horizontal squash 0..1) for a card turning over in flight."""
        if self.face_up == self.was_up:
            return self.face_up, 1.0
        p = self.progress()
        if p < 0.5:
            return self.was_up, 1 - 2 * p
        return self.face_up, 2 * p - 1


@dataclass
class Placed:
    rect: pygame.Rect
    face_up: bool
    left: bool = False


def placed_cards(
    piles: Mapping[Place, Pile],
    raised: tuple[Place, int] | None,
    player: int,
    layout: Layout,
    drag: Dragged | None,
) -> dict[Card, Placed]:
    """Where every card of the game's piles (its table view) lies now: the raised
    ones lifted towards the Player, the dragged ones where the mouse holds them."""
    L = layout
    out: dict[Card, Placed] = {}
    lift = L.card_size[1] // 10
    for place, pile in piles.items():
        cards = pile.cards
        if place.kind == TABLE:
            left = L.fans_left(place.index)
            last = len(cards) - 1
            rects = L.table_card_rects(place.index, len(cards))
            for k, (c, r) in enumerate(zip(cards, rects, strict=True)):
                # only covered cards need the second index (the top card shows whole)
                out[c] = Placed(r, True, left and k < last)
        elif cards:
            r = L.place_rect(place, player)
            for i, c in enumerate(cards):
                out[c] = Placed(r, i >= pile.up_from)
    if raised is not None and drag is None:
        toward = -lift if player == L.bottom else lift  # towards the Player's edge
        src, count = raised
        held = piles[src].cards[-count:] if src.kind == TABLE else piles[src].cards[-1:]
        for c in held:
            p = out[c]
            out[c] = Placed(p.rect.move(0, toward), True, p.left)
    if drag is not None:
        last = len(drag.cards) - 1
        for k, (c, r) in enumerate(zip(drag.cards, drag.card_rects(), strict=True)):
            left = out[c].left if c in out else False
            out[c] = Placed(r, True, left and k < last)
    return out


@dataclass
class Animator:
    """The cards in flight."""

    flights: list[Flight] = field(default_factory=list)

    def animate(
        self,
        before: dict[Card, Placed],
        after: dict[Card, Placed],
        scale: float,
        skip: frozenset[Card] = frozenset(),
    ) -> None:
        """Fly every card whose place or face changed (``scale`` = the pace)."""
        if scale <= 0:
            return
        flying = {f.card: f for f in self.flights}
        n = 0
        for card, a in after.items():
            b = before.get(card)
            if b is None or card in skip:
                continue
            if b.rect.topleft == a.rect.topleft and b.face_up == a.face_up:
                continue
            start = b.rect
            old = flying.get(card)
            if old is not None:
                start = old.rect()
                self.flights.remove(old)
            dist = math.hypot(a.rect.x - start.x, a.rect.y - start.y)
            dur = (0.12 + min(0.22, dist / 4000)) * scale
            if b.face_up != a.face_up:
                dur = max(dur, 0.25 * scale)
            delay = min(n, 12) * 0.025 * scale
            self.flights.append(
                Flight(card, start, a.rect, a.face_up, b.face_up, a.left, dur, delay)
            )
            n += 1

    def update(self, dt: float) -> None:
        for f in self.flights:
            f.t += dt
        if self.flights:
            self.flights = [f for f in self.flights if not f.done]

    def settle(self) -> None:
        """Finish every flight at once (tests, screenshots)."""
        self.flights.clear()

    def flying(self) -> set[Card]:
        return {f.card for f in self.flights}
