"""The application: the window, the scene stack, global keys, settings, autosave
(the game in progress kept as a journal, a line per action, written off the frame's
thread: ``russian_bank/journal.py``).

``App.step(dt)`` takes the pending pygame events, gives them to the top scene,
advances time and draws; ``App.run()`` calls it at up to 60 frames a second, and
while the screen is still (``Scene.wake_in``) sleeps until an event or the screen's
next timer, drawing a frame only when what it shows changed (``Scene.look``). Tests
and the benchmark post real events and call ``step`` themselves.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import sys
import time
import traceback
import warnings as pywarnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from .. import files, i18n
from ..game.protocol import GameSession
from ..games import game_type
from ..journal import Journal
from ..match import fresh_rng
from .kit.assets import Assets, Sounds
from .kit.canvas import Canvas, Screen
from .scenes import register_all, registry
from .scenes.base import Scene
from .scenes.game import GameScene, greet
from .settings import (
    SAVE_WAIT,
    Settings,
    config_dir,
    load_game,
    load_settings,
    save_settings,
)
from .table.render import Renderer

if TYPE_CHECKING:
    from .thinker import ProcessThinker

MIN_SIZE = (640, 480)  # the table is laid out and tested from this size up
IDLE_WAKE = 1.0  # seconds a still screen sleeps at most (were a timer forgotten)
# SDL drivers that cannot wait for an event (SDL would look every millisecond): the
# rest looks at the queue every HEADLESS_LOOK seconds instead
HEADLESS = ("dummy", "offscreen")
HEADLESS_LOOK = 0.05
CRASH_LOG_KEEP = 200_000  # characters of older reports kept in crash.log


def bot_factory() -> Callable[..., object] | None:
    """The two-pack table's ``make_bot`` of russian_bank.ai, if it can be imported: a
    searching Master thinks at most ``ai.TABLE_THINK`` wall seconds a decision (its
    anytime stop). Every game's computer is asked of the game (``GameType.make_bot``)."""
    try:
        from ..ai import TABLE_THINK, make_bot
    except ImportError:
        return None
    return functools.partial(make_bot, think_cap=TABLE_THINK)


