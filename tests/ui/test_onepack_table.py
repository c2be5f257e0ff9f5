"""The one-pack game (003) on the one table, played by posted pygame events: drag
and drop, a refused drop snapping back with the engine's reason, the Hand click,
a lift, keyboard play, undo, the move log, hints, the computer, card size, saving
and the menu's rule-set cycle. The table has no one-pack code of its own: it asks
the game's table view (``onepack/table_view.py``)."""

from __future__ import annotations

import random

import pygame
import pytest

from russian_bank.game.places import DISCARDS, HANDS, HELD_PLACE, TABLES
from russian_bank.onepack import Lift, Move, Turn, action_reason, legal_actions
from russian_bank.onepack.table_view import OnePackView
from russian_bank.ui.settings import Settings
from tests.onepack.helpers import make
from tests.ui.helpers import ctl, drag, key, step

FULL = {0: "2C", 1: "5S", 2: "8H", 3: "3C", 4: "6S", 5: "TH", 6: "4C", 7: "QD"}


@pytest.fixture
def one_pack(make_app):
    def make_one(**kw):
        kw.setdefault("settings", Settings(rules="one-pack"))
        app = make_app(**kw)
        assert ctl(app).game.position.rules.spec == "one-pack"
        return app

    return make_one


def at(app, place):
    """The middle of a pile (the held card's slot, or a Table pile's top card)."""
    lay = app.game_scene.layout
    c = ctl(app)
    if place == HELD_PLACE:
        return lay.held_rects[c.position.player].center
    if place.kind == "table":
        n = len(c.piles()[place].cards)
        return lay.table_card_rects(place.index, max(1, n))[-1].center
    return lay.rects[place].center


def bottom(app, place):
    """A point on the bottom card of a Table pile (to lift the whole pile)."""
    c = ctl(app)
    lay = app.game_scene.layout
    rects = lay.table_card_rects(place.index, len(c.piles()[place].cards))
    r = rects[0]
    return (r.right - 3, r.centery) if lay.fans_left(place.index) else (r.x + 3, r.centery)


def set_position(app, pos):
    c = ctl(app)
    c.game.position = pos
    c.version += 1


def faces(app, i):
    return [card.face for card in ctl(app).position.places[i]]


def test_003_a_drop_plays_the_turned_card_and_the_move_log_says_so(one_pack) -> None:
    app = one_pack()
    set_position(app, make(FULL, held="JD"))
    drag(app, at(app, HELD_PLACE), at(app, TABLES[7]))
    assert faces(app, 7) == ["QD", "JD"]
    assert ctl(app).position.held is None
    lines = app.game_scene.log.sync(ctl(app).game)
    assert (
        lines[-1]
        == "A played J\u2666 from the card turned from A's Hand to the Table (onto Q\u2666)"
    )


def test_003_a_refused_drop_snaps_back_with_the_engines_reason(one_pack) -> None:
    app = one_pack()
    pos = make(FULL, held="9D")
    set_position(app, pos)
    before = pos.to_text()
    reason = action_reason(pos, Move("held", "place0"))
    assert reason is not None
    drag(app, at(app, HELD_PLACE), at(app, TABLES[0]))
    c = ctl(app)
    assert c.position.to_text() == before and c.drag is None
    assert c.last_reason == reason and "place" not in reason  # words, not notation
    assert c.messages[0].kind == "refuse" and c.messages[0].text == reason
    assert not c.game.actions
    step(app, 30)  # the card flies back to where it lay: nothing is left in the air
    assert not c.flights and c.placed_cards()[pos.held].rect == app.game_scene.layout.held_rects[0]


def test_003_a_click_on_the_hand_turns_and_a_whole_pile_is_lifted(one_pack) -> None:
    app = one_pack()
    set_position(app, make({0: "QD JD TD 9D", 1: "2C"}, held="KD"))
    drag(app, at(app, HELD_PLACE), at(app, TABLES[2]))  # the K into the space
    drag(app, bottom(app, TABLES[0]), at(app, TABLES[2]))  # Q J 10 9 lifted onto it
    assert faces(app, 2) == ["KD", "QD", "JD", "TD", "9D"]
    assert ctl(app).game.actions[-1] == Lift("place0", "place2")
    drag(app, at(app, HANDS[0]), at(app, HANDS[0]))
    assert ctl(app).position.held is not None  # a card was turned
    assert ctl(app).game.actions[-1] == Turn()


