"""Issue 41 point 12: the time left to call Stop. In games it is a setting (Time to
call Stop): after each action of the computer Player the person's box counts down
the pause before its next action, whether or not the action was a fault (the clock
tells nothing of the cards). In lesson 7 the seconds the lesson promises count down
on the table as well as in the panel."""

from __future__ import annotations

import random

import pygame

from russian_bank.engine import Game
from russian_bank.match import Match
from russian_bank.onepack import OnePackGame
from russian_bank.ui.kit.widgets import zone_parts
from russian_bank.ui.scenes.tutorial import lessons, start_lesson
from russian_bank.ui.settings import Settings

from .helpers import ctl, key, step


def test_s24_the_stop_time_is_the_computers_pause_after_it_acted() -> None:
    from russian_bank.ai import make_bot

    game = Game.new(3)
    bots = {s: make_bot("club", s, random.Random(s)) for s in (0, 1)}
    match = Match(game, {1: bots[1]}, pace=1.0)
    seen = []
    for _ in range(4000):
        if game.over:
            break
        if game.player == 0 and game.phase in ("arranging", "play"):  # the person's innings
            assert match.stop_time() is None  # no clock on the computer
            act = bots[0].choose(game.observe(0))
            match.act(act, 0)
            continue
        before = len(game.actions)
        match.advance(0.1)
        t = match.stop_time()
        if len(game.actions) == before and t is not None:
            seen.append(t)
        if len(seen) > 30:
            break
    assert seen, "the computer never acted"
    whole = {round(w, 3) for _left, w in seen}
    assert all(0.0 <= left <= w for left, w in seen)
    assert any(left < w for left, w in seen)  # it counts down
    assert whole <= {round(match.action_time, 3), round(match.action_time * 0.4, 3)}


def test_003_no_stop_time_in_a_game_without_stops() -> None:
    from russian_bank.onepack.bots import make_bot

    game = OnePackGame.new(7)
    match = Match(game, {s: make_bot("club", s, random.Random(s)) for s in (0, 1)})
    for _ in range(200):
        match.advance(0.25)
        assert match.stop_time() is None


def _box_texts(app, seat):
    app.renderer.forget_static()
    app.draw(app.screen)
    _title, msg, _row = zone_parts(app.game_scene.layout.zones[seat].rect)
    return [t for t, _r, box in app.renderer.texts if box == msg]


def test_s24_the_setting_shows_the_clock_on_the_persons_box(make_app) -> None:
    for shown in (True, False):
        app = make_app(
            seed=5, pace="normal", settings=Settings(opponent="novice", stop_clock=shown)
        )
        c = ctl(app)
        said = []
        for _ in range(60 * 40):
            if c.position.player == 0 and c.game.phase in ("play", "arranging"):
                for a in ("turn stock", "turn hand", "discard"):
                    if c.game.reason(c.kind.parse_action(a)) is None:
                        c.act(a)
                        break
            step(app, dt=0.05)
            c.notes.by_seat.pop(0, None)  # (a notice would take the line's place)
            if c.position.player == 1 and c.stop_clock() is not None:
                said += [t for t in _box_texts(app, 0) if "to call Stop" in t]
                if len(said) > 30:
                    break
        if shown:
            assert said, "no clock on A's box while the computer played"
            secs = [float(t.split(" s ")[0]) for t in said]
            assert secs[0] <= 1.6 and min(secs) < secs[0]
        else:
            assert not said and c.stop_clock() is None


def test_s24_lesson_7_counts_the_seconds_down_on_the_table(make_app) -> None:
    app = make_app()
    lesson = next(x for x in lessons() if x.id == "stop")
    sc = start_lesson(app, lesson, 0)
    for _ in range(len(lesson.steps)):
        key(app, pygame.K_RETURN)
    assert sc.mode == "practice"
    shown = []
    for _ in range(60 * 400):
        step(app, dt=0.05)
        if sc.ctl.stop_clock() is not None:
            app.renderer.forget_static()
            app.draw(app.screen)
            _title, msg, _row = zone_parts(sc.layout.zones[0].rect)
            shown += [t for t, _r, box in app.renderer.texts if box == msg and "to call Stop" in t]
            if len(shown) > 5:
                break
    assert shown, "the seconds were not shown on the table"
    secs = [float(t.split(" s ")[0]) for t in shown]
    assert secs[0] <= 4.0 and secs == sorted(secs, reverse=True)
