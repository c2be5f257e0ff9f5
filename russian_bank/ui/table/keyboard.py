"""Keyboard play: a focus ring over the piles, moved with Tab or the arrow keys.

Enter on one of your cards raises it (Enter again on the same Table fan takes one
more card of the run); Enter on another place plays it there, as letting it go
there would; Esc puts it back. T turns the Stock or the Hand, D discards the card
turned from the Hand, C compels (for the adversary), U undoes. The engine judges
every action, exactly as for the mouse.
"""

from __future__ import annotations

import pygame

from ...engine import (
    ARRANGING,
    PLAY,
    Back,
    DiscardHeld,
    IllegalAction,
    Place,
    Raise,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
)
from ...engine.places import BANK, DISCARD, HAND, HELD, HELD_PLACE, STOCK, TABLE
from ..kit.canvas import Canvas, draw_rect
from .controller import TableController

ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def keys_help(stock: str = "Stock", hand: str = "Hand", table: str = "Table") -> str:
    """The keys of the table in one paragraph (for the Help), in the rule set's words."""
    return (
        "Keyboard: Tab or the arrow keys move the ring over the piles; Enter raises the card"
        f" under it (again on a {table} fan: one card more) and Enter on another place plays it"
        f" there; Esc puts it back. T turns the {stock} or {hand}, D discards, E ends the"
        " innings, S and K call Stop for A and B, C compels, U or Ctrl+Z undoes, L shows the"
        " move log, H gives a hint, F1 or ? opens the help, F11 full screen, Ctrl+N a new game."
    )


