"""A lesson played on the real table (the list of lessons is :mod:`.lessons`).

A lesson runs on a :class:`TableController` over the lesson runner's game. Every
gesture becomes an engine action as in a game; the controller asks the runner
first (``ctl.vet``), so a wrong gesture snaps back with the runner's one-line
explanation and the step waits. The computer's replies, "Show me" and the live
Stop practice are played through the same controller, so they are animated.
Progress is saved with the settings (``tutorial.Progress``).
"""

from __future__ import annotations

import pygame

from ...engine import HELD_PLACE, Action, Compel, DiscardHeld, Place, Play, Stop
from ...engine.queries import uncited
from ...game.places import HELD, TABLE
from ...i18n import _
from ...tutorial import Lesson, LessonRunner, StopPractice
from ..kit import textpanel
from ..kit.canvas import shade
from ..kit.lessons import lessons, progress_of, save_progress
from ..kit.widgets import DIM, GOLD, PANEL, WHITE, Button, zone_parts
from ..table import highlight
from ..table.controller import Options, TableController
from ..table.gestures import table_mouse
from ..table.layout import Layout
from . import registry
from .base import Host, Scene

REPLY_DELAY = 0.6  # seconds between the computer's replies (normal pace)
WARN = (255, 190, 120)


def start_lesson(app: Host, lesson: Lesson, start: int | None = None) -> TutorialScene:
    """Open ``lesson`` over the table, at ``start`` or where it was left."""
    if start is None:
        start = progress_of(app).resume_step(lesson.id)
    scene = registry.over_table("lesson", app, lesson, start)
    assert isinstance(scene, TutorialScene)
    return scene


# ---------------------------------------------------------------- a lesson


PANEL_MIN = 190  # the lesson panel's narrowest width, in pixels at the normal text size


def lesson_layout(size: tuple[int, int], card_scale: float, text_scale: float = 1.0) -> Layout:
    """The table's layout, the left Table fans kept out of the lesson panel beside
    them: however long a left row grows, it fans within two fan steps. Where the
    panel would be narrower than ``PANEL_MIN`` (a narrow window, larger cards), the
    Table moves right, leaving its right fans at least a card and a half, and then
    the cards are made smaller, down to the normal size."""
    want = round(PANEL_MIN * text_scale)
    scales = [s for s in (1.5, 1.25, 1.0) if s <= card_scale] or [card_scale]
    for scale in scales:
        layout = Layout(size, scale)
        cw = layout.card_size[0]
        spare = layout.table_w - layout.margin - layout.table_right_x - cw - int(cw * 1.5)
        shift = min(max(0, want - panel_width(layout)), max(0, spare))
        if shift:
            layout = Layout(size, scale, shift=shift)
        if panel_width(layout) >= want:
            break
    layout.left_fan_span = 2 * layout.fan_step
    return layout


def panel_width(layout: Layout) -> int:
    """The lesson panel's width: from the margin to the left Table fans' two steps."""
    return layout.table_left_x - 2 * layout.fan_step - layout.gap - layout.margin


