"""Diagram I geometry (000 §94, ``seeds/README.md``) for any window size.

Seen from A's seat (A at the bottom)::

    B's Stock          [B info, Stop B]         B held  B's Discard  B's Hand
       Table7  Bank7  Bank0  Table0
       Table6  Bank6  Bank1  Table1
       Table5  Bank5  Bank2  Table2
       Table4  Bank4  Bank3  Table3
    A's Hand  A's Discard  A held   [A info, Stop A]            A's Stock

The right column holds table0-3 (A's line of the deal) and bank0-3, the left
column table4-7 and bank4-7, ordered so that the board is the same turned
round for B. Table sequences fan outwards, away from the Banks, with a step
that shrinks when a sequence is long so that it never leaves the window.

A game lays out only some of these places (its table view's ``places``: the
one-pack game has no Stocks and no Banks, and its Table's columns close up).

A remote player sitting at B sees the same board turned round (``bottom=1``):
his own piles at the bottom, each place where the turned board puts it (B's
Hand where A's Hand is drawn from A's seat, table0 where table4 is, and so on).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

import pygame

from ...game.places import BANK, DISCARD, HAND, HELD, STOCK, TABLE, Place
from ..kit.assets import INDEX_SHOWN

FAN = 0.27  # fan step as a fraction of the card width (shows the corner index)
WIDE = 1.5  # from this width/height ratio the move log is shown beside the table
LOG_SHARE = 0.2  # and takes this share of the width
ZONE_STRIP = 0.6  # portrait: height of a seat's zone strip as a fraction of a card
FAN_ROOM = 1.0  # larger cards leave each side's fan at least this many card widths
ZONE_ROOM = 3.6  # and, in landscape, each seat's zone this many (for its buttons)


def turned(place: Place) -> Place:
    """The place drawn where ``place`` is when the board is turned round for B:
    a seat's pile is the other seat's, a Table or Bank the one across the board."""
    if place.kind in (TABLE, BANK):
        return Place(place.kind, (place.index + 4) % 8)
    if place.kind in (STOCK, HAND, DISCARD):
        return Place(place.kind, 1 - place.index)
    return place


@dataclass
class Zone:
    """The free strip of an outer row, for a seat's name, counts, buttons, messages."""

    rect: pygame.Rect
    seat: int