def test_003_a_press_on_the_adversarys_hand_is_refused_in_words(one_pack) -> None:
    app = one_pack()
    set_position(app, make(FULL))
    drag(app, at(app, HANDS[1]), at(app, HANDS[1]))
    c = ctl(app)
    assert c.last_reason == "That is B's Hand: turn your own" and not c.game.actions


def test_003_keyboard_play_turns_and_plays(one_pack) -> None:
    app = one_pack()
    hands = ("3D 4H JD", "")  # A's Hand: the J♦ on top
    set_position(app, make(FULL, hands=hands))
    c = ctl(app)
    key(app, pygame.K_t)
    assert c.position.held is not None and c.position.held.face == "JD"
    keys = app.game_scene.keys
    key(app, pygame.K_TAB)  # the ring shows
    keys.focus = HELD_PLACE
    key(app, pygame.K_RETURN)  # the held card is chosen
    assert keys.chosen(c) == (HELD_PLACE, 1)
    keys.focus = TABLES[0]
    key(app, pygame.K_RETURN)  # refused: the J does not go on the 2♣
    assert c.last_reason == action_reason(c.position, Move("held", "place0"))
    assert keys.chosen(c) is None  # it snapped back
    keys.focus = HELD_PLACE
    key(app, pygame.K_RETURN)
    keys.focus = TABLES[7]
    key(app, pygame.K_RETURN)
    assert faces(app, 7) == ["QD", "JD"] and c.position.held is None
    key(app, pygame.K_t)
    key(app, pygame.K_d)  # the turned card to his own Discard: B's turn
    assert c.position.player == 1 and [x.face for x in c.position.discards[0]] == ["4H"]


def test_003_undo_takes_back_a_play_but_never_a_turn(one_pack) -> None:
    app = one_pack()
    set_position(app, make(FULL, held="JD"))
    c = ctl(app)
    drag(app, at(app, HELD_PLACE), at(app, TABLES[7]))
    assert faces(app, 7) == ["QD", "JD"]
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert faces(app, 7) == ["QD"] and c.position.held is not None
    assert c.messages[0].text == "Undid J\u2666 from the card turned from A's Hand to the Table"
    c.game.position.held = None
    c.game.position.hands[0].append(c.game.position.hands[1].pop())
    key(app, pygame.K_t)
    assert c.game.actions[-1] == Turn()
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert c.game.actions[-1] == Turn()  # a card turned from the Hand stays turned
    assert c.last_reason == c.game.undo_reason()


def test_003_a_hint_names_the_experts_play_in_words(one_pack) -> None:
    app = one_pack(coach=True)
    set_position(app, make(FULL, held="JD"))
    key(app, pygame.K_h)
    note = app.game_scene.coach.note
    assert note is not None and note.action is not None
    assert action_reason(ctl(app).position, note.action) is None
    # within the Table the piles are named by their cards (issue 41), never "from the
    # Table to the Table"; else by the piles' names
    assert note.text.startswith("Play ") and ("(onto " in note.text or " onto " in note.text)
    assert "place" not in note.text and "held" not in note.text
    assert "from the Table to the Table" not in note.text
    assert note.places and all(p in ctl(app).table_view.places for p in note.places)
    app.draw(app.screen)  # the note and its glow draw
    assert app.game_scene.coach.note is note


def test_003_the_computer_plays_b_by_itself_and_the_mouse_waits(one_pack) -> None:
    app = one_pack(settings=Settings(rules="one-pack", opponent="club"))
    c = ctl(app)
    assert c.is_bot(1) and getattr(c.bots[1], "level", None) == "club"
    set_position(app, make(FULL, player=1, held="JD"))
    c.match.keep_steps = True
    drag(app, app.game_scene.layout.held_rects[1].center, at(app, TABLES[7]))
    assert "A: Wait: it is B's innings" in c.notes.log  # the person's mouse waits
    assert all(s.by == "bot" for s in c.match.steps)
    for _ in range(600):
        step(app, 1, dt=0.5)
        if c.position.player == 0 or c.position.phase == "over":
            break
    assert c.position.player == 0 or c.position.phase == "over"
    assert c.game.actions  # B played


