"""The coach at the table, and the help.

* **Hint** (H and a button): the Expert's choice for the Player, glowing on the
  table, with a one-line reason (``tutorial.hint``).
* **Coach on** (a setting, on by default): against the computer, before a fault
  the coach refuses the gesture once with a warning in words (doing it again goes
  ahead; in hot seat it stays silent, as the warning would tell the other player
  too); after a Stop against a person it explains what was missed, with the cards
  glowing, until the player clicks the note away or acts.
* **Help** (F1 and ?): the rules in brief, wrapped to the window and scrollable,
  with a way to the lessons.

What is a fault, what could be banked and what the Stop missed are asked of the
engine through ``russian_bank.tutorial``; nothing here judges a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..engine import Action, Back, Position, Stop
from ..tutorial import Advice, explain_stop, fault_warning, hint
from . import textpanel
from .render import DIM, GOLD, PANEL, WHITE, Button
from .scenes import Overlay

if TYPE_CHECKING:
    from .app import App
    from .scenes import GameScene

NOTE = (255, 225, 150)


class Coach:
    """The coach of one table (a :class:`GameScene`)."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self.warned: Action | None = None
        self.before_stop: Position | None = None
        self.note: Advice | None = None
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
        if isinstance(action, Stop):
            return None
        if not self.on or ctl.is_bot(pos.player) or seat != pos.player:
            return None
        if not ctl.is_bot(pos.adversary):
            return None  # hot seat: a warning would tell the other player too
        if isinstance(action, Back) or ctl.options.fault_mode == "beginner":
            return None
        warning = fault_warning(ctl.game, action)
        if warning is None:
            return None
        if self.warned == action:  # warned already: the player's own choice
            self.warned = None
            return None
        self.warned = action
        return f"{warning} Do it again to go ahead."

    def changed(self) -> None:
        """After every action (a person's, or the computer's through the match
        runner): explain a Stop against a person; a person's own definite action
        dismisses the note."""
        ctl = self.scene.ctl
        actions = ctl.game.actions
        human, self._human_act = self._human_act, False
        if not actions:
            return
        last = actions[-1]
        if isinstance(last, Stop) and self.before_stop is not None:
            stopped = self.before_stop.player
            if self.on and not ctl.is_bot(stopped):
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
        advice = hint(pos, pos.player, seed=len(ctl.game.actions))
        if advice is None:
            ctl.refuse(pos.player, "No hint now: it is not a time to play")
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
        L = self.scene.layout
        top = L.row_y[1]
        right = L.table_left_x - 2 * L.fan_step - L.gap
        height = L.row_y[3] + L.card_size[1] - top
        return pygame.Rect(L.margin, top, right - L.margin, height)

    def note_lines(self) -> list[textpanel.Line]:
        if self.note is None:
            return []
        box = self.note_rect().inflate(-16, -16)
        size = max(12, self.scene.layout.unit // 7)
        blocks = [
            textpanel.Block("Coach", GOLD, True, 1.1),
            textpanel.Block(self.note.text, NOTE),
            textpanel.Block("Click this note to put it away.", DIM, False, 0.8),
        ]
        return textpanel.fit(self.scene.app.assets, blocks, box, size)

    def draw(self, surface: pygame.Surface) -> None:
        note = self.note
        if note is None:
            return
        L = self.scene.layout
        pos = self.scene.ctl.position
        for place in note.places:
            r = L.held_rects[pos.player] if place.kind == "held" else L.rects.get(place)
            if r is not None:  # the part in view (rows overlap with larger cards)
                r = r.clip(L.shown_part(place))
                pygame.draw.rect(surface, NOTE, r.inflate(10, 10), 4, border_radius=8)
        rect = self.note_rect()
        lines = self.note_lines()
        height = lines[-1].rect.bottom - rect.y + 10 if lines else rect.h
        panel = pygame.Rect(rect.x, rect.y, rect.w, min(rect.h, height))
        shade = pygame.Surface(panel.size, pygame.SRCALPHA)
        shade.fill((*PANEL, 235))
        surface.blit(shade, panel)
        pygame.draw.rect(surface, NOTE, panel, 2, border_radius=8)
        textpanel.draw(surface, self.scene.app.assets, lines, panel)


# ---------------------------------------------------------------------- help

HELP = [
    "The aim: be the first to get rid of all your cards, Stock, Hand and Discard (§1).",
    "Your Stock lies at your right, your Hand and Discard at your left. The Table is the "
    "two lines of four cards across the board; the Banks lie between them (§3, §40-45).",
    "The Banks start with Aces and climb in suit up to the King; cards of both packs "
    "share them (§5, §43).",
    "On the Table a card goes on one a rank higher and of the other colour. A space takes "
    "any card from the Table or your Stock, but not from your Discard (§6, §16, §17).",
    "Turn the top of your Stock before your Hand, and fill every space before you turn "
    "your Hand while your Stock has cards (§9, §17).",
    "A card turned from your Hand is held until you play it; putting it on your Discard "
    "ends your innings (§12, §15). When your Hand is used up, turn your Discard over: it "
    "becomes your Hand (§19).",
    "You may load your adversary's face-up Stock card or Discard with cards of the same "
    "suit, one higher or one lower (§29, §50).",
    "The duty to bank: whenever a card you may play fits a Bank, your next move must put "
    "a card on the Banks. If you do anything else, your adversary may call Stop and take "
    "over (§21, §24, §67). Banking the card first repairs the fault (§69).",
    "To call Stop press S (for A) or K (for B), or the Stop button. A Stop when there was "
    "no fault is refused (§66). After your adversary has turned his Discard over, you may "
    "compel him to bank instead of stopping him (§38, §70).",
    "Moving several Table cards at once needs free spaces: two cards with one space, four "
    "with two (§58).",
    "The winner scores 30, plus 2 for each card left in the loser's Stock and 1 for each "
    "in his Hand and Discard (§31). Abandoning costs 20 more (§34).",
    "At the table: drag cards to play; click your Stock or Hand to turn; double-click sends "
    "a card to a Bank; hold the right button on a Stock or Discard to look through it. "
    "H gives a hint; F1 or ? opens this help; Esc opens the menu.",
]


class HelpScene(Overlay):
    """The rules in brief, wrapped to the window and scrolled by wheel or keys."""

    @property
    def title(self) -> str:  # type: ignore[override]
        rules = self.app.game_scene.ctl.position.rules
        return "Help: the rules in brief" if rules.name == "committee" else f"Help: {rules.title}"

    def __init__(self, app: App) -> None:
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
            Button("lessons", "Learn to play (lessons)", pygame.Rect(panel.x + unit, y, half, bh)),
            Button(
                "back", "Back (Esc)", pygame.Rect(panel.x + 2 * unit + half, y, half, bh), "dim"
            ),
        ]
        box = pygame.Rect(panel.x + unit, panel.y + unit * 3, panel.w - 2 * unit, 0)
        box.height = y - unit - box.y
        return panel, box, buttons, unit

    def paragraphs(self) -> list[str]:
        """The Committee game's help; another rule set's own reminder (its words
        and sections come from the engine) and how the table is worked."""
        from .keyboard import keys_help
        from .scenes import controls_text

        rules = self.app.game_scene.ctl.position.rules
        keys = keys_help(rules.words.stock, rules.words.hand)
        if rules.name == "committee":
            return [*HELP, keys]
        out: list[str] = []
        for line in [*rules.reminder, *controls_text(rules.words)]:
            if out and not out[-1].endswith((".", ")", ":")):
                out[-1] += " " + line  # a sentence broken over two reminder lines
            else:
                out.append(line)
        return [*out, keys]

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
            from .tutorial_scene import LessonsScene

            self.app.scenes = [self.app.game_scene]
            self.app.push(LessonsScene(self.app))
        else:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        W, H = self.app.size
        shade = pygame.Surface((W, H), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        panel, box, buttons, unit = self.panel()
        pygame.draw.rect(surface, PANEL, panel, border_radius=unit)
        pygame.draw.rect(surface, GOLD, panel, 2, border_radius=unit)
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


__all__ = ["Coach", "HelpScene", "HELP"]
