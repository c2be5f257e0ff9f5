"""The lesson's marks on the table: a pulsing glow round places and arrows.

Pure drawing: the pulse is a function of the clock the scene passes in."""

from __future__ import annotations

import math

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


def pointer(target: pygame.Rect, length: int, avoid: pygame.Rect) -> tuple[Point, Point]:
    """A short arrow at ``target`` from above (or below at the top of the window),
    from the right instead where that would cross ``avoid`` (the lesson panel)."""
    up = target.top - length > 0
    tip = (target.centerx, target.top - 6) if up else (target.centerx, target.bottom + 6)
    tail = (tip[0], tip[1] - length) if up else (tip[0], tip[1] + length)
    if avoid.clipline(tail, tip):
        tip = (target.right + 6, target.centery)
        tail = (tip[0] + length, tip[1])
    return tail, tip


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