def gesture(app, action) -> None:
    """Carry out an engine action with the mouse only."""
    from russian_bank.onepack.table_view import PLACE_OF

    c = ctl(app)
    if isinstance(action, Turn):
        drag(app, at(app, HANDS[c.position.player]), at(app, HANDS[c.position.player]))
        return
    src, dst = PLACE_OF[action.src], PLACE_OF[action.dst]
    start = bottom(app, src) if isinstance(action, Lift) else at(app, src)
    drag(app, start, at(app, dst))


def test_003_a_whole_game_by_mouse_gestures(one_pack) -> None:
    app = one_pack(seed=14)
    c = ctl(app)
    rng = random.Random(14)
    for _ in range(300):
        if c.position.phase == "over":
            break
        acts = legal_actions(c.position)
        action = acts[rng.randrange(len(acts))]
        done = len(c.game.actions)
        gesture(app, action)
        assert c.game.actions[done:] == [action], (action, c.last_reason)
        step(app, 20)  # let the cards land
    lines = app.game_scene.log.sync(c.game)
    assert len(lines) >= len(c.game.actions) // 2
    assert not any("place" in ln or "discard0" in ln or "held " in ln for ln in lines)


def test_003_a_drop_asks_the_rules_once(one_pack, monkeypatch) -> None:
    """One legality check for a drop: the view judges it, the table applies it."""
    import russian_bank.onepack.game as game_module
    import russian_bank.onepack.rules as rules_module
    import russian_bank.onepack.table_view as view_module

    app = one_pack()
    set_position(app, make(FULL, held="JD"))
    asked: list[object] = []
    real = rules_module.action_reason

    def counting(t, action):
        asked.append(action)
        return real(t, action)

    for module in (rules_module, game_module, view_module):
        monkeypatch.setattr(module, "action_reason", counting)
    drag(app, at(app, HELD_PLACE), at(app, TABLES[7]))
    assert faces(app, 7) == ["QD", "JD"]
    assert asked == [Move("held", "place7")]


def test_000_a_two_pack_drop_asks_the_rules_once(make_app, monkeypatch) -> None:
    import russian_bank.engine.game as game_module
    import russian_bank.engine.laws as laws_module
    import russian_bank.engine.table_view as view_module
    from russian_bank.engine import Play, Position

    app = make_app(seed=3)
    c = ctl(app)
    c.game.position = Position.from_text(
        c.game.position.to_text().replace("phase: arranging", "phase: play")
    )
    pos = c.position
    plays = [a for a in c.game.legal_actions() if isinstance(a, Play) and a.count == 1]
    play = next(a for a in plays if a.src.kind == "table" and a.dst.kind == "table")
    asked: list[object] = []
    real = laws_module.action_reason

    def counting(p, action):
        asked.append(action)
        return real(p, action)

    for module in (laws_module, game_module, view_module):
        monkeypatch.setattr(module, "action_reason", counting)
    start = at(app, play.src)
    drag(app, start, at(app, play.dst))
    assert c.game.actions[-1] == play and pos is c.position
    assert [a for a in asked if isinstance(a, Play)] == [play]


def test_003_the_game_is_saved_like_any_game_and_resumes(make_app) -> None:
    from russian_bank.ui.app import App

    app = App(resume=True, autosave=True, settings=Settings(rules="one-pack"), pace="instant")
    c = ctl(app)
    rng = random.Random(3)
    for _ in range(8):
        acts = legal_actions(c.position)
        gesture(app, acts[rng.randrange(len(acts))])
    before, done = c.position.to_text(), list(c.game.actions)
    assert len(done) == 8
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(0.0)
    assert not app.running
    again = App(resume=True, autosave=True, settings=Settings(), pace="instant")
    c2 = again.game_scene.ctl
    assert again.top is again.game_scene
    assert c2.position.to_text() == before and c2.game.actions == done


