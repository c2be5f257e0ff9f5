"""The one-pack table (003): drag and drop, refusals, the Hand click, bots, menu."""

from __future__ import annotations

import random

import pygame

from russian_bank.onepack import legal_actions
from russian_bank.ui.scenes.onepack import OnePackMenu, OnePackScene, open_one_pack
from tests.onepack.helpers import make

FULL = {0: "2C", 1: "5S", 2: "8H", 3: "3C", 4: "6S", 5: "TH", 6: "4C", 7: "QD"}


def post(app, kind, pos, **kw):
    pygame.event.post(pygame.event.Event(kind, pos=pos, **kw))
    app.step(0.0)


def drag(app, src, dst):
    post(app, pygame.MOUSEBUTTONDOWN, src, button=1)
    post(app, pygame.MOUSEMOTION, dst, rel=(0, 0), buttons=(1, 0, 0))
    post(app, pygame.MOUSEBUTTONUP, dst, button=1)


def test_drop_plays_the_turned_card_on_the_table(make_app) -> None:
    app = make_app()
    scene = open_one_pack(app, seed=5)
    t = scene.table
    t.pos = make(FULL, held="JD")
    lay = scene.layout
    drag(app, lay.held_rects[0].center, lay.rects["place7"].center)
    assert [c.face for c in t.pos.places[7]] == ["QD", "JD"]
    assert t.pos.held is None and "plays J\u2666" in t.messages[-1].text


def test_refused_drop_snaps_back_with_the_rule(make_app) -> None:
    app = make_app()
    scene = open_one_pack(app, seed=5)
    t = scene.table
    t.pos = make(FULL, held="9D")
    before = t.pos.to_text()
    lay = scene.layout
    drag(app, lay.held_rects[0].center, lay.rects["place0"].center)
    assert t.pos.to_text() == before and t.drag is None
    assert t.messages[-1].kind == "refuse" and "003" in t.messages[-1].text
    assert "place" not in t.messages[-1].text  # words, not engine notation


def test_click_on_the_hand_turns_and_a_whole_pile_is_lifted(make_app) -> None:
    app = make_app()
    scene = open_one_pack(app, seed=5)
    t = scene.table
    t.pos = make({0: "QD JD TD 9D", 1: "2C"}, held="KD")
    lay = scene.layout
    drag(app, lay.held_rects[0].center, lay.rects["place2"].center)
    bottom = lay.pile_rects("place0", 4)[0]
    drag(app, (bottom.centerx, bottom.y + 5), lay.rects["place2"].center)
    assert [c.face for c in t.pos.places[2]] == ["KD", "QD", "JD", "TD", "9D"]
    post(app, pygame.MOUSEBUTTONDOWN, lay.rects["hand0"].center, button=1)
    assert t.pos.held is not None  # a card was turned


def test_the_computer_plays_north_by_itself(make_app) -> None:
    app = make_app()
    scene = open_one_pack(app, seed=2, opponent="club")
    t = scene.table
    t.pos = make(FULL, player=1)
    for _ in range(1000):
        scene.update(1.0)
        if t.pos.player == 0 or (t.pos.phase == "over"):
            break
    assert (t.pos.player == 0 or (t.pos.phase == "over")) and len(t.match.game.actions) >= 2
    # and the human's mouse is ignored while North plays
    t.pos = make(FULL, player=1, held="JD")
    before = t.pos.to_text()
    drag(app, scene.layout.held_rects[1].center, scene.layout.rects["place7"].center)
    assert t.pos.to_text() == before


def test_draw_changes_nothing_and_the_menu_opens(make_app) -> None:
    app = make_app()
    scene = open_one_pack(app, seed=9)
    before = scene.table.pos.to_text()
    surf = pygame.Surface(app.size)
    scene.draw(surf)
    app.draw(surf)
    assert scene.table.pos.to_text() == before
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.step(0.0)
    assert isinstance(app.top, OnePackMenu)
    app.top.choose("twopack")
    assert app.top is app.game_scene


def test_main_menu_offers_the_one_pack_game(make_app) -> None:
    from russian_bank.ui.scenes.menu import MenuScene

    app = make_app()
    app.open_menu()
    assert isinstance(app.top, MenuScene)
    assert "onepack" in [name for name, _ in app.top.items()]
    app.top.choose("onepack")
    assert isinstance(app.top, OnePackScene)


