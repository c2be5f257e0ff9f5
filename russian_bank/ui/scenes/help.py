"""Help: the rules in brief, wrapped to the window and scrollable, with a way to the
lessons (F1 and ?, menu *Help: the rules*)."""

from __future__ import annotations

import pygame

from ...i18n import _
from ..kit import textpanel
from ..kit.widgets import DIM, GOLD, WHITE, Button
from . import registry
from .base import Host, Overlay, backdrop


class HelpScene(Overlay):
    """The rules in brief, wrapped to the window and scrolled by wheel or keys."""

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Help: {rules}").format(rules=self.app.game_scene.ctl.position.rules.title)

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.scroll = 0

    def panel(self) -> tuple[pygame.Rect, pygame.Rect, list[Button], int]:
        W, H = self.app.size
        unit = max(13, min(W, H) // 40)
        panel = pygame.Rect(0, 0, min(W - 40, unit * 52), H - 40)
        panel.center = (W // 2, H // 2)
        bh = int(unit * 2.0)
        y = panel.bottom - unit - bh
        half = (panel.w - 3 * unit) // 2
        buttons = [
            Button(
                "lessons", _("Learn to play (lessons)"), pygame.Rect(panel.x + unit, y, half, bh)
            ),
            Button(
                "back", _("Back (Esc)"), pygame.Rect(panel.x + 2 * unit + half, y, half, bh), "dim"
            ),
        ]
        box = pygame.Rect(panel.x + unit, panel.y + unit * 3, panel.w - 2 * unit, 0)
        box.height = y - unit - box.y
        return panel, box, buttons, unit

    def paragraphs(self) -> list[str]:
        """The rules in brief of the rule set being played (its words and sections
        come from the engine), then how the table is worked, in the same words."""
        ctl = self.app.game_scene.ctl
        return ctl.table_view.help(ctl.position)

    def text_lines(self) -> list[textpanel.Line]:
        _panel, box, _b, unit = self.panel()
        blocks = [textpanel.Block(p, WHITE) for p in self.paragraphs()]
        return textpanel.layout(self.app.assets, blocks, box, unit)

    def max_scroll(self) -> int:
        _panel, box, _b, _u = self.panel()
        lines = self.text_lines()
        return max(0, lines[-1].rect.bottom - box.bottom) if lines else 0

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + dy))

    def handle_event(self, event: pygame.event.Event) -> None:
        _panel, box, buttons, unit = self.panel()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in buttons:
                if b.rect.collidepoint(event.pos):
                    self.choose(b.name)
                    return
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * unit * 3)
        elif event.type == pygame.KEYDOWN:
            step = {
                pygame.K_DOWN: unit * 2,
                pygame.K_UP: -unit * 2,
                pygame.K_PAGEDOWN: box.h - unit,
                pygame.K_PAGEUP: -(box.h - unit),
            }
            if event.key in step:
                self.scroll_by(step[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.app.pop()

    def choose(self, name: str) -> None:
        if name == "lessons":
            registry.over_table("lessons", self.app)
        else:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        panel, box, buttons, unit = self.panel()
        backdrop(surface, panel, unit, 150)
        a = self.app.assets
        title = self.title
        size = int(unit * 1.3)
        t = a.text(title, size, GOLD, bold=True)
        while t.get_width() > panel.w - 2 * unit and size > 10:
            size -= 1
            t = a.text(title, size, GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(panel.centerx, panel.y + unit)))
        lines = [
            textpanel.Line(ln.text, ln.size, ln.color, ln.bold, ln.rect.move(0, -self.scroll))
            for ln in self.text_lines()
        ]
        clip = surface.get_clip()
        surface.set_clip(box)
        textpanel.draw(surface, a, lines, box)
        surface.set_clip(clip)
        if self.max_scroll():
            frac = self.scroll / self.max_scroll()
            bar = pygame.Rect(
                box.right + unit // 3, box.y + int((box.h - unit * 2) * frac), 4, unit * 2
            )
            pygame.draw.rect(surface, DIM, bar, border_radius=2)
        for b in buttons:
            self.app.renderer._button(surface, b, self.app.game_scene.layout)


__all__ = ["HelpScene"]
