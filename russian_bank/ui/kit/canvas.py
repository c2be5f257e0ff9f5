"""A frame recorded as drawing operations, and the window's record of the last one.

The table's screen records what it draws into a :class:`Canvas`: every blit,
rectangle and translucent shade, each with the clip it was drawn under, in order.
``Canvas.paint`` draws them all on a surface. :class:`Screen` keeps the frame the
window shows; given the next one it repaints only the rectangles where the two
differ (an operation added, gone or moved in the drawing order) and hands those
rectangles to ``pygame.display.update``.

An operation names the surface it blits by identity, so a surface must not change
once it has been drawn (card faces, cached text and the static layer never do; a
changed picture is a new surface). Both frames are kept alive while they are
compared, so a new surface can never take an old one's identity.

The same drawing code can draw straight onto a pygame surface: :func:`draw_rect`
and :func:`shade` take either a ``Canvas`` or a ``pygame.Surface``.
"""

from __future__ import annotations

import difflib
from typing import Any, TypeAlias

import pygame

BLIT, RECT, SHADE = 0, 1, 2
Box: TypeAlias = tuple[int, int, int, int]
Op: TypeAlias = tuple[Any, ...]  # (kind, what, where..., clip)
# more damage than this share of the window repaints it whole (one rectangle)
WHOLE_SHARE = 0.5
MAX_RECTS = 48  # more separate rectangles than this are painted as their union


