"""The coach at the table (the Help screen is ``scenes/help.py``).

* **Hint** (H and a button): the Expert's choice for the Player, glowing on the
  table, with a one-line reason (``tutorial.hint``).
* **Coach on** (a setting, on by default): against the computer, before a fault
  the coach refuses the gesture once with a warning in words (doing it again goes
  ahead; in hot seat it stays silent, as the warning would tell the other player
  too); after a Stop against a person it explains what was missed, with the cards
  glowing, until the player clicks the note away or acts.

What is a fault, what could be banked and what the Stop missed are asked of the
engine through ``russian_bank.tutorial``; nothing here judges a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ...engine import Action, Back, Position, Stop
from ...game.advice import Advice
from ...i18n import _
from ..kit import textpanel
from ..kit.canvas import Canvas, draw_rect, shade
from ..kit.widgets import DIM, GOLD, PANEL

if TYPE_CHECKING:
    from ..kit.assets import Assets
    from ..settings import Settings
    from .controller import TableController
    from .layout import Layout

NOTE = (255, 225, 150)


class _Seat(Protocol):
    settings: Settings
    assets: Assets


class CoachedTable(Protocol):
    """What the coach uses of its table's screen (``scenes/game.py``)."""

    ctl: TableController
    layout: Layout

    @property
    def app(self) -> _Seat: ...


class Coach:
    """The coach of one table (the game screen)."""

    def __init__(self, scene: CoachedTable) -> None:
        self.scene = scene
        self.warned: Action | None = None
        self.before_stop: Position | None = None
        self.note: Advice[Any] | None = None
        self.hints = 0  # hints given in this game (the record is marked)
        self._human_act = False  # the action being applied is a human's

    @property
    def on(self) -> bool:
        return bool(self.scene.app.settings.coach)

    def new_game(self) -> None:
        self.warned = None
        self.before_stop = None
        self.note = None
        self.hints = 0

    # -- hooks of the table's controller ----------------------------------------------

    def vet(self, action: Action, seat: int) -> str | None:
        """Asked before every person's action: warns a human Player once before
        a fault (against the computer)."""
        ctl = self.scene.ctl
        pos = ctl.position
        self._human_act = True
        if isinstance(action, Stop) or not ctl.game.stops or not ctl.judged:
            return None  # no faults in a game without Stops; the rules refuse the action
        if not self.on or ctl.is_bot(pos.player) or seat != pos.player:
            return None
        if not ctl.is_bot(pos.adversary):
            return None  # hot seat: a warning would tell the other player too
        if isinstance(action, Back) or ctl.options.fault_mode == "beginner":
            return None
        from ...tutorial.coach import fault_warning  # (the lessons' coach: when first asked)

        warning = fault_warning(ctl.game, action, check=False)  # the table judged it
        if warning is None:
            return None
        if self.warned == action:  # warned already: the player's own choice
            self.warned = None
            return None
        self.warned = action
        return _("{warning} Do it again to go ahead.").format(warning=warning)

    def changed(self) -> None:
        """After every action (a person's, or the computer's through the match
        runner): explain a Stop against a person; a person's own definite action
        dismisses the note."""
        ctl = self.scene.ctl
        actions = ctl.game.actions
        human, self._human_act = self._human_act, False
        if not actions:
            return
        if not ctl.game.stops:  # no Stops to explain: a person's action puts the note away
            if human:
                self.note = None
            return
        last = actions[-1]
        if isinstance(last, Stop) and self.before_stop is not None:
            stopped = self.before_stop.player
            if self.on and not ctl.is_bot(stopped):
                from ...tutorial.coach import explain_stop

                self.note = explain_stop(self.before_stop, stopped)
            self.before_stop = None
            return
        # remember the open fault: a Stop explains it afterwards (people's faults
        # come one action at a time, so the position with the fault is seen here)
        pos = ctl.position
        if (pos.fault is not None or pos.error) and pos.phase in ("play", "pending"):
            self.before_stop = pos.clone()
        elif not isinstance(last, Stop):
            self.before_stop = None
        if last.definite and human:
            self.note = None
            self.warned = None

    # -- the Hint button ---------------------------------------------------------------

    def hint(self) -> bool:
        ctl = self.scene.ctl
        pos = ctl.position
        if ctl.is_bot(pos.player) or ctl.drag is not None:
            return False
        advice = ctl.kind.hint(pos, pos.player, seed=len(ctl.game.actions))
        if advice is None:
            ctl.refuse(pos.player, _("No hint now: it is not a time to play"))
            return False
        self.note = advice
        self.hints += 1
        return True

    def dismiss(self, mouse: tuple[int, int]) -> bool:
        """A click on the note puts it away."""
        if self.note is not None and self.note_rect().collidepoint(mouse):
            self.note = None
            return True
        return False

    # -- drawing -------------------------------------------------------------------------

    def note_rect(self) -> pygame.Rect:
        """Left of the Table, beside rows 2-4, and short of the leftmost card of
        every Table row that fans out towards it (never over a card's edge)."""
        L = self.scene.layout
        top = L.row_y[1]
        bottom = L.row_y[3] + L.card_size[1]
        right = L.table_left_x - 2 * L.fan_step - L.gap
        for place, pile in self.scene.ctl.piles().items():
            if place.kind == "table" and pile.cards and L.fans_left(place.index):
                last = L.table_card_rects(place.index, len(pile.cards))[-1]
                if last.bottom > top and last.top < bottom:
                    right = min(right, last.left - L.gap)
        right = max(right, L.margin + 2 * L.card_size[0])  # room for a few words
        return pygame.Rect(L.margin, top, right - L.margin, bottom - top)

    def note_lines(self) -> list[textpanel.Line]:
        if self.note is None:
            return []
        box = self.note_rect().inflate(-16, -16)
        size = max(12, self.scene.layout.unit // 7)
        blocks = [
            textpanel.Block(_("Coach"), GOLD, True, 1.1),
            textpanel.Block(self.note.text, NOTE),
            textpanel.Block(_("Click this note to put it away."), DIM, False, 0.8),
        ]
        return textpanel.fit(self.scene.app.assets, blocks, box, size)

    def draw(self, surface: pygame.Surface | Canvas) -> None:
        note = self.note
        if note is None:
            return
        L = self.scene.layout
        pos = self.scene.ctl.position
        for place in note.places:
            r = L.held_rects[pos.player] if place.kind == "held" else L.rects.get(place)
            if r is not None:  # the part in view (rows overlap with larger cards)
                r = r.clip(L.shown_part(place))
                draw_rect(surface, NOTE, r.inflate(10, 10), 4, border_radius=8)
        rect = self.note_rect()
        lines = self.note_lines()
        height = lines[-1].rect.bottom - rect.y + 10 if lines else rect.h
        panel = pygame.Rect(rect.x, rect.y, rect.w, min(rect.h, height))
        shade(surface, panel, (*PANEL, 235))
        draw_rect(surface, NOTE, panel, 2, border_radius=8)
        textpanel.draw(surface, self.scene.app.assets, lines, panel)


__all__ = ["Coach", "CoachedTable"]
