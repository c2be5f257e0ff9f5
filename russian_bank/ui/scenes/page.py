"""A full-window page of the history screens (Past games, Statistics): a title, a
body, a row of buttons, and the fitting of their text (never cut, never below a
readable size)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...games import game_type
from ...i18n import N_, _
from ..kit.text import wrap
from ..kit.widgets import FELT, GOLD, PANEL, Button
from .base import Host, Scene

if TYPE_CHECKING:
    from ...history.store import Reading
    from ..kit.assets import Assets


READ_SHARE = 0.005  # seconds of a frame spent reading kept games (Past games, Statistics)


def reading_words(reading: Reading) -> str:
    """How far the reading of the kept games has come."""
    said = _("Reading the kept games: {n} of {total}")
    return said.format(n=reading.count, total=len(reading.names))


class Page(Scene):
    """A full-window page: a title, a body drawn by the subclass, a row of buttons."""

    title = ""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.note = ""  # one line under the body: what just happened

    def unit(self) -> int:
        W, H = self.app.size
        return max(11, min(W // 70, H // 42))

    def items(self) -> list[tuple[str, str]]:
        return [("back", _("Back"))]

    def buttons(self) -> list[Button]:
        W, H = self.app.size
        u = self.unit()
        items = self.items()
        bh, gap = int(u * 2.2), u
        # as wide as the longest label needs at the buttons' own font, if the row fits
        font = self.app.assets.font(max(10, bh * 11 // 20), True)
        need = max((font.size(label)[0] + 12 for _n, label in items), default=0)
        room = (W - 2 * u - gap * (len(items) - 1)) // max(1, len(items))
        bw = min(max(u * 13, need), room)
        x = (W - (len(items) * (bw + gap) - gap)) // 2
        out = []
        for name, label in items:
            out.append(Button(name, label, pygame.Rect(x, H - bh - u, bw, bh), self.style(name)))
            x += bw + gap
        return out

    def style(self, name: str) -> str:
        return "plain"

    def body(self) -> pygame.Rect:
        W, H = self.app.size
        u = self.unit()
        return pygame.Rect(u * 2, u * 4, W - u * 4, H - u * 10)

    def choose(self, name: str) -> None:
        if name == "back":
            self.app.pop()

    def click(self, pos: tuple[int, int]) -> None:
        pass

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons():
                if b.rect.collidepoint(event.pos):
                    self.choose(b.name)
                    return
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def text_layout(self) -> list[Text]:
        """Every text the page draws: (text, font size, bold, colour, where, the box
        it must stay inside); draw blits exactly these."""
        W, H = self.app.size
        u = self.unit()
        a = self.app.assets
        body = self.body()
        out: list[Text] = []
        room = pygame.Rect(u, u // 2, W - 2 * u, body.y - u // 2 - u // 2 - u // 2)
        title = _(self.title)
        size = fit_size(a, [title], int(u * 1.8), True, room.w, room.h)
        w, h = a.font(size, True).size(title)
        out.append((title, size, True, GOLD, pygame.Rect(W // 2 - w // 2, room.y, w, h), room))
        out += self.body_texts(body, u)
        if self.note:
            box = pygame.Rect(2 * u, body.bottom + u // 2, W - 4 * u, int(u * 2.2))
            f = a.font(u)
            y = box.y
            for line in wrap(f, self.note, box.w):
                w, h = f.size(line)
                out.append((line, u, False, GOLD, pygame.Rect(W // 2 - w // 2, y, w, h), box))
                y += h
        return out

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(FELT)
        u = self.unit()
        a = self.app.assets
        body = self.body()
        pygame.draw.rect(surface, PANEL, body.inflate(u, u), border_radius=u)
        self.draw_body(surface, body, u)
        for text, size, bold, color, r, _box in self.text_layout():
            surface.blit(a.text(text, size, color, bold), r)
        buttons = self.buttons()
        label = min((self.app.renderer.button_size(b) for b in buttons), default=None)
        for b in buttons:  # one font size for every button (issue 19)
            self.app.renderer._button(surface, b, self.app.game_scene.layout, label)

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect, u: int) -> None:
        """What the page draws under its texts (row stripes)."""

    def body_texts(self, body: pygame.Rect, u: int) -> list[Text]:
        return []


Text = tuple[str, int, bool, tuple[int, int, int], pygame.Rect, pygame.Rect]


def fit_size(
    a: Assets, texts: list[str], size: int, bold: bool, width: int, height: int = 10**6
) -> int:
    """The largest font size up to ``size`` at which every one of ``texts`` fits
    ``width`` (and one line ``height``); never below a readable size."""
    while size > least(a):
        f = a.font(size, bold)
        if all(f.size(t)[0] <= width for t in texts) and f.get_height() <= height:
            break
        size -= 1
    return size


MIN_PX = 9  # the smallest text a page shows, in pixels on the screen


def least(a: Assets) -> int:
    """The smallest font size (before the text scale) still ``MIN_PX`` on screen."""
    return max(1, -(-MIN_PX * 100 // round(a.text_scale * 100)))


OPPONENT_WORDS = {
    "human": N_("Human (hot seat)"),
    "novice": N_("Computer, Novice"),
    "club": N_("Computer, Club"),
    "expert": N_("Computer, Expert"),
    "master": N_("Computer, Master"),
}


def rules_words(name: str) -> str:
    """'Committee rules, 1920' for 'committee' (the game's own title)."""
    try:
        r = game_type(name).rules
    except ValueError:
        return name
    title: str = r.title
    if r.title_en.startswith("Russian Bank (") and "(" in title:
        title = title.partition("(")[2].rstrip(")")  # the Committee rules: the words inside
    return title + "".join(f" + {flag}" for flag in r.options)


def opponent_words(name: str) -> str:
    """A game's opponent as the history screens name it (a nickname stays)."""
    return _(OPPONENT_WORDS[name]) if name in OPPONENT_WORDS else name
