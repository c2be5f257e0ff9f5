"""Geometry of the one-pack table (003), in the spirit of Diagram I.

Seen from South (seat 0) at the bottom::

    North's Discard  place7 place6 place5 place4  North's Hand    | North: name,
                     (fans run down)                              |  counts
    South's Hand     place0 place1 place2 place3  South's Discard | messages,
                     (fans run down)                              |  buttons

Each player has his Hand at his left and his Discard at his right, his row of four
between (North sits opposite, so his left is our right). The card just turned lies
just below its Hand. Piles fan downwards and the step shrinks for long piles.
"""

from __future__ import annotations

import pygame

from ...onepack.actions import DISCARDS, HELD, PLACE_NAMES

FAN = 0.22  # fan step as a fraction of the card height (shows the corner index)
COLUMNS = 6


class OnePackLayout:
    def __init__(self, size: tuple[int, int]) -> None:
        W, H = max(480, size[0]), max(360, size[1])
        self.size = (W, H)
        m = max(6, round(min(W, H) * 0.015))
        g = max(5, round(W * 0.008))
        band = (H - 3 * m) // 2
        ch = int(min(band / (1 + 4 * FAN), (W * 0.68 - 2 * m) / COLUMNS * 350 / 250 * 0.92))
        cw = int(ch * 250 / 350)
        self.card_size = (cw, ch)
        self.margin, self.gap, self.band = m, g, band
        self.fan_step = max(4, round(ch * FAN))
        x0 = m
        cols = [x0 + k * (cw + g) for k in range(COLUMNS)]
        self.board_right = cols[-1] + cw
        y_north, y_south = m, 2 * m + band
        self.band_top = {1: y_north, 0: y_south}
        self.rects: dict[str, pygame.Rect] = {}
        self.rects["hand0"] = pygame.Rect(cols[0], y_south, cw, ch)
        self.rects[DISCARDS[0]] = pygame.Rect(cols[5], y_south, cw, ch)
        self.rects["hand1"] = pygame.Rect(cols[5], y_north, cw, ch)
        self.rects[DISCARDS[1]] = pygame.Rect(cols[0], y_north, cw, ch)
        for k in range(4):
            self.rects[PLACE_NAMES[k]] = pygame.Rect(cols[1 + k], y_south, cw, ch)
            self.rects[PLACE_NAMES[7 - k]] = pygame.Rect(cols[1 + k], y_north, cw, ch)
        lift = ch + max(16, ch // 6)  # below the Hand and its count
        self.held_rects = {s: self.rects[f"hand{s}"].move(0, lift) for s in (0, 1)}
        px = self.board_right + 3 * g
        self.panel = pygame.Rect(px, m, W - m - px, H - 2 * m)

    def place_offsets(self, n: int) -> list[int]:
        """How far down each card of a Table pile of ``n`` lies. When the pile is too
        long for its band, the cards between the bottom one and the top three close
        up (a pile is one suit in sequence, so its ends tell the rest)."""
        full = self.fan_step
        room = self.band - self.card_size[1]
        if n <= 1 or (n - 1) * full <= room:
            return [full * k for k in range(n)]
        ends = min(n - 1, 4)  # steps shown in full: above the bottom card and the top three
        middle = n - 1 - ends
        full = max(2, min(full, (room - 2 * middle) // ends))
        squeeze = min(full, (room - ends * full) // middle) if middle else full
        steps = [full] + [max(1, squeeze)] * middle + [full] * (ends - 1)
        out = [0]
        for st in steps:
            out.append(out[-1] + st)
        return out

    def pile_rects(self, pile: str, n: int) -> list[pygame.Rect]:
        """Where each card of a pile of ``n`` lies (bottom first); Table piles fan down."""
        base = self.rects[pile]
        if not pile.startswith("place"):
            return [base] * n
        return [base.move(0, dy) for dy in self.place_offsets(n)]

    def place_area(self, pile: str) -> pygame.Rect:
        base = self.rects[pile]
        return pygame.Rect(base.x, base.y, base.w, self.band)

    def pick(self, pos: tuple[int, int], sizes: dict[str, int], player: int) -> tuple[str, int]:
        """The pile and the card index under ``pos`` ("", -1 if none). The held card
        of the Player is checked first; a Table pile answers with the card hit."""
        if sizes.get(HELD, 0) and self.held_rects[player].collidepoint(pos):
            return HELD, 0
        for pile in self.rects:
            n = sizes.get(pile, 0)
            if pile.startswith("place"):
                for i, r in reversed(list(enumerate(self.pile_rects(pile, n)))):
                    if r.collidepoint(pos):
                        return pile, i
            elif self.rects[pile].collidepoint(pos):
                return pile, n - 1
        return "", -1

    def drop_target(self, pos: tuple[int, int]) -> str:
        """The pile a card let go at ``pos`` lands on (a Table place's whole column counts)."""
        half = self.gap // 2 + 1
        for pile, rect in self.rects.items():
            area = self.place_area(pile) if pile.startswith("place") else rect
            if area.inflate(2 * half, 2 * half).collidepoint(pos):
                return pile
        return ""