class TutorialScene(Scene):
    def __init__(self, app: Host, lesson: Lesson, start: int = 0) -> None:
        super().__init__(app)
        self.lesson = lesson
        self.runner = LessonRunner(lesson, start)
        self.layout = lesson_layout(app.size, app.settings.card_scale, app.assets.text_scale)
        self.clock = 0.0
        self.mode = "steps"  # steps, practice, done
        self.practice: StopPractice | None = None
        self.report: list[str] = []
        self.failed = False  # the practice ended without a pass
        self.reply_wait = 0.0
        self.replying = False  # the computer's own action: the runner does not vet it
        self.ctl = self._controller(self.runner.game)
        self._check_end()

    # -- the table -------------------------------------------------------------------

    def _controller(self, game: object) -> TableController:
        app = self.app
        pace = app.pace_override or app.settings.pace
        ctl = TableController(
            game,  # type: ignore[arg-type]
            self.layout,
            Options(fault_mode="manual", pace=pace, grace=0.0),  # no countdown in lessons
            play_sound=app.sounds.play,
            on_change=self._changed,
            vet=self._vet,
        )
        ctl.stop_clock = self._stop_clock  # the seconds lesson 7 promises, on the table
        ctl.scripted = frozenset({1})  # B is the computer: its box tells the learner nothing
        return ctl

    def _stop_clock(self) -> tuple[float, float] | None:
        pr = self.practice
        if self.mode != "practice" or pr is None:
            return None
        left = pr.time_left(self.clock)
        return None if left is None else (left, pr.window)

    def _vet(self, action: Action, seat: int) -> str | None:
        if self.replying:
            return None
        if self.mode == "practice":
            return uncited(_("Watch the computer play, and press S when it fails to bank {cite}"))
        if self.mode == "done":
            return _("The lesson is over")
        if self.runner.busy:
            return _("Wait: your adversary is playing")
        return self.runner.judge(action)

    def _changed(self) -> None:
        if self.replying or self.mode != "steps" or not self.ctl.game.actions:
            return
        if self.runner.record(self.ctl.game.actions[-1]):
            self.reply_wait = REPLY_DELAY * self.ctl.pace()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = lesson_layout(size, self.app.settings.card_scale, self.app.assets.text_scale)
        self.ctl.layout = self.layout
        self.ctl.drag = None
        self.ctl.flights.clear()
        if self.ctl.position.raised is not None:
            self.replying = True
            self.ctl.act("back")
            self.replying = False

    # -- the learner's buttons and keys --------------------------------------------------

    def next_step(self) -> None:
        step = self.runner.step
        if self.mode != "steps" or step is None or self.runner.busy:
            return
        if step.look:
            self.runner.next(play_replies=False)
            self.reply_wait = REPLY_DELAY * self.ctl.pace() if step.reply else 0.0
        else:
            self.ctl.refuse(0, self.runner.next().explain)

    def show_me(self) -> None:
        if self.mode != "steps" or self.runner.busy:
            return
        action = self.runner.show_me()
        if action is None:
            self.next_step()
            return
        self.ctl._drop_drag()
        seat = action.seat if isinstance(action, Stop | Compel) else None
        self.ctl.act(action, seat)

    def leave(self) -> None:
        """Esc: keep the place in the lesson and go back to the table."""
        p = progress_of(self.app)
        if self.mode == "steps" and not self.runner.done:
            p.left_at(self.lesson.id, self.runner.index)
            save_progress(self.app, p)
        self.app.scenes = [self.app.game_scene]

    def skip(self) -> None:
        self._finish()
        self.next_lesson()

    def next_lesson(self) -> None:
        later = [x for x in lessons() if x.number == self.lesson.number + 1]
        if later:
            start_lesson(self.app, later[0], 0)
        else:
            self.app.scenes = [self.app.game_scene]

    def press_stop(self) -> None:
        if self.mode == "practice" and self.practice is not None:
            self.practice.press_stop(self.clock)
            self._follow_practice()
        elif self.mode == "steps":
            self.ctl.call_stop(0)

    def press_button(self, name: str) -> None:
        actions = {
            "next": self.next_step,
            "show": self.show_me,
            "leave": self.leave,
            "skip": self.skip,
            "stop": self.press_stop,
            "compel": lambda: self.ctl.call_compel(0),
            "again": lambda: start_lesson(self.app, self.lesson, 0),
            "following": self.next_lesson,
            "list": self._to_list,
        }
        actions[name]()

    def _to_list(self) -> None:
        registry.over_table("lessons", self.app)

    def handle_event(self, event: pygame.event.Event) -> None:
        ctl = self.ctl
        if table_mouse(ctl, event, self.buttons, self.press_button):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.mode == "done":
                    self.press_button(self._done_default())
                else:
                    self.next_step()
            elif event.key == pygame.K_s:
                self.press_stop()
            elif event.key == pygame.K_c:
                ctl.call_compel(0)
            elif event.key == pygame.K_F1 or event.unicode == "?":
                registry.push("help", self.app)

    # -- time ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        self.ctl.update(dt)
        if self.mode == "steps":
            self._play_replies(dt)
        elif self.mode == "practice" and self.practice is not None:
            ctl = self.ctl
            before = ctl.placed_cards()
            played = self.practice.update(self.clock, hold=bool(ctl.flights))
            if played and self.practice.game is ctl.game:
                # the practice's match runner played for the computer: show it
                ctl.version += 1
                ctl.animate(before)
                ctl.play_sound("play")
            self._follow_practice()

    def _play_replies(self, dt: float) -> None:
        runner = self.runner
        if not runner.busy or self.ctl.flights:
            return
        self.reply_wait -= dt
        if self.reply_wait > 0:
            return
        action = runner.pop_reply()
        if action is not None:
            seat = action.seat if isinstance(action, Stop | Compel) else None
            self.replying = True
            self.ctl.act(action, seat)
            self.replying = False
            self.reply_wait = REPLY_DELAY * self.ctl.pace()
            return
        if runner.game is not self.ctl.game:
            self.ctl = self._controller(runner.game)
        self._check_end()
        if self.mode == "steps":
            p = progress_of(self.app)
            p.left_at(self.lesson.id, runner.index)
            save_progress(self.app, p)

    def _check_end(self) -> None:
        if not self.runner.done or self.runner.busy:
            return
        kind = self.lesson.kind
        if kind == "practice" and self.practice is None:
            self.mode = "practice"
            mistakes = self.app.mistakes() or "normal"  # the player's Mistakes setting
            self.practice = StopPractice.from_options(self.lesson.options, mistakes=mistakes)
            self.practice.next_at = self.clock + 1.0
            self.ctl = self._controller(self.practice.game)
        elif kind == "game":
            self._finish()
            s = self.app.settings
            s.opponent = str((self.lesson.options or {}).get("opponent", "novice"))
            s.coach = True
            self.app.save_settings()
            self.app.new_game(None)
        else:
            self._finish()

    def _follow_practice(self) -> None:
        practice = self.practice
        if practice is None:
            return
        if practice.game is not self.ctl.game:
            self.ctl = self._controller(practice.game)
        if practice.finished:
            report = practice.report
            self.report = [*report.lines(), report.verdict(practice.target)]
            if report.passed(practice.target):
                self._finish()
            else:  # shown like the end of a lesson, but not counted as learnt
                self.mode = "done"
                self.failed = True

    def _finish(self) -> None:
        self.mode = "done"
        p = progress_of(self.app)
        p.finish(self.lesson.id)
        save_progress(self.app, p)

    # -- drawing -------------------------------------------------------------------------

    def panel_rect(self) -> pygame.Rect:
        L = self.layout
        cw, ch = L.card_size
        top = L.row_y[1]
        bottom = L.row_y[4] + ch
        right = L.table_left_x - 2 * L.fan_step - L.gap
        return pygame.Rect(L.margin, top, right - L.margin, bottom - top)

    def panel_buttons(self) -> list[Button]:
        panel = self.panel_rect()
        unit = max(22, self.layout.unit // 4)
        gap = max(4, unit // 4)
        names: list[tuple[str, str, str]]
        if self.mode == "done":
            names = [("again", _("Play it again"), "dim"), ("list", _("All lessons"), "dim")]
            if self.lesson.number < len(lessons()):
                names.insert(0, ("following", _("Next lesson (Enter)"), "plain"))
            else:
                names.append(("leave", _("Back to the table (Esc)"), "dim"))
        else:
            step = self.runner.step
            names = []
            if self.mode == "steps" and step is not None:
                if step.look:
                    names.append(("next", _("Next (Enter)"), "plain"))
                else:
                    names.append(("show", _("Show me"), "plain"))
            names += [("skip", _("Skip lesson"), "dim"), ("leave", _("Leave (Esc)"), "dim")]
        out = []
        y = panel.bottom - gap - unit
        for name, label, style in reversed(names):
            r = pygame.Rect(panel.x + gap * 2, y, panel.w - gap * 4, unit)
            out.append(Button(name, label, r, style))
            y -= unit + gap
        return out

    def text_box(self) -> pygame.Rect:
        panel = self.panel_rect()
        buttons = self.panel_buttons()
        top_button = min(b.rect.top for b in buttons)
        pad = max(6, panel.w // 30)
        return pygame.Rect(
            panel.x + pad, panel.y + pad, panel.w - 2 * pad, top_button - panel.y - pad
        )

    def text_blocks(self) -> list[textpanel.Block]:
        lesson = self.lesson
        head = _("Lesson {number} of {count}: {title}").format(
            number=lesson.number, count=len(lessons()), title=lesson.title
        )
        blocks = [textpanel.Block(head, GOLD, True, 1.1)]
        if self.mode == "done":
            done = _("Not passed yet.") if self.failed else _("Lesson complete.")
            blocks.append(textpanel.Block(done, WHITE, True))
            blocks += [textpanel.Block(line, WHITE) for line in self.report]
            return blocks
        if self.mode == "practice" and self.practice is not None:
            pr = self.practice
            blocks.append(
                textpanel.Block(
                    _(
                        "Faults so far: {shown} of {target}. You have {seconds} seconds after"
                        " each one to press S or the Stop button."
                    ).format(shown=pr.faults_shown, target=pr.target, seconds=f"{pr.window:.0f}"),
                    WHITE,
                )
            )
            left = pr.time_left(self.clock)
            if left is not None:  # the seconds the lesson promised to show
                said = _("Stop? {seconds} s left").format(seconds=f"{left:.1f}")
                blocks.append(textpanel.Block(said, GOLD, True, 1.3))
            if pr.advice is not None:
                blocks.append(textpanel.Block(pr.advice.text, WARN))
            return blocks
        step = self.runner.step
        if step is None:
            return blocks
        at, total = self.runner.progress
        said = _("Step {n} of {total}").format(n=at, total=total)
        blocks.append(textpanel.Block(said, DIM, False, 0.85))
        if self.runner.busy:
            blocks.append(textpanel.Block(_("Your adversary plays\u2026"), DIM))
        else:
            blocks.append(textpanel.Block(step.say, WHITE))
            if self.runner.message:
                blocks.append(textpanel.Block(self.runner.message, WARN))
        return blocks

    def text_lines(self) -> list[textpanel.Line]:
        size = max(12, self.layout.unit // 7)
        return textpanel.fit(self.app.assets, self.text_blocks(), self.text_box(), size)

    def buttons(self) -> list[Button]:
        out = self.panel_buttons()
        _t, _m, row = zone_parts(self.layout.zones[0].rect)
        h = row.h
        wants = self._wanted_words()
        # Stop and Compel side by side, both inside the seat's status box
        gap = max(2, h // 2)
        stop = self.mode == "practice" or "stop A" in wants
        compel = "compel A" in wants
        w = min(int(h * 4.0), (row.w - gap) // 2 if stop and compel else row.w)  # "Crapette (S)"
        if stop:
            label = _("STOP  ({key})").format(key="S")
            out.append(Button("stop", label, pygame.Rect(row.x, row.y, w, h), "stop"))
        if compel:
            r = pygame.Rect(row.x + (w + gap if stop else 0), row.y, w, h)
            out.append(Button("compel", _("Compel (C)"), r, "plain"))
        return out

    def _wanted_words(self) -> tuple[str, ...]:
        step = self.runner.step
        return step.expect if self.mode == "steps" and step is not None else ()

    def _done_default(self) -> str:
        return "following" if self.lesson.number < len(lessons()) else "leave"

    def place_rect(self, place: Place) -> pygame.Rect:
        L = self.layout
        pos = self.ctl.position
        if place.kind == HELD:
            return L.held_rects[pos.player]
        if place.kind == TABLE:
            rects = L.table_card_rects(place.index, max(1, len(pos.table[place.index])))
            return rects[0].unionall(rects).clip(L.shown_part(place))
        return L.rects[place].clip(L.shown_part(place))  # rows overlap with larger cards

    def draw(self, surface: pygame.Surface) -> None:
        self.app.renderer.draw(surface, self.ctl, [], (0, 0))
        panel = self.panel_rect()
        shade(surface, panel, (*PANEL, 235))
        pygame.draw.rect(surface, GOLD, panel, 2, border_radius=8)
        textpanel.draw(surface, self.app.assets, self.text_lines(), self.text_box())
        # the panel's buttons share one font: none drops to a smaller one of its own
        panel_buttons = self.panel_buttons()
        shared = self.app.renderer.label_size(panel_buttons)
        in_panel = {b.name for b in panel_buttons}
        for b in self.buttons():
            size = shared if b.name in in_panel else None
            self.app.renderer._button(surface, b, self.layout, size)
        if self.mode == "steps" and not self.runner.busy:
            self._draw_glow(surface)

    def _draw_glow(self, surface: pygame.Surface) -> None:
        step = self.runner.step
        if step is None:
            return
        rects = [self.place_rect(p) for p in step.highlight]
        width = max(4, self.layout.card_size[0] // 14)
        color = highlight.glow(surface, rects, self.clock)
        show = step.show
        if isinstance(show, DiscardHeld):  # the held card goes to one's own Discard
            show = Play(HELD_PLACE, Place("discard", self.ctl.position.player))
        if isinstance(show, Play):
            start = self.place_rect(show.src).center
            highlight.arrow(surface, start, self.place_rect(show.dst).center, color, width)
        elif rects:
            way = self.pointer(rects[0])
            if way is not None:
                highlight.arrow(surface, *way, color, width)

    def pointer(self, target: pygame.Rect) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The short arrow at a marked place, clear of the panel and the seats' zones."""
        avoid = [self.panel_rect(), *(z.rect for z in self.layout.zones.values())]
        gap = self.layout.card_size[1] // 2
        return highlight.pointer(target, gap, avoid, pygame.Rect((0, 0), self.app.size))


__all__ = ["TutorialScene", "lessons", "progress_of", "start_lesson", "WHITE"]
