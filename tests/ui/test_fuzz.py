"""GUI fuzzing (issue 13): random real pygame events against the whole App.

Mouse presses, moves and releases on cards, piles, buttons and empty felt, keys
(Esc, Return, S, K, Ctrl+N, Ctrl+Z, F11, digits, letters), window resizes and
menu choices, in hot seat and against a computer opponent. Every batch checks:
the 104 cards are each in one place, no ``crash.log`` was written (the App logs
any exception there), and the autosave holds exactly the game's record. Choosing
Quit in a menu ends the App; the fuzzer then starts a new one that must resume
the saved game.

A short run by default; ``RB_FUZZ_EVENTS=100000`` runs long, ``RB_FUZZ_SEED``
picks another sequence. The App is driven only through posted events and its
``frame`` (the real loop body); the game and the screen are only read.
"""

from __future__ import annotations

import contextlib
import os
import random
import time

import pygame
import pytest

from russian_bank import journal
from russian_bank.engine import Game
from russian_bank.ui.settings import Settings, config_dir

EVENTS = int(os.environ.get("RB_FUZZ_EVENTS", "1500"))
SEED = int(os.environ.get("RB_FUZZ_SEED", "13"))
BATCH = 40
FRAME_CHANCE = 0.15  # a frame after about one event in seven (drawing costs the most)
SIZES = [(1280, 800), (1024, 640), (800, 600), (1920, 1080), (700, 500), (1366, 768)]
KEYS = [
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_s,
    pygame.K_k,
    pygame.K_z,
    pygame.K_n,
    pygame.K_F11,
    pygame.K_BACKSPACE,
    pygame.K_SPACE,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_TAB,
    pygame.K_1,
    pygame.K_7,
    pygame.K_q,
    pygame.K_a,
]


def live_game(app) -> Game:
    return app.game_scene.ctl.game


