"""Text on the table: lines wrapped and shrunk to fit their box, tooltips, and the
move-log panel. :class:`Lettering` is the base of :class:`render.Renderer`; it keeps
every line it drew (``texts``) so tests can check that nothing was cut off.
"""

from __future__ import annotations

import pygame

from ...i18n import _
from ..kit.assets import Assets
from ..kit.canvas import Canvas, draw_rect
from ..kit.text import cuts_a_word, wrap
from ..kit.widgets import FELT, GOLD, PANEL, WHITE

Fitted = tuple[str, pygame.Rect, pygame.Rect]  # a line of text, where, its box
Target = pygame.Surface | Canvas  # drawn on at once, or recorded (kit/canvas.py)


class Lettering:
    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        # the felt under the panels (the static layer, drawn by the Renderer)
        self._static: pygame.Surface | None = None
        # every text line drawn in the last frame with the box it had to fit (tests)
        self.texts: list[Fitted] = []
        self._fitted: dict[tuple[object, ...], tuple[int, list[str]]] = {}
        # the move-log panel: (what it shows, the panel drawn, its text lines)
        self._log: tuple[tuple[object, ...], pygame.Surface, list[Fitted]] | None = None

    # -- text ----------------------------------------------------------------------

    def fit(
        self, text: str, box: pygame.Rect, size: int, bold: bool = False
    ) -> tuple[int, list[str]]:
        """The largest font size up to ``size`` at which ``text`` wraps inside ``box``
        (remembered: the same text in the same box is fitted once)."""
        key = (text, box.w, box.h, size, bold, self.assets.text_scale)
        done = self._fitted.get(key)
        if done is not None:
            return done
        smallest = max(1, round(7 / self.assets.text_scale))  # about 7 pixels on screen

        def wrapped(n: int) -> tuple[list[str], int, bool]:
            """The lines at size ``n``, their height, and whether they fit: within
            the box's height, every word whole (no "Disca|rd" in a narrow box)."""
            font = self.assets.font(n, bold)
            lines, lh = wrap(font, text, box.w), font.get_linesize()
            return lines, lh, len(lines) * lh <= box.h and not cuts_a_word(font, text, box.w)

        # bisect the sizes (a few wraps, not one per size): lo fits or is the smallest
        lo, hi = min(smallest, size), size + 1
        lines, lh, ok = wrapped(size)
        if ok:
            lo = size
        else:
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if wrapped(mid)[2]:
                    lo = mid
                else:
                    hi = mid
            lines, lh, _ok = wrapped(lo)
        done = lo, lines[: max(1, box.h // lh)]
        if len(self._fitted) > 500:
            self._fitted.clear()
        self._fitted[key] = done
        return done

    def put(
        self,
        surf: Target,
        text: str,
        box: pygame.Rect,
        size: int,
        color: tuple[int, ...],
        bold: bool = False,
        align: str = "left",
    ) -> None:
        """Draw ``text`` wrapped and shrunk to fit ``box``, centred vertically."""
        size, lines = self.fit(text, box, size, bold)
        lh = self.assets.font(size, bold).get_linesize()
        y = box.centery - len(lines) * lh // 2
        for line in lines:
            t = self.assets.text(line, size, color, bold)
            r = t.get_rect(top=y)
            if align == "center":
                r.centerx = box.centerx
            elif align == "right":
                r.right = box.right
            else:
                r.x = box.x
            r.clamp_ip(box)
            surf.blit(t, r)
            self.texts.append((line, r.clip(box) if r.h > box.h else r, box))
            y += lh

    def tooltip(
        self, surf: Target, text: str, at: tuple[int, int], avoid: pygame.Rect | None = None
    ) -> None:
        """A small box of wrapped text near ``at``, kept inside the window and off
        ``avoid`` (the pile or button it is about: the card just clicked or played
        stays in view)."""
        size, box = self.tooltip_box(surf.get_size(), text, at, avoid)
        draw_rect(surf, (30, 30, 26), box, border_radius=6)
        draw_rect(surf, GOLD, box, 1, border_radius=6)
        self.put(surf, text, box.inflate(-size, -6), size, WHITE)

    def tooltip_box(
        self,
        window: tuple[int, int],
        text: str,
        at: tuple[int, int],
        avoid: pygame.Rect | None = None,
    ) -> tuple[int, pygame.Rect]:
        """The tooltip's font size and box: below what it is about, else above it,
        beside it, or (nothing else fitting) by the pointer."""
        W, H = window
        size = max(11, min(W, H) // 55)
        width = min(W - 8, size * 26)
        font = self.assets.font(size)
        lines = wrap(font, text, width - size)
        lh = font.get_linesize()
        box = pygame.Rect(0, 0, max(font.size(ln)[0] for ln in lines) + size, len(lines) * lh + 8)
        inside = pygame.Rect(4, 4, W - 8, H - 8)
        if avoid is not None:
            for side in ("below", "above", "right", "left"):
                b = box.copy()
                if side in ("below", "above"):
                    b.centerx = at[0]
                    b.clamp_ip(pygame.Rect(inside.x, 0, inside.w, H))
                    if side == "below":
                        b.top = avoid.bottom + 6
                    else:
                        b.bottom = avoid.top - 6
                else:
                    b.centery = at[1]
                    b.clamp_ip(pygame.Rect(0, inside.y, W, inside.h))
                    if side == "right":
                        b.left = avoid.right + 6
                    else:
                        b.right = avoid.left - 6
                if inside.contains(b) and not b.colliderect(avoid):
                    return size, b
        box.topleft = (at[0] + 14, at[1] + 18)
        if box.bottom > H - 4:
            box.bottom = at[1] - 8
        box.clamp_ip(inside)
        return size, box

    def side_log(self, surf: Target, rect: pygame.Rect, lines: list[str]) -> None:
        """The move log beside the table: its newest lines, wrapped to the panel.
        The panel is drawn once per change of what it shows, then blitted whole."""
        size = max(11, rect.w // 24)
        font = self.assets.font(size)
        rows = max(1, rect.h // font.get_linesize())  # no more lines can show
        under = self._static
        words = (_("Move log (L: all of it)"), _("Nothing has been played yet."))
        shown = (len(lines), tuple(lines[-rows:]))
        key: tuple[object, ...] = (tuple(rect), size, self.assets.text_scale, words, shown, under)
        if self._log is None or self._log[0] != key:
            panel = pygame.Surface(rect.size).convert()
            if under is not None and under.get_rect().contains(rect):
                panel.blit(under, (0, 0), rect)  # what the rounded corners show
            else:
                panel.fill(FELT)
            start = len(self.texts)
            self._log_panel(panel, lines, size, words)
            at = rect.topleft
            texts = [(t, r.move(at), b.move(at)) for t, r, b in self.texts[start:]]
            del self.texts[start:]
            self._log = (key, panel, texts)
        surf.blit(self._log[1], rect)
        self.texts += self._log[2]

    def _log_panel(
        self, surf: pygame.Surface, lines: list[str], size: int, words: tuple[str, str]
    ) -> None:
        rect = surf.get_rect()
        draw_rect(surf, PANEL, rect, border_radius=8)
        pad = size // 2
        head = pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad, size * 2)
        self.put(surf, words[0], head, size, GOLD, bold=True)
        body = pygame.Rect(head.x, head.bottom, head.w, rect.bottom - pad - head.bottom)
        font = self.assets.font(size)
        lh = font.get_linesize()
        rows = max(1, body.h // lh)
        shown: list[str] = [] if lines else wrap(font, words[1], body.w)
        for n in range(len(lines), max(0, len(lines) - rows), -1):
            key = ("log", lines[n - 1], n, body.w, size, self.assets.text_scale)
            wrapped = self._fitted.get(key)
            if wrapped is None:
                wrapped = (size, wrap(font, f"{n}. {lines[n - 1]}", body.w))
                self._fitted[key] = wrapped
            if shown and len(shown) + len(wrapped[1]) > rows:
                break  # whole entries only: never the tail of a wrapped one
            shown = wrapped[1] + shown
            if len(shown) >= rows:
                break
        y = body.y
        for line in shown[:rows]:  # (only the newest entry, if longer, is cut short)
            t = self.assets.text(line, size, WHITE)
            surf.blit(t, (body.x, y))
            self.texts.append((line, t.get_rect(topleft=(body.x, y)), body))
            y += lh
