"""The replay of a kept game, with its move log and the review's marks.

The table on the left is drawn by the usual renderer from a
:class:`TableController` whose position is set to each step in turn (so a step
flies the cards as in play); the controller's timers and bots are never run.
On the right, the move log in words; a row of buttons below the table. Keys:
Left/Right step, Home/End jump, Space plays or pauses, F turns the face-down
cards up, R starts the review, N goes to the next mark, Esc closes.
"""

from __future__ import annotations

from typing import Any

import platformdirs
import pygame

from ...games import game_type
from ...history import RecordError, Replay, Store
from ...history.review import Mark, ReviewJob
from ...i18n import _, language, pgettext
from ..kit.marks import MARK_STYLE, review_summary
from ..kit.replay_lines import LineFit, replay_towards
from ..kit.text import wrap
from ..kit.widgets import DIM, FELT, GOLD, PANEL, WHITE, Button
from ..table.controller import Options, TableController
from ..table.faces import draw_faces, next_cards
from ..table.layout import Layout
from ..table.winbar import whole_game
from .base import Host, Scene, following
from .page import least

STEP_TIME = {"slow": 1.4, "normal": 0.7, "fast": 0.3}
JUMP = 64  # steps not yet replayed that one frame may replay at once
FRAME_SHARE = 0.005  # seconds of a frame spent replaying towards a step far ahead


def pace_label(pace: str) -> str:
    return _("Pace: {pace}").format(pace=pgettext("pace", pace))


def button_labels() -> dict[str, list[str]]:
    """Every label a button can show, in the language in force: a button keeps its
    width when toggled."""
    return {
        "play": [_("Pause"), _("Play")],
        "pace": [pace_label(p) for p in STEP_TIME],
        "faces": [_("Cards: all up"), _("Cards: as played")],
    }


