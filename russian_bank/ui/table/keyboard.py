"""Keyboard play: a focus ring over the piles, moved with Tab or the arrow keys.

Enter on one of your cards takes it, as pressing on it would (Enter again on the
same Table fan takes more of the pile); Enter on another place plays it there, as
letting it go there would; Esc puts it back. T turns, D discards the card turned
from the Hand, C compels (for the adversary), U undoes. The game's table view
says what each key asks and the rules judge it, exactly as for the mouse.
"""

from __future__ import annotations

import pygame

from ...game.places import BANK, DISCARD, HAND, HELD_PLACE, STOCK, TABLE, YOUR, Place, place_words
from ...game.view import Press
from ...i18n import _
from ..kit.canvas import Canvas, draw_rect
from .controller import TableController
from .gestures import settled

ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


RING = (255, 60, 170)  # the focus ring: magenta (not the gold of a drop target) on
RING_DARK = (15, 15, 15)  # a black band


class Keyboard:
    def __init__(self) -> None:
        self.focus: Place | None = None
        # cards chosen with Enter that the game was not told of (the held card, or a
        # game without raising): where and how many
        self.picked: tuple[Place, int] | None = None
        self.used = False  # the ring is drawn once the keyboard has been used

    # -- where the ring can go ---------------------------------------------------

    def order(self, ctl: TableController) -> list[Place]:
        me = ctl.position.player
        own = [Place(STOCK, me), Place(HAND, me), HELD_PLACE, Place(DISCARD, me)]
        tables = [Place(TABLE, i) for i in range(8)]
        banks = [Place(BANK, i) for i in range(8)]
        every = own + tables + banks + [Place(STOCK, 1 - me), Place(DISCARD, 1 - me)]
        return [p for p in every if p in ctl.table_view.places]

    def new_game(self, ctl: TableController) -> None:
        """A new deal: nothing stays chosen, and a ring on a pile the new game does
        not have (a Stock, then a one-pack deal) moves to the Player's first pile."""
        self.picked = None
        order = self.order(ctl)
        if self.focus is not None and self.focus not in order:
            self.focus = order[0] if order else None

    def rect(self, ctl: TableController, place: Place) -> pygame.Rect:
        """What of ``place`` shows (rows overlap with larger cards)."""
        L = ctl.layout
        if place.kind == TABLE:
            n = len(ctl.piles()[place].cards)
            rects = L.table_card_rects(place.index, max(1, n))
            r = rects[0].unionall(rects[1:]) if len(rects) > 1 else rects[0]
        else:
            r = L.place_rect(place, ctl.position.player)
        return r.clip(L.shown_part(place))

    def chosen(self, ctl: TableController) -> tuple[Place, int] | None:
        raised = ctl.raised()
        if raised is not None:
            return raised
        picked = self.picked
        if picked is not None:
            pile = ctl.piles().get(picked[0])
            if pile is not None and len(pile.cards) >= picked[1] and ctl.human_turn():
                return picked
        self.picked = None
        return None

    # -- keys -------------------------------------------------------------------

    def handle_key(self, ctl: TableController, event: pygame.event.Event) -> bool:
        """Act on a key; True if it was a keyboard-play key."""
        k = event.key
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False  # Ctrl+Z, Ctrl+N and the like belong to the table and the app
        order = self.order(ctl)
        if self.focus not in order:  # the first move shows the ring on your first pile
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
            self.picked = None
            self.judged(ctl, ctl.table_view.discard(ctl.position))
        elif k == pygame.K_c:
            adv = 1 - ctl.position.player
            if not ctl.is_bot(adv):
                ctl.call_compel(adv)
        elif k == pygame.K_u:
            self.picked = None
            ctl.undo()
        elif k == pygame.K_ESCAPE and self.chosen(ctl) is not None:
            self.put_back(ctl)
        else:
            return False
        self.used = True
        return True

    def turn(self, ctl: TableController) -> None:
        """T turns the game's pile to turn, wherever the ring is; with the ring on
        another pile (a Bank, the Table) it says which pile it turned, and the ring
        goes there (issue 19: T on a Bank seemed to do nothing)."""
        view, me = ctl.table_view, ctl.position.player
        before = view.piles(ctl.position)
        if not self.judged(ctl, view.turn(ctl.position)) or self.focus is None:
            return
        after = view.piles(ctl.position)
        mine = [p for p in (Place(STOCK, me), Place(HAND, me)) if p in after]
        turned = next((p for p in mine if before.get(p) != after[p]), None)
        if turned is not None and self.focus != turned:
            name = place_words(turned, me, view.words, YOUR)
            ctl.say(
                me, _("T turned {place}: it turns a card wherever the ring is").format(place=name)
            )
            self.focus = turned

    @staticmethod
    def judged(ctl: TableController, answer: object) -> bool:
        """Carry out what the game answered a key (an action it judged legal), or
        show its reason."""
        if isinstance(answer, str):
            ctl.refuse(ctl.position.player, answer)
            return False
        return answer is not None and ctl.player_act(answer, legal=True)

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

    def put_back(self, ctl: TableController, dst: Place | None = None, count: int = 1) -> None:
        self.picked = None
        back = ctl.table_view.back(ctl.position, dst, count)
        if back is not None:
            ctl.act(back)

    def activate(self, ctl: TableController) -> None:
        p = ctl.position
        me = p.player
        focus = self.focus
        assert focus is not None
        if not ctl.human_turn():
            ctl.refuse(me, _("It is not your turn to play"))
            return
        chosen = self.chosen(ctl)
        if chosen is None:
            self.choose(ctl, focus)
            return
        src, count = chosen
        if focus == src:
            self.put_back(ctl)
            more = ctl.table_view.more(ctl.position, src, count)
            if more is not None:
                self.ask(ctl, more, src)
            return
        # the game judges the play once: one legal action, or its reason
        answer = ctl.table_view.drop(p, src, count, focus)
        if answer is None or isinstance(answer, str):
            self.put_back(ctl, focus, count)
            if answer:
                ctl.refuse(me, answer)
            return
        self.picked = None
        if not ctl.player_act(answer, legal=True):
            self.put_back(ctl)

    def choose(self, ctl: TableController, place: Place) -> None:
        """Enter with nothing chosen: the top card under the ring (or turn a pile)."""
        p = ctl.position
        pile = ctl.piles().get(place)
        top = len(pile.cards) - 1 if pile is not None else 0
        press = ctl.table_view.press(p, place, max(0, top))
        if press.act is None and not press.take and press.refuse is None:
            press = Press(
                refuse=_("Choose one of your cards with Enter first, then Enter where it goes")
            )
        self.ask(ctl, press, place)

    def ask(self, ctl: TableController, press: Press, place: Place) -> None:
        if settled(ctl, press) and press.take and ctl.raised() is None:
            self.picked = (place, press.take)  # the game was not told: the table keeps it

    # -- drawing ------------------------------------------------------------------

    def draw(self, surf: pygame.Surface | Canvas, ctl: TableController) -> None:
        places = ctl.table_view.places
        if not self.used or self.focus is None or self.focus not in places:
            return  # (a place of another game is never drawn: its Tab moves the ring back)
        chosen = self.chosen(ctl)
        if chosen is not None and chosen[0] in places:
            r = self.rect(ctl, chosen[0]).inflate(10, 10)
            draw_rect(surf, (120, 220, 255), r, 2, border_radius=8)
        # a dark band round a bright one: it shows on white cards and on the felt
        w = max(3, ctl.layout.card_size[0] // 20)
        r = self.rect(ctl, self.focus).inflate(2 * w, 2 * w)
        draw_rect(surf, RING_DARK, r.inflate(2 * w, 2 * w), w, border_radius=8 + w)
        draw_rect(surf, RING, r, w, border_radius=8)