class Layout:
    """Every place's rectangle for a window of ``size``; ``scale`` asks for cards that
    many times larger than the normal ones (the *Card size* setting).

    Larger cards take the move log's width (the log stays on key L), which also keeps
    room beside the Table for the coach's note and the lessons' panel, and, when six
    full rows no longer fit the height, the four rows of the Table and
    Banks overlap: each lower row covers the bottom of the one above, always leaving
    its top strip with the corner indexes in view (``INDEX_SHOWN``). The cards grow
    only as far as that, the Table's fans and the seats' zones allow, so ``self.scale``
    may be less than asked for (never less than 1).
    """

    def __init__(
        self,
        size: tuple[int, int],
        scale: float = 1.0,
        places: Collection[Place] | None = None,
        bottom: int = 0,
        shift: int = 0,
    ) -> None:
        self.bottom = bottom  # the seat drawn at the bottom (its player's own view)
        W, H = max(320, size[0]), max(240, size[1])
        banks = places is None or any(p.kind == BANK for p in places)
        self.size = (W, H)
        self.asked = scale
        # a wide window gives its spare width to the move log at the right
        self.log_rect: pygame.Rect | None = None
        side = int(W * LOG_SHARE) if W >= H * WIDE else 0
        m = max(6, round(min(W - side, H) * 0.012))
        g = max(5, round(H * 0.011))
        extra = g
        gt = round(g * 1.6)
        # portrait: each seat's zone gets a full-width strip between its piles and
        # the Table (in landscape it sits in the free middle of the seat's row)
        self.portrait = (W - side) * 1.05 <= H
        strips = ZONE_STRIP if self.portrait else 0.0
        strip_gaps = 2 * g if strips else 0
        ch0 = (H - 2 * m - 5 * g - 2 * extra - strip_gaps) / (6 + 2 * strips)
        cw0 = int(min(ch0 * 250 / 350, (W - side) / 8.2))
        cw = cw0
        if scale > 1:
            # the tallest card whose four overlapping rows still show every index
            rows_h = H - 2 * m - 2 * (g + extra) - strip_gaps
            tall = rows_h / (3 + 3 * INDEX_SHOWN + 2 * strips) * 250 / 350
            side = 0  # the table takes the log's width (the log stays on key L)
            # the widest card that leaves the Banks, the Tables and their fans room,
            # and in landscape each seat's zone room between its piles
            wide = (W - 2 * m - g - 2 * gt) / (4 + 2 * FAN_ROOM)
            if not strips:
                wide = min(wide, (W - 2 * m - 7 * g) / (4 + ZONE_ROOM))
            cw = max(cw0, int(min(cw0 * scale, tall, wide)))
        if side:
            self.log_rect = pygame.Rect(W - side, 0, side, H)
            W -= side
        self.table_w = W
        ch = int(round(cw * 350 / 250))
        self.scale = cw / cw0
        self.unit = int(round(cw0 * 350 / 250))  # a normal card's height: the text's unit
        zone_h = int(ch * strips)
        self.card_size = (cw, ch)
        self.margin, self.gap = m, g
        # the step from one Table row to the next: a card and a gap, or less
        step = ch + g
        if cw > cw0:
            room = H - 2 * m - 3 * ch - 2 * (g + extra) - (2 * (zone_h + g) if strips else 0)
            step = min(step, room // 3)
        self.row_step = step
        total = 3 * ch + 3 * step + 2 * (g + extra) + (2 * (zone_h + g) if strips else 0)
        y0 = (H - total) // 2
        row_y = [y0]
        y = y0 + ch + g + extra + (zone_h + g if strips else 0)
        for _ in range(4):
            row_y.append(y)
            y += step
        row_y.append(row_y[4] + ch + g + extra + (zone_h + g if strips else 0))
        self.row_y = row_y
        cx = W // 2 + shift  # (the lessons move the Table right of their panel)
        gb = g
        self.bank_right_x = cx + gb // 2
        self.bank_left_x = cx - gb // 2 - cw
        self.table_right_x = self.bank_right_x + cw + gt
        self.table_left_x = self.bank_left_x - gt - cw
        if not banks:  # a game without Banks: the Table's two columns close up
            self.table_right_x, self.table_left_x = self.bank_right_x, self.bank_left_x
        self.fan_span = W - m - self.table_right_x - cw  # room for the fan beyond one card
        self.fan_step = max(4, round(cw * FAN))
        # the left fans' room when something lies beyond them (set by the lessons)
        self.left_fan_span: int | None = None
        gap_above = extra if strips else g + extra  # between a seat's row and what is next
        lift = min(max(3, ch // 12), gap_above - 1)  # the held card, raised into that gap
        self.rects: dict[Place, pygame.Rect] = {}
        for r in range(4):
            y = row_y[1 + r]
            self.rects[Place(TABLE, r)] = pygame.Rect(self.table_right_x, y, cw, ch)
            self.rects[Place(BANK, r)] = pygame.Rect(self.bank_right_x, y, cw, ch)
            self.rects[Place(TABLE, 7 - r)] = pygame.Rect(self.table_left_x, y, cw, ch)
            self.rects[Place(BANK, 7 - r)] = pygame.Rect(self.bank_left_x, y, cw, ch)
        ya, yb = row_y[5], row_y[0]
        # A (bottom): Hand, Discard, held at the left; Stock at the right.
        self.rects[Place(HAND, 0)] = pygame.Rect(m, ya, cw, ch)
        self.rects[Place(DISCARD, 0)] = pygame.Rect(m + cw + g, ya, cw, ch)
        self.held_rects = {
            0: pygame.Rect(m + 2 * (cw + g) + g, ya - lift, cw, ch),
            1: pygame.Rect(W - m - 3 * cw - 3 * g, yb + lift, cw, ch),
        }
        self.rects[Place(STOCK, 0)] = pygame.Rect(W - m - cw, ya, cw, ch)
        # B (top): Stock at the left; Discard, Hand at the right.
        self.rects[Place(STOCK, 1)] = pygame.Rect(m, yb, cw, ch)
        self.rects[Place(DISCARD, 1)] = pygame.Rect(W - m - 2 * cw - g, yb, cw, ch)
        self.rects[Place(HAND, 1)] = pygame.Rect(W - m - cw, yb, cw, ch)
        if strips:
            za = pygame.Rect(m, ya - extra - zone_h, W - 2 * m, zone_h)
            zb = pygame.Rect(m, yb + ch + extra, W - 2 * m, zone_h)
        else:  # between the seat's piles (a game without Stocks: to the window's edge)
            stocks = places is None or Place(STOCK, 0) in places
            za = pygame.Rect(0, ya, 0, ch)
            za.left = self.held_rects[0].right + 2 * g
            za.width = (self.rects[Place(STOCK, 0)].left - 2 * g if stocks else W - m) - za.left
            zb = pygame.Rect(0, yb, 0, ch)
            zb.left = self.rects[Place(STOCK, 1)].right + 2 * g if stocks else m
            zb.width = self.held_rects[1].left - 2 * g - zb.left
        self.zones = {0: Zone(za, 0), 1: Zone(zb, 1)}
        if bottom == 1:  # the board turned round: every place where its twin was
            self.rects = {turned(p): r for p, r in self.rects.items()}  # (the same order)
            self.held_rects = {1: self.held_rects[0], 0: self.held_rects[1]}
            self.zones = {1: Zone(za, 1), 0: Zone(zb, 0)}
        if places is not None:  # only the piles the game lays out
            self.rects = {p: r for p, r in self.rects.items() if p in places}
        if self.log_rect is not None:
            self.log_rect = pygame.Rect(W, row_y[0], self.log_rect.w - m, row_y[5] + ch - row_y[0])

    # -- geometry -------------------------------------------------------------

    def place_rect(self, place: Place, player: int = 0) -> pygame.Rect:
        if place.kind == HELD:
            return self.held_rects[player]
        return self.rects[place]

    def slot(self, index: int) -> int:
        """Where Table (or Bank) ``index`` is drawn, as an index seen from A's seat."""
        return (index + 4) % 8 if self.bottom == 1 else index

    def fans_left(self, index: int) -> bool:
        return self.slot(index) >= 4

    def table_step(self, n: int, index: int = 0) -> int:
        if n <= 1:
            return self.fan_step
        span = self.fan_span
        if self.left_fan_span is not None and self.fans_left(index):
            span = self.left_fan_span  # a panel lies beyond (the lessons)
        return max(2, min(self.fan_step, span // (n - 1)))

    def table_card_rects(self, index: int, n: int) -> list[pygame.Rect]:
        base = self.rects[Place(TABLE, index)]
        step = self.table_step(n, index)
        sign = -1 if self.fans_left(index) else 1
        return [base.move(sign * step * k, 0) for k in range(n)]

    def table_area(self, index: int) -> pygame.Rect:
        """Everything the space's fan may cover (for dropping on it)."""
        base = self.rects[Place(TABLE, index)]
        if self.fans_left(index):
            left = self.margin
            return pygame.Rect(left, base.y, base.right - left, base.h)
        return pygame.Rect(base.x, base.y, self.table_w - self.margin - base.x, base.h)

    @property
    def overlapped(self) -> bool:
        """Do the rows of the Table and Banks overlap (larger cards)?"""
        return self.row_step < self.card_size[1]

    def shown_part(self, place: Place) -> pygame.Rect:
        """Where the cards of ``place`` can be seen: the whole window, except that when
        the rows overlap a Table or Bank above the last row ends where the next begins
        (the lower row lies on top)."""
        W, H = self.size
        slot = self.slot(place.index)
        row = slot if slot < 4 else 7 - slot
        if not self.overlapped or place.kind not in (TABLE, BANK) or row == 3:
            return pygame.Rect(0, 0, W, H)
        return pygame.Rect(0, 0, W, self.row_y[2 + row])

    def drop_target(self, pos: tuple[int, int], player: int) -> Place | None:
        """The place a card let go at ``pos`` lands on (generous: the gaps count; where
        rows overlap, the row on top)."""
        half = self.gap // 2 + 1
        for place, rect in reversed(self.rects.items()):
            if place.kind == TABLE:
                area = self.table_area(place.index).inflate(0, 2 * half)
            else:
                area = rect.inflate(2 * half, 2 * half)
            if area.clip(self.shown_part(place)).collidepoint(pos):
                return place
        if self.held_rects[player].collidepoint(pos):
            return Place(HELD, 0)
        return None