def test_layout_fits_long_piles_at_every_size() -> None:
    from russian_bank.ui.table.onepack_layout import OnePackLayout

    for size in [(640, 480), (1024, 640), (1280, 800), (1920, 1080), (2560, 1000)]:
        lay = OnePackLayout(size)
        window = pygame.Rect((0, 0), size)
        assert lay.panel.left > lay.board_right
        for pile in lay.rects:
            for n in (1, 5, 13):
                rects = lay.pile_rects(pile, n)
                assert all(window.contains(r) for r in rects)
                tops = [r.y for r in rects]
                assert tops == sorted(tops)
            if pile.startswith("place") and int(pile[5:]) >= 4:  # North's row stays above South's
                assert lay.pile_rects(pile, 13)[-1].bottom < lay.rects["place0"].top


def gesture(app, scene, action) -> None:
    """Carry out an engine action with the mouse only."""
    from russian_bank.onepack import Lift, Turn

    t, lay = scene.table, scene.layout
    if isinstance(action, Turn):
        post(app, pygame.MOUSEBUTTONDOWN, lay.rects[f"hand{t.pos.player}"].center, button=1)
        post(app, pygame.MOUSEBUTTONUP, lay.rects[f"hand{t.pos.player}"].center, button=1)
        return
    src = action.src
    if src == "held":
        start = lay.held_rects[t.pos.player].center
    elif src.startswith("place"):
        rects = lay.pile_rects(src, len(t.pos.places[int(src[5:])]))
        r = rects[0] if isinstance(action, Lift) else rects[-1]
        start = (r.centerx, r.y + 2) if isinstance(action, Lift) else r.center
    else:
        start = lay.rects[src].center
    drag(app, start, lay.rects[action.dst].center)


def test_a_whole_game_by_mouse_gestures(make_app) -> None:
    import random

    from russian_bank.onepack import legal_actions

    app = make_app()
    scene = open_one_pack(app, seed=14)
    t = scene.table
    rng = random.Random(14)
    for _ in range(400):
        if t.pos.phase == "over":
            break
        acts = legal_actions(t.pos)
        action = acts[rng.randrange(len(acts))]
        done = len(t.match.game.actions)
        gesture(app, scene, action)
        assert t.match.game.actions[done:] == [action]
    assert (t.pos.phase == "over") or len(t.match.game.actions) == 400


def test_dragging_shows_where_the_card_may_go(make_app) -> None:
    app = make_app()
    scene = open_one_pack(app, seed=5)
    t = scene.table
    t.pos = make({0: "2C", 1: "5S", 2: "8H", 4: "6S", 5: "TH", 6: "4C", 7: "QD"}, held="JD")
    lay = scene.layout
    post(app, pygame.MOUSEBUTTONDOWN, lay.held_rects[0].center, button=1)
    assert set(t.targets()) == {"place3", "place7", "discard0"}  # the space, the QD, his Discard
    surf = pygame.Surface(app.size)
    before = t.pos.to_text()
    scene.draw(surf)
    assert t.pos.to_text() == before
    ring = lay.rects["place3"].inflate(8, 8)
    assert surf.get_at((ring.centerx, ring.y + 1))[:3] == (240, 200, 80)  # a gold ring
    post(app, pygame.MOUSEBUTTONUP, lay.held_rects[0].center, button=1)
    assert t.drag is None and t.pos.to_text() == before  # let go where it was: nothing done


def test_the_one_pack_game_survives_quit_and_starts_again_where_it_was(make_app) -> None:
    from russian_bank.ui.app import App
    from russian_bank.ui.settings import Settings

    app = App(resume=True, autosave=True, settings=Settings(), pace="instant")
    scene = open_one_pack(app, seed=14, opponent="club")
    rng = random.Random(3)
    for _ in range(12):  # South plays by mouse; North (club) answers by itself
        for _ in range(50):
            if scene.table.human_to_move() or (scene.table.pos.phase == "over"):
                break
            app.step(1.0)
        acts = legal_actions(scene.table.pos)
        gesture(app, scene, acts[rng.randrange(len(acts))])
    before, done = scene.table.pos.to_text(), list(scene.table.match.game.actions)
    assert len(done) >= 12
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(0.0)
    assert not app.running
    again = App(resume=True, autosave=True, settings=Settings(), pace="instant")
    assert isinstance(again.top, OnePackScene)
    t = again.top.table
    assert t.pos.to_text() == before and t.match.game.actions == done
    assert t.opponent == "club" and "restored" in t.messages[-1].text
    # back to the two-pack table: the next start opens that one
    again.top.press_button("menu")
    again.top.choose("twopack")
    third = App(resume=True, autosave=True, settings=Settings(), pace="instant")
    assert third.top is third.game_scene


