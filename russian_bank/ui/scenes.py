"""Scenes: the table, and the overlays on it (menu, settings, rules, results).

Every scene has ``handle_event(event)``, ``update(dt)`` and ``draw(surface)``;
``draw`` changes nothing. An overlay scene (``overlay = True``) is drawn on top of
the scene below it; only the top scene receives events and time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..engine import OVER, PENDING, PLAY, Game
from ..engine.places import SEATS
from ..engine.queries import score_lines
from ..engine.rules import Words
from ..engine.rulesets import OPTIONS, every_spec, rule_set
from . import textpanel
from .controller import Options, TableController
from .layout import Layout
from .render import GOLD, PANEL, WHITE, Button, zone_parts
from .settings import FAULT_MODE_NAMES, FAULT_MODES, OPPONENTS, PACES

if TYPE_CHECKING:
    from .app import App

STOP_KEYS = {0: pygame.K_s, 1: pygame.K_k}


def new_game_words(game: Game, computer: bool) -> str:
    """The greeting of a new game. Against the computer the seed is kept back until
    the game ends (with it anyone could rebuild every face-down card)."""
    if computer:
        return "New game against the computer: turn your Stock to begin"
    return f"New game (seed {game.seed}): turn your Stock to begin"


class Scene:
    overlay = False

    def __init__(self, app: App) -> None:
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resize(self, size: tuple[int, int]) -> None:
        pass


# ---------------------------------------------------------------------- the table


class GameScene(Scene):
    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        from .coach import Coach

        self.layout = Layout(app.size)
        self.coach = Coach(self)
        self.ctl = self._controller(game)
        self.scored = game.over
        self.results_shown = game.over
        self.false_stops = [0, 0]  # Stops the referee refused, for the statistics (§66)

    def _controller(self, game: Game) -> TableController:
        s = self.app.settings
        bots = self.app.make_bots()
        ctl = TableController(
            game,
            self.layout,
            Options(fault_mode=s.fault_mode, pace=self.app.pace_override or s.pace),
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
        self.app.sounds.play("deal")
        self.ctl.say(game.position.player, new_game_words(game, bool(self.ctl.bots)))
        self._changed()

    def apply_settings(self) -> None:
        s = self.app.settings
        self.ctl.options.fault_mode = s.fault_mode
        self.ctl.options.pace = self.app.pace_override or s.pace

    def _changed(self) -> None:
        self.coach.changed()
        self.app.save_game()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout(size)
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
            h = row.h
            x = row.x
            key = pygame.key.name(STOP_KEYS[seat]).upper()
            live = seat == pos.adversary and ctl.shown_phase() in (PLAY, PENDING)
            if not ctl.is_bot(seat):
                r = pygame.Rect(x, row.y, int(h * 3.4), h)
                out.append(
                    Button(f"stop{seat}", f"STOP  ({key})", r, "stop" if live else "dim", seat)
                )
                x = r.right + h // 2
            # shown whenever the game is in play, never because a fault is open
            if seat == pos.adversary and shown["compel"] and not ctl.is_bot(seat):
                r = pygame.Rect(x, row.y, int(h * 3.0), h)
                style = "plain" if live else "dim"  # as the Stop button: by phase only
                out.append(Button(f"compel{seat}", "Compel", r, style, seat))
                x = r.right + h // 2
            if seat == pos.player and shown["end"] and not ctl.is_bot(seat):
                r = pygame.Rect(x, row.y, int(h * 3.8), h)
                out.append(Button("end", "End innings", r, "plain", seat))
                x = r.right + h // 2
            if seat == pos.player and not ctl.is_bot(seat) and ctl.shown_phase() != OVER:
                r = pygame.Rect(x, row.y, int(h * 3.0), h)
                out.append(Button("hint", "Hint (H)", r, "plain", seat))
                x = r.right + h // 2
            if seat == 0:
                r = pygame.Rect(0, row.y, int(h * 3.4), h)
                r.right = row.right
                if r.left >= x:
                    out.append(Button("menu", "Menu (Esc)", r, "dim", seat))
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
            ctl.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            ctl.release(event.pos, event.button)
        elif event.type == pygame.KEYDOWN:
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

    def update(self, dt: float) -> None:
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
        self.coach.draw(surface)


# ---------------------------------------------------------------------- overlays


class Overlay(Scene):
    """A centred panel with a title, some lines of text and a column of buttons."""

    overlay = True
    title = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._shade: pygame.Surface | None = None

    def lines(self) -> list[str]:
        return []

    def items(self) -> list[tuple[str, str]]:
        """(name, label) of each button, top to bottom."""
        return []

    def choose(self, name: str) -> None:
        pass

    def wrapped(self, unit: int, width: int) -> list[str]:
        """The text lines wrapped to a panel ``width`` wide (never cut off)."""
        font = self.app.assets.font(unit)
        out: list[str] = []
        for line in self.lines():
            out += textpanel.wrap(font, line, width - 3 * unit)
        return out

    def geometry(self) -> tuple[pygame.Rect, list[tuple[str, str, pygame.Rect]], int]:
        W, H = self.app.size
        items = self.items()
        unit = max(14, min(W, H) // 28)
        while True:  # shrink until the panel fits the window
            bh = int(unit * 1.9)
            lines = self.wrapped(unit, min(W - 40, unit * 34))
            height = unit * 4 + len(lines) * int(unit * 1.35) + len(items) * (bh + unit // 2) + unit
            if height <= H - 20 or unit <= 10:
                break
            unit -= 1
        width = min(W - 40, unit * 34)
        height = min(height, H - 20)
        panel = pygame.Rect(0, 0, width, height)
        panel.center = (W // 2, H // 2)
        y = panel.y + unit * 4 + len(lines) * int(unit * 1.35)
        rects = []
        for name, label in items:
            r = pygame.Rect(0, y, min(width - 2 * unit, unit * 22), bh)
            r.centerx = panel.centerx
            rects.append((name, label, r))
            y += bh + unit // 2
        return panel, rects, unit

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            _panel, rects, _unit = self.geometry()
            for name, _label, r in rects:
                if r.collidepoint(event.pos):
                    self.choose(name)
                    return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        W, H = self.app.size
        if self._shade is None or self._shade.get_size() != (W, H):
            self._shade = pygame.Surface((W, H), pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, 140))
        surface.blit(self._shade, (0, 0))
        panel, rects, unit = self.geometry()
        pygame.draw.rect(surface, PANEL, panel, border_radius=unit)
        pygame.draw.rect(surface, GOLD, panel, 2, border_radius=unit)
        a = self.app.assets
        t = a.text(self.title, int(unit * 1.4), GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(panel.centerx, panel.y + unit)))
        y = panel.y + unit * 3
        for line in self.wrapped(unit, panel.w):
            t = a.text(line, unit, WHITE)
            surface.blit(
                t, (panel.x + unit * 2, y), pygame.Rect(0, 0, panel.w - 3 * unit, unit * 2)
            )
            y += int(unit * 1.35)
        for name, label, r in rects:
            self.app.renderer._button(
                surface, Button(name, label, r, self.style(name)), self.app.game_scene.layout
            )

    def style(self, name: str) -> str:
        return "plain"


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


class DrawOfferScene(Overlay):
    """A draw offered in hot seat: the panel speaks to the other seat (§37)."""

    def __init__(self, app: App, seat: int) -> None:
        super().__init__(app)
        self.seat = seat
        self.title = f"{SEATS[1 - seat]}: accept a draw?"

    def lines(self) -> list[str]:
        return [
            f"{SEATS[self.seat]} offers a draw (§37).",
            "If you accept, the game ends and no one scores.",
        ]

    def items(self) -> list[tuple[str, str]]:
        return [("yes", f"Yes, {SEATS[1 - self.seat]} accepts"), ("no", "No, play on")]

    def choose(self, name: str) -> None:
        ctl = self.app.game_scene.ctl
        self.app.scenes = [self.app.game_scene]
        if name == "yes":
            ctl.agree_draw()
        else:
            ctl.say(self.seat, f"{SEATS[1 - self.seat]} declines the draw: play on")


class AbandonScene(Overlay):
    """§34: confirm, and say which seat abandons (in hot seat either may)."""

    title = "Abandon the game?"

    def lines(self) -> list[str]:
        r = self.app.game_scene.ctl.position.rules
        return [
            "Whoever abandons loses: the adversary scores the game",
            f"and the cards left (§31), and {r.abandon_points} points more (§34).",
        ]

    def items(self) -> list[tuple[str, str]]:
        ctl = self.app.game_scene.ctl
        seats = ctl.humans()
        if len(seats) == 1:
            out = [(f"abandon{seats[0]}", "Yes, abandon")]
        else:  # the seat whose innings it is first
            first = ctl.position.player
            out = [(f"abandon{s}", f"{SEATS[s]} abandons") for s in (first, 1 - first)]
        return out + [("no", "No, play on")]

    def choose(self, name: str) -> None:
        self.app.scenes = [self.app.game_scene]
        if name.startswith("abandon"):
            self.app.game_scene.ctl.abandon(int(name[-1]))


class SettingsScene(Overlay):
    title = "Settings"

    def lines(self) -> list[str]:
        return [
            "Faults: manual = the adversary calls Stop (S for A, K for B);",
            "automatic = the referee always stops; beginner = faults refused.",
        ]

    def items(self) -> list[tuple[str, str]]:
        s = self.app.settings
        return [
            ("fault", f"Faults: {FAULT_MODE_NAMES[s.fault_mode]}"),
            ("sound", f"Sound: {'on' if s.sound else 'off'}"),
            ("pace", f"Pace: {s.pace}"),
            ("coach", f"Coach: {'on' if s.coach else 'off'}"),
            ("back", "Back"),
        ]

    def choose(self, name: str) -> None:
        s = self.app.settings
        if name == "fault":
            s.fault_mode = FAULT_MODES[(FAULT_MODES.index(s.fault_mode) + 1) % len(FAULT_MODES)]
        elif name == "sound":
            s.sound = not s.sound
        elif name == "pace":
            s.pace = PACES[(PACES.index(s.pace) + 1) % len(PACES)]
        elif name == "coach":
            s.coach = not s.coach
        elif name == "back":
            self.app.pop()
            return
        self.app.save_settings()


def _rules_label(spec: str) -> str:
    r = rule_set(spec)
    return r.title + "".join(f" + {flag}" for flag in r.options)


def controls_text(words: Words) -> list[str]:
    """How the table is worked, in the rule set's words."""
    w = words
    return [
        f"STOP: A presses S, B presses K. Drag cards; click the {w.stock} or {w.hand}",
        f"to turn; double-click sends a card to the {w.banks}.",
        f"Hold the right button on a {w.stock} or {w.discard} to spread it (§45-47).",
    ]


