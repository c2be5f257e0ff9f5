"""Mouse gestures to the rule book's actions (DESIGN.md).

Pressing on an exposed card raises it (``Raise``), letting it go on a place plays
it (``Play``), letting it go where it may not go puts it back (``Back``; on a Bank
where a single card does not fit, ``Back(tried_bank=True)``, which shows the
intention to bank, 000 §71, §88). A click on a face-down Stock or Hand turns it, a
click on the empty Hand turns the Discard over, a double click sends a card to a
Bank it fits. The right button spreads a Stock's face-up part or a Discard, for
its owner only (000 §45-47, §79). The engine alone decides what is legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from ...engine import (
    OVER,
    PENDING,
    Action,
    Back,
    Card,
    DiscardHeld,
    IllegalAction,
    Place,
    Raise,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
    bank_for,
)
from ...engine.places import BANK, DISCARD, HAND, HELD, HELD_PLACE, SEATS, STOCK, TABLE
from ...engine.queries import waiting

if TYPE_CHECKING:
    from ...engine import Game, Position
    from .animation import Placed
    from .layout import Layout


class GestureTable(Protocol):
    """What the gestures ask of the table (``controller.TableController``)."""

    layout: Layout
    clock: float

    @property
    def game(self) -> Game: ...

    @property
    def position(self) -> Position: ...

    def is_bot(self, seat: int) -> bool: ...

    def placed_cards(self) -> dict[Card, Placed]: ...

    def animate(self, before: dict[Card, Placed]) -> None: ...

    def player_act(self, action: Action) -> bool: ...

    def act(self, action: Action | str, seat: int | None = None) -> bool: ...

    def say(self, seat: int, text: str, kind: str = "info") -> None: ...

    def refuse(self, seat: int, reason: str) -> None: ...


DOUBLE_CLICK = 0.4
DRAG_THRESHOLD = 5


@dataclass
class Drag:
    src: Place
    count: int
    cards: list[Card]
    grab: tuple[int, int]  # mouse offset from the first card's top-left
    start: tuple[int, int]
    pos: tuple[int, int]
    rects: list[pygame.Rect]  # where the cards lay when the drag began
    raised: bool  # the engine was told (Raise); the held card needs no raise
    moved: bool = False

    def card_rects(self) -> list[pygame.Rect]:
        x0 = self.pos[0] - self.grab[0]
        y0 = self.pos[1] - self.grab[1]
        first = self.rects[0]
        return [r.move(x0 - first.x, y0 - first.y) for r in self.rects]


class Gestures:
    """The mouse at the table: hit-testing, drag and drop, clicks, spreading."""

    def __init__(self, table: GestureTable) -> None:
        self.table = table
        self.drag: Drag | None = None
        self.spread: Place | None = None
        self.last_click: tuple[float, Place] | None = None

    def hit(self, mouse: tuple[int, int]) -> tuple[Place, int] | None:
        """The place under the mouse and, for a Table fan, the card index."""
        L = self.table.layout
        p = self.table.position
        if p.held is not None and L.held_rects[p.player].collidepoint(mouse):
            return HELD_PLACE, 0
        for place, rect in reversed(L.rects.items()):  # where rows overlap, the lower on top
            if not L.shown_part(place).collidepoint(mouse):
                continue
            if place.kind == TABLE:
                col = p.table[place.index]
                rects = L.table_card_rects(place.index, len(col))
                for k in range(len(rects) - 1, -1, -1):
                    if rects[k].collidepoint(mouse):
                        return place, k
                if not col and rect.collidepoint(mouse):
                    return place, 0
            elif rect.collidepoint(mouse):
                return place, 0
        return None

    # -- press ------------------------------------------------------------------

    def press(self, mouse: tuple[int, int], button: int = 1) -> None:
        if button == 3:
            self._spread_at(mouse)
            return
        if button != 1 or self.drag is not None:
            return
        hit = self.hit(mouse)
        if hit is None:
            return
        t = self.table
        place, k = hit
        p = t.position
        me = p.player
        if p.phase == OVER:
            return
        if p.phase == PENDING:
            wait = waiting(p)
            what = wait.what if wait is not None else "Last card played"
            cite = wait.cite if wait is not None else p.rules.cite("stand")
            t.refuse(me, f"{what}; the adversary may call Stop {cite}")
            return
        if t.is_bot(me):
            t.say(1 - me, f"Wait: it is {SEATS[me]}'s innings")
            return
        last, self.last_click = self.last_click, None
        double = last is not None and last[1] == place and t.clock - last[0] <= DOUBLE_CLICK
        if double and place.kind in (TABLE, STOCK, DISCARD, HELD):
            self._double_click(place)
            return
        kind = place.kind
        if (kind == BANK and p.banks[place.index]) or (
            kind in (STOCK, HAND, DISCARD) and place.index != me
        ):
            # a pile that is not his to take from: the game says why, in its words
            t.refuse(me, t.game.reason(Raise(place, 1)) or "")
            return
        if kind == BANK:
            return
        if kind == TABLE:
            if p.table[place.index]:
                self._start_drag(place, len(p.table[place.index]) - k, mouse)
        elif kind == STOCK:
            if p.stock[me] and p.stock_up[me]:
                self._start_drag(place, 1, mouse)
            elif p.stock[me]:
                t.player_act(TurnStock())
        elif kind == DISCARD:
            if p.discard[me]:
                self._start_drag(place, 1, mouse)
        elif kind == HAND:
            if p.hand[me]:
                t.player_act(TurnHand())
            elif p.discard[me]:
                t.player_act(TurnOverDiscard())
            else:
                t.refuse(me, "Your Hand and Discard are empty")
        elif kind == HELD:
            self._start_drag(HELD_PLACE, 1, mouse)

    def _start_drag(self, place: Place, count: int, mouse: tuple[int, int]) -> None:
        raised = place.kind != HELD
        if raised and not self.table.player_act(Raise(place, count)):
            return
        placed = self.table.placed_cards()
        cards = self.cards_at(place, count)
        rects = [placed[c].rect for c in cards]
        grab = (mouse[0] - rects[0].x, mouse[1] - rects[0].y)
        self.drag = Drag(place, count, cards, grab, mouse, mouse, rects, raised)

    def cards_at(self, place: Place, count: int) -> list[Card]:
        p = self.table.position
        if place.kind == TABLE:
            return p.table[place.index][-count:]
        if place.kind == STOCK:
            return [p.stock[place.index][-1]]
        if place.kind == DISCARD:
            return [p.discard[place.index][-1]]
        assert p.held is not None
        return [p.held]

    # -- motion and release ----------------------------------------------------------

    def motion(self, mouse: tuple[int, int]) -> None:
        d = self.drag
        if d is None:
            return
        d.pos = mouse
        if abs(mouse[0] - d.start[0]) + abs(mouse[1] - d.start[1]) > DRAG_THRESHOLD:
            d.moved = True

    def release(self, mouse: tuple[int, int], button: int = 1) -> None:
        if button == 3:
            self.spread = None
            return
        d = self.drag
        if button != 1 or d is None:
            return
        d.pos = mouse
        t = self.table
        me = t.position.player
        dst = t.layout.drop_target(mouse, me)
        if dst is None or dst == d.src or dst.kind in (HELD, HAND):
            if dst is not None and dst.kind == HAND and dst != d.src and d.moved:
                self.put_back("Cards never go to a Hand (§19)")
            else:
                self.put_back(None)
            if not d.moved:
                self.last_click = (t.clock, d.src)
            return
        action: Action
        if d.src.kind == HELD and dst == Place(DISCARD, me):
            action = DiscardHeld()
        else:
            try:
                action = t.game.find_play(d.src, dst, d.count)
            except IllegalAction as e:
                self.put_back(e.reason, tried_bank=dst.kind == BANK and d.count == 1)
                return
        if not t.player_act(action):
            self.put_back(None)

    def put_back(self, reason: str | None, tried_bank: bool = False) -> None:
        """Let go of the dragged cards where they may not go: they go back."""
        t = self.table
        d = self.drag
        if d is not None and d.raised and t.position.raised is not None:
            t.act(Back(tried_bank))
        elif d is not None:
            before = t.placed_cards()
            self.drag = None
            t.animate(before)
        self.drag = None
        if reason:
            t.refuse(t.position.player, reason)

    def lost(self) -> None:
        """The engine took the dragged cards out of the hand (a Stop, a play)."""
        d = self.drag
        if d is None:
            return
        now = self.table.position
        if (now.raised is None) if d.raised else now.held != d.cards[0]:
            self.drag = None

    def _double_click(self, place: Place) -> None:
        t = self.table
        p = t.position
        if place.kind == TABLE and not p.table[place.index]:
            return
        target = bank_for(p, place)
        if target is None:
            t.refuse(p.player, "That card does not fit on any Bank")
            return
        t.player_act(t.game.find_play(place, target, 1))

    # -- spreading (§45-47, §79) -------------------------------------------------------

    def _spread_at(self, mouse: tuple[int, int]) -> None:
        """The owner of a Stock or Discard may spread it at any time, openly (no
        fault, §66); the adversary sees only its top card."""
        hit = self.hit(mouse)
        if hit is None or hit[0].kind not in (STOCK, DISCARD):
            return
        place = hit[0]
        t = self.table
        owner = SEATS[place.index]
        what = place.kind.title()
        if t.is_bot(place.index):
            t.refuse(1 - place.index, f"Only {owner} may spread his {what} (§45-47, §79)")
            return
        self.spread = place
        t.say(1 - place.index, f"{owner} spreads his {what} for both to see (§45-47)")

    def spread_cards(self) -> list[Card]:
        if self.spread is None:
            return []
        p = self.table.position
        s = self.spread.index
        if self.spread.kind == STOCK:
            up = p.stock_up[s]
            return p.stock[s][len(p.stock[s]) - up :] if up else []
        return list(p.discard[s])
