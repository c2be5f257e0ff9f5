"""Small pieces of every screen's drawing: the colours, the message
colours, a button and the parts of a seat's zone."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

FELT = (22, 92, 58)
FELT_DARK = (15, 70, 44)
PANEL = (10, 40, 26)
GOLD = (240, 200, 80)
WHITE = (244, 242, 232)
DIM = (170, 190, 175)


MESSAGE_COLORS = {
    "hint": (214, 236, 220),
    "info": (235, 235, 220),
    "refuse": (255, 190, 120),
    "stop": (255, 140, 140),
    "fault": (255, 230, 120),
}


@dataclass
class Button:
    name: str
    label: str
    rect: pygame.Rect
    style: str = "plain"  # plain, stop, dim
    seat: int = 0


def zone_parts(zone: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """Title line, message line, button row of a seat's zone.

    A wide, low strip (portrait windows) has the buttons at its right, beside the
    title and the message."""
    h = zone.h
    if zone.w >= 5 * zone.h:
        pad = max(3, h // 10)
        text_w = int(zone.w * 0.55)
        title = pygame.Rect(zone.x + pad, zone.y + pad, text_w - 2 * pad, int(h * 0.36))
        msg = pygame.Rect(title.x, title.bottom, title.w, zone.bottom - pad - title.bottom)
        bh = int(h * 0.4)
        row = pygame.Rect(zone.x + text_w, zone.centery - bh // 2, zone.w - text_w - pad, bh)
        return title, msg, row
    pad = max(3, h // 16)
    title = pygame.Rect(zone.x + pad, zone.y + pad, zone.w - 2 * pad, int(h * 0.24))
    buttons_h = int(h * 0.32)
    row = pygame.Rect(zone.x + pad, zone.bottom - pad - buttons_h, zone.w - 2 * pad, buttons_h)
    msg = pygame.Rect(zone.x + pad, title.bottom, zone.w - 2 * pad, row.top - title.bottom)
    return title, msg, row
