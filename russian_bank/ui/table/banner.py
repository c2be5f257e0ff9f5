"""The banner across the table for a Stop and for the game's end: large words on
a dark band over the Banks, for a moment (``messages.BANNER_TIME``), beside the
seats' one-line notices that give the reason in full."""

from __future__ import annotations

import pygame

from ..kit.canvas import draw_rect, shade
from ..kit.widgets import GOLD, PANEL
from .layout import Layout
from .messages import Message
from .render import Renderer, Target

COLOURS = {"stop": ((175, 35, 35), (255, 240, 235)), "over": (PANEL, GOLD)}


def banner_rect(layout: Layout) -> pygame.Rect:
    """A band as wide as the Table's middle, a card's height, centred on the Banks."""
    W, H = layout.size
    cw, ch = layout.card_size
    w = min(W - 2 * layout.margin, max(cw * 5, W * 3 // 5))
    r = pygame.Rect(0, 0, w, max(40, ch * 2 // 3))
    r.center = (W // 2, (layout.row_y[1] + layout.row_y[4] + ch) // 2)
    return r


def draw_banner(surf: Target, renderer: Renderer, layout: Layout, m: Message) -> None:
    bg, fg = COLOURS.get(m.kind, COLOURS["over"])
    r = banner_rect(layout)
    shade(surf, r, (*bg, 235))
    draw_rect(surf, fg, r, 3, border_radius=10)
    size = max(12, round(r.h * 0.42 / renderer.assets.text_scale))
    renderer.put(surf, m.text, r.inflate(-r.h // 2, -8), size, fg, bold=True, align="center")
