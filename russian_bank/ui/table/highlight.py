"""The lesson's marks on the table: a pulsing glow round places and arrows.

Pure drawing: the pulse is a function of the clock the scene passes in."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

Point = tuple[int, int]
Color = tuple[int, int, int]
SHADOW = (20, 20, 20)


def glow(surface: pygame.Surface, rects: list[pygame.Rect], clock: float) -> Color:
    """Outline each rectangle in a gold that pulses with ``clock``; the colour used."""
    pulse = 0.5 + 0.5 * math.sin(clock * 4.0)
    width = 3 + round(2 * pulse)
    color = (255, 215 + round(40 * pulse), 90)
    for r in rects:
        pygame.draw.rect(surface, color, r.inflate(10, 10), width, border_radius=8)
    return color


def pointer(
    target: pygame.Rect, length: int, avoid: Sequence[pygame.Rect], bounds: pygame.Rect
) -> tuple[Point, Point] | None:
    """A short arrow at ``target``: from above, else below, right, left or a corner,
    the first way that stays in ``bounds`` and crosses none of ``avoid`` (the
    lesson panel, the seats' zones with their titles; issue 19: at 700x900 the
    arrow up to B's Stock lay over "B · to play"), shortened if need be. None
    when there is no such way (a Stock in the window's corner between the panel
    and its zone): the glow alone marks it. A rect ``target`` overlaps is not
    avoided."""
    blocks = [r for r in avoid if not r.colliderect(target)]
    t = target
    ways = [  # the tip, and the direction from the tip to the tail
        ((t.centerx, t.top - 6), (0, -1)),
        ((t.centerx, t.bottom + 6), (0, 1)),
        ((t.right + 6, t.centery), (1, 0)),
        ((t.left - 6, t.centery), (-1, 0)),
        ((t.right + 4, t.bottom + 4), (0.7, 0.7)),
        ((t.left - 4, t.bottom + 4), (-0.7, 0.7)),
        ((t.right + 4, t.top - 4), (0.7, -0.7)),
        ((t.left - 4, t.top - 4), (-0.7, -0.7)),
    ]
    for n in (length, length * 2 // 3, length // 2):  # shorter only where need be
        for tip, (dx, dy) in ways:
            tail = (round(tip[0] + dx * n), round(tip[1] + dy * n))
            if not (bounds.collidepoint(tail) and bounds.collidepoint(tip)):
                continue
            if not any(r.clipline(tail, tip) for r in blocks):
                return tail, tip
    return None


def arrow(surface: pygame.Surface, start: Point, end: Point, color: Color, width: int) -> None:
    """A line with a head at ``end``, outlined so it shows on cards and felt."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = width * 4
    base = (end[0] - ux * head, end[1] - uy * head)
    pygame.draw.line(surface, SHADOW, start, base, width + 4)
    pygame.draw.line(surface, color, start, base, width)
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    pygame.draw.polygon(surface, SHADOW, [end, left, right], 0)
    inner = [
        (end[0] - ux * 3, end[1] - uy * 3),
        (left[0] + ux, left[1] + uy),
        (right[0] + ux, right[1] + uy),
    ]
    pygame.draw.polygon(surface, color, inner, 0)