def targets(app) -> list[tuple[int, int]]:
    """Points worth hitting: card corners and centres, piles, buttons, menu
    items (read from the screen's own geometry when it offers it)."""
    out: list[tuple[int, int]] = []
    try:
        for placed in app.game_scene.ctl.placed_cards().values():
            r = placed.rect
            out += [r.center, (r.x + 4, r.y + r.h // 2), (r.right - 4, r.y + 6)]
        out += [b.rect.center for b in app.game_scene.buttons()]
        out += [r.center for r in app.game_scene.layout.rects.values()]
    except AttributeError:  # the screen's internals moved: random points still fuzz it
        pass
    geometry = getattr(app.top, "geometry", None)
    if callable(geometry):
        with contextlib.suppress(TypeError, ValueError, IndexError):
            out += [r.center for _n, _l, r in geometry()[1]]
    return list(dict.fromkeys(out))  # a pile of face-down cards counts once


class Fuzzer:
    def __init__(self, rng: random.Random, app) -> None:
        self.rng = rng
        self.app = app
        self.held: set[int] = set()
        self.pos = (0, 0)
        self.counts: dict[str, int] = {}

    def point(self) -> tuple[int, int]:
        w, h = self.app.screen.get_size()
        spots = targets(self.app)
        if spots and self.rng.random() < 0.8:
            x, y = self.rng.choice(spots)
            return x + self.rng.randint(-3, 3), y + self.rng.randint(-3, 3)
        return self.rng.randint(-20, w + 20), self.rng.randint(-20, h + 20)

    def post(self, kind: int, **attrs: object) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))
        name = pygame.event.event_name(kind)
        self.counts[name] = self.counts.get(name, 0) + 1

    def drag(self) -> None:
        """Press on a card, move in a few steps and let go somewhere (often a pile)."""
        self.pos = self.point()
        self.post(pygame.MOUSEBUTTONDOWN, pos=self.pos, button=1)
        for _ in range(self.rng.randint(1, 4)):
            new = self.point()
            rel = (new[0] - self.pos[0], new[1] - self.pos[1])
            self.pos = new
            self.post(pygame.MOUSEMOTION, pos=new, rel=rel, buttons=(1, 0, 0))
        self.post(pygame.MOUSEBUTTONUP, pos=self.pos, button=1)

    def one(self) -> None:
        if getattr(self.app.top, "overlay", False) and self.rng.random() < 0.3:
            for kind in (pygame.KEYDOWN, pygame.KEYUP):  # leave the menu, back to the game
                self.post(kind, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
            return
        r = self.rng.random()
        if r < 0.25:
            self.drag()
        elif r < 0.40:
            button = self.rng.choice([1, 1, 1, 1, 3, 3, 2, 4, 5])
            self.pos = self.point()
            self.held.add(button)
            self.post(pygame.MOUSEBUTTONDOWN, pos=self.pos, button=button)
        elif r < 0.55:
            button = self.rng.choice(sorted(self.held) or [1, 3])
            self.held.discard(button)
            self.pos = self.point() if self.rng.random() < 0.7 else self.pos
            self.post(pygame.MOUSEBUTTONUP, pos=self.pos, button=button)
        elif r < 0.80:
            x, y = self.point() if self.rng.random() < 0.5 else self.pos
            new = (x + self.rng.randint(-40, 40), y + self.rng.randint(-40, 40))
            rel = (new[0] - self.pos[0], new[1] - self.pos[1])
            self.pos = new
            buttons = tuple(int(b in self.held) for b in (1, 2, 3))
            self.post(pygame.MOUSEMOTION, pos=new, rel=rel, buttons=buttons)
        elif r < 0.985:
            k = self.rng.choice(KEYS)
            mod = pygame.KMOD_CTRL if self.rng.random() < 0.3 else 0
            text = pygame.key.name(k) if len(pygame.key.name(k)) == 1 else ""
            if k == pygame.K_F11 and self.rng.random() < 0.7:
                k = pygame.K_ESCAPE  # (full screen flips are slow; keep them rarer)
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                self.post(kind, key=k, mod=mod, unicode=text, scancode=0)
        else:
            w, h = self.rng.choice(SIZES)
            pygame.display.set_mode((w, h), pygame.RESIZABLE)  # as the window manager does
            self.post(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)


def check(app, where: str) -> None:
    log = config_dir() / "crash.log"
    if log.exists():
        pytest.fail(f"{where}: crash.log written:\n{log.read_text(encoding='utf-8')[-4000:]}")
    game = live_game(app)
    game.position.check_invariants()  # the 104 cards, each in exactly one place
    if app.autosave and not (game.over and not game.actions):
        app.journal.writer.wait()  # (the writer thread's lines: the journal read back)
        saved = journal.text_of((config_dir() / "autosave.txt").read_bytes())
        if journal.is_journal(saved):
            saved = journal.read_journal(saved)
        # the record, less the save's own comment lines (match total, hints used)
        record = "".join(line for line in saved.splitlines(True) if not line.startswith("#"))
        assert record == game.record_text(), f"{where}: autosave differs from the game"


def start(opponent: str, resume: bool, seed: int | None, card_scale: float = 1.0):
    from russian_bank.ui.app import App

    settings = Settings(opponent=opponent, sound=False, pace="fast", card_scale=card_scale)
    from russian_bank.ui import settings as saving

    saving.save_settings(settings)  # a resumed App reads them back
    return App((1024, 640), seed=seed, resume=resume, settings=None if resume else settings)


def fuzz(opponent: str, events: int, seed: int, card_scale: float = 1.0) -> dict[str, int]:
    rng = random.Random(seed)
    app = start(opponent, resume=False, seed=seed, card_scale=card_scale)
    fz = Fuzzer(rng, app)
    restarts = 0
    done = 0
    actions = 0  # actions recorded, summed over every game played
    last: tuple[Game, int] = (live_game(app), 0)
    while done < events:
        for _ in range(BATCH):
            fz.one()
            done += 1
            if rng.random() < FRAME_CHANCE:  # (events wait in the queue, as between frames)
                app.frame(rng.choice([0.0, 1 / 60, 0.05, 0.1, 0.3]))
            if not app.running:  # Quit was chosen: the game must resume in a new App
                record = live_game(app).record_text()
                over = live_game(app).over
                app = start(opponent, resume=True, seed=None, card_scale=card_scale)
                fz.app = app
                restarts += 1
                if not over:
                    assert live_game(app).record_text() == record, "the quit game did not resume"
        app.frame(1 / 60)
        check(app, f"{opponent}, seed {seed}, after {done} events")
        game = live_game(app)
        if game is last[0]:
            actions += max(0, len(game.actions) - last[1])
        else:
            actions += len(game.actions)
        last = (game, len(game.actions))
    counts = dict(fz.counts, restarts=restarts, actions=actions)
    pygame.event.clear()
    return counts


def test_i13_fuzz_hot_seat() -> None:
    t = time.perf_counter()
    counts = fuzz("human", EVENTS, SEED)
    print(f"hot seat: {EVENTS} events in {time.perf_counter() - t:.1f} s: {counts}")
    assert counts["actions"] >= 1 and counts["VideoResize"] > 0 and counts["KeyDown"] > 0


def test_i13_fuzz_against_the_computer() -> None:
    from russian_bank.ui.app import bot_factory

    if bot_factory() is None:
        pytest.skip("no computer opponent")
    t = time.perf_counter()
    counts = fuzz("novice", EVENTS, SEED + 1)
    print(f"against novice: {EVENTS} events in {time.perf_counter() - t:.1f} s: {counts}")
    assert counts["actions"] >= 1 and counts["VideoResize"] > 0 and counts["KeyDown"] > 0


def test_fuzz_with_the_largest_cards() -> None:
    """Issue 11: the same random events with the rows of the Table overlapping."""
    t = time.perf_counter()
    counts = fuzz("human", max(1, EVENTS // 3), SEED + 3, card_scale=1.5)
    print(f"largest cards: {EVENTS // 3} events in {time.perf_counter() - t:.1f} s: {counts}")
    assert counts["actions"] >= 1