def write_png(surface: pygame.Surface, path: str) -> bool:
    """Save a screenshot atomically, then close pygame; on failure say why in
    one line (stderr) and return False."""
    try:
        with files.replacing(path) as tmp:
            pygame.image.save(surface, str(tmp))
    except (OSError, pygame.error) as e:
        said = i18n._("cannot write {file}: {why}").format(file=path, why=e)
        print(f"russian-bank: {said}", file=sys.stderr)
        return False
    finally:
        pygame.quit()
    return True


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
        register_all()
        gc.collect()  # a table started again in one process: the last one's images go first
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
        self.fullscreen_mode = ""  # how F11 made it (ui/fullscreen.py: imported then)
        self.windowed_size = size
        self.size = self.screen.get_size()
        warnings: list[str] = []
        first_start = settings is None and not (config_dir() / "settings.json").exists()
        if settings is None:
            settings, warn = load_settings()
            if warn:
                warnings.append(warn)
        self.settings = settings
        i18n.set_language(settings.language)
        self.assets = Assets(settings.deck, settings.four_colour, settings.shown_text_scale())
        self.renderer = Renderer(self.assets)
        self.shown = Screen()  # what the window shows, to repaint only what changes
        self.damage: list[pygame.Rect] | None = None  # repainted last frame (None: all)
        self.pace_override = pace
        self.sounds = Sounds(enabled=settings.sound)
        self.autosave = autosave
        self.journal = Journal(config_dir() / "autosave.txt")  # the game in progress
        self.save_problem: str | None = None  # why progress cannot be saved (told once)
        self.running = True
        self._woken: list[pygame.event.Event] = []  # the event that ended a rest (run)
        self.live = False  # set by run(): the real window, bots think in a worker
        self.thinker: ProcessThinker | None = None  # the worker process (go_live)
        self.match = [0, 0]
        self.games = 0
        game = None
        hints = 0
        if resume and seed is None:
            saved = load_game()
            hints = saved.hints
            if saved.warning:
                warnings.append(saved.warning)
            self.match, self.games = saved.match, saved.games
            if saved.game is not None and not saved.game.over:
                game = saved.game
        fresh = game is None
        if game is None:
            game = game_type(self.settings.rules).new_game(seed)
        pygame.display.set_caption(game.position.rules.title)
        self._scenes: list[Scene] = []
        self.game_scene = GameScene(self, game)
        self.scenes.append(self.game_scene)
        ctl = self.game_scene.ctl
        if not fresh:
            self.game_scene.coach.hints = hints
        if first_start:  # a new player: offer the lessons (once)
            save_settings(self.settings)
            registry.push("lessons", self, welcome=True)
        if fresh:
            greet(ctl, game)
        else:
            ctl.say(game.position.player, i18n._("The game in progress was restored"))
        words = i18n.catalogue_problem()  # (already said once on stderr)
        if words is not None:
            ctl.say(0, words, "refuse")
        if warnings:
            ctl.say(0, " / ".join(warnings), "refuse")
            for w in warnings:
                print(f"russian-bank: {w}", file=sys.stderr)
        if fresh and resume and seed is None:
            self.save_game()  # the saved game was finished (or absent): keep the new one

    # -- bots -----------------------------------------------------------------

    def bots_available(self) -> bool:
        return bot_factory() is not None

    def make_bots(self, game: GameSession[Any, Any, Any]) -> dict[int, object]:
        """The computer at seat B for ``game`` (its own game's players: the
        strongest it has when the chosen level is not one of them)."""
        level = self.settings.opponent
        if level == "human" or not self.bots_available():
            return {}
        kind = game_type(game.position.rules.spec)
        if level not in kind.levels:
            level = kind.levels[-1]
        from ..ai import TABLE_THINK

        try:
            return {1: kind.make_bot(level, 1, fresh_rng(), self.mistakes(), TABLE_THINK)}
        except Exception:
            return {}

    def mistakes(self) -> str | None:
        """The computer's Mistakes setting (None: as its level plays, ai/faults.py)."""
        m = self.settings.mistakes
        return None if m == "level" else m

    # -- scene stack -------------------------------------------------------------------

    @property
    def scenes(self) -> list[Scene]:
        return self._scenes

    @scenes.setter
    def scenes(self, scenes: list[Scene]) -> None:
        """A new stack: each scene that is no longer in it is closed (Scene.on_leave)."""
        kept = {id(s) for s in scenes}
        old, self._scenes = getattr(self, "_scenes", []), scenes
        for s in old:
            if id(s) not in kept:
                s.on_leave()

    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def pop(self) -> None:
        if len(self.scenes) > 1:
            self.scenes.pop().on_leave()

    def open_menu(self) -> None:
        from .scenes.menu import MenuScene  # (imported when the menu first opens)

        if not isinstance(self.top, MenuScene):
            self.scenes = [self.game_scene]
            self.push(MenuScene(self))

    def new_game(self, seed: int | None = None, ask: bool = True) -> None:
        """Deal a new game; with a game in progress, first ask who abandons it (§34)."""
        self.scenes = [self.game_scene]
        old = self.game_scene.ctl.game
        in_progress = not old.over and any(a.definite for a in old.actions)
        if ask and in_progress:
            registry.push("new game", self, seed)
            return
        if in_progress:
            self.keep_game()  # left unfinished: kept too, but not counted
        self.game_scene.new_game(game_type(self.settings.rules).new_game(seed))

    def new_game_asked(self, seed: int | None = None) -> None:
        """A new game asked for on the command line (``--rules``, ``--seed``): with
        the restored game in progress, the New game question first (keep playing,
        or abandon it, kept in Past games); else deal it at once."""
        old = self.game_scene.ctl.game
        if not old.over and any(a.definite for a in old.actions):
            self.new_game(seed)
        elif seed is not None or old.position.rules.spec != self.settings.rules:
            self.game_scene.new_game(game_type(self.settings.rules).new_game(seed))

    def keep_game(self) -> None:
        """Hand the game on the table to the record store (Past games, statistics)."""
        if not self.autosave:
            return
        from ..history import HUMAN, Store, keep  # (the past games: when one is kept)

        scene = self.game_scene
        bot = scene.ctl.bots.get(1)
        players = (HUMAN, str(getattr(bot, "level", HUMAN)) if bot is not None else HUMAN)
        fs = scene.false_stops
        try:
            Store().save(keep(scene.ctl.game, players, (fs[0], fs[1]), hints=scene.coach.hints))
        except OSError as e:
            said = i18n._("The game could not be kept in Past games ({why})")
            scene.ctl.say(0, said.format(why=e.strerror), "refuse")

    def save_settings(self) -> None:
        self._saved(save_settings(self.settings))
        s = self.settings
        self.sounds.enabled = s.sound
        i18n.set_language(s.language)  # every word is looked up when drawn: at once
        words = i18n.catalogue_problem()
        if words is not None:  # a damaged catalogue: English, and why
            self.game_scene.ctl.say(0, words, "refuse")
        if self.assets.deck != (s.deck, s.four_colour):
            self.assets.load_deck(s.deck, s.four_colour)
        self.assets.set_text_scale(s.shown_text_scale())
        self.renderer.forget_static()
        self.game_scene.apply_settings()

    def save_game(self) -> None:
        """Autosave the game in progress (after every change): what changed is
        appended to its journal by the writer thread; the frame never waits."""
        if self.autosave:
            scene = self.game_scene
            self.journal.sync(scene.ctl.game, self.match, self.games, scene.coach.hints)
            self._saved(self.journal.problem)

    def save_game_now(self) -> None:
        """Save the game in progress as its plain record (the journal compacted)
        and wait until it is on disk: a quit, an unexpected error."""
        if self.autosave:
            scene = self.game_scene
            self.journal.compact(scene.ctl.game, self.match, self.games, scene.coach.hints)
            if not self.journal.writer.wait(SAVE_WAIT):
                self.journal.problems.append(
                    i18n._("not written after {n} seconds").format(n=int(SAVE_WAIT))
                )
            self._saved(self.journal.problem)

    def _saved(self, problem: str | None) -> None:
        """The first time a save fails, tell the player on the table (once)."""
        if problem is None or self.save_problem is not None:
            return
        self.save_problem = problem
        text = i18n._("Progress cannot be saved: {why}").format(why=problem)
        print(f"russian-bank: {text}", file=sys.stderr)
        for seat in (0, 1):
            self.game_scene.ctl.say(seat, text, "fault")

    def game_saved(self) -> bool:
        """True if quitting now keeps the game in progress (it resumes next time)."""
        return self.autosave and self.save_problem is None and not self.game_scene.ctl.game.over

    def quit(self) -> None:
        self.game_scene.score_now()  # a win still in its countdown counts (and is saved)
        if self.game_saved():
            self.save_game_now()
            if self.save_problem is None:
                where = config_dir()
                said = i18n._("the game in progress is saved in {folder}; it resumes next time")
                print(f"russian-bank: {said.format(folder=where)}")
        self.scenes = [self.game_scene]  # (a network screen ends its server and connection)
        self.running = False

    # -- window -----------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        for s in self.scenes:
            s.resize(size)

    def toggle_fullscreen(self) -> None:
        """F11: full screen at the desktop's own resolution, and back to the window
        size it had (no re-created window); laid out for the size the window really
        has (ui/fullscreen.py: where no window manager grants full screen, the
        window covers the screen itself)."""
        from . import fullscreen  # (ctypes and X11's calls: when first asked)

        try:
            if self.fullscreen:
                fullscreen.leave(self.window, self.fullscreen_mode, self.windowed_size)
            else:
                self.windowed_size = self.window.size
                self.fullscreen_mode = fullscreen.enter(self.window)
        except pygame.error:
            return
        self.fullscreen = not self.fullscreen
        self.screen = pygame.display.get_surface() or self.screen
        self.resize(self.screen.get_size())

    # -- the loop -------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self.shown.forget()  # the window lost what it showed: paint it whole
        if event.type == pygame.VIDEORESIZE:
            w, h = max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)
            surface = pygame.display.get_surface()
            if surface is not None:
                self.screen = surface
            self.resize(surface.get_size() if surface is not None else (w, h))
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if event.key == pygame.K_n and event.mod & pygame.KMOD_CTRL:
                self.new_game(None)
                return
        self.top.handle_event(event)

    def step(self, dt: float, lazy: bool = False) -> None:
        """One frame: the events, ``dt`` seconds of time, the drawing. ``lazy`` (the
        window's loop): a frame with no event, on a screen that stays still, is drawn
        only if what it shows changed."""
        self._saved(self.journal.problem)  # (the writer thread's failure, told once)
        events, self._woken = [*self._woken, *pygame.event.get()], []
        for event in events:
            self.handle_event(event)
            if not self.running:
                return
        top = self.top
        still = lazy and not events and top.wake_in() != 0
        look = top.look() if still else None
        top.update(dt)
        if still and self.top is top and top.wake_in() != 0 and top.look() == look:
            self.damage = []  # nothing to show anew (draw changes nothing)
            return
        self.draw(self.screen)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the top scene (and those under its overlays). A scene that records
        its frame alone on the window repaints only what changed since the frame
        before; ``present`` then shows just those rectangles."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        drawn = self.scenes[start:]
        if len(drawn) == 1 and drawn[0].records:
            frame = Canvas(surface.get_size())
            drawn[0].record(frame)
            self.damage = self.shown.show(surface, frame)
            return
        self.shown.forget()  # the next recorded frame is painted whole
        for scene in drawn:
            scene.draw(surface)
        self.damage = None

    def present(self) -> None:
        """Show the frame drawn last on the window: the rectangles it repainted,
        or the whole window."""
        if self.damage is None:
            pygame.display.flip()
        elif self.damage:
            pygame.display.update(self.damage)

    def run(self) -> int:
        # the live window: a computer's decision runs beside the frames, never in them
        # (tests and screenshots step the app on a virtual clock, with inline bots)
        self.go_live()
        clock = pygame.time.Clock()
        slept = 0.0
        while self.running:
            dt = clock.tick(60) / 1000.0
            self.frame(min(dt, 0.1 + slept), lazy=True)  # (the timers count the rest)
            if self.running:
                self.present()
                slept = self.rest()
        pygame.quit()
        if self.thinker is not None:
            self.thinker.close()
        return 0

    def go_live(self, process: bool = True) -> None:
        """The real window: the computer thinks beside the frames, in a worker
        process (ui/thinker.py; a thread of this process without ``process`` or
        where no process can start)."""
        self.live = True
        if process and self.thinker is None:
            from .thinker import ProcessThinker  # (the window's alone: not screenshots)

            try:
                self.thinker = ProcessThinker()
            except (OSError, ImportError) as e:
                said = i18n._("the computer thinks in a thread ({why})").format(why=e)
                print(f"russian-bank: {said}", file=sys.stderr)
        match = self.game_scene.ctl.match
        match.worker = True
        match.think = self.thinker

    def rest(self) -> float:
        """While the top screen is still, sleep until an event comes or its next timer
        (``Scene.wake_in``; at most ``IDLE_WAKE``); the seconds slept."""
        wait = self.top.wake_in()
        if wait is not None and wait < 1 / 60:
            return 0.0
        start = time.perf_counter()
        end = start + min(IDLE_WAKE, wait or IDLE_WAKE)
        if pygame.display.get_driver() in HEADLESS:
            while not self._woken and time.perf_counter() < end:
                time.sleep(max(0.0, min(HEADLESS_LOOK, end - time.perf_counter())))
                self._woken = pygame.event.get()
        else:
            event = pygame.event.wait(int((end - start) * 1000) + 1)
            if event.type != pygame.NOEVENT:
                self._woken.append(event)
        return time.perf_counter() - start

    def frame(self, dt: float, lazy: bool = False) -> None:
        """One frame of the loop; a bug never loses the game (save, log, go on)."""
        try:
            self.step(dt, lazy)
        except Exception:
            self.recover()

    def recover(self) -> None:
        """After an unexpected error: keep the game, write the details to
        ``crash.log`` in the config folder, tell the player, and carry on."""
        log = config_dir() / "crash.log"
        try:
            old = log.read_text(encoding="utf-8", errors="replace")[-CRASH_LOG_KEEP:]
        except OSError:
            old = ""
        entry = traceback.format_exc() + self.game_scene.ctl.game.record_text() + "\n"
        with contextlib.suppress(OSError):
            files.write_text(log, old + entry)
        self.save_game_now()
        self.scenes = [self.game_scene]
        self.game_scene.ctl.say(
            self.game_scene.ctl.position.player,
            i18n._(
                "Something went wrong; the game is saved and goes on (details in {file})"
            ).format(file=log),
        )