class Keyboard:
    def __init__(self) -> None:
        self.focus: Place | None = None
        self.held_chosen = False  # Enter on the held card chose it (it needs no raise)
        self.used = False  # the ring is drawn once the keyboard has been used

    # -- where the ring can go ---------------------------------------------------

    def order(self, ctl: TableController) -> list[Place]:
        me = ctl.position.player
        own = [Place(STOCK, me), Place(HAND, me), HELD_PLACE, Place(DISCARD, me)]
        tables = [Place(TABLE, i) for i in range(8)]
        banks = [Place(BANK, i) for i in range(8)]
        return own + tables + banks + [Place(STOCK, 1 - me), Place(DISCARD, 1 - me)]

    def rect(self, ctl: TableController, place: Place) -> pygame.Rect:
        """What of ``place`` shows (rows overlap with larger cards)."""
        L = ctl.layout
        if place.kind == TABLE:
            n = len(ctl.position.table[place.index])
            rects = L.table_card_rects(place.index, max(1, n))
            r = rects[0].unionall(rects[1:]) if len(rects) > 1 else rects[0]
        else:
            r = L.place_rect(place, ctl.position.player)
        return r.clip(L.shown_part(place))

    def chosen(self, ctl: TableController) -> tuple[Place, int] | None:
        p = ctl.position
        if p.raised is not None:
            return p.raised
        if self.held_chosen and p.held is not None:
            return HELD_PLACE, 1
        self.held_chosen = False
        return None

    # -- keys -------------------------------------------------------------------

    def handle_key(self, ctl: TableController, event: pygame.event.Event) -> bool:
        """Act on a key; True if it was a keyboard-play key."""
        k = event.key
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False  # Ctrl+Z, Ctrl+N and the like belong to the table and the app
        order = self.order(ctl)
        if self.focus not in order:  # the first move shows the ring on your Stock
            self.focus = order[0]
            if k == pygame.K_TAB or k in ARROWS:
                self.used = True
                return True
        if k == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.focus = order[(order.index(self.focus) + step) % len(order)]
        elif k in ARROWS:
            self.focus = self._nearest(ctl, order, ARROWS[k])
        elif k in ENTER:
            self.activate(ctl)
        elif k == pygame.K_t:
            self.turn(ctl)
        elif k == pygame.K_d:
            self.held_chosen = False
            ctl.player_act(DiscardHeld())
        elif k == pygame.K_c:
            adv = ctl.position.adversary
            if not ctl.is_bot(adv):
                ctl.call_compel(adv)
        elif k == pygame.K_u:
            self.held_chosen = False
            ctl.undo()
        elif k == pygame.K_ESCAPE and self.chosen(ctl) is not None:
            self.put_back(ctl)
        else:
            return False
        self.used = True
        return True

    @staticmethod
    def _center(ctl: TableController, place: Place) -> pygame.Vector2:
        """The middle of the place's own card in view (a Table fan's first card)."""
        L = ctl.layout
        return pygame.Vector2(
            L.place_rect(place, ctl.position.player).clip(L.shown_part(place)).center
        )

    def _nearest(self, ctl: TableController, order: list[Place], d: tuple[int, int]) -> Place:
        assert self.focus is not None
        here_c = self._center(ctl, self.focus)
        best, score = self.focus, float("inf")
        for place in order:
            v = self._center(ctl, place) - here_c
            along = v.x * d[0] + v.y * d[1]
            if along <= 1:
                continue
            side = abs(v.x * d[1]) + abs(v.y * d[0])
            s = along + 2.5 * side
            if s < score:
                best, score = place, s
        return best

    # -- actions -----------------------------------------------------------------

    def turn(self, ctl: TableController) -> None:
        p = ctl.position
        me = p.player
        if p.stock[me] and not p.stock_up[me]:
            ctl.player_act(TurnStock())
        elif p.hand[me]:
            ctl.player_act(TurnHand())
        elif p.discard[me]:
            ctl.player_act(TurnOverDiscard())
        else:
            ctl.refuse(
                me, "Nothing to turn: your Stock top is face up and Hand and Discard are empty"
            )

    def put_back(self, ctl: TableController, tried_bank: bool = False) -> None:
        self.held_chosen = False
        if ctl.position.raised is not None:
            ctl.act(Back(tried_bank))

    def activate(self, ctl: TableController) -> None:
        p = ctl.position
        me = p.player
        focus = self.focus
        assert focus is not None
        if ctl.shown_phase() not in (ARRANGING, PLAY) or ctl.is_bot(me):
            ctl.refuse(me, "It is not your turn to play")
            return
        chosen = self.chosen(ctl)
        if chosen is None:
            self.choose(ctl, focus)
            return
        src, count = chosen
        if focus == src:
            self.put_back(ctl)
            more = Raise(src, count + 1)
            if src.kind == TABLE and ctl.game.reason(more) is None:
                ctl.player_act(more)
            return
        if src.kind == HELD and focus == Place(DISCARD, me):
            self.held_chosen = False
            ctl.player_act(DiscardHeld())
            return
        try:
            action = ctl.game.find_play(src, focus, count)
        except IllegalAction as e:
            self.put_back(ctl, tried_bank=focus.kind == BANK and count == 1)
            ctl.refuse(me, e.reason)
            return
        self.held_chosen = False
        if not ctl.player_act(action):
            self.put_back(ctl)

    def choose(self, ctl: TableController, place: Place) -> None:
        """Enter with nothing chosen: raise the card under the ring (or turn a pile)."""
        p = ctl.position
        me = p.player
        kind = place.kind
        if kind == STOCK and place.index == me:
            if not p.stock[me]:
                ctl.refuse(me, "Your Stock is empty")
            elif p.stock_up[me]:
                ctl.player_act(Raise(place, 1))
            else:
                ctl.player_act(TurnStock())
        elif kind == HAND and place.index == me:
            self.turn(ctl)
        elif kind == DISCARD and place.index == me and p.discard[me]:
            ctl.player_act(Raise(place, 1))
        elif kind == HELD:
            if p.held is None:
                ctl.refuse(me, "You hold no card from your Hand: T turns its top card")
            else:
                self.held_chosen = True
        elif kind == TABLE and p.table[place.index]:
            ctl.player_act(Raise(place, 1))
        else:
            ctl.refuse(me, "Choose one of your cards with Enter first, then Enter where it goes")

    # -- drawing ------------------------------------------------------------------

    def draw(self, surf: pygame.Surface | Canvas, ctl: TableController) -> None:
        if not self.used or self.focus is None:
            return
        chosen = self.chosen(ctl)
        if chosen is not None:
            r = self.rect(ctl, chosen[0]).inflate(10, 10)
            draw_rect(surf, (120, 220, 255), r, 2, border_radius=8)
        r = self.rect(ctl, self.focus).inflate(6, 6)
        draw_rect(surf, (255, 255, 255), r, 3, border_radius=7)
        draw_rect(surf, (20, 20, 20), r.inflate(4, 4), 1, border_radius=9)