class Canvas:
    """Drawing operations in order, as ``pygame.Surface`` would draw them."""

    def __init__(self, size: tuple[int, int], clip: pygame.Rect | None = None) -> None:
        self.size = size
        self.full = pygame.Rect(0, 0, size[0], size[1])
        self.clip = self.full.copy() if clip is None else pygame.Rect(clip).clip(self.full)
        self._clip: Box = (self.clip.x, self.clip.y, self.clip.w, self.clip.h)
        self.ops: list[Op] = []
        self.bounds: list[Box] = []  # the pixels each operation may change

    # -- the parts of pygame.Surface's interface the drawing code uses -------------

    def get_size(self) -> tuple[int, int]:
        return self.size

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]

    def get_rect(self) -> pygame.Rect:
        return self.full.copy()

    def get_clip(self) -> pygame.Rect:
        return self.clip.copy()

    def set_clip(self, rect: pygame.Rect | Box | None = None) -> None:
        self.clip = self.full.copy() if rect is None else pygame.Rect(rect).clip(self.full)
        self._clip = (self.clip.x, self.clip.y, self.clip.w, self.clip.h)

    def blit(
        self,
        source: pygame.Surface,
        dest: pygame.Rect | tuple[int, int] | tuple[int, int, int, int],
        area: pygame.Rect | None = None,
    ) -> pygame.Rect:
        x, y = dest[0], dest[1]
        if area is None:
            w, h = source.get_size()
            key = None
        else:
            w, h = area.w, area.h
            key = tuple(area)
        b = self.clip.clip((x, y, w, h))
        if b.w > 0 and b.h > 0:
            self.ops.append((BLIT, source, x, y, key, self._clip))
            self.bounds.append((b.x, b.y, b.w, b.h))
        return b

    def rect(
        self,
        color: tuple[int, ...],
        rect: pygame.Rect | Box,
        width: int = 0,
        border_radius: int = 0,
    ) -> None:
        r = pygame.Rect(rect)
        b = self.clip.clip(r)
        if b.w > 0 and b.h > 0:
            self.ops.append((RECT, tuple(color), tuple(r), width, border_radius, self._clip))
            self.bounds.append((b.x, b.y, b.w, b.h))

    def shade(self, rect: pygame.Rect | Box, rgba: tuple[int, int, int, int]) -> None:
        """A translucent colour over ``rect`` (alpha-blended)."""
        r = pygame.Rect(rect)
        b = self.clip.clip(r)
        if b.w > 0 and b.h > 0:
            self.ops.append((SHADE, tuple(rgba), tuple(r), 0, 0, self._clip))
            self.bounds.append((b.x, b.y, b.w, b.h))

    # -- painting ------------------------------------------------------------------

    def paint(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """Draw the operations (those that touch ``area``, clipped to it) on ``surface``."""
        before = surface.get_clip()
        for op, b in zip(self.ops, self.bounds, strict=True):
            if area is None:
                surface.set_clip(op[5])
            elif area.colliderect(b):
                surface.set_clip(area.clip(op[5]))
            else:
                continue
            _draw(surface, op)
        surface.set_clip(before)


_shades: dict[tuple[tuple[int, int], tuple[int, ...]], pygame.Surface] = {}


def _draw(surface: pygame.Surface, op: Op) -> None:
    kind = op[0]
    if kind == BLIT:
        source, x, y, area = op[1], op[2], op[3], op[4]
        surface.blit(source, (x, y), area)
    elif kind == RECT:
        pygame.draw.rect(surface, op[1], op[2], op[3], border_radius=op[4])
    else:
        rgba, r = op[1], pygame.Rect(op[2])
        key = (r.size, rgba)
        tint = _shades.get(key)
        if tint is None:
            if len(_shades) > 16:
                _shades.clear()
            tint = pygame.Surface(r.size, pygame.SRCALPHA)
            tint.fill(rgba)
            _shades[key] = tint
        surface.blit(tint, r)


def draw_rect(
    target: pygame.Surface | Canvas,
    color: tuple[int, ...],
    rect: pygame.Rect | Box,
    width: int = 0,
    border_radius: int = 0,
) -> None:
    """``pygame.draw.rect`` on a surface or a canvas."""
    if isinstance(target, Canvas):
        target.rect(color, rect, width, border_radius)
    else:
        pygame.draw.rect(target, color, rect, width, border_radius=border_radius)


def shade(
    target: pygame.Surface | Canvas, rect: pygame.Rect | Box, rgba: tuple[int, int, int, int]
) -> None:
    """A translucent colour over ``rect`` of a surface or a canvas."""
    if isinstance(target, Canvas):
        target.shade(rect, rgba)
    else:
        c = Canvas(target.get_size(), target.get_clip())
        c.shade(rect, rgba)
        c.paint(target)


# -- what changed between two frames ------------------------------------------------


def _keyed(ops: list[Op]) -> list[tuple[Op, int]]:
    """Each operation with how many equal ones came before it (a frame may draw
    the same thing twice)."""
    seen: dict[Op, int] = {}
    out = []
    for op in ops:
        n = seen.get(op, 0)
        seen[op] = n + 1
        out.append((op, n))
    return out


def changes(old: Canvas, new: Canvas) -> list[Box]:
    """The rectangles where ``new`` may paint other pixels than ``old``: the bounds
    of every operation only one of them has, and of the common operations whose
    drawing order changed. Elsewhere both draw the same operations in the same
    order, so the pixels are the same."""
    ok, nk = _keyed(old.ops), _keyed(new.ops)
    in_old, in_new = set(ok), set(nk)
    out = [b for k, b in zip(ok, old.bounds, strict=True) if k not in in_new]
    out += [b for k, b in zip(nk, new.bounds, strict=True) if k not in in_old]
    a = [k for k in ok if k in in_new]
    b = [k for k in nk if k in in_old]
    if a != b:
        kept: set[tuple[Op, int]] = set()
        for block in difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks():
            kept.update(a[block.a : block.a + block.size])
        where = dict(zip(ok, old.bounds, strict=True))
        out += [where[k] for k in a if k not in kept]
    return out


def merge(boxes: list[Box], size: tuple[int, int]) -> list[pygame.Rect]:
    """Fewer, larger rectangles covering ``boxes``: two are joined when their union
    is not much larger than the two apart; much damage becomes the whole window."""
    rects = sorted((pygame.Rect(b) for b in boxes), key=lambda r: -r.w * r.h)
    joined = True
    while joined:
        joined = False
        out: list[pygame.Rect] = []
        for r in rects:
            for i, o in enumerate(out):
                u = o.union(r)
                if u.w * u.h <= (o.w * o.h + r.w * r.h) * 1.25 + 2048:
                    out[i] = u
                    joined = True
                    break
            else:
                out.append(r)
        rects = out
    whole = pygame.Rect(0, 0, size[0], size[1])
    if len(rects) > MAX_RECTS:
        rects = [rects[0].unionall(rects[1:])]
    if sum(r.w * r.h for r in rects) > WHOLE_SHARE * whole.w * whole.h:
        return [whole]
    return [r.clip(whole) for r in rects]


class Screen:
    """The frame a surface shows now, to repaint only what the next one changes."""

    def __init__(self) -> None:
        self.shown: Canvas | None = None
        self.on: pygame.Surface | None = None
        self.size: tuple[int, int] | None = None

    def forget(self) -> None:
        """Something else drew on the surface: the next frame is painted whole."""
        self.shown = None
        self.on = None

    def show(self, surface: pygame.Surface, frame: Canvas) -> list[pygame.Rect] | None:
        """Bring ``surface`` to ``frame``; the rectangles repainted, or None if it
        was painted whole (a new surface or size, or nothing known of it)."""
        size = surface.get_size()
        old = self.shown
        if old is None or self.on is not surface or self.size != size or old.size != size:
            frame.paint(surface)
            self.shown, self.on, self.size = frame, surface, size
            return None
        rects = merge(changes(old, frame), size)
        for r in rects:
            frame.paint(surface, r)
        self.shown = frame
        return rects