def test_a_crash_on_the_one_pack_table_keeps_the_game_and_the_table(make_app) -> None:
    app = make_app(autosave=True)
    scene = open_one_pack(app, seed=14)
    gesture(app, scene, legal_actions(scene.table.pos)[0])

    def broken(dt: float) -> None:
        raise RuntimeError("a bug")

    scene.update = broken  # type: ignore[method-assign]
    app.frame(0.1)
    assert app.scenes == [scene] and "saved" in scene.table.messages[-1].text
    from russian_bank.ui.settings import load_table

    saved, warning = load_table()
    assert warning is None and saved is not None
    assert saved.game.position.to_text() == scene.table.pos.to_text()


def test_one_pack_games_are_kept_in_past_games_and_counted_per_rule_set(make_app) -> None:
    from russian_bank.history import Store, parse, statistics
    from russian_bank.onepack import observe
    from russian_bank.onepack.bots import make_bot
    from russian_bank.ui.scenes.history import PastGamesScene

    app = make_app(autosave=True)
    scene = open_one_pack(app, seed=14)
    t = scene.table
    bots = [make_bot("club", s, random.Random(s)) for s in (0, 1)]
    while t.pos.phase != "over":  # hot seat: both seats play a club game by hand
        assert t.act(bots[t.pos.player].choose(observe(t.pos, t.pos.player)))
    app.step(0.0)
    app.step(0.0)  # kept once only
    games = Store().games()
    assert len(games) == 1
    k = games[0]
    o = t.pos.outcome
    assert k.rules == "one-pack" and k.players == ("human", "human")
    assert k.outcome is not None and (k.outcome.winner, k.outcome.points) == (o.winner, o.points)
    assert k.actions == len(t.match.game.actions)
    again = parse(k.to_text(), verify=True)  # the import check replays it by 003
    assert again.outcome == k.outcome
    (line,) = statistics(games)
    assert (line.rules, line.games, line.wins + line.losses + line.draws) == ("one-pack", 1, 1)
    final = t.pos.to_text()
    # Past games lists it with its rule set and opens it on the one-pack table
    past = PastGamesScene(app)
    surf = pygame.Surface(app.size)
    past.draw(surf)
    past.open(0)
    assert isinstance(app.top, OnePackScene) and app.top.table.pos.to_text() == final
    # a game left unfinished for a new deal is kept too, without a result
    scene = app.top
    scene.press_button("new")  # a finished game is not kept twice
    gesture(app, scene, legal_actions(scene.table.pos)[0])
    scene.press_button("new")
    scene.press_button("new")  # a new deal with nothing played is not kept
    kept = Store().games()
    assert len(kept) == 2 and sum(1 for g in kept if g.outcome is None) == 1
    assert len(statistics(kept)) == 1 and statistics(kept)[0].games == 1


def test_cards_fly_and_the_computer_waits_for_them(make_app) -> None:
    from russian_bank.ui.table.onepack_table import FLIGHT

    app = make_app()
    scene = open_one_pack(app, seed=2, opponent="club")
    t = scene.table
    t.pos = make(FULL, player=1)
    t.match.action_time = 0.05  # quicker than a flight: only the flight holds him
    n = len(t.match.game.actions)
    while len(t.match.game.actions) == n:
        scene.update(0.05)
    (f,) = t.flights  # North's card flies to where he played it
    last = str(t.match.game.actions[-1]).split()
    assert f.dst == ("held" if last == ["turn"] else last[-1]) and f.at() == f.start
    top = scene.layout.pile_rects(f.dst, t.sizes()[f.dst])[-1] if f.dst != "held" else None
    assert top is None or f.end == top.topleft
    surf = pygame.Surface(app.size)
    before = t.pos.to_text()
    scene.draw(surf)
    assert t.pos.to_text() == before and t.flights == [f] and f.t == 0.0  # draw changes nothing
    while f in t.flights:  # the computer does not act while a card is flying
        assert len(t.match.game.actions) == n + 1
        scene.update(0.05)
    assert f.t >= FLIGHT
    # a card the player drops is where it goes already: no flight for it
    t.pos = make(FULL, held="JD")
    t.flights.clear()
    drag(app, scene.layout.held_rects[0].center, scene.layout.rects["place7"].center)
    assert t.pos.places[7][-1].face == "JD" and t.flights == []
