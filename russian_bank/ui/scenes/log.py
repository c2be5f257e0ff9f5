"""The move log on key L: the whole game in words, scrollable (wheel, arrows, Page keys)."""

from __future__ import annotations

import pygame

from ...i18n import N_, _
from ..kit.text import wrap
from ..kit.widgets import GOLD, WHITE
from .base import Host, Scene, TableScene, backdrop


class LogScene(Scene):
    overlay = True
    title = N_("Move log (L or Esc to close; wheel, arrows, Page Up/Down to scroll)")

    def __init__(self, app: Host, table: TableScene | None = None) -> None:
        super().__init__(app)
        self.table = table or app.game_scene  # the table whose log it is (a remote one too)
        self.scroll = 0  # lines scrolled up from the newest

    def lines(self) -> list[str]:
        scene = self.table
        return scene.log.sync(scene.ctl.game)

    def geometry(self) -> tuple[pygame.Rect, pygame.Rect, int]:
        W, H = self.app.size
        unit = max(11, min(W, H) // 45)
        panel = pygame.Rect(0, 0, min(W - 20, unit * 60), H - 20)
        panel.center = (W // 2, H // 2)
        body = panel.inflate(-2 * unit, -2 * unit)
        body.y += unit * 2
        body.h -= unit * 2
        return panel, body, unit

    def shown(self) -> list[str]:
        """The wrapped lines in view (the newest at the bottom unless scrolled)."""
        _panel, body, unit = self.geometry()
        font = self.app.assets.font(unit)
        wrapped: list[str] = []
        for n, line in enumerate(self.lines(), 1):
            wrapped += wrap(font, f"{n}. {line}", body.w)
        rows = max(1, body.h // font.get_linesize())
        self.scroll = max(0, min(self.scroll, len(wrapped) - rows))
        end = len(wrapped) - self.scroll
        return wrapped[max(0, end - rows) : end]

    def handle_event(self, event: pygame.event.Event) -> None:
        _panel, body, unit = self.geometry()
        page = max(1, body.h // self.app.assets.font(unit).get_linesize() - 1)
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_UP: 1,
                pygame.K_DOWN: -1,
                pygame.K_PAGEUP: page,
                pygame.K_PAGEDOWN: -page,
                pygame.K_HOME: 10**6,
                pygame.K_END: -(10**6),
            }
            if event.key in (pygame.K_ESCAPE, pygame.K_l):
                self.app.pop()
            elif event.key in moves:
                self.scroll = max(0, self.scroll + moves[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll + 3 * event.y)

    def draw(self, surface: pygame.Surface) -> None:
        panel, body, unit = self.geometry()
        backdrop(surface, panel, unit)
        a = self.app.assets
        head = pygame.Rect(body.x, panel.y + unit // 2, body.w, unit * 2)
        self.app.renderer.put(surface, _(self.title), head, unit, GOLD, bold=True)
        lh = a.font(unit).get_linesize()
        y = body.y
        lines = self.shown()
        if not lines or lines == [""]:
            lines = [_("Nothing has been played yet.")]
        for line in lines:
            surface.blit(a.text(line, unit, WHITE), (body.x, y))
            y += lh
