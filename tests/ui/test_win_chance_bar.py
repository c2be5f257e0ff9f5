"""Issue 44: the win-chance bar. At the table a Setting (off by default), judged on
what the person sees; in the Replay always, judged on the whole game; only for the
rule set the learned value was trained on. Its figures are the value's, it is drawn
whole at every window size and card size, in every language, and it is asked once
per position, not once per frame."""

from __future__ import annotations

import random
import re

import pygame
import pytest

from russian_bank.ai import value
from russian_bank.ai.chance import chances, percent, shown_chances
from russian_bank.engine import PENDING, Stand, Stop
from russian_bank.history import Replay, keep
from russian_bank.ui.scenes import registry
from russian_bank.ui.scenes.dialogs import SettingsScene
from russian_bank.ui.settings import Settings, load_settings, save_settings
from russian_bank.ui.table.winbar import Chances, at_the_table
from tests.ai.test_honesty import positions, twin
from tests.history.helpers import bot_game

from .helpers import ctl, key, step
from .languages import LANGUAGES, speaking

FIGURE = re.compile(r"^(\d+)\s?% ")  # "57% to win", "57 % de chances" (fr, de)


def figures(app) -> list[int]:
    """The figures of the bars drawn last frame, A's box first (as the zones come)."""
    return [int(m.group(1)) for t, _r, _b in app.renderer.texts if (m := FIGURE.match(t + " "))]


def play(app, moves: int, seed: int = 3) -> None:
    c = ctl(app)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = [a for a in c.game.legal_actions() if not isinstance(a, Stop | Stand)]
        if c.game.over or not legal:
            break
        c.act(rng.choice(legal))
        if c.position.phase == PENDING:
            c.act(Stand(c.position.adversary))
    c.settle()
    step(app)


def test_the_bar_is_a_setting_off_by_default(make_app):
    assert Settings().win_chance is False
    app = make_app()
    step(app, 2)
    assert ctl(app).win_chance() is None and figures(app) == []
    app.settings.win_chance = True
    step(app, 2)
    assert len(figures(app)) == 2


def test_the_bars_figures_are_the_values_and_move_with_the_game(make_app):
    """A figure drawn is the value's chance for that seat of what is seen; over a
    game the figures change (a bar stuck at one number fails here)."""
    app = make_app(settings=Settings(win_chance=True))
    seen = set()
    for _ in range(12):
        play(app, 15)
        pos = ctl(app).position
        want = shown_chances(pos, 0)
        assert want is not None
        assert figures(app) == [percent(want[0]), percent(want[1])]
        assert figures(app)[0] + figures(app)[1] in (99, 100, 101)
        seen.add(figures(app)[0])
    assert len(seen) >= 4, seen


@pytest.mark.parametrize("rules", ["crapette", "british", "one-pack"])
def test_no_bar_for_the_rule_sets_the_value_was_not_trained_on(make_app, rules):
    app = make_app(settings=Settings(rules=rules, win_chance=True))
    play(app, 10)
    assert ctl(app).win_chance() is None and figures(app) == []
    assert not value.trained_for(ctl(app).position.rules)


def test_the_setting_round_trips_through_the_settings_file():
    save_settings(Settings(win_chance=True))
    back, warning = load_settings()
    assert back.win_chance is True and warning is None
    save_settings(Settings(win_chance=False))
    assert load_settings()[0].win_chance is False


def test_a_bad_value_of_the_setting_is_named_and_reset_alone():
    from russian_bank.ui.settings import config_dir

    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "settings.json").write_text('{"win_chance": "yes", "pace": "fast"}')
    back, warning = load_settings()
    assert back.win_chance is False and back.pace == "fast"
    assert warning is not None and "win_chance" in warning


def test_the_settings_screen_turns_the_bar_on_and_off(make_app):
    app = make_app()
    scene = SettingsScene(app)
    labels = dict(scene.items())
    assert labels["chance"] == "Win-chance bar: hidden"
    scene.choose("chance")
    assert app.settings.win_chance is True and dict(scene.items())["chance"].endswith("shown")
    assert load_settings()[0].win_chance is True  # saved at once


def test_the_value_is_asked_once_per_position_not_each_frame(make_app):
    app = make_app(settings=Settings(win_chance=True))
    c = ctl(app)
    asked = []
    judged = Chances(lambda pos: asked.append(pos) or shown_chances(pos, 0))
    c.win_chance = lambda: judged.of(c.position)
    step(app, 10)
    assert len(asked) == 1
    play(app, 1)
    step(app, 10)
    assert len(asked) == 2


def test_honesty_the_tables_bar_does_not_move_when_only_face_down_cards_change(monkeypatch):
    """Twin positions that differ only in their face-down cards show the same bar,
    even with a value made to read a face-down card (the bar's honesty does not
    rest on the value's inputs: it judges the position made from what is seen)."""
    real = value.inputs

    def leaky(pos, me):  # reads the bottom card of A's Stock, face down
        return [*real(pos, me)[:-1], pos.stock[0][0].rank / 13.0 if pos.stock[0] else 0.0]

    compared = 0
    for leak in (False, True):
        if leak:
            monkeypatch.setattr(value, "inputs", leaky)
        for pos in positions("move", 8):
            if len(pos.stock[0]) - pos.stock_up[0] < 2:
                continue
            for seat in (0, 1):
                shown = {shown_chances(p, seat) for p in (pos, twin(pos, 1), twin(pos, 2))}
                assert len(shown) == 1, shown
                compared += 1
            if leak:  # the leak is real: judged on the whole position, twins differ
                whole = {chances(p) for p in (pos, twin(pos, 1), twin(pos, 2), twin(pos, 3))}
                assert len(whole) > 1
    assert compared >= 10


