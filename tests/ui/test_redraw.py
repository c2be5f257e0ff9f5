"""The table repaints only what changed (issue 20), and what it shows is exactly a
full redraw: after every frame of a scripted session (drags played and refused,
cards in flight, Stock and Hand turns, the focus ring, a tooltip, a spread, a
resize and a Card size change) the window's pixels are compared with the same
frame drawn whole on a fresh surface. A rectangle the dirty-rectangle code
forgets leaves stale pixels on the window, and the comparison fails."""

from __future__ import annotations

import random

import pygame

from russian_bank.engine import Back, Compel, Place, Play, Raise, Stand, Stop
from russian_bank.game.places import BANK, DISCARD, STOCK, TABLE
from russian_bank.ui.kit.canvas import Canvas, Screen, changes, merge

from .helpers import DT, card_center, ctl, place_center, post


class Checker:
    """Steps the app one frame at a time and compares every frame it shows."""

    def __init__(self, app) -> None:
        self.app = app
        self.frames = 0
        self.partial = 0  # frames that repainted part of the window only
        self.small = 0  # of them, those that repainted under a fifth of it

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.step(DT)
            self.check()

    def check(self) -> None:
        app = self.app
        shown = app.screen
        whole = pygame.Surface(shown.get_size()).convert()
        app.game_scene.draw(whole)
        self.frames += 1
        damage = app.damage
        if damage is not None:
            self.partial += 1
            w, h = shown.get_size()
            self.small += sum(r.w * r.h for r in damage) < w * h // 5
        a = pygame.image.tobytes(shown, "RGB")
        b = pygame.image.tobytes(whole, "RGB")
        if a != b:
            first = next(i for i in range(len(a)) if a[i] != b[i]) // 3
            w = shown.get_width()
            raise AssertionError(
                f"frame {self.frames}: the window differs from a full redraw at"
                f" {(first % w, first // w)} (repainted: {damage})"
            )

    def drag(self, start, end, steps: int = 6) -> None:
        post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.step()
        for i in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * i // steps
            y = start[1] + (end[1] - start[1]) * i // steps
            post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
            self.step()
        post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.step(3)


def _mouse_plays(game):
    skip = (Stop, Stand, Compel, Raise, Back)
    legal = [a for a in game.legal_actions() if not isinstance(a, skip)]
    return legal, [a for a in legal if isinstance(a, Play) and a.count == 1]


