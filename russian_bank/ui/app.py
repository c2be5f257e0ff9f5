"""The application: the window, the scene stack, global keys, settings, autosave.

``App.step(dt)`` takes the pending pygame events, gives them to the top scene,
advances time and draws; ``App.run()`` calls it at 60 frames a second. Tests and
the benchmark post real events and call ``step`` themselves.
"""

from __future__ import annotations

import random
import sys
import traceback
import warnings as pywarnings

import pygame

from ..engine import Game
from .assets import Assets, Sounds
from .render import Renderer
from .scenes import GameScene, MenuScene, NewGameScene, Scene
from .settings import (
    Settings,
    config_dir,
    load_game,
    load_settings,
    save_game,
    save_settings,
)

MIN_SIZE = (640, 480)  # the table is laid out and tested from this size up


def bot_factory():  # noqa: ANN201 - the ``make_bot`` of russian_bank.ai, if it exists
    try:
        from ..ai import make_bot  # type: ignore[attr-defined]
    except ImportError:
        return None
    return make_bot


class App:
    def __init__(
        self,
        size: tuple[int, int] = (1280, 800),
        *,
        seed: int | None = None,
        resume: bool = True,
        autosave: bool = True,
        pace: str | None = None,
        settings: Settings | None = None,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(0)
        self.flags = pygame.RESIZABLE
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.screen = pygame.display.set_mode(size, self.flags)
        pygame.display.set_caption("Russian Bank")
        with pywarnings.catch_warnings():  # pygame-ce prefers Window-only programs
            pywarnings.simplefilter("ignore", DeprecationWarning)
            self.window = pygame.Window.from_display_module()
        self.window.minimum_size = MIN_SIZE
        self.fullscreen = False
        self.windowed_size = size
        self.size = self.screen.get_size()
        warnings: list[str] = []
        if settings is None:
            settings, warn = load_settings()
            if warn:
                warnings.append(warn)
        self.settings = settings
        self.assets = Assets(settings.deck, settings.four_colour, settings.text_scale)
        self.renderer = Renderer(self.assets)
        self.pace_override = pace
        self.sounds = Sounds(enabled=settings.sound)
        self.autosave = autosave
        self.running = True
        self.match = [0, 0]
        self.games = 0
        game = None
        if resume and seed is None:
            saved = load_game()
            if saved.warning:
                warnings.append(saved.warning)
            self.match, self.games = saved.match, saved.games
            if saved.game is not None and not saved.game.over:
                game = saved.game
        fresh = game is None
        if game is None:
            game = Game.new(seed)
        pygame.display.set_caption(game.position.rules.title)
        self.scenes: list[Scene] = []
        self.game_scene = GameScene(self, game)
        self.scenes.append(self.game_scene)
        ctl = self.game_scene.ctl
        if fresh:
            ctl.say(game.position.player, f"New game (seed {game.seed}): turn your Stock to begin")
        else:
            ctl.say(game.position.player, "The game in progress was restored")
        if warnings:
            ctl.say(0, " / ".join(warnings), "refuse")
            for w in warnings:
                print(f"russian-bank: {w}", file=sys.stderr)

    # -- bots -----------------------------------------------------------------

    def bots_available(self) -> bool:
        return bot_factory() is not None

    def make_bots(self) -> dict[int, object]:
        make_bot = bot_factory()
        level = self.settings.opponent
        if make_bot is None or level == "human":
            return {}
        try:
            return {1: make_bot(level, 1, random.Random())}
        except Exception:
            return {}

    # -- scene stack -------------------------------------------------------------------

    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def pop(self) -> None:
        if len(self.scenes) > 1:
            self.scenes.pop()

    def open_menu(self) -> None:
        if not isinstance(self.top, MenuScene):
            self.scenes = [self.game_scene]
            self.push(MenuScene(self))

    def new_game(self, seed: int | None = None, ask: bool = True) -> None:
        """Deal a new game; with a game in progress, first ask who abandons it (§34)."""
        self.scenes = [self.game_scene]
        game = self.game_scene.ctl.game
        if ask and not game.over and game.actions:
            self.push(NewGameScene(self, seed))
            return
        self.game_scene.new_game(Game.new(seed))

    def save_settings(self) -> None:
        save_settings(self.settings)
        s = self.settings
        self.sounds.enabled = s.sound
        if self.assets.deck != (s.deck, s.four_colour):
            self.assets.load_deck(s.deck, s.four_colour)
        self.assets.set_text_scale(s.text_scale)
        self.renderer.forget_static()
        self.game_scene.apply_settings()

    def quit(self) -> None:
        self.game_scene.score_now()  # a win still in its countdown counts (and is saved)
        self.running = False

    # -- window -----------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        for s in self.scenes:
            s.resize(size)

    def toggle_fullscreen(self) -> None:
        """F11: desktop full screen at the desktop's own resolution, and back to the
        window size it had (no re-created window)."""
        try:
            if self.fullscreen:
                self.window.set_windowed()
                self.window.size = self.windowed_size
            else:
                self.windowed_size = self.window.size
                self.window.set_fullscreen(desktop=True)
        except pygame.error:
            return
        self.fullscreen = not self.fullscreen
        self.screen = pygame.display.get_surface()
        self.resize(self.screen.get_size())

    # -- the loop -------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            w, h = max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)
            self.screen = pygame.display.get_surface()
            self.resize(self.screen.get_size() if self.screen else (w, h))
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if event.key == pygame.K_n and event.mod & pygame.KMOD_CTRL:
                self.new_game(None)
                return
        self.top.handle_event(event)

    def step(self, dt: float) -> None:
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return
        self.top.update(dt)
        self.draw(self.screen)

    def draw(self, surface: pygame.Surface) -> None:
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        for scene in self.scenes[start:]:
            scene.draw(surface)

    def run(self) -> int:
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(60) / 1000.0
            self.frame(min(dt, 0.1))
            if self.running:
                pygame.display.flip()
        pygame.quit()
        return 0

    def frame(self, dt: float) -> None:
        """One frame of the loop; a bug never loses the game (save, log, go on)."""
        try:
            self.step(dt)
        except Exception:
            self.recover()

    def recover(self) -> None:
        """After an unexpected error: keep the game, write the details to
        ``crash.log`` in the config folder, tell the player, and carry on."""
        log = config_dir() / "crash.log"
        try:
            log.parent.mkdir(parents=True, exist_ok=True)
            with log.open("a", encoding="utf-8") as f:
                f.write(traceback.format_exc())
                f.write(self.game_scene.ctl.game.record_text() + "\n")
        except OSError:
            pass
        if self.autosave:
            save_game(self.game_scene.ctl.game, self.match, self.games)
        self.scenes = [self.game_scene]
        self.game_scene.ctl.say(
            self.game_scene.ctl.position.player,
            f"Something went wrong; the game is saved and goes on (details in {log})",
        )
