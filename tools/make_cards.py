"""Generate the card artwork in images/cards/ (deterministic, headless).

Run from anywhere:  python tools/make_cards.py

It writes four folders: ``images/cards`` (the classic deck, with the backs and the
place outlines), ``images/cards-bold`` (the second design: large pips and indexes,
court pictures in a patterned frame), and ``images/cards-4c`` / ``images/cards-bold-4c``
(the Diamonds and Clubs of each design in the four-colour palette: Diamonds blue,
Clubs green; Hearts and Spades are the same in both palettes).

Everything is drawn with pygame primitives and the DejaVu fonts shipped in
russian_bank/fonts/.  Drawing happens at SS-times resolution and is then
smooth-scaled down, which gives anti-aliased edges for all shapes.  No randomness is
used, so the output is byte-for-byte reproducible.
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pygame.freetype  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "russian_bank" / "fonts"
OUT = ROOT / "images" / "cards"

W, H = 250, 350  # final card size (5:7)
SS = 4  # supersampling factor
RADIUS = 14
BORDER = 1.6

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_GLYPH = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}

FACE = (253, 251, 244)
EDGE = (40, 40, 46)
RED = (200, 16, 46)
BLACK = (26, 26, 30)
GOLD = (214, 166, 48)
GOLD_DARK = (150, 108, 22)
BLUE = (34, 74, 156)
BLUE_LIGHT = (96, 140, 210)
SKIN = (244, 220, 190)
SKIN_SHADE = (222, 188, 150)
INK = (52, 40, 36)
LIP = (170, 100, 92)
PANEL_BG = (247, 240, 220)
WHITE = (255, 255, 255)

# Corner index geometry (card pixels)
IDX_CX = 35
IDX_TOP = 12
RANK_H = 57
RANK_MAXW = 44
RANK10_MAXW = 52
IDX_SUIT_H = 36
IDX_GAP = 8

BLUE_SUIT = (18, 86, 196)  # four-colour Diamonds
GREEN_SUIT = (10, 128, 62)  # four-colour Clubs
BOLD_PIP_H, BOLD_PIP_DX = 50, 45  # the bold design's pips (card pixels)

# the design being drawn (set by main for each folder)
STYLE = {"bold": False, "four_colour": False}

_fonts: dict[str, pygame.freetype.Font] = {}


def suit_color(suit: str) -> tuple[int, int, int]:
    if STYLE["four_colour"] and suit == "D":
        return BLUE_SUIT
    if STYLE["four_colour"] and suit == "C":
        return GREEN_SUIT
    return RED if suit in "HD" else BLACK


def lighter(c: tuple[int, int, int], k: float = 0.35) -> tuple[int, int, int]:
    r, g, b = c
    return (int(r + (255 - r) * k), int(g + (255 - g) * k), int(b + (255 - b) * k))


def font(name: str) -> pygame.freetype.Font:
    if name not in _fonts:
        f = pygame.freetype.Font(str(FONTS / name), 100)
        f.antialiased = True
        f.kerning = True
        _fonts[name] = f
    return _fonts[name]


def s(v: float) -> int:
    """Card pixels -> supersampled pixels."""
    return int(round(v * SS))


def pts(points, ox: float = 0, oy: float = 0):
    return [(s(x + ox), s(y + oy)) for x, y in points]


def text_surface(
    text: str, fname: str, height: float, color, max_w: float | None = None
) -> pygame.Surface:
    """Render text so that its cap/glyph height is `height` card pixels (returned at SS scale)."""
    f = font(fname)
    ref = f.get_rect("H", size=100)
    size = 100 * height / ref.height
    surf, _ = f.render(text, color, size=size * SS)
    if max_w is not None and surf.get_width() > s(max_w):
        surf = pygame.transform.smoothscale(surf, (s(max_w), surf.get_height()))
    return surf


def suit_surface(suit: str, height: float) -> pygame.Surface:
    color = suit_color(suit)
    f = font("DejaVuSans.ttf")
    g = SUIT_GLYPH[suit]
    ref = f.get_rect(g, size=100)
    size = 100 * height / ref.height
    surf, _ = f.render(g, color, size=size * SS)
    return surf


def blit_center(dst: pygame.Surface, src: pygame.Surface, cx: float, cy: float, flip=False):
    if flip:
        src = pygame.transform.rotate(src, 180)
    r = src.get_rect(center=(s(cx), s(cy)))
    dst.blit(src, r)


def new_surface(fill=(0, 0, 0, 0)) -> pygame.Surface:
    surf = pygame.Surface((s(W), s(H)), pygame.SRCALPHA)
    surf.fill(fill)
    return surf


def rounded_mask(rect: pygame.Rect, radius: int) -> pygame.Surface:
    m = new_surface((255, 255, 255, 0))
    pygame.draw.rect(m, (255, 255, 255, 255), rect, border_radius=radius)
    return m


def clip_to(surf: pygame.Surface, mask: pygame.Surface) -> None:
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def card_base(face=FACE) -> pygame.Surface:
    surf = new_surface((*EDGE, 0))
    pygame.draw.rect(surf, EDGE, (0, 0, s(W), s(H)), border_radius=s(RADIUS))
    b = s(BORDER)
    pygame.draw.rect(surf, face, (b, b, s(W) - 2 * b, s(H) - 2 * b), border_radius=s(RADIUS) - b)
    return surf


def finish(surf: pygame.Surface) -> pygame.Surface:
    return pygame.transform.smoothscale(surf, (W, H))


# --------------------------------------------------------------------------- faces


def rank_label(rank: str) -> str:
    return "10" if rank == "T" else rank


def draw_index(card: pygame.Surface, rank: str, suit: str) -> None:
    color = suit_color(suit)
    label = rank_label(rank)
    maxw = RANK10_MAXW if label == "10" else RANK_MAXW
    if label == "10":  # set "1" and "0" tight together so the index stays narrow
        one = text_surface("1", "DejaVuSans-Bold.ttf", RANK_H, color)
        zero = text_surface("0", "DejaVuSans-Bold.ttf", RANK_H, color)
        gap = s(1)
        rs = pygame.Surface(
            (one.get_width() + gap + zero.get_width(), max(one.get_height(), zero.get_height())),
            pygame.SRCALPHA,
        )
        rs.fill((*color, 0))
        rs.blit(one, one.get_rect(bottomleft=(0, rs.get_height())))
        rs.blit(zero, zero.get_rect(bottomright=(rs.get_width(), rs.get_height())))
        if rs.get_width() > s(maxw):
            rs = pygame.transform.smoothscale(rs, (s(maxw), rs.get_height()))
    else:
        rs = text_surface(label, "DejaVuSans-Bold.ttf", RANK_H, color, maxw)
    ss_ = suit_surface(suit, IDX_SUIT_H)
    h = s(RANK_H + IDX_GAP + IDX_SUIT_H)
    w = max(rs.get_width(), ss_.get_width(), s(RANK10_MAXW))
    idx = pygame.Surface((w, h), pygame.SRCALPHA)
    idx.fill((*color, 0))
    # rank glyphs may have descenders (Q, J): align their cap top, let them hang
    idx.blit(rs, rs.get_rect(midtop=(w // 2, 0)))
    idx.blit(ss_, ss_.get_rect(midbottom=(w // 2, h)))
    x = s(IDX_CX) - w // 2
    y = s(IDX_TOP)
    card.blit(idx, (x, y))
    card.blit(pygame.transform.rotate(idx, 180), (s(W) - x - w, s(H) - y - h))


# Pip layouts: (column, row fraction) with column in -1, 0, 1 and row 0 (top) .. 1 (bottom)
PIPS: dict[str, list[tuple[int, float]]] = {
    "2": [(0, 0), (0, 1)],
    "3": [(0, 0), (0, 0.5), (0, 1)],
    "4": [(-1, 0), (1, 0), (-1, 1), (1, 1)],
    "5": [(-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    "6": [(-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    "7": [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    "8": [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)],
    "9": [(c, r) for r in (0, 1 / 3, 2 / 3, 1) for c in (-1, 1)] + [(0, 0.5)],
    "T": [(c, r) for r in (0, 1 / 3, 2 / 3, 1) for c in (-1, 1)] + [(0, 1 / 6), (0, 5 / 6)],
}
PIP_H = 38
PIP_DX = 37
PIP_TOP, PIP_BOTTOM = 62, 288


def draw_pips(card: pygame.Surface, rank: str, suit: str) -> None:
    bold = STYLE["bold"]
    pip = suit_surface(suit, BOLD_PIP_H if bold else PIP_H)
    dx = BOLD_PIP_DX if bold else PIP_DX
    cx = W / 2
    for col, row in PIPS[rank]:
        x = cx + col * dx
        y = PIP_TOP + row * (PIP_BOTTOM - PIP_TOP)
        blit_center(card, pip, x, y, flip=row > 0.5 + 1e-9)


def draw_ace(card: pygame.Surface, suit: str) -> None:
    color = suit_color(suit)
    cx, cy = W / 2, H / 2
    # a fine double ring ornament behind the big pip
    for r, wdt in ((74, 1.2), (69, 0.6)):
        pygame.draw.circle(card, GOLD, (s(cx), s(cy)), s(r), max(1, s(wdt)))
    for k in range(16):
        a = k * math.pi / 8
        x, y = cx + 71.5 * math.cos(a), cy + 71.5 * math.sin(a)
        pygame.draw.circle(card, GOLD if k % 2 else color, (s(x), s(y)), s(2.0))
    big = suit_surface(suit, 92)
    blit_center(card, big, cx, cy)


# --------------------------------------------------------------------------- courts

PANEL = pygame.Rect(62, 14, 126, 322)  # card pixels


def draw_court(card: pygame.Surface, rank: str, suit: str) -> None:
    px, py, pw, ph = PANEL
    half_h = ph / 2
    color = suit_color(suit)
    # frame
    pygame.draw.rect(card, GOLD, (s(px - 3), s(py - 3), s(pw + 6), s(ph + 6)), border_radius=s(5))
    pygame.draw.rect(card, color, (s(px - 1.5), s(py - 1.5), s(pw + 3), s(ph + 3)))
    # top half of the picture; the bottom half is the same rotated by 180 degrees
    half = pygame.Surface((s(pw), s(half_h)), pygame.SRCALPHA)
    half.fill(PANEL_BG)
    draw_figure(half, rank, suit, pw, half_h)
    if STYLE["bold"]:
        draw_court_pattern(half, suit, rank, pw, half_h)
    card.blit(half, (s(px), s(py)))
    card.blit(pygame.transform.rotate(half, 180), (s(px), s(py + half_h)))
    # divider
    cy = py + half_h
    pygame.draw.line(card, GOLD, (s(px), s(cy)), (s(px + pw), s(cy)), s(2.2))
    pygame.draw.line(card, color, (s(px), s(cy)), (s(px + pw), s(cy)), s(0.8))


def draw_court_pattern(half: pygame.Surface, suit: str, rank: str, pw: float, ph: float) -> None:
    """The bold design's court picture: a border of small suit signs round the
    figure, gold corner rosettes, and the rank in a large serif letter beside it."""
    color = suit_color(suit)
    small = suit_surface(suit, 9)
    n = 9
    for k in range(n):  # a row of suit signs along the top edge
        blit_center(half, small, 8 + k * (pw - 16) / (n - 1), 7)
    for k in range(1, 8):  # and down both sides
        y = 7 + k * (ph - 14) / 8
        blit_center(half, small, 7, y)
        blit_center(half, small, pw - 7, y)
    for x in (16, pw - 16):
        pygame.draw.circle(half, GOLD, (s(x), s(18)), s(5.5))
        pygame.draw.circle(half, color, (s(x), s(18)), s(2.4))
    letter = text_surface(rank, "DejaVuSerif-Bold.ttf", 18, GOLD_DARK)
    blit_center(half, letter, 22, 40)
    big = suit_surface(suit, 14)
    blit_center(half, big, 22, 62)


def _dots(surf, color, points, r):
    for x, y in points:
        pygame.draw.circle(surf, color, (s(x), s(y)), s(r))


def draw_figure(surf: pygame.Surface, rank: str, suit: str, pw: float, ph: float) -> None:
    red = suit in "HD"
    robe = suit_color(suit)
    robe_lt = (226, 70, 84) if red else (70, 72, 84)
    if STYLE["four_colour"] and suit in "DC":
        robe_lt = lighter(robe)
    jewel = robe if red else (30, 130, 90)
    cx = pw / 2
    hy = 62  # head centre
    hair = {"K": (120, 112, 104), "Q": (150, 98, 42), "J": (96, 62, 34)}[rank]

    # faint background lattice
    for k in range(-12, 14):
        x0 = k * 14
        pygame.draw.line(surf, (236, 226, 198), (s(x0), 0), (s(x0 + ph), s(ph)), s(0.7))
        pygame.draw.line(surf, (236, 226, 198), (s(x0 + ph), 0), (s(x0), s(ph)), s(0.7))

    # small suit mark in the upper corner of the panel
    blit_center(surf, suit_surface(suit, 22), 14, 17)

    # held object behind the body (drawn first, hand drawn later)
    if rank == "K":  # sceptre
        sx = cx + 44
        pygame.draw.line(surf, GOLD_DARK, (s(sx), s(40)), (s(sx), s(ph)), s(3.4))
        pygame.draw.line(surf, GOLD, (s(sx), s(40)), (s(sx), s(ph)), s(2))
        _dots(surf, GOLD, [(sx, 34), (sx - 5, 38), (sx + 5, 38)], 3.2)
        _dots(surf, jewel, [(sx, 34)], 1.6)
    elif rank == "J":  # halberd
        sx = cx - 45
        pygame.draw.line(surf, (120, 82, 44), (s(sx), s(30)), (s(sx), s(ph)), s(2.6))
        blade = [(sx, 22), (sx + 3, 32), (sx + 9, 36), (sx + 9, 46), (sx, 44), (sx - 6, 44)]
        blade += [(sx - 6, 36), (sx - 2, 34)]
        pygame.draw.polygon(surf, (200, 206, 216), pts(blade))
        pygame.draw.polygon(surf, (90, 96, 110), pts(blade), s(0.8))

    # hair behind the head (queen: long, falls on shoulders)
    if rank == "Q":
        back = [(cx - 21, hy - 6), (cx - 25, hy + 20), (cx - 30, hy + 44), (cx - 16, hy + 40)]
        back += [(cx + 16, hy + 40), (cx + 30, hy + 44), (cx + 25, hy + 20), (cx + 21, hy - 6)]
        pygame.draw.polygon(surf, hair, pts(back))
        pygame.draw.ellipse(surf, hair, (s(cx - 22), s(hy - 24), s(44), s(40)))

    # body / robe
    body = [(cx - 60, ph), (cx - 58, 122), (cx - 50, 106), (cx - 32, 97), (cx - 12, 92)]
    body += [(cx + 12, 92), (cx + 32, 97), (cx + 50, 106), (cx + 58, 122), (cx + 60, ph)]
    pygame.draw.polygon(surf, robe, pts(body))
    # sleeve folds in a lighter tone
    for sgn in (-1, 1):
        fold = [(cx + sgn * 52, ph), (cx + sgn * 50, 124), (cx + sgn * 40, 112)]
        fold += [(cx + sgn * 36, ph)]
        pygame.draw.polygon(surf, robe_lt, pts(fold))
        pygame.draw.line(surf, GOLD, (s(cx + sgn * 40), s(112)), (s(cx + sgn * 36), s(ph)), s(1.6))
    # blue under-garment (V opening) with gold centre band
    vee = [(cx - 16, 92), (cx + 16, 92), (cx + 10, ph), (cx - 10, ph)]
    pygame.draw.polygon(surf, BLUE, pts(vee))
    pygame.draw.rect(surf, GOLD, (s(cx - 3), s(100), s(6), s(ph - 100)))
    _dots(surf, BLUE_LIGHT if not red else jewel, [(cx, 112), (cx, 126), (cx, 140)], 1.6)
    pygame.draw.polygon(surf, GOLD_DARK, pts(body), s(1.0))

    if rank == "K":  # ermine collar
        collar = [(cx - 44, 102), (cx - 20, 92), (cx + 20, 92), (cx + 44, 102)]
        collar += [(cx + 40, 112), (cx + 16, 104), (cx - 16, 104), (cx - 40, 112)]
        pygame.draw.polygon(surf, (250, 250, 246), pts(collar))
        pygame.draw.polygon(surf, (160, 160, 160), pts(collar), s(0.7))
        for x, y in [(cx - 34, 103), (cx - 22, 98), (cx + 22, 98), (cx + 34, 103), (cx, 98)]:
            pygame.draw.polygon(surf, BLACK, pts([(x, y - 2), (x + 1.4, y + 2), (x - 1.4, y + 2)]))
    elif rank == "Q":  # pearl necklace and lace collar
        for k in range(-4, 5):
            y = 100 + 5 - abs(k) * 1.1
            _dots(surf, (250, 248, 240), [(cx + k * 3.6, y)], 1.6)
    else:  # jack: square gold-trimmed collar
        collar = [(cx - 26, 96), (cx + 26, 96), (cx + 18, 106), (cx - 18, 106)]
        pygame.draw.polygon(surf, BLUE_LIGHT, pts(collar))
        pygame.draw.polygon(surf, GOLD, pts(collar), s(1.2))

    # neck and head
    pygame.draw.rect(surf, SKIN_SHADE, (s(cx - 6), s(hy + 14), s(12), s(16)))
    pygame.draw.ellipse(surf, SKIN, (s(cx - 16), s(hy - 19), s(32), s(40)))
    pygame.draw.ellipse(surf, SKIN_SHADE, (s(cx - 16), s(hy - 19), s(32), s(40)), s(0.8))

    if rank == "K":  # hair at the sides and a full beard
        for sgn in (-1, 1):
            side = [(cx + sgn * 16, hy - 10), (cx + sgn * 19, hy + 4), (cx + sgn * 15, hy + 12)]
            side += [(cx + sgn * 13, hy - 4)]
            pygame.draw.polygon(surf, hair, pts(side))
        beard = [(cx - 15, hy + 4), (cx - 12, hy + 24), (cx - 5, hy + 34), (cx, hy + 36)]
        beard += [(cx + 5, hy + 34), (cx + 12, hy + 24), (cx + 15, hy + 4), (cx + 9, hy + 10)]
        beard += [(cx, hy + 9), (cx - 9, hy + 10)]
        pygame.draw.polygon(surf, hair, pts(beard))
        for k in (-6, 0, 6):
            pygame.draw.line(
                surf,
                (90, 84, 78),
                (s(cx + k * 0.9), s(hy + 18)),
                (s(cx + k * 0.6), s(hy + 31)),
                s(0.6),
            )
        pygame.draw.line(
            surf, LIP, (s(cx - 3.5), s(hy + 13.5)), (s(cx + 3.5), s(hy + 13.5)), s(1.2)
        )
    elif rank == "Q":  # fringe
        fringe = [(cx - 17, hy - 2), (cx - 14, hy - 16), (cx, hy - 21), (cx + 14, hy - 16)]
        fringe += [(cx + 17, hy - 2), (cx + 9, hy - 12), (cx - 6, hy - 10)]
        pygame.draw.polygon(surf, hair, pts(fringe))
        pygame.draw.arc(surf, LIP, (s(cx - 4), s(hy + 8), s(8), s(5)), 3.5, 5.9, s(1.4))
    else:  # jack: short hair, small moustache
        for sgn in (-1, 1):
            side = [(cx + sgn * 16, hy - 10), (cx + sgn * 18, hy + 2), (cx + sgn * 14, hy + 6)]
            side += [(cx + sgn * 13, hy - 6)]
            pygame.draw.polygon(surf, hair, pts(side))
        for sgn in (-1, 1):
            m = [
                (cx, hy + 9),
                (cx + sgn * 7, hy + 10),
                (cx + sgn * 9, hy + 13),
                (cx + sgn * 3, hy + 11.5),
            ]
            pygame.draw.polygon(surf, hair, pts(m))
        pygame.draw.line(surf, LIP, (s(cx - 3), s(hy + 15)), (s(cx + 3), s(hy + 15)), s(1.1))

    # eyes, brows, nose
    for sgn in (-1, 1):
        ex = cx + sgn * 6.5
        pygame.draw.ellipse(surf, WHITE, (s(ex - 3), s(hy - 2), s(6), s(3.4)))
        pygame.draw.circle(surf, (50, 60, 90), (s(ex), s(hy - 0.3)), s(1.5))
        pygame.draw.line(
            surf, INK, (s(ex - 3.5), s(hy - 5)), (s(ex + 3), s(hy - 5.8 + sgn * 0.4)), s(1.0)
        )
    nose = [(cx - 0.5, hy - 2), (cx - 2.5, hy + 6), (cx + 1, hy + 6.5)]
    pygame.draw.lines(
        surf, SKIN_SHADE if rank != "K" else (200, 160, 130), False, pts(nose), s(1.0)
    )

    # headwear
    if rank == "K":  # crown with five points
        top, base = hy - 40, hy - 15
        crown = [(cx - 19, base), (cx - 21, top + 6), (cx - 12, top + 16), (cx - 8, top)]
        crown += [(cx - 3, top + 14), (cx, top - 4), (cx + 3, top + 14), (cx + 8, top)]
        crown += [(cx + 12, top + 16), (cx + 21, top + 6), (cx + 19, base)]
        pygame.draw.polygon(surf, GOLD, pts(crown))
        pygame.draw.polygon(surf, GOLD_DARK, pts(crown), s(0.9))
        pygame.draw.rect(surf, GOLD_DARK, (s(cx - 19), s(base - 7), s(38), s(7)))
        pygame.draw.rect(surf, GOLD, (s(cx - 18), s(base - 6), s(36), s(5)))
        _dots(surf, jewel, [(cx, base - 3.5)], 2.2)
        _dots(surf, BLUE, [(cx - 11, base - 3.5), (cx + 11, base - 3.5)], 1.7)
        _dots(surf, (250, 248, 240), [(cx - 21, top + 5), (cx - 8, top - 1), (cx, top - 5)], 1.6)
        _dots(surf, (250, 248, 240), [(cx + 8, top - 1), (cx + 21, top + 5)], 1.6)
    elif rank == "Q":  # tiara
        top = hy - 33
        tiara = [(cx - 16, hy - 14), (cx - 10, top + 7), (cx, top), (cx + 10, top + 7)]
        tiara += [(cx + 16, hy - 14), (cx + 8, hy - 17), (cx, hy - 18), (cx - 8, hy - 17)]
        pygame.draw.polygon(surf, GOLD, pts(tiara))
        pygame.draw.polygon(surf, GOLD_DARK, pts(tiara), s(0.9))
        _dots(surf, jewel, [(cx, top + 7)], 2.6)
        _dots(surf, BLUE, [(cx - 8, top + 11), (cx + 8, top + 11)], 1.5)
        _dots(surf, (250, 248, 240), [(cx, top - 1.5)], 1.6)
    else:  # jack: blue cap with gold band and a feather in the suit colour
        feather = [(cx + 8, hy - 22), (cx + 18, hy - 44), (cx + 26, hy - 50), (cx + 22, hy - 38)]
        feather += [(cx + 14, hy - 22)]
        pygame.draw.polygon(surf, robe_lt, pts(feather))
        pygame.draw.line(surf, robe, (s(cx + 10), s(hy - 22)), (s(cx + 24), s(hy - 48)), s(1))
        cap = [(cx - 22, hy - 12), (cx - 18, hy - 28), (cx - 4, hy - 34), (cx + 12, hy - 32)]
        cap += [(cx + 22, hy - 22), (cx + 21, hy - 12)]
        pygame.draw.polygon(surf, BLUE, pts(cap))
        pygame.draw.rect(surf, GOLD, (s(cx - 21), s(hy - 17), s(42), s(5)))
        pygame.draw.polygon(surf, GOLD_DARK, pts(cap), s(0.8))
        _dots(surf, jewel, [(cx + 12, hy - 14.5)], 1.8)

    # hands holding the objects
    cuff = (252, 246, 236) if rank == "Q" else GOLD
    hand_at = {"K": (cx + 44, 136), "Q": (cx - 28, 146), "J": (cx - 45, 132)}[rank]
    pygame.draw.ellipse(surf, cuff, (s(hand_at[0] - 7), s(hand_at[1] + 3), s(14), s(6)))
    if rank == "K":
        _dots(surf, SKIN, [(cx + 44, 136)], 5)
        pygame.draw.circle(surf, SKIN_SHADE, (s(cx + 44), s(136)), s(5), s(0.8))
        pygame.draw.line(surf, GOLD, (s(cx + 40), s(134)), (s(cx + 48), s(134)), s(1.2))
    elif rank == "Q":  # a flower
        fx, fy = cx - 34, 126
        pygame.draw.line(surf, (60, 120, 60), (s(fx), s(fy)), (s(fx + 6), s(fy + 20)), s(1.4))
        for k in range(5):
            a = k * 2 * math.pi / 5
            petal = (252, 246, 236) if red else BLUE_LIGHT
            _dots(surf, petal, [(fx + 4 * math.cos(a), fy + 4 * math.sin(a))], 3)
        _dots(surf, GOLD, [(fx, fy)], 2.2)
        _dots(surf, SKIN, [(fx + 6, fy + 20)], 4.6)
        pygame.draw.circle(surf, SKIN_SHADE, (s(fx + 6), s(fy + 20)), s(4.6), s(0.8))
    else:
        _dots(surf, SKIN, [(cx - 45, 132)], 5)
        pygame.draw.circle(surf, SKIN_SHADE, (s(cx - 45), s(132)), s(5), s(0.8))


def make_face(rank: str, suit: str) -> pygame.Surface:
    card = card_base()
    if rank == "A":
        draw_ace(card, suit)
    elif rank in "JQK":
        draw_court(card, rank, suit)
    else:
        draw_pips(card, rank, suit)
    draw_index(card, rank, suit)
    return finish(card)


# --------------------------------------------------------------------------- backs


def make_back(kind: str) -> pygame.Surface:
    card = card_base((252, 252, 250))
    m = 11  # white margin
    inner = pygame.Rect(s(m), s(m), s(W - 2 * m), s(H - 2 * m))
    pat = new_surface()
    if kind == "a":  # deep blue, diagonal lattice of diamonds with dots
        base, line, accent = (22, 46, 112), (76, 112, 190), (190, 206, 240)
        pat.fill(base)
        step = 17
        for k in range(-40, 40):
            x0 = k * step
            pygame.draw.line(pat, line, (s(x0), 0), (s(x0 + H), s(H)), s(1.3))
            pygame.draw.line(pat, line, (s(x0 + H), 0), (s(x0), s(H)), s(1.3))
        for i in range(-20, 40):
            for j in range(-5, 40):
                x, y = i * step, j * step
                if (i + j) % 2 == 0:
                    pygame.draw.circle(pat, accent, (s(x), s(y)), s(1.8))
                else:
                    d = 3.2
                    pygame.draw.polygon(
                        pat, line, pts([(x, y - d), (x + d, y), (x, y + d), (x - d, y)])
                    )
        # central medallion
        cx, cy = W / 2, H / 2
        pygame.draw.ellipse(pat, base, (s(cx - 46), s(cy - 62), s(92), s(124)))
        pygame.draw.ellipse(pat, accent, (s(cx - 46), s(cy - 62), s(92), s(124)), s(2))
        pygame.draw.ellipse(pat, line, (s(cx - 40), s(cy - 56), s(80), s(112)), s(1))
        star = []
        for k in range(16):
            r = 34 if k % 2 == 0 else 14
            a = k * math.pi / 8
            star.append((cx + r * math.sin(a), cy - r * 1.3 * math.cos(a)))
        pygame.draw.polygon(pat, line, pts(star))
        pygame.draw.polygon(pat, accent, pts(star), s(1.2))
        pygame.draw.circle(pat, accent, (s(cx), s(cy)), s(6))
    else:  # burgundy, interlocking rings and rosettes
        base, line, accent = (112, 18, 40), (176, 70, 92), (236, 196, 168)
        pat.fill(base)
        step = 22
        for j in range(-1, 18):
            for i in range(-1, 13):
                x = i * step + (step / 2 if j % 2 else 0)
                y = j * step * 0.87
                pygame.draw.circle(pat, line, (s(x), s(y)), s(step * 0.62), s(1.2))
        for j in range(-1, 18):
            for i in range(-1, 13):
                x = i * step + (step / 2 if j % 2 else 0)
                y = j * step * 0.87
                pygame.draw.circle(pat, accent, (s(x), s(y)), s(1.7))
        cx, cy = W / 2, H / 2
        box = [(cx, cy - 66), (cx + 50, cy), (cx, cy + 66), (cx - 50, cy)]
        pygame.draw.polygon(pat, base, pts(box))
        pygame.draw.polygon(pat, accent, pts(box), s(2))
        box2 = [(cx, cy - 58), (cx + 43, cy), (cx, cy + 58), (cx - 43, cy)]
        pygame.draw.polygon(pat, line, pts(box2), s(1))
        for k in range(8):
            a = k * math.pi / 4
            x, y = cx + 20 * math.sin(a), cy - 26 * math.cos(a)
            pygame.draw.circle(pat, line, (s(x), s(y)), s(9))
            pygame.draw.circle(pat, accent, (s(x), s(y)), s(9), s(1))
        pygame.draw.circle(pat, base, (s(cx), s(cy)), s(12))
        pygame.draw.circle(pat, accent, (s(cx), s(cy)), s(12), s(1.5))
        pygame.draw.circle(pat, accent, (s(cx), s(cy)), s(4))
    clip_to(pat, rounded_mask(inner, s(RADIUS - 5)))
    card.blit(pat, (0, 0))
    # thin inner frame lines
    pygame.draw.rect(card, accent, inner.inflate(-s(8), -s(8)), s(1.2), border_radius=s(RADIUS - 8))
    pygame.draw.rect(card, base, inner, s(1.6), border_radius=s(RADIUS - 5))
    return finish(card)


# --------------------------------------------------------------------------- places


def dashed_round_rect(surf, color, rect: pygame.Rect, radius: int, width: int, dash: int, gap: int):
    """Dashed rounded rectangle: a solid outline masked by stripes along its perimeter."""
    outline = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    outline.fill((*color[:3], 0))
    pygame.draw.rect(outline, color, rect, width, border_radius=radius)
    # erase gaps with radial/straight cuts: straight edges use dash pattern, corners kept solid
    cut = (*color[:3], 0)
    x0, y0, x1, y1 = (
        rect.left + radius,
        rect.top + radius,
        rect.right - radius,
        rect.bottom - radius,
    )
    for a, b in ((x0, x1), (y0, y1)):
        length = b - a
        n = max(1, round((length + gap) / (dash + gap)))
        period = (length + gap) / n
        for k in range(n):
            g0 = a + k * period + (period - gap)
            if g0 >= b:
                continue
            g1 = min(g0 + gap, b)
            if (a, b) == (x0, x1):
                outline.fill(cut, (g0, rect.top - 1, g1 - g0, width + 2))
                outline.fill(cut, (g0, rect.bottom - width - 1, g1 - g0, width + 2))
            else:
                outline.fill(cut, (rect.left - 1, g0, width + 2, g1 - g0))
                outline.fill(cut, (rect.right - width - 1, g0, width + 2, g1 - g0))
    surf.blit(outline, (0, 0))


def make_place(bank: bool) -> pygame.Surface:
    surf = new_surface((255, 255, 255, 0))
    rect = pygame.Rect(s(3), s(3), s(W - 6), s(H - 6))
    pygame.draw.rect(surf, (255, 255, 255, 22), rect, border_radius=s(RADIUS))
    dashed_round_rect(surf, (240, 246, 236, 190), rect, s(RADIUS), s(3), s(16), s(9))
    if bank:
        col = (245, 236, 200, 96)
        cx, cy = W / 2, H / 2 - 4
        crown = [(cx - 44, cy + 24), (cx - 52, cy - 26), (cx - 24, cy - 2), (cx, cy - 40)]
        crown += [(cx + 24, cy - 2), (cx + 52, cy - 26), (cx + 44, cy + 24)]
        pygame.draw.polygon(surf, col, pts(crown))
        pygame.draw.rect(surf, col, (s(cx - 44), s(cy + 30), s(88), s(10)), border_radius=s(3))
        for x, y in [(cx - 52, cy - 30), (cx, cy - 45), (cx + 52, cy - 30)]:
            pygame.draw.circle(surf, col, (s(x), s(y)), s(6))
        # no letter under the crown: an "A" read as seat A's name; the table writes
        # the rule set's name for the pile there (Bank, Center pile, foundation)
    return finish(surf)


# --------------------------------------------------------------------------- main


def save(surf: pygame.Surface, folder: Path, name: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(folder / name))


def main() -> int:
    pygame.freetype.init()
    images = OUT.parent
    designs = [
        (OUT, False, False, SUITS),
        (images / "cards-bold", True, False, SUITS),
        (images / "cards-4c", False, True, "DC"),
        (images / "cards-bold-4c", True, True, "DC"),
    ]
    count = 0
    for folder, bold, four, suits in designs:
        STYLE["bold"], STYLE["four_colour"] = bold, four
        for suit in suits:
            for rank in RANKS:
                save(make_face(rank, suit), folder, f"{rank}{suit}.png")
                count += 1
    STYLE["bold"], STYLE["four_colour"] = False, False
    save(make_back("a"), OUT, "back_a.png")
    save(make_back("b"), OUT, "back_b.png")
    save(make_place(False), OUT, "place.png")
    save(make_place(True), OUT, "place_bank.png")
    print(f"wrote {count + 4} images under {images}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
