"""Issue 19: the table's move log and the Replay's log word a move the same way ("A
played 7♣ from A's Stock to the Table (onto 8♦)", where the Replay said "A: 7♣ from
his Stock to the Table on 8♦"), run oldest first in both, and name the seats A and B
in both games. The moves are made by posted mouse events at the table; the Replay is
opened on the kept record and its drawn log read back."""

from __future__ import annotations

import random
import re

import pytest

from russian_bank.games import game_type
from russian_bank.history import Replay, keep
from russian_bank.onepack import legal_actions as one_pack_actions
from russian_bank.ui.scenes import registry
from russian_bank.ui.settings import Settings

from .helpers import ctl, recording_texts, step
from .test_full_game import choose
from .test_full_game import gesture as two_pack_gesture
from .test_onepack_table import gesture as one_pack_gesture

NUMBERED = re.compile(r"^(\d+)\. ")


def play_by_mouse(app, name: str, moves: int) -> None:
    game = ctl(app).game
    rng = random.Random(3)
    for _ in range(moves):
        if game.over:
            break
        if name == "one-pack":
            acts = one_pack_actions(game.position)
            one_pack_gesture(app, acts[rng.randrange(len(acts))])
        else:
            action = choose(game, rng)
            two_pack_gesture(app, action)
            assert str(game.actions[-1]) == str(action), ctl(app).last_reason
        step(app, 10)


def drawn(app) -> list[str]:
    app.renderer.texts = []
    app.draw(app.screen)
    return [t for t, *_r in app.renderer.texts]


@pytest.mark.parametrize("name", ["committee", "crapette", "one-pack"])
def test_i19_the_table_log_and_the_replay_log_say_the_same(make_app, name):
    app = make_app(size=(1280, 800), settings=Settings(rules=name, opponent="human"))
    step(app, 2)
    play_by_mouse(app, name, 40)
    game = ctl(app).game
    assert game.actions and game.actions[-1].definite
    table = app.game_scene.log.sync(game)
    assert len(table) >= 20
    # the side panel: the newest lines, numbered, oldest at the top
    side = [int(m.group(1)) for t in drawn(app) if (m := NUMBERED.match(t))]
    assert side and side == sorted(side) and side[-1] == len(table), side
    for line in table:
        assert re.match(r"^(A|B)\b", line) or line.startswith(("Game over", "Fault", "Stop!")), line
        assert "North" not in line and "South" not in line, line
    # the Replay of the same record, as Past games opens it
    replay = Replay(keep(game))
    scene = registry.push("replay", app, replay)
    scene.choose("end")
    step(app, 2)
    steps = replay.lines[1:]
    assert ". ".join(steps) == ". ".join(table)  # the same words, in the same order
    # each step's line holds whole table lines, and the steps run oldest first
    told = iter(table)
    for line in steps:
        first = next(told)
        assert line.startswith(first), (line, first)
        rest = line[len(first) :]
        while rest:
            nxt = next(told)
            assert rest.startswith(". " + nxt), (rest, nxt)
            rest = rest[len(nxt) + 2 :]
    rows = [int(m.group(1)) for t in drawn_replay(app, scene) if (m := NUMBERED.match(t))]
    assert rows and rows == sorted(rows) and rows[-1] == replay.steps, rows
    assert game_type(name).name == name


def drawn_replay(app, scene) -> list[str]:
    """The Replay's drawn log rows (their numbered first lines)."""
    with recording_texts(app) as made:
        scene.draw(app.screen)
    return [line for line, _size, _surface in made]