class ReplayScene(Scene):
    def __init__(self, app: Host, replay: Replay, store: Store | None = None) -> None:
        super().__init__(app)
        self.replay = replay
        self.store = store or Store()
        self.step = 0
        self.playing = False
        self.timer = 0.0
        self.pace = app.settings.pace if app.settings.pace in STEP_TIME else "normal"
        self.face_up = False
        self.job: ReviewJob | None = None
        self.marks: dict[int, list[Mark]] | None = None
        self.note = ""
        self._plan: tuple[object, tuple[list[list[int]], list[int], int]] | None = None
        self._fit = LineFit()
        self.heading: int | None = None  # a step far ahead asked for, replayed frame by frame
        game: Any = game_type(replay.kept.rules).new_game(replay.kept.seed)  # any game
        game.position = replay.position(0)
        pace = app.pace_override or app.settings.pace
        self.ctl = TableController(game, self._layout(game), Options(pace=pace))
        self.ctl.win_chance = whole_game(self.ctl)  # the win-chance bar, always (issue 44)
        self._show_line()

    # -- geometry ---------------------------------------------------------------

    def unit(self) -> int:
        W, H = self.app.size
        return max(10, min(W // 80, H // 46))

    def log_rect(self) -> pygame.Rect:
        W, H = self.app.size
        w = max(240, W * 3 // 10)
        return pygame.Rect(W - w, 0, w, H)

    def table_rect(self) -> pygame.Rect:
        W, H = self.app.size
        u = self.unit()
        rows = len(self._button_plan()[0])
        return pygame.Rect(0, 0, W - self.log_rect().w, H - u // 2 - rows * (u * 3 + u // 2))

    def _items(self) -> list[tuple[str, str]]:
        return [
            ("start", _("Start")),
            ("back", _("Back")),
            ("play", _("Pause") if self.playing else _("Play")),
            ("next", _("Next")),
            ("end", _("End")),
            ("pace", pace_label(self.pace)),
            ("faces", _("Cards: all up") if self.face_up else _("Cards: as played")),
            ("review", _("Review")),
            ("mark", _("Next mark")),
            ("export", _("Export")),
            ("close", _("Close")),
        ]

    def _button_plan(self) -> tuple[list[list[int]], list[int], int]:
        """The buttons' rows (indices into the items), each one's width and the one
        font size for them all: one row if its labels are still easy to read there,
        else two, else three; every label whole (issue 19: at 640x480 one row cut
        "Pace: normal" to "Pace: norm")."""
        W, _H = self.app.size
        u = self.unit()
        avail = W - self.log_rect().w - u // 2
        every = button_labels()
        labels = [every.get(n, [label]) for n, label in self._items()]
        key = (avail, u, self.app.assets.text_scale, language())
        if self._plan is not None and self._plan[0] == key:
            return self._plan[1]
        a = self.app.assets
        floor = least(a)
        easy = max(floor, -(-12 * 100 // round(a.text_scale * 100)))  # 12 px on screen
        top = max(10, u * 3 * 11 // 20)
        n = len(labels)
        plan: tuple[list[list[int]], list[int], int] | None = None
        for count in (1, 2, 3):
            per = -(-n // count)
            rows = [list(range(i, min(n, i + per))) for i in range(0, n, per)]
            for size in range(top, (easy if count < 3 else floor) - 1, -1):
                f = a.font(size, True)
                need = [max(f.size(x)[0] for x in ls) + 10 for ls in labels]
                if all(sum(need[i] + u // 2 for i in row) <= avail for row in rows):
                    plan = (rows, need, size)
                    break
            if plan is not None:
                break
        if plan is None:  # narrower than any window the game allows: share out
            f = a.font(floor, True)
            need = [max(f.size(x)[0] for x in ls) + 10 for ls in labels]
            plan = (rows, need, floor)
        self._plan = (key, plan)
        return plan

    def buttons(self) -> list[Button]:
        t = self.table_rect()
        u = self.unit()
        items = self._items()
        rows, need, _size = self._button_plan()
        gap = u // 2
        out = []
        y = t.bottom + gap
        for row in rows:
            avail = t.w - gap * (len(row) + 1)
            widths = [need[i] for i in row]
            if sum(widths) > avail:  # too narrow even so: the row shares the width out
                widths = [w * avail // sum(widths) for w in widths]
            spare = max(0, avail - sum(widths)) // len(row)
            x = t.x + gap
            for i, w in zip(row, widths, strict=True):
                name, label = items[i]
                r = pygame.Rect(x, y, w + spare, u * 3)
                out.append(Button(name, label, r, self.style(name)))
                x += w + spare + gap
            y += u * 3 + gap
        return out

    def button_font_size(self) -> int:
        """The one font size of every button's label."""
        return self._button_plan()[2]

    def style(self, name: str) -> str:
        if name in ("start", "back") and self.step == 0:
            return "dim"
        if name in ("next", "end", "play") and self.step == self.replay.steps:
            return "dim"
        if name == "review" and self.job is not None:
            return "dim"
        if name == "mark" and not self.marks:
            return "dim"
        return "plain"

    def log_rows(self) -> tuple[int, int, int, pygame.Rect]:
        """(first step shown, rows, row height, rect of the rows)."""
        r = self.log_rect()
        u = self.unit()
        top = self.header()[1]
        rows = pygame.Rect(r.x + u, top, r.w - 2 * u, r.bottom - u * 14 - top)
        size, per_row = self.line_size()
        h = max(int(u * 1.6), self.app.assets.font(size).get_linesize() * per_row + 4)
        n = max(1, rows.h // h)
        first = max(0, min(self.step - n // 2, self.replay.steps - n + 1))
        return first, n, h, rows

    def header(self) -> tuple[list[tuple[str, int, bool, tuple[int, int, int], int]], int]:
        """The lines above the moves (text, size, bold, colour, y), wrapped to the
        panel's width, and the y where the moves begin."""
        r = self.log_rect()
        u = self.unit()
        a = self.app.assets
        k = self.replay.kept
        out: list[tuple[str, int, bool, tuple[int, int, int], int]] = []
        y = r.y + u
        parts = [
            (f"{k.result_words()} · {k.date[:10]}", int(u * 1.2), True, GOLD),
            (step_words(self.step, self.replay.steps), u, False, WHITE),
            self.review_words(),
        ]
        for text, size, bold, color in parts:
            f = a.font(size, bold)
            for line in wrap(f, text, r.w - 2 * u):
                out.append((line, size, bold, color, y))
                y += f.get_linesize()
        return out, y + u

    def review_words(self) -> tuple[str, int, bool, tuple[int, int, int]]:
        marks = [m for ms in (self.marks or {}).values() for m in ms]
        stops = self.replay.game.stop_rules is not None  # (without Stops: no faults)
        text, color = review_summary(self.job, marks, stops)
        return text, int(self.unit() * 0.9), False, color

    def line_size(self) -> tuple[int, int]:
        """One font size for every move line and the lines a row holds: the largest
        up to the usual at which every move fits, never below 9 px (kit/replay_lines)."""
        u, a = self.unit(), self.app.assets
        low = max(least(a), int(u * 0.7))
        return self._fit.fit(a, self.replay.lines, self.line_width(), int(u * 0.9), low)

    def line_width(self) -> int:
        """The room for a move's words in its row (after the marks' column)."""
        u = self.unit()
        return self.log_rect().w - 4 * u - 2 - u * 3

    # -- moving through the game ------------------------------------------------

    def go(self, step: int) -> None:
        step = max(0, min(step, self.replay.steps))
        self.heading = None
        if step == self.step:
            return
        if step > self.replay.reached + JUMP:  # far ahead: replayed a frame's share at a time
            self.heading = step
            return
        ctl = self.ctl
        before = ctl.placed_cards()
        try:
            ctl.game.position = self.replay.position(step)
        except RecordError as e:  # a damaged record: say so and stay where we are
            self.note = _("This game cannot be replayed further: {why}").format(why=e)
            self.playing = False
            return
        ctl.version += 1
        if abs(step - self.step) == 1:
            ctl.animate(before)
        else:
            ctl.flights.clear()
        self.step = step
        self._show_line()
        if step == self.replay.steps:
            self.playing = False

    def _show_line(self) -> None:
        first, n, _h, _r = self.log_rows()
        try:
            self.replay.reach(min(self.replay.steps, max(self.step, first + n)))
        except RecordError as e:  # a forged or damaged record: say where and why
            note = _("This game cannot be replayed past step {step}: {why}")
            self.note = note.format(step=self.replay.reached, why=e)
        ctl = self.ctl
        ctl.messages.clear()
        if self.step > 0:
            ctl.say(self.replay.movers[self.step], self.replay.lines[self.step])

    def next_mark(self) -> None:
        if not self.marks:
            return
        later = [s for s in sorted(self.marks) if s > self.step]
        self.go(later[0] if later else min(self.marks))

    def start_review(self) -> None:
        if self.job is None:
            self.job = ReviewJob(self.replay).start()

    def export(self) -> None:
        k = self.replay.kept
        folder = platformdirs.user_documents_path()
        stamp = k.date.replace(":", "").replace("-", "")
        seed = "" if k.seed is None else f"-{k.seed}"
        path = folder / f"russian-bank-{stamp}{seed}.rbgame"
        try:
            self.store.export(k, path)
        except OSError as e:
            self.note = _("Not exported: {why}").format(why=e.strerror or e)
            return
        self.note = _("Exported to {path}").format(path=path)

    def close(self) -> None:
        self.app.pop()

    def on_leave(self) -> None:
        if self.job is not None:
            self.job.cancel()  # (however the replay is left: Close, Esc, the menu)

    def choose(self, name: str) -> None:
        steps = {"start": 0, "back": self.step - 1, "next": self.step + 1}
        if name in steps:
            self.playing = False
            self.go(steps[name])
        elif name == "end":
            self.playing = False
            self.go(self.replay.steps)
        elif name == "play":
            self.playing = not self.playing and self.step < self.replay.steps
            self.timer = 0.0
        elif name == "pace":
            self.pace = following(list(STEP_TIME), self.pace)
        elif name == "faces":
            self.face_up = not self.face_up
        elif name == "review":
            self.start_review()
        elif name == "mark":
            self.next_mark()
        elif name == "export":
            self.export()
        elif name == "close":
            self.close()

    # -- scene interface ----------------------------------------------------------

    KEYS = {
        pygame.K_LEFT: "back",
        pygame.K_RIGHT: "next",
        pygame.K_HOME: "start",
        pygame.K_END: "end",
        pygame.K_SPACE: "play",
        pygame.K_f: "faces",
        pygame.K_r: "review",
        pygame.K_n: "mark",
        pygame.K_ESCAPE: "close",
    }

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in self.KEYS:
            self.choose(self.KEYS[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.playing = False
            self.go(self.step - event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons():
                if b.rect.collidepoint(event.pos):
                    self.choose(b.name)
                    return
            first, n, h, rows = self.log_rows()
            if rows.collidepoint(event.pos):
                self.playing = False
                self.go(first + (event.pos[1] - rows.y) // h)

    def update(self, dt: float) -> None:
        ctl = self.ctl
        ctl.animator.update(dt)
        if self.heading is not None:  # a frame's share of the way to a step far ahead
            there = replay_towards(self.replay, self.heading, FRAME_SHARE)
            if there is not None:
                self.go(there)
        if self.playing and not ctl.flights:
            self.timer += dt
            if self.timer >= STEP_TIME[self.pace]:
                self.timer = 0.0
                self.go(self.step + 1)
        job = self.job
        if job is not None and job.done and self.marks is None:
            self.marks = {}
            for m in job.marks:
                self.marks.setdefault(m.step, []).append(m)
            if job.error:
                self.note = job.error

    def _layout(self, game: Any) -> Layout:
        """The table's geometry: the piles the game's table view lays out."""
        places = game_type(game.position.rules.spec).table_view.places
        return Layout(self.table_rect().size, places=places)

    def resize(self, size: tuple[int, int]) -> None:
        self.ctl.layout = self._layout(self.ctl.game)
        self.ctl.flights.clear()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(FELT)
        table = surface.subsurface(self.table_rect())
        self.app.renderer.draw(table, self.ctl, [], (0, 0))
        if self.face_up:
            draw_faces(table, self.ctl, self.app.assets, self.app.renderer)
        size = self.button_font_size()  # one size for every button
        for b in self.buttons():
            self.app.renderer._button(surface, b, self.ctl.layout, size)
        self._log(surface)

    def _log(self, surface: pygame.Surface) -> None:
        r = self.log_rect()
        u = self.unit()
        a = self.app.assets
        pygame.draw.rect(surface, PANEL, r)
        for text, size, bold, color, y in self.header()[0]:
            surface.blit(a.text(text, size, color, bold), (r.x + u, y))
        job = self.job
        if job is not None and not job.done:
            bar = pygame.Rect(r.x + u, self.header()[1] - u * 3 // 4, r.w - 2 * u, u // 2)
            pygame.draw.rect(surface, (30, 60, 45), bar)
            pygame.draw.rect(surface, GOLD, (bar.x, bar.y, int(bar.w * job.progress), bar.h))
        first, n, h, rows = self.log_rows()
        lines = self.replay.lines
        line_size, _per_row = self.line_size()
        for i in range(first, min(first + n, len(lines))):
            row = pygame.Rect(rows.x, rows.y + (i - first) * h, rows.w, h)
            if i == self.step:
                pygame.draw.rect(surface, (60, 80, 40), row, border_radius=4)
            x = row.x + 2
            for m in (self.marks or {}).get(i, [])[:3]:
                tag, color = MARK_STYLE[m.kind]
                t = a.text(tag, u, color, bold=True)
                surface.blit(t, t.get_rect(midleft=(x, row.centery)))
                x += t.get_width() + 3
            x = max(x, row.x + u * 2)
            color = GOLD if i == self.step else WHITE
            text = f"{i}. {lines[i]}"
            f = a.font(line_size)
            parts = wrap(f, text, self.line_width())
            y = row.centery - len(parts) * f.get_linesize() // 2
            for part in parts:
                surface.blit(a.text(part, line_size, color), (x, y))
                y += f.get_linesize()
        detail, size, blocks = self.detail()
        f = a.font(size)
        y = detail.y
        for lines, color in blocks:
            for line in lines:
                if y + f.get_linesize() > detail.bottom:
                    return  # (only below the smallest readable size: never seen so far)
                surface.blit(a.text(line, size, color), (detail.x, y))
                y += f.get_linesize()
            y += u // 2

    def detail(self) -> tuple[pygame.Rect, int, list[tuple[list[str], tuple[int, int, int]]]]:
        """The box under the moves, one font size and its texts wrapped (the step's
        marks, a note, the next cards): the largest size up to the usual at which they
        all fit, never below a readable size (a Review mark is never cut short)."""
        r = self.log_rect()
        u = self.unit()
        a = self.app.assets
        rows = self.log_rows()[3]
        detail = pygame.Rect(r.x + u, rows.bottom + u, r.w - 2 * u, r.bottom - rows.bottom - 2 * u)
        texts = [(m.text, MARK_STYLE[m.kind][1]) for m in (self.marks or {}).get(self.step, [])]
        if self.note:
            texts.append((self.note, GOLD))
        if self.face_up:
            texts.append((next_cards(self.ctl), DIM))
        size = int(u * 0.95)
        while True:
            f = a.font(size)
            blocks = [(wrap(f, text, detail.w), color) for text, color in texts]
            tall = sum(len(lines) * f.get_linesize() + u // 2 for lines, _c in blocks)
            if tall - u // 2 <= detail.h or size <= least(a):
                return detail, size, blocks
            size -= 1


def step_words(step: int, steps: int) -> str:
    return _("Step {step} of {steps}").format(step=step, steps=steps)


__all__ = ["ReplayScene"]
