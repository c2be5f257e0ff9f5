"""The game screen: the card table, its buttons, keys, coach and move log.

Every scene has ``handle_event(event)``, ``update(dt)`` and ``draw(surface)``;
``draw`` changes nothing. An overlay scene (``overlay = True``) is drawn on top of
the scene below it; only the top scene receives events and time. The overlays this
screen opens (results, Stop options, help, the move log) are asked for by name.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...engine import OVER, PENDING, PLAY, Position
from ...engine.queries import false_stop
from ...game.places import SEATS, TABLE
from ...games import game_type
from ...i18n import _
from ..kit import words
from ..kit.canvas import Canvas
from ..kit.widgets import Button, zone_parts
from ..table.banner import draw_banner
from ..table.celebration import SECONDS, Celebration
from ..table.coach import Coach
from ..table.controller import Options, TableController
from ..table.gestures import table_mouse
from ..table.keyboard import Keyboard
from ..table.layout import Layout
from ..table.movelog import MoveLog
from ..table.winbar import at_the_table
from . import registry
from .base import Host, TableScene

STOP_KEYS = {0: pygame.K_s, 1: pygame.K_k}
TIP_DELAY = 0.6  # seconds the mouse rests on a pile or button before its tooltip shows
WATCH = 0.1  # seconds between looks at the clock while a computer watches for a Stop


def new_game_words(game: Any, computer: bool) -> str:
    """The greeting of a new game. A chosen seed is said at a hot seat only: against
    the computer it is kept back until the game ends (with it anyone could rebuild
    every face-down card). A deal shuffled from the system's randomness has none."""
    first = game_type(game.position.rules.spec).table_view.first_words()
    if computer:
        return _("New game against the computer: {first}").format(first=first)
    if game.seed is None:
        return _("New game: {first}").format(first=first)
    return _("New game (seed {seed}): {first}").format(seed=game.seed, first=first)


def greet(ctl: TableController, game: Any) -> None:
    """Say the greeting of a new game on the box of the person who begins; when the
    computer begins, on the person's box, in words about the computer (a computer's
    box never tells the person what to do)."""
    mover = game.position.player
    if ctl.is_bot(mover):
        said = _("New game against the computer: {seat} begins").format(seat=SEATS[mover])
        ctl.say(1 - mover, said)
    else:
        ctl.say(mover, new_game_words(game, bool(ctl.bots)))


def table_layout(size: tuple[int, int], scale: float, game: Any, bottom: int = 0) -> Layout:
    """The table's geometry for ``game``: only the piles its table view lays out;
    ``bottom``: the seat drawn at the bottom (a remote player's own)."""
    places = game_type(game.position.rules.spec).table_view.places
    return Layout(size, scale, places, bottom)


# ---------------------------------------------------------------------- the table


