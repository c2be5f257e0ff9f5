"""Draw the table from the controller's state. Drawing never changes any state.

The felt and the empty-place outlines are drawn once per window size into a
static layer; each frame blits that layer, then the top card of each pile (with a
few edge lines for depth), the Table fans, the cards in flight and the dragged
cards. Card surfaces are pre-scaled (:class:`assets.CardImages`) and text
surfaces cached, so a frame is a few dozen blits.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...engine import ARRANGING, OVER, PENDING, Card, place_words
from ...engine.queries import waiting
from ...engine.rules import COMMITTEE
from ...game.places import BANK, DISCARD, HAND, HELD_PLACE, SEATS, STOCK, TABLE, Place
from ...game.words import Words
from ...i18n import _, ngettext, pgettext
from ..kit.assets import Assets, CardImages
from ..kit.canvas import draw_rect, shade
from ..kit.text import cuts_a_word
from ..kit.widgets import (
    DIM,
    FELT,
    FELT_DARK,
    GOLD,
    MESSAGE_COLORS,
    PANEL,
    WHITE,
    Button,
    zone_parts,
)
from .controller import TableController
from .layout import Layout
from .lettering import Fitted, Lettering, Target
from .winbar import draw_chance

__all__ = ["Fitted", "Renderer", "Target"]

READABLE_PX = 14  # the help line is shortened rather than shown smaller than this


class Renderer(Lettering):
    """The table; the text it puts in boxes, tooltips and the move log: lettering.py."""

    def __init__(self, assets: Assets) -> None:
        super().__init__(assets)
        self._static_key: tuple[tuple[int, int], tuple[int, int], str, int] | None = None
        self.static_texts: list[Fitted] = []
        self._edges: dict[tuple[tuple[int, int], int], pygame.Surface] = {}

    def forget_static(self) -> None:
        """Redraw the static layer next frame (new card design or text size)."""
        self._static = None
        self._edges.clear()

    # -- static layer ---------------------------------------------------------------

    def static_layer(
        self, layout: Layout, cards: CardImages, rules: Any = COMMITTEE
    ) -> pygame.Surface:
        """The felt, the empty places and their labels (in the rule set's words)."""
        key = (layout.size, layout.card_size, rules.spec, layout.bottom)
        if self._static is not None and self._static_key == key:
            self.texts += self.static_texts
            return self._static
        start = len(self.texts)
        W, H = layout.size
        surf = pygame.Surface((W, H)).convert()
        surf.fill(FELT)
        # a soft vignette: darker bands towards the edges
        for i in range(12):
            shade = (
                max(0, FELT[0] - 12 + i),
                max(0, FELT[1] - 22 + 2 * i),
                max(0, FELT[2] - 14 + i),
            )
            inset = i * min(W, H) // 60
            draw_rect(surf, shade, (inset, inset, W - 2 * inset, H - 2 * inset), 0)
        # the Table lines and the Banks between them (for a game with Banks)
        g = layout.gap
        mid = pygame.Rect(layout.bank_left_x - g, layout.row_y[1] - g, 0, 0)
        mid.width = layout.bank_right_x + layout.card_size[0] + g - mid.x
        mid.height = layout.row_y[4] + layout.card_size[1] + g - mid.y
        if any(p.kind == BANK for p in layout.rects):
            draw_rect(surf, FELT_DARK, mid, border_radius=g * 2)
        for place, rect in layout.rects.items():
            surf.set_clip(layout.shown_part(place))  # rows may overlap: the lower on top
            surf.blit(cards.place(place.kind == BANK), rect)
        surf.set_clip(None)
        for seat in (0, 1):
            surf.blit(cards.place(False), layout.held_rects[seat])
            zr = layout.zones[seat].rect
            draw_rect(surf, PANEL, zr, border_radius=max(4, zr.h // 10))
        # labels under/over the seat piles
        size = max(10, layout.unit // 9)
        for place in layout.rects:
            if place.kind in (STOCK, HAND, DISCARD):
                self._label(surf, place, layout, size, rules.words)
        for seat in (0, 1):
            r = layout.held_rects[seat]
            # TRANSLATORS: the empty slot where a card turned from the Hand is held
            held = pgettext("slot", "held")
            held = held[:1].upper() + held[1:]  # a label, as the piles' are
            self.put(surf, held, r.inflate(-6, -6), size, DIM, align="center")
        bank = rules.words.local().bank  # under each crown
        bank = bank[:1].upper() + bank[1:]
        for place in (p for p in layout.rects if p.kind == BANK):
            r = layout.rects[place].clip(layout.shown_part(place))
            if r.h < layout.card_size[1] // 2:
                continue  # an overlapped row: only its top strip shows
            box = pygame.Rect(r.x + 3, r.bottom - r.h // 4, r.w - 6, r.h // 4 - 3)
            fitted, lines = self.fit(bank, box, size)
            font = self.assets.font(fitted)
            if cuts_a_word(font, bank, box.w) or len(lines) * font.get_linesize() > box.h:
                continue  # too narrow for the word even small ("Fondation"): the crown says it
            self.put(surf, bank, box, size, DIM, align="center")
        self._static = surf
        self._static_key = key
        self.static_texts = self.texts[start:]
        return surf

    def _label(self, surf: Target, place: Place, layout: Layout, size: int, words: Words) -> None:
        r = layout.rects[place]
        name = place_words(place, words=words)
        name = name[:1].upper() + name[1:]  # a label, not a sentence: "Die Ablage von A"
        self.put(surf, name, r.inflate(-6, -6), size, DIM, align="center")

    # -- cards --------------------------------------------------------------------------

    def card(
        self,
        surf: Target,
        cards: CardImages,
        card: Card,
        rect: pygame.Rect,
        face_up: bool,
        left: bool = False,
    ) -> None:
        img = cards.face(card, left) if face_up else cards.back(card.pack)
        surf.blit(img, rect)

    def _edge_stack(self, cards: CardImages, depth: int) -> pygame.Surface:
        """The edges of ``depth`` cards under a pile's top card, each 2 pixels
        further down and right (one blit for all of them)."""
        key = (cards.size, depth)
        stack = self._edges.get(key)
        if stack is None:
            w, h = cards.size
            stack = pygame.Surface((w + 2 * depth, h + 2 * depth), pygame.SRCALPHA)
            rad = max(3, w // 14)
            for k in range(depth, 0, -1):
                r = pygame.Rect(2 * k, 2 * k, w, h)
                pygame.draw.rect(stack, (236, 232, 220), r, border_radius=rad)
                pygame.draw.rect(stack, (90, 90, 90), r, 1, border_radius=rad)
            stack.set_alpha(255, pygame.RLEACCEL)  # opaque runs are copied, not blended
            if len(self._edges) > 8:
                self._edges.clear()
            self._edges[key] = stack
        return stack

    def _stack(
        self,
        surf: Target,
        cards: CardImages,
        pile: list[Card],
        rect: pygame.Rect,
        up_from: int,
        hidden: set[Card],
    ) -> None:
        """A pile seen from above: a few edges for depth, then its top visible card."""
        visible = [i for i, c in enumerate(pile) if c not in hidden]
        if not visible:
            return
        top = visible[-1]
        depth = min(3, (top + 5) // 6)
        if depth:
            surf.blit(self._edge_stack(cards, depth), rect)
        self.card(surf, cards, pile[top], rect, top >= up_from)

    def badge_rect(self, rect: pygame.Rect, count: int | str, size: int) -> pygame.Rect:
        while True:  # narrow enough to leave both lower corner indexes clear
            box = self.assets.font(size, True).size(str(count))
            r = pygame.Rect(0, 0, box[0] + size // 2 + 4, box[1] + 2)
            if r.w <= rect.w * 46 // 100 or size <= 6:
                break
            size -= 1
        r.midbottom = (rect.centerx, rect.bottom + r.h // 3)
        return r

    def _badge(self, surf: Target, rect: pygame.Rect, count: int | str, size: int) -> None:
        """The count of a pile in a small pill on the middle of its lower edge, clear
        of the corner indexes."""
        box = self.badge_rect(rect, count, size)
        t = self.assets.text(str(count), size, WHITE, bold=True)
        while t.get_width() > box.w - 4 and size > 6:  # the size badge_rect settled on
            size -= 1
            t = self.assets.text(str(count), size, WHITE, bold=True)
        draw_rect(surf, (20, 20, 20), box, border_radius=box.h // 2)
        draw_rect(surf, DIM, box, 1, border_radius=box.h // 2)
        surf.blit(t, t.get_rect(center=box.center))

    # -- the whole table ------------------------------------------------------------------

    def draw(
        self,
        surf: Target,
        ctl: TableController,
        buttons: list[Button],
        match: tuple[int, int],
        quiet: str | None = None,
    ) -> None:
        """The table; ``quiet``: what the waiting seat's box says when it has no
        message (by default the game being played)."""
        layout = ctl.layout
        cards = self.assets.cards(layout.card_size)
        self.texts = []
        surf.blit(self.static_layer(layout, cards, ctl.position.rules), (0, 0))
        pos = ctl.position
        hidden = ctl.hidden()
        badge = max(9, layout.unit // 9)
        piles = ctl.piles()  # the game's table view: every pile in its place
        clip = surf.get_clip()
        for place, rect in layout.rects.items():  # stacks: Stocks, Hands, Discards, Banks
            if place.kind == TABLE:
                continue
            pile = piles[place]
            if place.kind == BANK:  # rows may overlap: the lower on top
                surf.set_clip(clip.clip(layout.shown_part(place)))
                self._stack(surf, cards, list(pile.cards), rect, 0, hidden)
                surf.set_clip(clip)
                continue
            self._stack(surf, cards, list(pile.cards), rect, pile.up_from, hidden)
            self._badge(surf, rect, len(pile.cards), badge)
        raised = ctl.raised()
        placed = ctl.placed_cards() if raised is not None and ctl.drag is None else None
        for place in layout.rects:
            col = piles[place].cards if place.kind == TABLE else ()
            if not col:
                continue
            i = place.index
            left = layout.fans_left(i)
            last = len(col) - 1
            surf.set_clip(clip.clip(layout.shown_part(place)))
            for k, (c, r) in enumerate(zip(col, layout.table_card_rects(i, len(col)), strict=True)):
                if c in hidden:
                    continue
                if placed is not None:
                    r = placed[c].rect
                # a second index only on covered cards: the top card shows whole
                surf.blit(cards.face(c, left and k < last), r)
        surf.set_clip(clip)
        held = piles.get(HELD_PLACE)
        if held is not None and held.cards and held.cards[0] not in hidden:
            r = layout.held_rects[pos.player]
            surf.blit(cards.shadow, r.move(3, 4))
            surf.blit(cards.face(held.cards[0]), r)
        if placed is not None and raised is not None and raised[0].kind in (STOCK, DISCARD):
            pile_cards = piles[raised[0]].cards
            if pile_cards and pile_cards[-1] not in hidden:
                r = placed[pile_cards[-1]].rect
                surf.blit(cards.shadow, r.move(3, 4))
                surf.blit(cards.face(pile_cards[-1]), r)
        for seat in (0, 1):
            self._zone(surf, ctl, seat, match, quiet)
        for b in buttons:  # one font for the buttons of a seat's box
            self._button(surf, b, layout, self.label_size([c for c in buttons if c.seat == b.seat]))
        # cards in flight, then the dragged cards on top of everything
        for f in sorted(ctl.flights, key=lambda f: f.t > f.delay):
            r = f.rect()
            up, squash = f.showing()
            img = cards.face(f.card, f.left) if up else cards.back(f.card.pack)
            if squash < 0.999:
                width = max(1, int(r.w * squash))
                img = pygame.transform.scale(img, (width, r.h))
                r = img.get_rect(center=r.center)
            surf.blit(img, r)
        drag = ctl.drag
        if drag is not None:
            left = drag.src.kind == TABLE and layout.fans_left(drag.src.index)
            last = len(drag.cards) - 1
            for k, (c, r) in enumerate(zip(drag.cards, drag.card_rects(), strict=True)):
                surf.blit(cards.shadow, r.move(5, 7))
                surf.blit(cards.face(c, left and k < last), r)
            target = layout.drop_target(drag.pos, pos.player)
            if target is not None and target != drag.src and target.kind != HAND:
                tr = layout.table_area(target.index) if target.kind == TABLE else None
                if tr is None:
                    tr = layout.place_rect(target, pos.player)
                tr = tr.clip(layout.shown_part(target))
                draw_rect(surf, GOLD, tr.inflate(6, 6), 2, border_radius=6)
        if ctl.spread is not None:
            self._spread(surf, ctl, cards)

    def _zone(
        self,
        surf: Target,
        ctl: TableController,
        seat: int,
        match: tuple[int, int],
        quiet: str | None = None,
    ) -> None:
        layout = ctl.layout
        pos = ctl.position
        zr = layout.zones[seat].rect
        title, msg, _row = zone_parts(zr)
        phase = ctl.shown_phase()
        active = pos.player == seat and phase != OVER
        if active:
            draw_rect(surf, GOLD, zr, 3, border_radius=max(4, zr.h // 10))
        size = max(9, round(title.h / layout.scale) * 3 // 4)
        who = ctl.who(seat)
        if phase == OVER:
            state = _("game over")
        elif active:  # what to do is the hint's line, and a computer is not told
            state = _("arranging") if pos.phase == ARRANGING else _("to play")
        else:
            state = _("waiting")
        head = f"{who} · {state}"
        counts = _("{counts}   Match {points}").format(
            counts=ctl.table_view.counts(pos, seat), points=match[seat]
        )
        small = max(8, size * 5 // 6)
        room = title.w - self.assets.font(size, True).size(head)[0] - size
        head_box = title
        end = title.right  # where the title line's right-hand part ends
        chance = ctl.win_chance()
        if chance is not None:  # the win-chance bar: above the buttons, or ends the title
            took = draw_chance(self, surf, zr, chance[seat], small, room)
            if took:
                room, end = room - took, end - took
                head_box = pygame.Rect(title.x, title.y, end - title.x, title.h)
        for extra in (counts, _("Match {points}").format(points=match[seat])):
            if self.assets.font(small).size(extra)[0] <= room:
                right = pygame.Rect(end - room, title.y, room, title.h)
                self.put(surf, extra, right, small, DIM, align="right")
                head_box = pygame.Rect(title.x, title.y, end - room - title.x, title.h)
                break
        self.put(surf, head, head_box, size, GOLD if active else WHITE, bold=True)
        m = ctl.messages.get(seat)
        text, kind = (m.text, m.kind) if m is not None else ("", "info")
        grace = ctl.grace_left()
        wait = waiting(pos) if phase == PENDING else None
        if wait is not None and seat == pos.adversary and grace is not None:
            left = max(0.0, grace)
            text = _("{what}: Stop within {seconds} s if it was a fault")
            text = text.format(what=wait.what, seconds=f"{left:0.1f}")
            kind = "fault"
            frac = left / max(0.1, ctl.options.grace)
            bar = pygame.Rect(msg.x, msg.bottom - 4, int(msg.w * frac), 4)
            draw_rect(surf, (230, 80, 60), bar)
        clock = ctl.stop_clock() if seat == 1 - pos.player and ctl.told(seat) else None
        if clock is not None and wait is None:  # the time left to call Stop, counting down
            left, whole = clock
            bar = pygame.Rect(msg.x, msg.bottom - 4, int(msg.w * left / max(0.1, whole)), 4)
            draw_rect(surf, (230, 80, 60), bar)
            if not text:
                text = _("{seconds} s to call Stop").format(seconds=f"{left:0.1f}")
                kind = "hint"
        if wait is not None and seat == pos.player:
            text = _("{what}: {stakes} unless {seat} calls Stop")
            text = text.format(what=wait.what, stakes=wait.stakes, seat=SEATS[1 - seat])
            kind = "fault"
        if not text and active and ctl.told(seat):
            text, kind = ctl.table_view.hint_line(pos), "hint"
            if self.fit(text, msg, size * 5 // 6)[0] * self.assets.text_scale < READABLE_PX:
                first = (
                    ctl.table_view.first_words() if pos.phase == ARRANGING else _("drag to play")
                )
                first = f"{first[:1].upper()}{first[1:]}"
                text = _("{first} \u00b7 H: a hint \u00b7 F1: the rules").format(first=first)
        if not text and not active:  # the game being played, on the quiet seat's box
            r = pos.rules
            name = r.title + "".join(f" + {flag}" for flag in r.options)
            text, kind = quiet or _("Playing {rules}").format(rules=name), "name"
        if text:
            color = DIM if kind == "name" else MESSAGE_COLORS.get(kind, WHITE)
            self.put(surf, text, msg, size * 5 // 6, color)

    def label_size(self, buttons: list[Button]) -> int | None:
        """One font size for a row of buttons: the smallest any of them needs (no
        label drops to a smaller font of its own)."""
        return min((self.button_size(b) for b in buttons), default=None)

    def button_size(self, b: Button) -> int:
        """The label's font size: the button's own, smaller until the label fits."""
        size = max(10, b.rect.h * 11 // 20)
        while self.assets.font(size, True).size(b.label)[0] > b.rect.w - 6 and size > 8:
            size -= 1
        return size

    def _button(self, surf: Target, b: Button, layout: Layout, size: int | None = None) -> None:
        colors = {
            "stop": ((175, 35, 35), WHITE),
            "plain": ((235, 225, 190), (30, 30, 30)),
            "dim": ((70, 90, 80), (190, 200, 190)),
        }
        bg, fg = colors.get(b.style, colors["plain"])
        rad = max(4, b.rect.h // 4)
        draw_rect(surf, bg, b.rect, border_radius=rad)
        draw_rect(surf, (20, 20, 20), b.rect, 1, border_radius=rad)
        t = self.assets.text(b.label, size or self.button_size(b), fg, bold=True)
        surf.blit(t, t.get_rect(center=b.rect.center))

    def _spread(self, surf: Target, ctl: TableController, cards: CardImages) -> None:
        """§40, §45-47: the cards of a Stock's face-up part or a Discard, in order."""
        layout = ctl.layout
        W, H = layout.size
        spread = ctl.spread
        assert spread is not None
        pile = ctl.spread_cards()
        shade(surf, pygame.Rect(0, 0, W, H), (0, 0, 0, 120))
        cw, ch = layout.card_size
        room = W - 6 * layout.margin - cw
        step = max(layout.fan_step, min(int(cw * 0.6), room // max(1, len(pile) - 1)))
        per_row = max(1, room // step + 1)
        rows = max(1, -(-len(pile) // per_row))
        panel_h = rows * (ch + layout.gap) + ch // 3 + layout.gap
        panel = pygame.Rect(layout.margin, (H - panel_h) // 2, W - 2 * layout.margin, panel_h)
        draw_rect(surf, PANEL, panel, border_radius=10)
        draw_rect(surf, GOLD, panel, 2, border_radius=10)
        name = place_words(spread, None, ctl.table_view.words)
        n = len(pile)
        if spread.kind == STOCK:
            what = ngettext("{n} face-up card", "{n} face-up cards", n).format(n=n)
        else:
            what = ngettext("{n} card", "{n} cards", n).format(n=n)
        title = _("{place}: {cards}, bottom to top (release the right button)")
        title = title.format(place=name, cards=what)
        head = pygame.Rect(panel.x + layout.gap, panel.y + 2, panel.w - 2 * layout.gap, ch // 3)
        self.put(surf, title, head, max(11, layout.unit // 7), WHITE, bold=True)
        y = panel.y + ch // 3 + layout.gap // 2
        for r in range(rows):
            row = pile[r * per_row : (r + 1) * per_row]
            for k, c in enumerate(row):
                surf.blit(cards.face(c), (panel.x + 2 * layout.margin + k * step, y))
            y += ch + layout.gap
        if not pile:
            t = self.assets.text(_("(no face-up cards)"), max(11, layout.unit // 7), DIM)
            surf.blit(t, t.get_rect(center=panel.center))