def test_the_table_asks_what_its_seat_sees(make_app, monkeypatch):
    """The table's bar goes through ``shown_chances`` with the person's seat."""
    import russian_bank.ui.table.winbar as winbar

    app = make_app(settings=Settings(win_chance=True))
    play(app, 20)
    c = ctl(app)
    called = []

    def spy(pos, seat):
        called.append(seat)
        return shown_chances(pos, seat)

    monkeypatch.setattr(winbar, "shown_chances", spy)
    bar = at_the_table(c, lambda: 0, lambda: True)
    assert bar() == shown_chances(c.position, 0)
    assert called == [0]


# -------------------------------------------------------------- drawn whole


def bars_whole(app) -> None:
    """Both bars' words inside their box and their seat's zone, at a readable size,
    overlapping no other words on the table."""
    zones = [z.rect for z in app.game_scene.layout.zones.values()]
    texts = app.renderer.texts
    bars = [(t, r, b) for t, r, b in texts if FIGURE.match(t + " ")]
    assert len(bars) == 2, [t for t, _r, _b in texts]
    for t, r, box in bars:
        assert box.contains(r) and any(z.contains(r) for z in zones), (t, r, box)
        assert r.h >= 11, (t, r)  # a font of at least about 9 pixels
        others = [(u, q) for u, q, _b in texts if q != r and q.colliderect(r)]
        assert not others, (t, r, others)


@pytest.mark.parametrize(
    ("size", "card"),
    [((640, 480), 1.0), ((700, 900), 1.0), ((1920, 1080), 1.0), ((1280, 800), 1.5)],
)
def test_the_bar_is_drawn_whole(make_app, monkeypatch, size, card):
    app = make_app(size=size, settings=Settings(win_chance=True, card_scale=card))
    play(app, 25)
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            app.renderer.forget_static()
            app.draw(app.screen)
            bars_whole(app)


# -------------------------------------------------------------- the replay


def test_the_replay_shows_the_bar_always_from_the_whole_game(make_app):
    app = make_app()  # the setting is off: the Replay shows it all the same
    step(app)
    replay = Replay(keep(bot_game(5, "novice", "club", limit=200)))
    scene = registry.push("replay", app, replay)
    seen = set()
    for k in range(1, 60, 7):
        scene.go(k)
        step(app)
        scene.draw(app.screen)
        want = chances(replay.position(k))
        assert want is not None
        assert figures(app) == [percent(want[0]), percent(want[1])]
        seen.add(figures(app)[0])
    assert len(seen) >= 3


def test_the_replay_of_another_rule_set_has_no_bar(make_app):
    app = make_app()
    step(app)
    replay = Replay(keep(bot_game(7, "novice", "novice", limit=300, rules="crapette")))
    scene = registry.push("replay", app, replay)
    scene.go(20)
    step(app)
    scene.draw(app.screen)
    assert scene.ctl.win_chance() is None and figures(app) == []
    assert pygame.display.get_init()


def test_the_replay_shows_the_reviews_mistakes_whole(make_app, monkeypatch):
    """The review's mistakes: counted on the line above the moves, tagged "?" in the
    move log, and their sentence drawn whole under the moves at the smallest window,
    in every language (the review says them in the language in force)."""
    from russian_bank.history.review import MISTAKE
    from russian_bank.ui.scenes.page import MIN_PX

    from .test_review_marks_shown import drawn_lines

    app = make_app(size=(640, 480))
    step(app)
    kept = keep(bot_game(5, "novice", "club"))
    first = {"en": "Mistake:", "fr": "Erreur :", "de": "Fehler:"}
    for lang in LANGUAGES:
        with speaking(lang, monkeypatch):
            scene = registry.push("replay", app, Replay(kept))
            key(app, pygame.K_r)
            scene.job.join(60)
            step(app, 2)
            mistakes = [m for ms in scene.marks.values() for m in ms if m.kind == MISTAKE]
            assert mistakes
            if lang == "en":
                noun = "mistake" if len(mistakes) == 1 else "mistakes"
                said = f"? {len(mistakes)} {noun} that lost a chance to win"
                assert said in scene.review_words()[0]
            mark = max(mistakes, key=lambda m: len(m.text))
            assert mark.text.startswith(first[lang]), mark.text
            scene.go(mark.step)
            for _ in range(200):  # a step far ahead is replayed frame by frame
                if scene.step == mark.step:
                    break
                step(app)
            box, _size, _blocks = scene.detail()
            seen = drawn_lines(app, scene)
            assert any(t == "?" for t, _s, _r in seen)  # the tag in the move log
            lines = [(t, s, r) for t, s, r in seen if r.top >= box.top and r.left >= box.left]
            words = " ".join(t for t, _s, _r in lines)
            assert " ".join(mark.text.split()) in " ".join(words.split()), (mark.text, words)
            for t, s, r in lines:
                assert box.contains(r), (t, r, box)
                assert round(s * app.assets.text_scale) >= MIN_PX, (t, s)
            app.pop()
