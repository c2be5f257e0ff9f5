"""Text wrapped to a box: every line fits the box's width, and the font shrinks
until all the lines fit its height. Used by the lesson panel, the coach's notes
and the help; ``fit`` is pure layout, so a test can check each line's box."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .assets import Assets
from .canvas import Canvas
from .text import cuts_a_word, wrap_paragraphs


@dataclass(frozen=True)
class Block:
    text: str
    color: tuple[int, int, int]
    bold: bool = False
    scale: float = 1.0  # relative to the panel's font size


@dataclass(frozen=True)
class Line:
    text: str
    size: int
    color: tuple[int, int, int]
    bold: bool
    rect: pygame.Rect  # where the rendered line goes (its real width)


def fit(
    assets: Assets, blocks: list[Block], box: pygame.Rect, size: int, min_size: int = 9
) -> list[Line]:
    """Lay ``blocks`` out as paragraphs in ``box``, shrinking the font if needed."""
    size = max(size, min_size)
    for s in range(size, min_size - 1, -1):
        lines = layout(assets, blocks, box, s, min_size)
        whole = not any(  # a size that would cut a word inside is too big
            cuts_a_word(assets.font(max(min_size, round(s * b.scale)), b.bold), b.text, box.w)
            for b in blocks
        )
        if not lines or (whole and lines[-1].rect.bottom <= box.bottom) or s == min_size:
            return lines
    return []


def layout(
    assets: Assets, blocks: list[Block], box: pygame.Rect, s: int, min_size: int = 9
) -> list[Line]:
    lines: list[Line] = []
    y = box.y
    for block in blocks:
        if not block.text:
            continue
        fs = max(min_size, round(s * block.scale))
        font = assets.font(fs, block.bold)
        h = font.get_linesize()
        for piece in wrap_paragraphs(font, block.text.split("\n"), box.w):  # \n: a paragraph
            w = font.size(piece)[0]
            lines.append(Line(piece, fs, block.color, block.bold, pygame.Rect(box.x, y, w, h)))
            y += h
        y += s // 2
    return lines


def draw(
    surface: pygame.Surface | Canvas, assets: Assets, lines: list[Line], clip: pygame.Rect
) -> None:
    for line in lines:
        if line.rect.bottom <= clip.top or line.rect.top >= clip.bottom:
            continue
        surface.blit(assets.text(line.text, line.size, line.color, line.bold), line.rect)