def test_003_the_menus_rule_set_cycle_reaches_the_one_pack_game(make_app) -> None:
    from russian_bank.ui.scenes.menu import MenuScene

    app = make_app()
    app.open_menu()
    menu = app.top
    assert isinstance(menu, MenuScene)
    for _ in range(40):
        if app.settings.rules == "one-pack":
            break
        menu.choose("ruleset")
    assert app.settings.rules == "one-pack"
    assert ("ruleset", "Rule set: Russian Bank, one pack") in menu.items()
    menu.choose("new")
    if app.top is not app.game_scene:  # a game in progress: who abandons it?
        app.new_game(None, ask=False)
    c = ctl(app)
    assert c.position.rules.spec == "one-pack"
    assert set(app.game_scene.layout.rects) == set(c.table_view.places) - {HELD_PLACE}


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_003_every_pile_and_text_fits_at_every_size_and_card_size(one_pack, size, scale):
    app = one_pack(size=size, settings=Settings(rules="one-pack", card_scale=scale))
    set_position(app, make({0: "QD JD TD 9D 8D 7D 6D 5D 4D 3D", 4: "2C 3C 4C 5C"}, held="KD"))
    app.draw(app.screen)
    lay = app.game_scene.layout
    window = pygame.Rect((0, 0), size)
    for place, pile in ctl(app).piles().items():
        if place.kind == "table":
            rects = lay.table_card_rects(place.index, max(1, len(pile.cards)))
        else:
            rects = [lay.place_rect(place, 0)]
        assert all(window.contains(r) for r in rects), (place, size, scale)
    texts = app.renderer.texts
    assert texts
    for line, r, box in texts:
        assert box.contains(r), (line, r, box)
    if scale > 1:
        assert lay.card_size[0] > app.game_scene.layout.unit * 250 // 350


def test_003_a_new_window_size_draws_both_rows(one_pack) -> None:
    """Issue 19 item 7: after F11 (a new window size) the table is laid out again,
    both players' rows included."""
    app = one_pack()
    set_position(app, make(FULL))
    app.resize((1024, 700))
    app.draw(app.screen)
    lay = app.game_scene.layout
    assert lay.size == (1024, 700)
    placed = ctl(app).placed_cards()
    for i in range(8):
        card = ctl(app).position.places[i][-1]
        assert placed[card].rect.topleft == lay.table_card_rects(i, 1)[0].topleft
        assert app.screen.get_at(placed[card].rect.center)[:3] != (0, 0, 0)


def test_003_draw_changes_nothing(one_pack) -> None:
    app = one_pack(seed=9)
    before = ctl(app).position.to_text()
    surf = pygame.Surface(app.size)
    app.game_scene.draw(surf)
    app.draw(surf)
    assert ctl(app).position.to_text() == before
    assert DISCARDS[0] in app.game_scene.layout.rects


def test_003_a_kept_one_pack_game_replays_on_the_one_table(one_pack) -> None:
    from russian_bank.history import Replay, keep
    from russian_bank.ui.scenes.replay import ReplayScene
    from russian_bank.ui.table.faces import next_cards

    app = one_pack(seed=14)
    c = ctl(app)
    rng = random.Random(5)
    for _ in range(12):
        acts = legal_actions(c.position)
        c.act(acts[rng.randrange(len(acts))])
    replay = Replay(keep(c.game, ("human", "human")))
    scene = ReplayScene(app, replay)
    app.push(scene)
    assert set(scene.ctl.layout.rects) == set(OnePackView.places) - {HELD_PLACE}
    for step_ in range(replay.steps + 1):
        scene.go(step_)
        app.draw(app.screen)
    assert scene.ctl.position.to_text() == c.position.to_text()
    scene.face_up = True
    app.draw(app.screen)  # the face-down tops shown face up: no Stock in this game
    said = next_cards(scene.ctl)
    assert "Stock" not in said and "from Hand" in said