def play_session(app, check: Checker, turns: int, seed: int) -> None:
    """Both seats played with the mouse where a single card moves, the rest as
    actions; now and then a refused drop, a key, a hover and a spread."""
    rng = random.Random(seed)
    for turn in range(turns):
        table = ctl(app)
        game = table.game
        if game.over:
            break
        legal, plays = _mouse_plays(game)
        if not legal:
            break
        pos = table.position
        if plays and rng.random() < 0.7:
            play = rng.choice(plays)
            card = _top(pos, play.src)
            if card is not None:
                check.drag(card_center(app, card), place_center(app, play.dst))
        else:
            table.act(rng.choice(legal))
        check.step(rng.randint(1, 8))  # flights part way or landed
        kind = turn % 6
        if kind == 1:  # a refused drop onto a Bank snaps back, flying home
            i = next((i for i, c in enumerate(pos.table) if c and c[-1].rank > 2), None)
            if i is not None:
                check.drag(card_center(app, pos.table[i][-1]), place_center(app, Place(BANK, 5)))
        elif kind == 2:  # the keyboard's focus ring moves
            for k in (pygame.K_RIGHT, pygame.K_DOWN):
                post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
                check.step()
        elif kind == 3:  # the mouse rests on a pile: its tooltip shows, then goes
            post(pygame.MOUSEMOTION, pos=place_center(app, Place(DISCARD, 0)), rel=(0, 0))
            check.step(50)
            post(pygame.MOUSEMOTION, pos=(5, app.size[1] // 2), rel=(0, 0))
            check.step()
        elif kind == 4:  # the right button held on a Discard spreads it
            at = place_center(app, Place(DISCARD, pos.player))
            post(pygame.MOUSEBUTTONDOWN, pos=at, button=3)
            check.step(3)
            post(pygame.MOUSEBUTTONUP, pos=at, button=3)
            check.step(2)


def _top(pos, place):
    pile = {
        TABLE: pos.table,
        STOCK: pos.stock,
        DISCARD: pos.discard,
    }.get(place.kind)
    if pile is None or not pile[place.index]:
        return None
    return pile[place.index][-1]


def test_dirty_rectangles_match_a_full_redraw(make_app):
    app = make_app(size=(1024, 700), seed=4, pace="normal")
    check = Checker(app)
    check.step(5)
    play_session(app, check, turns=24, seed=4)
    # a window resize and a Card size change draw the frame whole, then go on
    post(pygame.VIDEORESIZE, w=900, h=640, size=(900, 640))
    check.step(2)
    app.settings.card_scale = max(app.settings.card_scale, 1.5)
    app.save_settings()
    check.step(2)
    play_session(app, check, turns=12, seed=5)
    assert check.frames > 200
    # the comparison is about partial repaints: most frames were, and small ones
    assert check.partial > check.frames * 3 // 4
    assert check.small > check.frames // 2


def test_a_drag_repaints_the_cards_old_and_new_rectangles_only(make_app):
    app = make_app(size=(1280, 800), seed=1, pace="normal")
    check = Checker(app)
    check.step(3)
    pos = ctl(app).position
    i = max(range(8), key=lambda k: len(pos.table[k]))
    card = pos.table[i][-1]
    start = card_center(app, card)
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    check.step()
    size = ctl(app).layout.card_size
    for n in range(1, 12):
        post(pygame.MOUSEMOTION, pos=(start[0] + 9 * n, start[1] - 5 * n), rel=(0, 0))
        check.step()
        drag = ctl(app).drag
        assert drag is not None
        area = sum(r.w * r.h for r in app.damage)
        # the card and its shadow, where it was and where it is (and a drop outline)
        assert area < 4 * (size[0] + 20) * (size[1] + 20)
        rect = drag.card_rects()[0]
        assert any(r.contains(rect) for r in app.damage)


def test_the_move_log_panel_is_drawn_once_per_change(make_app):
    app = make_app(size=(1280, 800), seed=2, pace="instant")
    check = Checker(app)
    check.step(2)
    renderer = app.renderer
    panel = renderer._log[1]
    check.step(5)
    assert renderer._log[1] is panel  # nothing happened: the same panel, not redrawn
    table = ctl(app)
    legal, _plays = _mouse_plays(table.game)
    table.act(legal[0])
    check.step(2)
    assert renderer._log[1] is not panel  # a new line: drawn again


def test_an_overlay_draws_whole_frames_and_the_table_repaints_whole_after(make_app):
    app = make_app(size=(1024, 700), seed=3, pace="normal")
    check = Checker(app)
    check.step(2)
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.step(DT)
    assert app.damage is None  # the menu over the table: the whole window
    app.step(DT)
    assert app.damage is None
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    check.step()
    assert app.damage is None  # back to the table alone: painted whole once
    check.step()
    assert app.damage == []  # then nothing changed, nothing repainted


def test_operations_drawn_in_another_order_are_repainted():
    a = pygame.Surface((10, 10))
    b = pygame.Surface((10, 10))
    old, new = Canvas((100, 100)), Canvas((100, 100))
    old.blit(a, (0, 0))
    old.blit(b, (5, 5))
    new.blit(b, (5, 5))
    new.blit(a, (0, 0))  # the same two blits, the other on top
    assert changes(old, new)
    assert merge(changes(old, old), (100, 100)) == []


def test_screen_paints_whole_on_a_new_surface():
    s = pygame.Surface((50, 40))
    c = Canvas((50, 40))
    c.rect((200, 0, 0), pygame.Rect(0, 0, 50, 40))
    screen = Screen()
    assert screen.show(s, c) is None
    assert screen.show(s, c) == []
    assert screen.show(pygame.Surface((50, 40)), c) is None


def test_a_recorded_frame_paints_what_drawing_at_once_draws(make_app):
    """The tutorial and the replay draw the table straight onto a surface; the
    recorded frame must paint the same pixels (clips, rounded rectangles, shades)."""
    app = make_app(size=(1024, 700), seed=6, pace="normal")
    check = Checker(app)
    play_session(app, check, turns=4, seed=6)
    pos = ctl(app).position
    i = max(range(8), key=lambda k: len(pos.table[k]))
    post(pygame.MOUSEBUTTONDOWN, pos=card_center(app, pos.table[i][-1]), button=1)
    post(pygame.MOUSEMOTION, pos=place_center(app, Place(BANK, 0)), rel=(0, 0))
    check.step()
    scene = app.game_scene
    args = (ctl(app), scene.buttons(), (0, 0))
    direct = pygame.Surface(app.size).convert()
    app.renderer.draw(direct, *args)
    canvas = Canvas(app.size)
    app.renderer.draw(canvas, *args)
    painted = pygame.Surface(app.size).convert()
    canvas.paint(painted)
    assert ctl(app).drag is not None
    assert pygame.image.tobytes(direct, "RGB") == pygame.image.tobytes(painted, "RGB")


def test_the_one_pack_game_on_the_table_repaints_as_a_full_redraw(make_app):
    from russian_bank.ui.settings import Settings

    app = make_app(size=(1024, 700), seed=3, pace="normal", settings=Settings(rules="one-pack"))
    assert ctl(app).game.position.rules.spec == "one-pack"
    check = Checker(app)
    check.step(3)
    rng = random.Random(3)
    for turn in range(30):
        table = ctl(app)
        legal = table.game.legal_actions()
        if table.game.over or not legal:
            break
        if turn % 3 == 0:  # a Table pile's top card dragged somewhere: played or refused
            lay = table.layout
            piles = table.piles()
            tops = [p for p in lay.rects if p.kind == TABLE and piles[p].cards]
            if tops:
                src = rng.choice(tops)
                r = lay.table_card_rects(src.index, len(piles[src].cards))[-1]
                check.drag(r.center, lay.rects[rng.choice(list(lay.rects))].center)
        else:
            table.act(rng.choice(legal))
        check.step(rng.randint(1, 8))
    assert check.frames > 80
    assert check.small > check.frames // 2
