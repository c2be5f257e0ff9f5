"""Mouse gestures to the rule book's actions (DESIGN.md).

The table hit-tests the mouse and asks the game's table view what it means:
what a press asks (a turn, a raise, cards to take in hand, or a refusal), what
letting the cards go on a place asks (one action the rules have judged legal, or
their reason: then the cards go back, and a two-pack game hears ``Back``), what a
double click asks, which piles may be spread with the right button. The game
alone decides what is legal, and judges a drop once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ...game.cards import Card
from ...game.places import HELD_PLACE, SEATS, TABLE, Place
from ...i18n import _

if TYPE_CHECKING:
    from ...game.protocol import TableView
    from ...game.view import Pile, Press
    from ..kit.widgets import Button
    from .animation import Placed
    from .layout import Layout


class GestureTable(Protocol):
    """What the gestures ask of the table (``controller.TableController``)."""

    layout: Layout
    clock: float
    table_view: TableView[Any, Any, Any]

    @property
    def position(self) -> Any: ...

    def piles(self) -> dict[Place, Pile]: ...

    def is_bot(self, seat: int) -> bool: ...

    def placed_cards(self) -> dict[Card, Placed]: ...

    def animate(self, before: dict[Card, Placed]) -> None: ...

    def player_act(self, action: Any, legal: bool = False) -> bool: ...

    def act(self, action: Any, seat: int | None = None, legal: bool = False) -> bool: ...

    def say(self, seat: int, text: str, kind: str = "info") -> None: ...

    def refuse(self, seat: int, reason: str) -> None: ...


DOUBLE_CLICK = 0.4
DRAG_THRESHOLD = 5


@dataclass
class Drag:
    src: Place
    count: int
    cards: list[Card]
    grab: tuple[int, int]  # mouse offset from the first card's top-left
    start: tuple[int, int]
    pos: tuple[int, int]
    rects: list[pygame.Rect]  # where the cards lay when the drag began
    raised: bool  # the game was told (a raise): letting go must tell it too
    moved: bool = False
    # let go and sent to a remote table's server: held where they were let go, the
    # mouse no longer moves them, until the answer (``ui/table/remote.py``)
    sent: bool = False

    def card_rects(self) -> list[pygame.Rect]:
        x0 = self.pos[0] - self.grab[0]
        y0 = self.pos[1] - self.grab[1]
        first = self.rects[0]
        return [r.move(x0 - first.x, y0 - first.y) for r in self.rects]


class Gestures:
    """The mouse at the table: hit-testing, drag and drop, clicks, spreading."""

    def __init__(self, table: GestureTable) -> None:
        self.table = table
        self.drag: Drag | None = None
        self.spread: Place | None = None
        self.last_click: tuple[float, Place] | None = None

    def hit(self, mouse: tuple[int, int]) -> tuple[Place, int] | None:
        """The place under the mouse and, for a Table fan, the card index."""
        L = self.table.layout
        p = self.table.position
        piles = self.table.piles()
        held = piles.get(HELD_PLACE)
        if held is not None and held.cards and L.held_rects[p.player].collidepoint(mouse):
            return HELD_PLACE, 0
        for place, rect in reversed(L.rects.items()):  # where rows overlap, the lower on top
            if not L.shown_part(place).collidepoint(mouse):
                continue
            if place.kind == TABLE:
                col = piles[place].cards
                rects = L.table_card_rects(place.index, len(col))
                for k in range(len(rects) - 1, -1, -1):
                    if rects[k].collidepoint(mouse):
                        return place, k
                if not col and rect.collidepoint(mouse):
                    return place, 0
            elif rect.collidepoint(mouse):
                return place, max(0, len(piles[place].cards) - 1)
        return None

    # -- press ------------------------------------------------------------------

    def press(self, mouse: tuple[int, int], button: int = 1) -> None:
        if button == 3:
            self._spread_at(mouse)
            return
        if button != 1 or self.drag is not None:
            return
        hit = self.hit(mouse)
        if hit is None:
            return
        t = self.table
        place, k = hit
        p = t.position
        me = p.player
        if t.is_bot(me) and p.phase in ("arranging", "play"):
            t.say(1 - me, _("Wait: it is {seat}'s innings").format(seat=SEATS[me]))
            return
        last, self.last_click = self.last_click, None
        double = last is not None and last[1] == place and t.clock - last[0] <= DOUBLE_CLICK
        if double:
            quick = t.table_view.quick(p, place)
            if quick is not None:
                if isinstance(quick, str):
                    if quick:
                        t.refuse(me, quick)
                else:
                    t.player_act(quick, legal=True)
                return
        self.ask(t.table_view.press(p, place, k), place, mouse)

    def ask(self, press: Press, place: Place, mouse: tuple[int, int]) -> None:
        """Do what a press asks: refuse, act (a turn, a raise), take cards in hand."""
        if settled(self.table, press) and press.take:
            self._start_drag(place, press.take, mouse)

    def _start_drag(self, place: Place, count: int, mouse: tuple[int, int]) -> None:
        placed = self.table.placed_cards()
        cards = self.cards_at(place, count)
        rects = [placed[c].rect for c in cards]
        grab = (mouse[0] - rects[0].x, mouse[1] - rects[0].y)
        raised = self.table.table_view.raised(self.table.position) is not None
        self.drag = Drag(place, count, cards, grab, mouse, mouse, rects, raised)

    def cards_at(self, place: Place, count: int) -> list[Card]:
        return list(self.table.piles()[place].cards[-count:])

    # -- motion and release ----------------------------------------------------------

    def motion(self, mouse: tuple[int, int]) -> None:
        d = self.drag
        if d is None or d.sent:
            return
        d.pos = mouse
        if abs(mouse[0] - d.start[0]) + abs(mouse[1] - d.start[1]) > DRAG_THRESHOLD:
            d.moved = True

    def release(self, mouse: tuple[int, int], button: int = 1) -> None:
        if button == 3:
            self.spread = None
            return
        d = self.drag
        if button != 1 or d is None or d.sent:
            return
        d.pos = mouse
        t = self.table
        pos = t.position
        dst = t.layout.drop_target(mouse, pos.player)
        # the game judges the drop once: one legal action, its reason, or nothing
        answer = t.table_view.drop(pos, d.src, d.count, dst, d.moved)
        if answer is None or isinstance(answer, str):
            self.put_back(answer or None, dst)
            if answer is None and not d.moved:
                self.last_click = (t.clock, d.src)
            return
        if not t.player_act(answer, legal=True):
            self.put_back(None)
        elif self.drag is d:  # (a remote table: the cards wait for the server's answer)
            d.sent = True

    def put_back(self, reason: str | None, dst: Place | None = None) -> None:
        """Let go of the dragged cards where they may not go: they go back (and the
        game hears of it if it was told they were raised)."""
        t = self.table
        d = self.drag
        back = t.table_view.back(t.position, dst, d.count) if d is not None and d.raised else None
        if back is not None:
            t.act(back, legal=False)
        elif d is not None:
            before = t.placed_cards()
            self.drag = None
            t.animate(before)
        self.drag = None
        if reason:
            t.refuse(t.position.player, reason)

    def lost(self) -> None:
        """The game took the dragged cards out of the hand (a Stop, a play)."""
        d = self.drag
        if d is None:
            return
        t = self.table
        if d.raised:
            gone = t.table_view.raised(t.position) is None
        else:
            now = t.piles().get(d.src)
            gone = now is None or now.cards[-d.count :] != tuple(d.cards)
        if gone:
            self.drag = None

    # -- spreading (§45-47, §79) -------------------------------------------------------

    def _spread_at(self, mouse: tuple[int, int]) -> None:
        """The owner of a pile the game lets be spread may spread it at any time."""
        hit = self.hit(mouse)
        t = self.table
        if hit is None or not t.table_view.spreads(hit[0]):
            return
        place = hit[0]
        ok, text = t.table_view.spread(place, t.is_bot(place.index))
        if not ok:
            t.refuse(1 - place.index, text)
            return
        self.spread = place
        t.say(1 - place.index, text)

    def spread_cards(self) -> list[Card]:
        if self.spread is None:
            return []
        pile = self.table.piles()[self.spread]
        return list(pile.cards[pile.up_from :])


def settled(table: GestureTable, press: Press) -> bool:
    """Refuse or act as a press asks (a mouse press or a key's): False when it was
    refused or its action failed, True when its cards may now be taken in hand."""
    if press.refuse is not None:
        if press.refuse:
            table.refuse(table.position.player, press.refuse)
        return False
    return press.act is None or table.player_act(press.act)


class MouseTable(Protocol):
    """The mouse's way into a table (``controller.TableController``)."""

    @property
    def drag(self) -> Drag | None: ...

    def press(self, mouse: tuple[int, int], button: int = 1) -> None: ...

    def motion(self, mouse: tuple[int, int]) -> None: ...

    def release(self, mouse: tuple[int, int], button: int = 1) -> None: ...


def table_mouse(
    table: MouseTable,
    event: pygame.event.Event,
    buttons: Callable[[], Sequence[Button]],
    press_button: Callable[[str], None],
    note: Callable[[tuple[int, int]], bool] | None = None,
) -> bool:
    """The mouse on a screen with the table (the game's and a lesson's): a left press
    on a button presses it, one on ``note`` (the coach's note) puts that away, any
    other press, motion or release is a gesture. False if it is not a mouse event."""
    if event.type == pygame.MOUSEBUTTONDOWN:
        if event.button == 1 and (table.drag is None or table.drag.sent):  # (buttons work on)
            for b in buttons():
                if b.rect.collidepoint(event.pos):
                    press_button(b.name)
                    return True
            if note is not None and note(event.pos):
                return True
        table.press(event.pos, event.button)
    elif event.type == pygame.MOUSEMOTION:
        table.motion(event.pos)
    elif event.type == pygame.MOUSEBUTTONUP:
        table.release(event.pos, event.button)
    else:
        return False
    return True
