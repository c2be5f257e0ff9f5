"""The remote table's status box, in the other seat's message line: the room and the
round trip, the adversary's countdown while he is away, the game's end, the chat.

Entries are shown whole or not at all (a wrapped entry is never cut to its last
line): the first ``keep`` entries (what the player must know) before the others,
then as many of the newest others as fit; the font shrinks, down to a legible
smallest size, until the first ones fit."""

from __future__ import annotations

import pygame

from ..kit.assets import Assets
from ..kit.canvas import Canvas, draw_rect
from ..kit.text import wrap
from ..kit.widgets import GOLD, PANEL, WHITE

SMALLEST = 8  # pixels: the status box's smallest font


def status_lines(
    assets: Assets, box: pygame.Rect, entries: list[str], keep: int
) -> tuple[int, list[str]]:
    """The font size and the lines drawn: the first ``keep`` entries whole, then
    the newest of the others that fit whole, in their order."""
    size = max(9, box.h // 4)
    while True:
        font = assets.font(size)
        rows = max(1, box.h // font.get_linesize())
        wrapped = [wrap(font, e, box.w) for e in entries]
        first = sum(len(w) for w in wrapped[:keep])
        if first <= rows or size <= SMALLEST:
            break
        size -= 1
    chosen = list(range(min(keep, len(entries))))
    used = first
    for i in range(len(entries) - 1, keep - 1, -1):
        if used + len(wrapped[i]) > rows:
            break
        chosen.append(i)
        used += len(wrapped[i])
    return size, [line for i in sorted(chosen) for line in wrapped[i]][:rows]


def draw_status(
    canvas: Canvas, assets: Assets, box: pygame.Rect, entries: list[str], keep: int
) -> None:
    """The box, its first entry in gold (the room), the others in white."""
    size, lines = status_lines(assets, box, entries, keep)
    step = assets.font(size).get_linesize()
    head = len(wrap(assets.font(size), entries[0], box.w)) if entries else 0
    draw_rect(canvas, PANEL, box)
    y = box.y
    for i, line in enumerate(lines):
        canvas.blit(assets.text(line, size, GOLD if i < head else WHITE), (box.x, y))
        y += step


__all__ = ["draw_status", "status_lines"]
