"""Issue 41, point 1: ``russian-bank --rules`` (or ``--seed``) never replaces the
game in progress without asking: the New game question comes first, as from the
menu; playing on keeps the game, dealing keeps the old one in Past games."""

from __future__ import annotations

import random

from russian_bank.__main__ import open_table, parser
from russian_bank.engine import Stand, Stop
from russian_bank.history import Store
from russian_bank.ui.scenes.dialogs import NewGameScene
from russian_bank.ui.settings import Settings, load_game

from .helpers import step


def play_some(make_app, n=25):
    """A hot-seat game with ``n`` actions in progress, saved as the autosave."""
    app = make_app(resume=True, seed=None, settings=Settings(opponent="human"))
    ctl = app.game_scene.ctl
    rng = random.Random(41)
    while len(ctl.game.actions) < n and not ctl.game.over:
        legal = [a for a in ctl.game.legal_actions() if not isinstance(a, Stop | Stand)]
        ctl.act(rng.choice(legal))
    ctl.settle()
    app.save_game()
    return ctl.game.record_text()


def test_i41_1_rules_on_the_command_line_asks_before_replacing_the_game(make_app) -> None:
    record = play_some(make_app)
    app = open_table(parser().parse_args(["--rules", "one-pack"]))
    step(app)
    assert isinstance(app.top, NewGameScene)  # asked, as New game does
    assert app.game_scene.ctl.game.record_text() == record
    assert load_game().game.record_text() == record  # the autosave still holds it
    app.top.choose("no")  # play on: the game in progress is the one on the table
    assert app.game_scene.ctl.game.record_text() == record
    assert load_game().game is not None


def test_i41_1_dealing_from_the_command_line_keeps_the_old_game(make_app) -> None:
    play_some(make_app)
    app = open_table(parser().parse_args(["--rules", "one-pack", "--seed", "5"]))
    assert isinstance(app.top, NewGameScene)
    app.top.choose("abandon0")
    game = app.game_scene.ctl.game
    assert game.position.rules.spec == "one-pack" and not game.actions
    store = Store()
    kept = [store.load(name) for name in store.names()]
    assert [k.record for k in kept if k.rules == "committee"]  # in Past games
    assert any(k.actions >= 25 for k in kept if k.rules == "committee")


def test_i41_1_with_no_game_in_progress_the_rules_deal_at_once(make_app) -> None:
    app = open_table(parser().parse_args(["--rules", "one-pack", "--seed", "5"]))
    assert app.top is app.game_scene
    assert app.game_scene.ctl.game.position.rules.spec == "one-pack"
