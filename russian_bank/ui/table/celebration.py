"""A win's moment: for a second and a half after a person wins, sparks of light burst
from the middle of the table and fall, and the winner's box glows; the win's sound
plays with it (``Messages.fanfare``). Under reduced motion nothing moves and the
moment is quiet (the banner and the notices still say who won)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from ..kit.canvas import draw_rect
from ..kit.widgets import GOLD
from .layout import Layout
from .render import Target

SECONDS = 1.6  # how long the sparks fly
SPARKS = 72
GRAVITY = 1.6  # in window heights per second squared
COLOURS = (GOLD, (255, 250, 225), (230, 80, 60), (120, 190, 255), (250, 215, 120))


@dataclass
class Spark:
    x: float
    y: float
    vx: float
    vy: float
    size: int
    colour: tuple[int, int, int]


class Celebration:
    """The sparks of one win; ``start`` them, ``update`` with the frames' time,
    ``draw`` on the table (drawing changes nothing)."""

    def __init__(self) -> None:
        self.sparks: list[Spark] = []
        self.left = 0.0
        self.glow: pygame.Rect | None = None  # the winner's box
        self.height = 1  # the window's height (the sparks fall by it)

    @property
    def active(self) -> bool:
        return self.left > 0

    def start(self, layout: Layout, winner_box: pygame.Rect, seed: int) -> None:
        rng = random.Random(seed)
        W, H = layout.size
        cw, ch = layout.card_size
        cx = (layout.bank_left_x + layout.bank_right_x + cw) / 2
        cy = (layout.row_y[1] + layout.row_y[4] + ch) / 2
        self.sparks = []
        for _ in range(SPARKS):
            angle = rng.uniform(-math.pi, 0)  # upwards, to either side
            speed = rng.uniform(0.35, 0.9) * H
            self.sparks.append(
                Spark(
                    cx + rng.uniform(-cw, cw),
                    cy + rng.uniform(-ch / 2, ch / 2),
                    math.cos(angle) * speed * 0.8,
                    math.sin(angle) * speed,
                    max(4, round(min(W, H) / rng.uniform(55, 90))),
                    rng.choice(COLOURS),
                )
            )
        self.left = SECONDS
        self.glow = winner_box.copy()
        self.height = H

    def stop(self) -> None:
        self.left = 0.0
        self.sparks = []
        self.glow = None

    def update(self, dt: float) -> None:
        if not self.active:
            return
        self.left = max(0.0, self.left - dt)
        g = GRAVITY * self.height
        for s in self.sparks:
            s.x += s.vx * dt
            s.y += s.vy * dt
            s.vy += g * dt
        if not self.active:
            self.stop()

    def draw(self, surf: Target) -> None:
        if not self.active:
            return
        if self.glow is not None:  # the winner's box, pulsing gold
            width = 3 + round(3 * abs(math.sin(self.left * 9)))
            draw_rect(surf, GOLD, self.glow.inflate(6, 6), width, border_radius=12)
        W, H = surf.get_size()
        fade = min(1.0, self.left / 0.4)  # the sparks shrink away at the end
        for s in self.sparks:
            size = max(2, round(s.size * fade))
            r = pygame.Rect(round(s.x) - size // 2, round(s.y) - size // 2, size, size)
            if r.colliderect((0, 0, W, H)):
                draw_rect(surf, s.colour, r, border_radius=size // 2)


__all__ = ["SECONDS", "Celebration"]
