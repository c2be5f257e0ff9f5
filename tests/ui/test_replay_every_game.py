"""The Replay screen steps any kept game, one-pack included (issue 17): opened from
Past games, stepped by keys to the end, its cards shown face up, reviewed."""

from __future__ import annotations

import random

import pygame

from russian_bank.games import game_type
from russian_bank.history import Store, keep
from russian_bank.ui.scenes.replay import ReplayScene
from russian_bank.ui.table.faces import next_cards

from .helpers import click, key, step
from .test_history_screens import menu_item


def one_pack_session(seed: int):
    game = game_type("one-pack")
    session = game.new_game(seed)
    bots = [game.make_bot("novice", s, random.Random(seed + s)) for s in (0, 1)]
    while not session.over:
        session.apply(bots[session.player].choose(session.observe(session.player)))
    return session


def test_003_a_one_pack_game_replays_step_by_step_on_the_one_table(make_app):
    session = one_pack_session(6)
    Store().save(keep(session, ("human", "novice")))
    app = make_app(seed=21)
    app.open_menu()
    step(app)
    click(app, menu_item(app, "past"))
    click(app, app.top.rows()[0][1].center)
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.replay.game.name == "one-pack"
    assert scene.ctl.position.to_text() == scene.replay.position(0).to_text()
    for k in range(1, scene.replay.steps + 1):
        key(app, pygame.K_RIGHT)
        assert scene.step == k
        assert scene.ctl.position.to_text() == scene.replay.position(k).to_text()
    assert scene.ctl.position.to_text() == session.position.to_text()
    assert ". Game over: " in scene.replay.lines[-1]
    key(app, pygame.K_HOME)
    key(app, pygame.K_f)  # every Hand's next cards face up, named in 003's words
    step(app, 2)
    said = next_cards(scene.ctl)
    assert said.startswith("A next from Hand: ") and "B next from Hand: " in said
    key(app, pygame.K_r)  # the one-pack Expert's review, in the background
    for _ in range(3000):
        step(app)
        if scene.marks is not None:
            break
    assert scene.marks is not None and scene.job is not None and scene.job.error is None
    assert all(m.kind == "expert" for ms in scene.marks.values() for m in ms)