class GameScene(TableScene):
    def __init__(self, app: Host, game: Any) -> None:
        super().__init__(app)
        self.layout = table_layout(app.size, app.settings.card_scale, game, self.bottom_seat())
        self.coach = Coach(self)
        self.ctl = self._controller(game)
        self.scored = game.over
        self.results_shown = game.over
        self.log = MoveLog()
        self.keys = Keyboard()
        self.mouse: tuple[int, int] | None = None
        self.hover = 0.0  # seconds the mouse has rested at ``mouse``
        self.false_stops = [0, 0]  # Stops the referee refused, for the statistics (§66)
        self.celebration = Celebration()  # a person's win: sparks for a moment
        self.celebrated: object = game if game.over else None  # the game celebrated last

    def _controller(self, game: Any) -> TableController:
        s = self.app.settings
        bots = self.app.make_bots(game)
        ctl = TableController(
            game,
            self.layout,
            Options(
                fault_mode=s.fault_mode,
                pace=self.app.pace_override or s.pace,
                motion=not s.reduced_motion,
                think_aside=self.app.live,
            ),
            play_sound=self.app.sounds.play,
            bots=bots,
            on_change=self._changed,
            vet=self.coach.vet,
        )
        ctl.match.think = self.app.thinker  # the live table's worker process (or None)
        ctl.stop_clock = lambda: ctl.match.stop_time() if self.app.settings.stop_clock else None
        ctl.win_chance = at_the_table(ctl, self.bottom_seat, lambda: self.app.settings.win_chance)
        return ctl

    def new_game(self, game: Any) -> None:
        self.coach.new_game()
        self.celebration.stop()
        self.layout = table_layout(self.app.size, self.app.settings.card_scale, game)
        self.ctl = self._controller(game)
        self.keys.new_game(self.ctl)
        self.scored = False
        self.results_shown = False
        self.false_stops = [0, 0]
        pygame.display.set_caption(game.position.rules.title)
        self.app.sounds.play("deal")
        greet(self.ctl, game)
        self._changed()

    def apply_settings(self) -> None:
        s = self.app.settings
        self.ctl.options.fault_mode = s.fault_mode
        self.ctl.options.pace = self.app.pace_override or s.pace
        self.ctl.options.motion = not s.reduced_motion
        if self.layout.asked != s.card_scale:
            self.resize(self.app.size)  # the Card size changed

    def _changed(self) -> None:
        self.coach.changed()
        self.app.save_game()

    def bottom_seat(self) -> int:
        """The seat drawn at the bottom: A at one table (a remote table: his own)."""
        return 0

    def resize(self, size: tuple[int, int]) -> None:
        scale, bottom = self.app.settings.card_scale, self.bottom_seat()
        self.layout = table_layout(size, scale, self.ctl.game, bottom)
        self.ctl.layout = self.layout
        self.ctl.drag = None
        self.ctl.flights.clear()
        back = self.ctl.table_view.back(self.ctl.position, None, 0)
        if back is not None:
            self.ctl.act(back)

    # -- buttons -------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        ctl = self.ctl
        pos = ctl.position
        shown = ctl.controls()
        out: list[Button] = []
        for seat in (0, 1):
            _t, _m, row = zone_parts(self.layout.zones[seat].rect)
            # the key of the seat's side of the table (the bottom player's is S)
            key = pygame.key.name(STOP_KEYS[seat ^ self.layout.bottom]).upper()
            live = seat != pos.player and ctl.shown_phase() in (PLAY, PENDING)
            wanted: list[tuple[str, str, str, float]] = []  # name, label, style, width
            if not ctl.is_bot(seat) and ctl.game.stops:
                label = _("STOP  ({key})").format(key=key)
                wanted.append((f"stop{seat}", label, "stop" if live else "dim", 3.4))
            # shown only when the engine offers a Compel (§38, §70)
            if seat != pos.player and shown["compel"] and not ctl.is_bot(seat):
                wanted.append((f"compel{seat}", _("Compel"), "plain", 3.0))
            if seat == pos.player and shown["end"] and not ctl.is_bot(seat):
                wanted.append(("end", _("End innings"), "plain", 3.8))
            if seat == pos.player and not ctl.is_bot(seat) and ctl.shown_phase() != OVER:
                wanted.append(("hint", _("Hint (H)"), "plain", 3.0))
            if seat == self.layout.bottom:
                wanted.append(("menu", _("Menu (Esc)"), "dim", 3.4))
            # button widths in units of the row height, wider where a label needs it
            # at the buttons' own font (French, German), shrunk together to fit the row
            h = row.h
            font = self.app.assets.font(max(10, h * 11 // 20), True)
            wanted = [
                (n, label, style, max(w, (font.size(label)[0] + h // 2) / max(1, h)))
                for n, label, style, w in wanted
            ]
            gap = h // 2
            need = sum(w for *_x, w in wanted) * h + gap * max(0, len(wanted) - 1)
            scale = min(1.0, row.w / need) if need else 1.0
            x = row.x
            smallest = self.app.assets.font(8, True)  # the labels' floor (render.button_size)
            for name, label, style, w in wanted:
                r = pygame.Rect(x, row.y, int(w * h * scale), h)
                if smallest.size(label)[0] > r.w - 6:  # a tiny row: the key hint goes first
                    label = label.rsplit(" (", 1)[0].rstrip()
                if name == "menu":
                    r.right = row.right
                out.append(Button(name, label, r, style, seat))
                x = r.right + int(gap * scale)
        return out

    def press_button(self, name: str) -> None:
        ctl = self.ctl
        if name.startswith("stop"):
            self.call_stop(int(name[-1]))
        elif name.startswith("compel"):
            ctl.call_compel(int(name[-1]))
        elif name == "end":
            ctl.end_innings()
        elif name == "hint":
            self.coach.hint()
        elif name == "menu":
            self.app.open_menu()

    # -- scene interface ---------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        ctl = self.ctl
        if event.type == pygame.MOUSEMOTION:
            self.mouse, self.hover = event.pos, 0.0
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            # no tooltip over what was just clicked or dropped, until the mouse moves
            self.mouse = None
        if table_mouse(ctl, event, self.buttons, self.press_button, self.coach.dismiss):
            return
        if event.type == pygame.KEYDOWN:
            if self.keys.handle_key(ctl, event):
                return
            if event.key == pygame.K_ESCAPE:
                self.app.open_menu()
            elif event.key == STOP_KEYS[0]:
                self.call_stop(0)
            elif event.key == STOP_KEYS[1]:
                self.call_stop(1)
            elif event.key == pygame.K_e:
                ctl.end_innings()
            elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                ctl.undo()
            elif event.key == pygame.K_l:
                registry.push("log", self.app, self)  # (this table's log: a remote one too)
            elif event.key == pygame.K_h:
                self.coach.hint()
            elif event.key == pygame.K_F1 or event.unicode == "?":
                registry.push("help", self.app)

    def call_stop(self, seat: int) -> None:
        ctl = self.ctl
        if not ctl.is_bot(seat) and len(ctl.stop_options()) > 1:
            registry.push("stop options", self.app, seat)  # Belgian Bank (§92)
            return
        pos = ctl.position  # asked before the call, in any language
        false = isinstance(pos, Position) and false_stop(pos, seat)
        if not ctl.call_stop(seat) and false:
            self.false_stops[seat] += 1

    def score_now(self) -> None:
        """Add a finished game to the match total (once) and save."""
        game = self.ctl.game
        if not game.over or self.scored:
            return
        self.scored = True
        out = game.outcome
        if out is not None and out.winner is not None:
            self.app.match[out.winner] += out.points
        self.app.games += 1
        self._changed()
        self.app.keep_game()

    def tip(self) -> str | None:
        """The hover tooltip: what a button does, or the pile's name in words."""
        target = self.tip_target()
        return None if target is None else target[0]

    def tip_target(self) -> tuple[str, pygame.Rect] | None:
        """The hover tooltip and what it is about (the button, or the pile with all
        its cards), which the tooltip must not cover."""
        ctl = self.ctl
        if self.mouse is None or self.hover < TIP_DELAY or ctl.drag or ctl.spread:
            return None
        for b in self.buttons():
            if b.rect.collidepoint(self.mouse):
                said = words.button_tip(b.name.rstrip("01"), ctl.position.rules)
                return None if said is None else (said, b.rect)
        for seat, r in self.layout.held_rects.items():
            if r.collidepoint(self.mouse):
                return ctl.table_view.held_tip(ctl.position, seat), r
        hit = ctl.gestures.hit(self.mouse)
        if hit is None:
            return None
        place = hit[0]
        about = self.layout.rects[place].copy()
        if place.kind == TABLE:
            fan = self.layout.table_card_rects(place.index, len(ctl.piles()[place].cards))
            about.unionall_ip(fan)
        return ctl.table_view.tip(ctl.position, place), about

    def update(self, dt: float) -> None:
        self.hover += dt
        ctl = self.ctl
        ctl.update(dt)
        game = ctl.game
        if game.over and not self.scored:
            self.score_now()
        self.celebration.update(dt)
        self._celebrate()
        wait = max(0.8 * ctl.pace(), SECONDS if self.celebration.active else 0.0)
        if game.over and not self.results_shown and ctl.over_timer >= wait:
            self.results_shown = True
            self.celebration.stop()
            registry.push("results", self.app)

    def wake_in(self) -> float | None:
        """0 while something moves (cards flying or dragged, sparks, a computer to
        act, the last card's grace, the game's end); else the time to the next
        notice or banner to go, the tooltip to show, or a watching computer's (or
        the automatic referee's) next look at the clock; None: only events."""
        ctl, game = self.ctl, self.ctl.game
        if ctl.flights or ctl.drag is not None or self.celebration.active:
            return 0.0
        m = ctl.match
        waits: list[float] = []
        if game.over:
            if not self.results_shown:
                return 0.0
        elif m.to_act() in m.bots or game.phase == PENDING:
            return 0.0
        elif game.stops and (m.bots or m.referee):
            waits.append(WATCH)
        notes = ctl.notes
        shown = [*notes.by_seat.values(), *([notes.banner] if notes.banner else [])]
        waits += [n.until - notes.clock for n in shown]
        if self.mouse is not None and self.hover < TIP_DELAY:
            waits.append(TIP_DELAY - self.hover)
        return max(0.0, min(waits)) if waits else None

    def look(self) -> object:
        """The actions taken, the notices and banner, the tooltip and the coach's note."""
        ctl, notes = self.ctl, self.ctl.notes
        tip = self.mouse is not None and self.hover >= TIP_DELAY
        seen = (notes.banner, self.coach.note, self.results_shown, self.mouse, tip)
        return (ctl.version, len(ctl.game.actions), tuple(notes.by_seat.items()), *seen)

    def _celebrate(self) -> None:
        """Start the sparks once, as the game is won by a person (the table's pace
        is not "as fast as possible": tests and the benchmark run without them)."""
        ctl = self.ctl
        out = ctl.game.outcome if ctl.game.over else None
        if out is None or self.results_shown or self.celebrated is ctl.game:
            return
        self.celebrated = ctl.game
        if ctl.celebrates(out) and ctl.pace() > 0 and out.winner is not None:
            box = self.layout.zones[out.winner].rect
            self.celebration.start(self.layout, box, len(ctl.game.actions))

    records = True  # the window repaints only what changed (ui/kit/canvas.py)

    def record(self, canvas: Canvas) -> None:
        m = self.app.match
        renderer = self.app.renderer
        lines = self.log.sync(self.ctl.game)
        # with the largest cards there is no room for the log: the newest line
        # shows on the waiting seat's box instead
        last = None
        if lines and self.layout.log_rect is None:
            last = _("Last: {line}").format(line=lines[-1])
        renderer.draw(canvas, self.ctl, self.buttons(), (m[0], m[1]), last)
        if self.layout.log_rect is not None:
            renderer.side_log(canvas, self.layout.log_rect, lines)
        self.celebration.draw(canvas)  # (under the banner: its words stay clear)
        if self.ctl.notes.banner is not None:  # a Stop, the game's end
            draw_banner(canvas, renderer, self.layout, self.ctl.notes.banner)
        self.keys.draw(canvas, self.ctl)
        self.coach.draw(canvas)
        tip = self.tip_target()
        if tip is not None and tip[0] and self.mouse is not None:
            renderer.tooltip(canvas, tip[0], self.mouse, tip[1])

    def draw(self, surface: pygame.Surface) -> None:
        canvas = Canvas(surface.get_size(), surface.get_clip())
        self.record(canvas)
        canvas.paint(surface)


__all__ = ["GameScene", "new_game_words"]
