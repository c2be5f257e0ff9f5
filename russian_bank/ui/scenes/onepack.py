"""The one-pack table scene (003) and its menu: ``handle_event / update / draw``.

Open it from the main menu ("New game: one pack"), or headless with
``python -m russian_bank.ui.onepack_main --screenshot FILE``.
"""

from __future__ import annotations

import random

import pygame

from ...engine.position import OVER
from ...onepack.actions import DISCARDS, HELD, PLACE_NAMES
from ...onepack.cards import Card
from ...onepack.game import OnePackGame
from ...onepack.position import SEAT_NAMES
from ..kit.widgets import DIM, FELT, GOLD, PANEL, WHITE, Button
from ..table.onepack_layout import OnePackLayout
from ..table.onepack_table import OPPONENTS, OnePackTable
from .base import Host, Overlay, Scene

KIND_COLORS = {"info": (235, 235, 220), "refuse": (255, 190, 120), "end": GOLD}


class OnePackScene(Scene):
    def __init__(
        self,
        app: Host,
        seed: int | None = None,
        opponent: str = "human",
        game: OnePackGame | None = None,
    ) -> None:
        super().__init__(app)
        self.layout = OnePackLayout(app.size)
        self.saved = -1  # actions in the game when it was last saved
        self.table: OnePackTable
        self.new_deal(seed, opponent, game)

    def new_deal(
        self, seed: int | None = None, opponent: str | None = None, game: OnePackGame | None = None
    ) -> None:
        if game is not None:
            seed = game.seed
        seed = random.randrange(1_000_000) if seed is None else seed
        opp = opponent if opponent is not None else self.table.opponent
        if (
            hasattr(self, "table")
            and self.table.match.game.actions
            and self.table.pos.phase != OVER
        ):
            self.app.keep_one_pack(self.table)  # left unfinished: kept too, not counted
        self.table = OnePackTable(self.layout, seed, opp, game=game)
        self.saved = -1
        self.kept = self.table.pos.phase == OVER  # a finished game is kept once, when it ends
        self.autosave()

    def autosave(self, open_: bool = True) -> None:
        """Save the game after every change: it survives a quit or a crash."""
        t = self.table
        n = len(t.match.game.actions)
        if n == self.saved and open_:
            return
        self.saved = n
        self.app.save_one_pack(t, open_)
        if t.pos.phase == OVER and not self.kept:
            self.kept = True
            self.app.keep_one_pack(t)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = OnePackLayout(size)
        self.table.layout = self.layout
        self.table.drag = None
        self.table.flights.clear()

    def buttons(self) -> list[Button]:
        p = self.layout.panel
        h = max(22, min(40, p.h // 18))
        w = p.w
        y = p.bottom - h
        out = []
        for name, label in (("menu", "Menu (Esc)"), ("new", "New deal")):
            out.append(Button(name, label, pygame.Rect(p.x, y, w, h)))
            y -= h + h // 3
        return out

    def handle_event(self, event: pygame.event.Event) -> None:
        t = self.table
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons():
                if b.rect.collidepoint(event.pos):
                    self.press_button(b.name)
                    return
            t.press(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            t.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            t.release(event.pos)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(OnePackMenu(self.app, self))
        self.autosave()

    def press_button(self, name: str) -> None:
        if name == "menu":
            self.app.push(OnePackMenu(self.app, self))
        elif name == "new":
            self.new_deal()

    def update(self, dt: float) -> None:
        self.table.update(dt)
        self.autosave()

    # -- drawing (reads only) -----------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        lay, t = self.layout, self.table
        pos = t.pos
        surface.fill(FELT)
        cards = self.app.assets.cards(lay.card_size)
        unit = max(11, lay.card_size[1] // 9)
        drag = t.drag
        hidden = t.flying()  # cards in the air or in the hand are not on their piles
        if drag is not None:
            hidden[drag.src] = hidden.get(drag.src, 0) + drag.count
        for pile, rect in lay.rects.items():
            surface.blit(cards.place(), rect)
            if pile.startswith("place") and not pos.laid[int(pile[5:]) // 4]:
                who = SEAT_NAMES[int(pile[5:]) // 4]
                self._text(surface, f"{who}'s row", unit, DIM, rect)
        for s in (0, 1):
            hand = lay.rects[f"hand{s}"]
            if pos.hands[s]:
                surface.blit(cards.back(0), hand)
            self._badge(surface, hand, f"Hand {len(pos.hands[s])}", unit)
            d = pos.discards[s]
            n = len(d) - hidden.get(DISCARDS[s], 0)
            if n > 0:
                surface.blit(cards.face(d[n - 1]), lay.rects[DISCARDS[s]])
            self._badge(surface, lay.rects[DISCARDS[s]], f"Discard {len(d)}", unit)
        for i, on_place in enumerate(pos.places):
            name = PLACE_NAMES[i]
            n = len(on_place) - hidden.get(name, 0)
            for card, r in zip(on_place[:n], lay.pile_rects(name, len(on_place)), strict=False):
                surface.blit(cards.face(card), r)
        if pos.held is not None and not hidden.get(HELD):
            r = lay.held_rects[pos.player]
            pygame.draw.rect(surface, GOLD, r.inflate(6, 6), 3, border_radius=6)
            surface.blit(cards.face(pos.held), r)
        self._panel(surface, unit)
        for pile in t.targets() if drag is not None else ():
            area = lay.pile_rects(pile, max(1, t.sizes()[pile]))[-1]
            pygame.draw.rect(surface, GOLD, area.inflate(8, 8), 3, border_radius=8)
        for f in t.flights:
            x, y = f.at()
            n = len(f.cards)
            steps = lay.place_offsets(n) if f.dst.startswith("place") else [0] * n
            for card, dy in zip(f.cards, steps, strict=True):
                surface.blit(cards.face(card), (x, y + dy))
        if drag is not None:
            offsets = lay.place_offsets(drag.count)
            for card, dy in zip(self._raised(), offsets, strict=False):
                x = drag.at[0] - drag.grab[0]
                surface.blit(cards.face(card), (x, drag.at[1] - drag.grab[1] + dy))

    def _raised(self) -> list[Card]:  # the dragged cards, lowest first
        t = self.table
        d = t.drag
        if d is None:
            return []
        if d.src == HELD:
            return [t.pos.held] if t.pos.held is not None else []
        if d.src in DISCARDS:
            return t.pos.discards[DISCARDS.index(d.src)][-1:]
        return t.pos.places[int(d.src[5:])][-d.count :]

    def _fitting(
        self, text: str, size: int, width: int, color: tuple[int, ...], bold: bool
    ) -> pygame.Surface:
        """``text`` drawn at ``size``, or smaller until it is at most ``width`` wide."""
        img = self.app.assets.text(text, size, color, bold)
        while img.get_width() > width and size > 7:
            size -= 1
            img = self.app.assets.text(text, size, color, bold)
        return img

    def _text(
        self, surf: pygame.Surface, text: str, size: int, color: tuple[int, ...], rect: pygame.Rect
    ) -> None:
        img = self._fitting(text, size, rect.w - 6, color, False)
        surf.blit(img, img.get_rect(center=rect.center))

    def _badge(self, surf: pygame.Surface, rect: pygame.Rect, label: str, size: int) -> None:
        img = self._fitting(label, size, rect.w + self.layout.gap, WHITE, True)
        box = img.get_rect().inflate(size // 2 + 4, 2)
        box.midtop = (rect.centerx, rect.bottom + 2)
        pygame.draw.rect(surf, (20, 20, 20), box, border_radius=box.h // 2)
        surf.blit(img, img.get_rect(center=box.center))

    def _panel(self, surf: pygame.Surface, unit: int) -> None:
        p, t, a = self.layout.panel, self.table, self.app.assets
        pos = t.pos
        pygame.draw.rect(surf, PANEL, p, border_radius=unit)
        x, y, w = p.x + unit, p.y + unit, p.w - 2 * unit
        for line, size, color in (("Russian Bank", unit + 6, GOLD), ("one pack (003)", unit, DIM)):
            img = a.text(line, size, color, bold=True)
            surf.blit(img, (x, y))
            y += img.get_height() + unit // 3
        y += unit // 2
        for s in (1, 0):
            who = SEAT_NAMES[s] + (f" (computer, {t.opponent})" if t.is_bot(s) else "")
            mark = "\u25b6 " if s == pos.player and pos.phase != OVER else "   "
            color = GOLD if s == pos.player else WHITE
            for line in (mark + who, f"    {pos.cards_left(s)} cards to get rid of"):
                img = a.text(line, unit, color)
                surf.blit(img, (x, y), pygame.Rect(0, 0, w, img.get_height()))
                y += img.get_height() + 2
            y += unit // 2
        y = self._wrapped(surf, t.hint(), unit, GOLD, x, y, w) + unit
        for m in reversed(t.messages):
            y = self._wrapped(surf, m.text, unit - 1, KIND_COLORS[m.kind], x, y, w) + unit // 3
            if y > self.buttons()[-1].rect.y - 2 * unit:
                break
        for b in self.buttons():
            self.app.renderer._button(surf, b, self.app.game_scene.layout)

    def _wrapped(
        self,
        surf: pygame.Surface,
        text: str,
        size: int,
        color: tuple[int, int, int],
        x: int,
        y: int,
        w: int,
    ) -> int:
        font = self.app.assets.font(size)
        img = font.render(text, True, color, wraplength=w)
        surf.blit(img, (x, y))
        return y + img.get_height()


class OnePackMenu(Overlay):
    title = "One-pack Russian Bank"

    def __init__(self, app: Host, scene: OnePackScene) -> None:
        super().__init__(app)
        self.scene = scene

    def lines(self) -> list[str]:
        return [f"Deal {self.scene.table.seed}. Rules: docs/one-pack.md (source 003)"]

    def items(self) -> list[tuple[str, str]]:
        opp = self.scene.table.opponent
        label = "human (hot seat)" if opp == "human" else f"computer, {opp}"
        return [
            ("resume", "Resume"),
            ("new", "New deal"),
            ("opponent", f"North: {label} (new deal)"),
            ("twopack", "Back to the two-pack game"),
            ("quit", "Quit"),
        ]

    def choose(self, name: str) -> None:
        if name == "resume":
            self.app.pop()
        elif name == "new":
            self.app.pop()
            self.scene.new_deal()
        elif name == "opponent":
            opp = self.scene.table.opponent
            self.scene.new_deal(None, OPPONENTS[(OPPONENTS.index(opp) + 1) % len(OPPONENTS)])
        elif name == "twopack":
            self.scene.autosave(open_=False)  # the next start opens the two-pack table
            self.app.scenes = [self.app.game_scene]
        elif name == "quit":
            self.app.quit()


def open_one_pack(
    app: Host, seed: int | None = None, opponent: str = "human", game: OnePackGame | None = None
) -> OnePackScene:
    scene = OnePackScene(app, seed, opponent, game)
    app.scenes = [scene]
    return scene
