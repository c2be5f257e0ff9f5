"""Help: the rules in brief, wrapped to the window and scrollable, with a way to the
lessons (F1 and ?, menu *Help: the rules*)."""

from __future__ import annotations

import pygame

from ..kit import textpanel
from ..kit.widgets import DIM, GOLD, PANEL, WHITE, Button
from ..kit.words import controls_text
from ..table.keyboard import keys_help
from . import registry
from .base import Host, Overlay

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
            registry.over_table("lessons", self.app)
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


__all__ = ["HELP", "HelpScene"]
