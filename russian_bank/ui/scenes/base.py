"""The base of every screen: ``Scene`` (events, time, drawing), ``Overlay`` (a
centred panel with a title, lines of text and a column of buttons), ``TableScene``
(what other screens may use of the card table's screen) and ``Host`` (what a screen
may use of the application: the window, the settings, the scene stack).

Screens never import each other: one opens another by name through
:mod:`.registry`. The application (``ui/app.py``) is the only ``Host``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pygame

from ...i18n import NC_, _, language, pgettext
from ..kit.canvas import shade
from ..kit.text import wrap, wrap_paragraphs
from ..kit.widgets import GOLD, PANEL, WHITE, Button
from ..settings import MISTAKES

if TYPE_CHECKING:
    from ..kit.assets import Assets, Sounds
    from ..kit.canvas import Canvas
    from ..settings import Settings
    from ..table.coach import Coach
    from ..table.controller import TableController
    from ..table.layout import Layout
    from ..table.movelog import MoveLog
    from ..table.render import Renderer
    from ..thinker import ProcessThinker


class Host(Protocol):
    """What a screen may use of the application (``ui.app.App``)."""

    size: tuple[int, int]
    screen: pygame.Surface
    assets: Assets
    renderer: Renderer
    sounds: Sounds
    settings: Settings
    scenes: list[Scene]
    match: list[int]
    games: int
    pace_override: str | None
    live: bool  # the real window: a computer thinks in a worker (thread or process)
    thinker: ProcessThinker | None  # the live table's worker process

    @property
    def game_scene(self) -> TableScene: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def open_menu(self) -> None: ...

    def new_game(self, seed: int | None = None, ask: bool = True) -> None: ...

    def quit(self) -> None: ...

    def save_settings(self) -> None: ...

    def save_game(self) -> None: ...

    def keep_game(self) -> None: ...

    def game_saved(self) -> bool: ...

    def bots_available(self) -> bool: ...

    def make_bots(self, game: Any) -> dict[int, object]: ...

    def mistakes(self) -> str | None: ...


class Scene:
    overlay = False
    # a screen that records its frame (``record``): the window then repaints only
    # what changed since the frame before (ui/kit/canvas.py)
    records = False

    def __init__(self, app: Host) -> None:
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def on_leave(self) -> None:
        """The scene has left the stack, however it left (its Cancel, Esc, a new
        game, the menu, Quit): let go of what it holds (a server, a connection)."""

    def record(self, canvas: Canvas) -> None:
        """The whole frame as drawing operations, if ``records`` (changes nothing)."""
        raise NotImplementedError

    def wake_in(self) -> float | None:
        """Seconds the loop may sleep if no event comes (0: moving; None: till one)."""
        return 0.0

    def look(self) -> object:
        """What shows, cheaply: a still screen is redrawn only when this changes."""
        return object()

    def resize(self, size: tuple[int, int]) -> None:
        pass


class TableScene(Scene):
    """The card table's screen (``scenes/game.py``), as the other screens use it:
    the table's controller, its layout, coach and move log, the game's scoring."""

    layout: Layout
    ctl: TableController
    coach: Coach
    log: MoveLog
    false_stops: list[int]
    results_shown: bool

    def new_game(self, game: Any) -> None:
        raise NotImplementedError

    def apply_settings(self) -> None:
        raise NotImplementedError

    def score_now(self) -> None:
        raise NotImplementedError


# ---------------------------------------------------------------------- overlays


# an Overlay's layout: its panel, its buttons (name, label, where), its unit, every
# line of text (line, font size, bold, where it is drawn, the box it must stay in),
# and the one font size of every button's label
Geometry = tuple[
    pygame.Rect,
    list[tuple[str, str, pygame.Rect]],
    int,
    list[tuple[str, int, bool, pygame.Rect, pygame.Rect]],
    int,
]
READABLE_UNIT = 11  # below this a panel puts its buttons in two columns
# (window size, text scale, panel, unit, button rects) once the player clicks in the panel
Held = tuple[tuple[int, int], float, pygame.Rect, int, list[pygame.Rect]]


class Overlay(Scene):
    """A centred panel with a title, some lines of text and a column of buttons."""

    overlay = True
    title = ""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self._fixed: Held | None = None
        self._laid: tuple[tuple[object, ...], Geometry] | None = None  # the last layout

    def wake_in(self) -> float | None:
        """A panel without a clock of its own (``update``) changes only with events."""
        return None if type(self).update is Scene.update else 0.0

    def look(self) -> object:
        return self if type(self).update is Scene.update else object()

    def lines(self) -> list[str]:
        return []

    def items(self) -> list[tuple[str, str]]:
        """(name, label) of each button, top to bottom."""
        return []

    def choose(self, name: str) -> None:
        pass

    def wrapped(self, unit: int, width: int) -> list[str]:
        """The text lines wrapped to a panel ``width`` wide, as drawn (never cut off)."""
        return wrap_paragraphs(self.app.assets.font(unit), self.lines(), width - 3 * unit)

    def geometry(self) -> tuple[pygame.Rect, list[tuple[str, str, pygame.Rect]], int]:
        panel, rects, unit, _text, _label = self._geometry()
        return panel, rects, unit

    def text_layout(self) -> list[tuple[str, int, bool, pygame.Rect, pygame.Rect]]:
        """Every line of text the panel shows: (line, font size, bold, where it is
        drawn, the box it must stay inside), the title and the wrapped lines."""
        return self._geometry()[3]

    def variants(self) -> list[tuple[list[str], list[tuple[str, str]]]]:
        """Other (lines, items) the panel's controls can cycle it to: the panel is
        sized for the widest labels and the most lines of them all, so a click never
        re-flows it under the pointer."""
        return []

    def _geometry(self) -> Geometry:
        """The panel's layout, wrapped again only when something it depends on
        changed: the words (in the language now chosen), the window's size, the
        fonts (Text size) and the held panel. A copy: callers may change it."""
        a = self.app.assets
        paragraphs, items, variants = self.lines(), self.items(), self.variants()
        key: tuple[object, ...] = (
            self.app.size,
            self.title,
            tuple(paragraphs),
            tuple(items),
            tuple((tuple(ps), tuple(its)) for ps, its in variants),
            None if self._fixed is None else repr(self._fixed),
            a,
            a.text_scale,
            language(),  # (the words above are looked up in it; a font may follow it)
        )
        if self._laid is None or self._laid[0] != key:
            self._laid = (key, self._lay_out(paragraphs, items, variants))
        panel, rects, unit, text, label_size = self._laid[1]
        return (
            panel.copy(),
            [(n, label, r.copy()) for n, label, r in rects],
            unit,
            [(line, size, bold, r.copy(), box.copy()) for line, size, bold, r, box in text],
            label_size,
        )

    def label_size(self) -> int:
        """The font size of every button's label (one for all, fitting the widest
        label the panel's controls can show)."""
        return self._geometry()[4]

    def _lay_out(
        self,
        paragraphs: list[str],
        items: list[tuple[str, str]],
        variants: list[tuple[list[str], list[tuple[str, str]]]],
    ) -> Geometry:
        W, H = self.app.size
        a = self.app.assets
        fixed = self._fixed
        if fixed is not None and (fixed[0] != (W, H) or len(fixed[4]) != len(items)):
            fixed = None
        if fixed is not None and fixed[1] != a.text_scale and self.app.scenes[-1] is not self:
            # the fonts changed in another screen (Settings): the player comes back
            # to this panel afresh, laid out for them, not held for the old ones
            fixed = self._fixed = None
        every = [(paragraphs, items), *variants]
        labels = [label for _p, its in every for _n, label in its]
        unit = start = fixed[3] if fixed is not None else max(14, min(W, H) // 28)
        wide = sum(len(p) for p in paragraphs) > 500  # a text-heavy panel uses the width
        cols = 1  # a second column of buttons rather than an unreadable font
        if fixed is not None and len({r.x for r in fixed[4]}) > 1:
            cols = 2
        while True:  # shrink until the panel fits the window
            lsize = max(10, int(unit * 1.9) * 11 // 20)
            bfont = a.font(lsize, True)
            # a button is as tall as its label's line (the Text size grows it) with room
            bh = max(int(unit * 1.9), bfont.get_linesize() + max(4, unit // 2))
            # buttons as wide as their longest label needs
            need = max((bfont.size(label)[0] + 12 for label in labels), default=0)
            button_w = max(unit * 22, need)
            across = cols * button_w + (cols + 1) * unit
            width = min(W - 40, max(unit * 34, W * 4 // 5 if wide else 0, across))
            if fixed is not None:
                width = fixed[2].w
            bw = min((width - (cols + 1) * unit) // cols, button_w)
            widest = [
                max(bfont.size(its[i][1])[0] + 12 for _p, its in every if i < len(its))
                for i in range(len(items))
            ]
            grid, rows = button_grid(widest, cols, bw)
            inner = width - 3 * unit
            tsize = int(unit * 1.4)
            titles = wrap(a.font(tsize, True), _(self.title), inner)
            lines = wrap_paragraphs(a.font(unit), paragraphs, inner)
            most = max(len(wrap_paragraphs(a.font(unit), ps, inner)) for ps, _i in every)
            step = max(int(unit * 1.35), a.font(unit).get_linesize())
            tstep = a.font(tsize, True).get_linesize()
            top = unit + len(titles) * tstep + unit
            height = top + most * step + unit + rows * (bh + unit // 2) + unit
            if fixed is not None or height <= H - 20:
                break
            if unit <= READABLE_UNIT and cols == 1 and len(items) > 4:
                cols, unit = 2, start
                continue
            if unit <= 5:
                break
            unit -= 1
        height = min(height, H - 20)
        panel = pygame.Rect(0, 0, width, height)
        panel.center = (W // 2, H // 2)
        tu = unit  # the text's unit: smaller when held and the fonts grew (Card size)
        if fixed is not None:  # the player is using the panel: it stays where it is
            panel = fixed[2].copy()
            limit = fixed[4][0].y - unit // 2 if fixed[4] else panel.bottom - unit
            while True:
                tsize = int(tu * 1.4)
                titles = wrap(a.font(tsize, True), _(self.title), inner)
                lines = wrap_paragraphs(a.font(tu), paragraphs, inner)
                step = max(int(tu * 1.35), a.font(tu).get_linesize())
                tstep = a.font(tsize, True).get_linesize()
                top = tu + len(titles) * tstep + tu
                if panel.y + top + len(lines) * step <= limit or tu <= 5:
                    break
                tu -= 1
        box = panel.inflate(-2 * unit, -unit)
        text: list[tuple[str, int, bool, pygame.Rect, pygame.Rect]] = []
        y = panel.y + unit
        for line in titles:
            w, h = a.font(tsize, True).size(line)
            text.append((line, tsize, True, pygame.Rect(panel.centerx - w // 2, y, w, h), box))
            y += tstep
        y = panel.y + top
        for line in lines:
            w, h = a.font(tu).size(line)
            text.append((line, tu, False, pygame.Rect(panel.x + unit * 3 // 2, y, w, h), box))
            y += step
        y = panel.y + top + most * step + unit
        x = panel.centerx - (cols * bw + (cols - 1) * unit) // 2
        rects = []
        for i, (name, label) in enumerate(items):
            row, col, span = grid[i]
            w = 2 * bw + unit if span else bw
            r = pygame.Rect(x + col * (bw + unit), y + row * (bh + unit // 2), w, bh)
            if fixed is not None:
                r = fixed[4][i].copy()
            rects.append((name, label, r))
        return panel, rects, unit, text, self._label_fit(lsize, every, rects)

    def _label_fit(
        self,
        size: int,
        every: list[tuple[list[str], list[tuple[str, str]]]],
        rects: list[tuple[str, str, pygame.Rect]],
    ) -> int:
        """One label size for every button: the largest up to ``size`` at which
        every label the panel's controls can show fits its button, in width and
        in height (so cycling a control never changes a font)."""
        if not rects:
            return size
        h = min(r.h for _n, _l, r in rects) - 2
        widths = [r.w - 6 for _n, _l, r in rects]
        pairs = [(lab, w) for _p, its in every for (_n, lab), w in zip(its, widths, strict=False)]
        a = self.app.assets
        while size > 8:
            f = a.font(size, True)
            if f.get_linesize() <= h and all(f.size(label)[0] <= w for label, w in pairs):
                break
            size -= 1
        return size

    def _hold(self) -> None:
        """Keep the panel and its buttons where they are now, for as long as the
        panel is open at this window size (a Card or Text size click changes the
        fonts, and the panel must not re-flow under the pointer)."""
        if self._fixed is None or self._fixed[0] != self.app.size:
            panel, rects, unit = self.geometry()
            rs = [r.copy() for _n, _l, r in rects]
            self._fixed = (self.app.size, self.app.assets.text_scale, panel.copy(), unit, rs)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            _panel, rects, _unit = self.geometry()
            for name, _label, r in rects:
                if r.collidepoint(event.pos):
                    self._hold()
                    self.choose(name)
                    return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        panel, rects, unit, text, label_size = self._geometry()
        backdrop(surface, panel, unit)
        a = self.app.assets
        for line, size, bold, r, _box in text:
            surface.blit(a.text(line, size, GOLD if bold else WHITE, bold), r)
        for name, label, r in rects:
            button = Button(name, label, r, self.style(name))
            self.app.renderer._button(surface, button, self.app.game_scene.layout, label_size)

    def style(self, name: str) -> str:
        return "plain"


T = TypeVar("T")


def following(choices: Sequence[T], current: T) -> T:
    """The choice after ``current`` in ``choices``, round to the first (every control
    that cycles: the Settings, the menu's rule set and opponent, the Replay's pace)."""
    return choices[(choices.index(current) + 1) % len(choices)]


def button_grid(
    widest: list[int], cols: int, col_w: int
) -> tuple[list[tuple[int, int, bool]], int]:
    """Where each of a panel's buttons goes, (row, column, across both columns),
    and how many rows: one column, top to bottom; or two, row by row, where a
    button whose longest label (``widest``) needs more than a column has a row of
    its own across both."""
    out: list[tuple[int, int, bool]] = []
    row = col = 0
    for w in widest:
        if cols == 1:
            out.append((row, 0, False))
            row += 1
        elif w > col_w:
            row += col  # a half-filled row is left as it is
            out.append((row, 0, True))
            row, col = row + 1, 0
        else:
            out.append((row, col, False))
            row, col = row + col, 1 - col
    return out, row + col


def backdrop(surface: pygame.Surface, panel: pygame.Rect, unit: int, alpha: int = 140) -> None:
    """The window dimmed (black at ``alpha``), and on it the panel with its gold edge."""
    shade(surface, surface.get_rect(), (0, 0, 0, alpha))
    pygame.draw.rect(surface, PANEL, panel, border_radius=unit)
    pygame.draw.rect(surface, GOLD, panel, 2, border_radius=unit)


def next_mistakes(app: Host) -> None:
    """Step the computer's Mistakes setting, save it, and tell the computer at the table."""
    s = app.settings
    s.mistakes = following(MISTAKES, s.mistakes)
    app.save_settings()
    for bot in app.game_scene.ctl.bots.values():
        if hasattr(bot, "set_mistakes"):
            bot.set_mistakes(app.mistakes())


def mistakes_label(app: Host, mistakes: str | None = None, level: str | None = None) -> str:
    """The computer's Mistakes setting in words (or the given one's); "as its level"
    names the level's own."""
    m = mistakes or app.settings.mistakes
    if m != "level":
        return pgettext("mistakes", m)
    level = level or app.settings.opponent
    try:
        from ...ai import DEFAULT_MISTAKES
    except ImportError:
        return _("as its level")
    own = DEFAULT_MISTAKES.get(level)
    if not own:
        return _("as its level")
    text = _("as its level ({level}: {mistakes})")
    return text.format(level=pgettext("level", level), mistakes=pgettext("mistakes", own))


# TRANSLATORS: how often the computer slips on purpose (Settings, the menu)
MISTAKES_WORDS = (
    NC_("mistakes", "none"),
    NC_("mistakes", "rare"),
    NC_("mistakes", "normal"),
    NC_("mistakes", "often"),
)
# TRANSLATORS: the computer's strengths
LEVEL_WORDS = (
    NC_("level", "novice"),
    NC_("level", "club"),
    NC_("level", "expert"),
    NC_("level", "master"),
)


def opponent_words(opponent: str) -> str:
    """Who plays seat B: "human (hot seat)" or "computer, club"."""
    if opponent == "human":
        return _("human (hot seat)")
    return _("computer, {level}").format(level=pgettext("level", opponent))


__all__ = [
    "Host",
    "Overlay",
    "Scene",
    "TableScene",
    "backdrop",
    "following",
    "mistakes_label",
    "next_mistakes",
    "opponent_words",
]
