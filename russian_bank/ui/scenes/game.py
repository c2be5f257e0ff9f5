"""Scenes: the table, and the overlays on it (menu, settings, rules, results).

Every scene has ``handle_event(event)``, ``update(dt)`` and ``draw(surface)``;
``draw`` changes nothing. An overlay scene (``overlay = True``) is drawn on top of
the scene below it; only the top scene receives events and time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..engine import OVER, PENDING, PLAY, Game
from ..engine.rulesets import OPTIONS, every_spec, rule_set
from . import words
from .controller import Options, TableController
from .dialogs import (
    AbandonScene,
    DrawOfferScene,
    NewGameScene,
    ResultsScene,
    SettingsScene,
    StopOptionsScene,
    _rules_label,
    controls_text,
)
from .keyboard import Keyboard
from .layout import Layout
from .movelog import MoveLog
from .render import Button, zone_parts
from .scene_base import Overlay, Scene
from .settings import OPPONENTS

if TYPE_CHECKING:
    from .app import App

STOP_KEYS = {0: pygame.K_s, 1: pygame.K_k}
TIP_DELAY = 0.6  # seconds the mouse rests on a pile or button before its tooltip shows


def new_game_words(game: Game, computer: bool) -> str:
    """The greeting of a new game. Against the computer the seed is kept back until
    the game ends (with it anyone could rebuild every face-down card)."""
    stock = game.position.rules.words.stock
    if computer:
        return f"New game against the computer: turn your {stock} to begin"
    return f"New game (seed {game.seed}): turn your {stock} to begin"


# ---------------------------------------------------------------------- the table


class GameScene(Scene):
    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        from .coach import Coach

        self.layout = Layout(app.size, app.settings.card_scale)
        self.coach = Coach(self)
        self.ctl = self._controller(game)
        self.scored = game.over
        self.results_shown = game.over
        self.log = MoveLog()
        self.keys = Keyboard()
        self.mouse: tuple[int, int] | None = None
        self.hover = 0.0  # seconds the mouse has rested at ``mouse``
        self.false_stops = [0, 0]  # Stops the referee refused, for the statistics (§66)

    def _controller(self, game: Game) -> TableController:
        s = self.app.settings
        bots = self.app.make_bots()
        ctl = TableController(
            game,
            self.layout,
            Options(
                fault_mode=s.fault_mode,
                pace=self.app.pace_override or s.pace,
                motion=not s.reduced_motion,
            ),
            play_sound=self.app.sounds.play,
            bots=bots,
            on_change=self._changed,
            vet=self.coach.vet,
        )
        return ctl

    def new_game(self, game: Game) -> None:
        self.coach.new_game()
        self.ctl = self._controller(game)
        self.scored = False
        self.results_shown = False
        self.false_stops = [0, 0]
        pygame.display.set_caption(game.position.rules.title)
        self.app.sounds.play("deal")
        self.ctl.say(game.position.player, new_game_words(game, bool(self.ctl.bots)))
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

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout(size, self.app.settings.card_scale)
        self.ctl.layout = self.layout
        self.ctl.drag = None
        self.ctl.flights.clear()
        if self.ctl.position.raised is not None:
            self.ctl.act("back")

    # -- buttons -------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        ctl = self.ctl
        pos = ctl.position
        shown = ctl.controls()
        out: list[Button] = []
        for seat in (0, 1):
            _t, _m, row = zone_parts(self.layout.zones[seat].rect)
            key = pygame.key.name(STOP_KEYS[seat]).upper()
            live = seat == pos.adversary and ctl.shown_phase() in (PLAY, PENDING)
            wanted: list[tuple[str, str, str, float]] = []  # name, label, style, width
            if not ctl.is_bot(seat):
                wanted.append((f"stop{seat}", f"STOP  ({key})", "stop" if live else "dim", 3.4))
            # shown only when the engine offers a Compel (§38, §70)
            if seat == pos.adversary and shown["compel"] and not ctl.is_bot(seat):
                wanted.append((f"compel{seat}", "Compel", "plain", 3.0))
            if seat == pos.player and shown["end"] and not ctl.is_bot(seat):
                wanted.append(("end", "End innings", "plain", 3.8))
            if seat == pos.player and not ctl.is_bot(seat) and ctl.shown_phase() != OVER:
                wanted.append(("hint", "Hint (H)", "plain", 3.0))
            if seat == 0:
                wanted.append(("menu", "Menu (Esc)", "dim", 3.4))
            # button widths in units of the row height, shrunk together to fit the row
            h = row.h
            gap = h // 2
            need = sum(w for *_x, w in wanted) * h + gap * max(0, len(wanted) - 1)
            scale = min(1.0, row.w / need) if need else 1.0
            x = row.x
            for name, label, style, w in wanted:
                r = pygame.Rect(x, row.y, int(w * h * scale), h)
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
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1 and ctl.drag is None:
                for b in self.buttons():
                    if b.rect.collidepoint(event.pos):
                        self.press_button(b.name)
                        return
                if self.coach.dismiss(event.pos):
                    return
            ctl.press(event.pos, event.button)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse, self.hover = event.pos, 0.0
            ctl.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            ctl.release(event.pos, event.button)
        elif event.type == pygame.KEYDOWN:
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
                from .logscene import LogScene

                self.app.push(LogScene(self.app))
            elif event.key == pygame.K_h:
                self.coach.hint()
            elif event.key == pygame.K_F1 or event.unicode == "?":
                from .coach import HelpScene

                self.app.push(HelpScene(self.app))

    def call_stop(self, seat: int) -> None:
        ctl = self.ctl
        if not ctl.is_bot(seat) and len(ctl.stop_options()) > 1:
            self.app.push(StopOptionsScene(self.app, seat))  # Belgian Bank (§92)
            return
        if not ctl.call_stop(seat) and (ctl.last_reason or "").startswith("False Stop"):
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
        ctl = self.ctl
        if self.mouse is None or self.hover < TIP_DELAY or ctl.drag or ctl.spread:
            return None
        for b in self.buttons():
            if b.rect.collidepoint(self.mouse):
                return words.BUTTON_TIPS.get(b.name.rstrip("01"))
        for seat, r in self.layout.held_rects.items():
            if r.collidepoint(self.mouse):
                return words.held_tip(ctl.position, seat)
        hit = ctl.gestures.hit(self.mouse)
        return None if hit is None else words.pile_tip(ctl.position, hit[0])

    def update(self, dt: float) -> None:
        self.hover += dt
        ctl = self.ctl
        ctl.update(dt)
        game = ctl.game
        if game.over and not self.scored:
            self.score_now()
        if game.over and not self.results_shown and ctl.over_timer >= 0.8 * ctl.pace():
            self.results_shown = True
            self.app.push(ResultsScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        self.app.renderer.draw(surface, self.ctl, self.buttons(), tuple(self.app.match))
        if self.layout.log_rect is not None:
            lines = self.log.sync(self.ctl.game)
            self.app.renderer.side_log(surface, self.layout.log_rect, lines)
        self.keys.draw(surface, self.ctl)
        self.coach.draw(surface)
        tip = self.tip()
        if tip and self.mouse is not None:
            self.app.renderer.tooltip(surface, tip, self.mouse)


# ---------------------------------------------------------------------- overlays


class MenuScene(Overlay):
    title = "Russian Bank"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.seed_text = ""
        self.editing = False

    def lines(self) -> list[str]:
        m = self.app.match
        n = self.app.games
        r = rule_set(self.app.settings.rules)
        return [
            f"Playing: {self.app.game_scene.ctl.position.rules.title}",
            f"Match: A {m[0]}  ·  B {m[1]}   ({n} game{'s' if n != 1 else ''})",
            f"Next game: {r.description}",
            *(f"  + {OPTIONS[r.name][f].help}" for f in r.options),
        ]

    def items(self) -> list[tuple[str, str]]:
        seed = self.seed_text + ("_" if self.editing else "")
        out = [
            ("lessons", "Learn to play"),
            ("resume", "Resume"),
            ("new", "New game"),
            ("ruleset", f"Rule set: {_rules_label(self.app.settings.rules)}"),
            ("onepack", "New game: one pack (003)"),
            ("seed", f"Seed: {seed or 'random (click to type)'}"),
        ]
        if self.app.bots_available():
            opp = self.app.settings.opponent
            label = "human (hot seat)" if opp == "human" else f"computer, {opp}"
            out.append(("opponent", f"Opponent for B: {label}"))
        if self.app.game_scene.ctl.shown_phase() not in (OVER, PENDING):
            out += [
                ("undo", "Undo last action (Ctrl+Z)"),
                ("draw", "Offer a draw"),
                ("abandon", "Abandon the game"),
            ]
        out += [
            ("past", "Past games"),
            ("stats", "Statistics"),
            ("settings", "Settings"),
            ("rules", "Help: the rules (F1)"),
            (
                "quit",
                "Quit (the game is saved and resumes next time)"
                if self.app.game_saved()
                else "Quit",
            ),
        ]
        return out

    def style(self, name: str) -> str:
        if name == "seed" and not self.editing:
            return "dim"
        if name == "undo" and self.app.game_scene.ctl.undo_reason() is not None:
            return "dim"
        return "plain"

    def choose(self, name: str) -> None:
        self.editing = name == "seed"
        if name == "lessons":
            from .tutorial_scene import LessonsScene

            self.app.scenes = [self.app.game_scene]
            self.app.push(LessonsScene(self.app))
        elif name == "resume":
            self.app.pop()
        elif name == "new":
            seed = int(self.seed_text) if self.seed_text else None
            self.app.pop()
            self.app.new_game(seed)
        elif name == "ruleset":
            s = self.app.settings
            specs = every_spec()
            s.rules = specs[(specs.index(s.rules) + 1) % len(specs)]
            self.app.save_settings()
        elif name == "onepack":
            from .onepack_scene import open_one_pack

            open_one_pack(self.app, int(self.seed_text) if self.seed_text else None)
        elif name == "opponent":
            s = self.app.settings
            s.opponent = OPPONENTS[(OPPONENTS.index(s.opponent) + 1) % len(OPPONENTS)]
            self.app.save_settings()
        elif name == "undo":
            self.app.pop()
            self.app.game_scene.ctl.undo()
        elif name == "draw":
            self.offer_draw()
        elif name == "abandon":
            self.app.scenes = [self.app.game_scene]
            self.app.push(AbandonScene(self.app))
        elif name in ("past", "stats"):
            from .history_scenes import PastGamesScene, StatsScene

            self.app.push(PastGamesScene(self.app) if name == "past" else StatsScene(self.app))
        elif name == "settings":
            self.app.push(SettingsScene(self.app))
        elif name == "rules":
            from .coach import HelpScene

            self.app.push(HelpScene(self.app))
        elif name == "quit":
            self.app.quit()

    def offer_draw(self) -> None:
        """§37: the seat whose innings it is offers; the other side is asked."""
        ctl = self.app.game_scene.ctl
        seat = ctl.position.player
        if ctl.is_bot(seat):
            seat = 1 - seat
        other = 1 - seat
        if ctl.is_bot(other):
            self.app.pop()
            ctl.ask_bot_draw(seat)
        else:
            self.app.scenes = [self.app.game_scene]
            self.app.push(DrawOfferScene(self.app, seat))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self.editing:
            if event.key == pygame.K_BACKSPACE:
                self.seed_text = self.seed_text[:-1]
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose("new")
                return
            if event.unicode and event.unicode.isdigit() and len(self.seed_text) < 10:
                self.seed_text += event.unicode
                return
        super().handle_event(event)


__all__ = [
    "OVER",
    "AbandonScene",
    "DrawOfferScene",
    "GameScene",
    "MenuScene",
    "NewGameScene",
    "Overlay",
    "ResultsScene",
    "Scene",
    "SettingsScene",
    "StopOptionsScene",
    "controls_text",
    "new_game_words",
]