class StopOptionsScene(Overlay):
    """Belgian Bank (000 §92): the adversary chooses his options with the Stop."""

    title = "Stop, with which options? (000 §92)"
    WORDS = {
        (): "Just Stop",
        ("bank",): "Stop: his bankable Stock and Discard cards banked first",
        ("expose",): "Stop: the Hand card he turned goes on his Discard",
        ("bank", "expose"): "Stop with both options",
    }

    def __init__(self, app: App, seat: int) -> None:
        super().__init__(app)
        self.seat = seat

    def lines(self) -> list[str]:
        return [f"{SEATS[self.seat]} calls Stop. Belgian Bank lets you add:"]

    def items(self) -> list[tuple[str, str]]:
        opts = self.app.game_scene.ctl.stop_options()
        return [(" ".join(o) or "plain", self.WORDS[o]) for o in opts] + [("no", "Cancel")]

    def choose(self, name: str) -> None:
        self.app.scenes = [self.app.game_scene]
        if name != "no":
            options = () if name == "plain" else tuple(name.split())
            self.app.game_scene.ctl.call_stop(self.seat, options)


class ResultsScene(Overlay):
    title = "Game over"

    def lines(self) -> list[str]:
        game = self.app.game_scene.ctl.game
        out = game.outcome
        m = self.app.match
        n = self.app.games
        total = f"Match total: A {m[0]}  ·  B {m[1]}   after {n} game{'s' if n != 1 else ''}"
        if out is None:
            return [total]
        if out.winner is None:
            how = "drawn by agreement (§37)" if out.reason == "agreed" else None
            head = how or "Drawn game: no one can go on (§38)"
            return [head[0].upper() + head[1:] + ".", "No points are scored.", "", total] + (
                self._deal(game)
            )
        r = game.position.rules
        w, lo = SEATS[out.winner], SEATS[1 - out.winner]
        lines = [
            f"{w} wins{' (' + lo + ' abandoned)' if out.reason == 'abandoned' else ''}.",
            f"Score ({r.title}):",
            *(f"    {line}" for line in score_lines(r, out, lo)),
        ]
        lines += [f"    Total for {w}: {out.points}", "", total]
        return lines + self._deal(game)

    @staticmethod
    def _deal(game: Game) -> list[str]:
        return [] if game.seed is None else [f"Deal: seed {game.seed} (kept in the record)"]

    def items(self) -> list[tuple[str, str]]:
        return [("next", "Next game"), ("menu", "Menu")]

    def choose(self, name: str) -> None:
        self.app.pop()
        if name == "next":
            self.app.new_game(None)
        else:
            self.app.open_menu()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose("next")
            return
        super().handle_event(event)


__all__ = [
    "AbandonScene",
    "DrawOfferScene",
    "GameScene",
    "MenuScene",
    "SettingsScene",
    "ResultsScene",
    "OVER",
]
