"""The Card size setting (issue 11): larger cards at the same window size, the rows of
the Table and Banks overlapping so that every face-up top card's index stays in view."""

from __future__ import annotations

import itertools
import json
import random

import pygame
import pytest

from russian_bank.engine import Game, Place, Stand, Stop
from russian_bank.game.places import BANK, DISCARD, HAND, STOCK, TABLE
from russian_bank.ui.app import MIN_SIZE
from russian_bank.ui.settings import CARD_SCALES, Settings, config_dir, load_settings
from russian_bank.ui.table.layout import Layout

from .helpers import card_center, ctl, drag, key, post, step
from .test_accessibility import open_settings, press_item
from .test_text_fit import check_menus_and_help, resize

SIZES = [MIN_SIZE, (1280, 800), (1920, 1080), (700, 900)]
# the corner index of the card art (ui/kit/assets.py): 64 of 250 wide, 120 of 350 high
INDEX_W, INDEX_H = 64 / 250, 120 / 350


def busy_table(app, seed=43, moves=400):
    """Put on the table a game after random legal actions (no Stops, banking first):
    cards on every Table space, five Banks (6 and 7 one above the other) and both
    Discards."""
    game = Game.new(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = [a for a in game.legal_actions() if not isinstance(a, Stop | Stand)]
        banking = [a for a in legal if str(a).startswith("play") and "bank" in str(a)]
        game.apply(rng.choice(banking or legal))
    app.game_scene.new_game(game)
    if game.position.raised is not None:
        ctl(app).act("back")  # every card in its place
    ctl(app).settle()
    ctl(app).messages.clear()


def index_rect(rect: pygame.Rect, right: bool = False) -> pygame.Rect:
    w, h = round(rect.w * INDEX_W), round(rect.h * INDEX_H)
    return pygame.Rect(rect.right - w if right else rect.x, rect.y, w, h)


def tops(app):
    """(place, card, its rect, whether it shows the leftward face) of every face-up
    top card on the table."""
    c = ctl(app)
    pos, lay = c.position, c.layout
    out = []
    for i, col in enumerate(pos.table):
        if col:
            out.append((Place(TABLE, i), col[-1], lay.table_card_rects(i, len(col))[-1]))
    for i, bank in enumerate(pos.banks):
        if bank:
            out.append((Place(BANK, i), bank[-1], lay.rects[Place(BANK, i)]))
    for s in (0, 1):
        if pos.discard[s]:
            out.append((Place(DISCARD, s), pos.discard[s][-1], lay.rects[Place(DISCARD, s)]))
    return out


def test_card_size_set_in_settings_grows_the_cards_at_1280x800(make_app):
    app = make_app(size=(1280, 800))
    cw, ch = app.game_scene.layout.card_size
    font = app.assets.font(20).get_height()
    open_settings(app)
    for factor, name in ((1.25, "large"), (1.5, "largest")):
        press_item(app, "cards")
        assert app.settings.card_scale == factor
        assert f"Card size: {name}" in [label for _n, label, _r in app.top.geometry()[1]]
        lay = app.game_scene.layout
        assert ctl(app).layout is lay  # the table plays on the new layout
        assert abs(lay.card_size[0] - cw * factor) <= 1
        assert abs(lay.card_size[1] - ch * factor) <= 2
        assert load_settings()[0].card_scale == factor  # saved
    # larger cards bring larger text where the Text size is smaller
    assert app.settings.text_scale == 1.0 and app.assets.text_scale == 1.5
    assert app.assets.font(20).get_height() > font * 1.3
    assert "Text size: 100% (cards: 150%)" in [label for _n, label, _r in app.top.geometry()[1]]
    press_item(app, "cards")  # and back to normal
    assert app.game_scene.layout.card_size == (cw, ch)
    assert app.assets.text_scale == 1.0


@pytest.mark.parametrize("value", [2.0, "large", True, None])
def test_unknown_card_size_falls_back_to_the_defaults(make_app, value):
    from russian_bank.ui.app import App

    config_dir().mkdir(parents=True)
    (config_dir() / "settings.json").write_text(json.dumps({"card_scale": value}))
    settings, warning = load_settings()
    # the bad value alone goes back to its default, and is named (issue 41, point 7)
    assert settings == Settings() and warning and "card_scale" in warning
    assert "back to its default" in warning
    app = App((1024, 640), seed=3, pace="instant")
    assert app.game_scene.layout.scale == 1.0
    assert "card_scale" in ctl(app).messages[0].text


@pytest.mark.parametrize(("size", "scale"), itertools.product(SIZES, CARD_SCALES))
def test_every_face_up_top_card_shows_its_index(make_app, size, scale):
    """Drawn on screen: the index of every face-up top card is exactly the card's
    own pixels (no other pile covers it), and no pile's visible part covers
    another's top card index."""
    app = make_app(size=size, settings=Settings(card_scale=scale))
    lay = app.game_scene.layout
    assert lay.scale >= 1.0 and (scale == 1.0) == (lay.scale == 1.0)
    assert lay.overlapped == (scale > 1.0 and size[1] < 1.5 * size[0])
    busy_table(app)
    app.draw(app.screen)
    cards = app.assets.cards(lay.card_size)
    found = tops(app)
    assert len(found) == 15
    visible = {}
    for place, rect in lay.rects.items():
        part = rect
        if place.kind == TABLE:
            n = len(ctl(app).position.table[place.index])
            part = lay.table_card_rects(place.index, max(1, n))[-1].unionall(
                lay.table_card_rects(place.index, max(1, n))
            )
        visible[place] = part.clip(lay.shown_part(place))
    for place, card, rect in found:
        idx = index_rect(rect)
        assert lay.shown_part(place).contains(idx), (size, scale, place)
        for other, part in visible.items():
            if other != place:
                assert not part.colliderect(idx), (size, scale, place, other)
        shown = app.screen.subsurface(idx)
        # a copy: a face is run-length encoded once blitted (assets.solid) and SDL then
        # frees its pixels, so a subsurface of the face itself may read freed memory
        art = cards.face(card).copy().subsurface(idx.move(-rect.x, -rect.y))
        checked = 0
        for x, y in itertools.product(range(0, idx.w, 3), range(0, idx.h, 3)):
            a = art.get_at((x, y))
            if a.a >= 250:  # the art's paper is very slightly translucent
                got = shown.get_at((x, y))
                assert all(abs(got[k] - a[k]) <= 8 for k in range(3)), (size, scale, place, x, y)
                checked += 1
        assert checked > idx.w * idx.h // 20


@pytest.mark.parametrize(("size", "scale"), itertools.product(SIZES, CARD_SCALES[1:]))
def test_larger_cards_fit_the_window(make_app, size, scale):
    """Every pile, zone and button inside the window; only Table and Bank rows overlap,
    each lower row leaving at least the index strip of the row above."""
    app = make_app(size=size, settings=Settings(card_scale=scale))
    lay = app.game_scene.layout
    screen = pygame.Rect(0, 0, *size)
    boxes = {p: r for p, r in lay.rects.items()}
    for s in (0, 1):
        boxes[("held", s)] = lay.held_rects[s]
        boxes[("zone", s)] = lay.zones[s].rect
    if lay.log_rect is not None:
        boxes["log"] = lay.log_rect
        for i in range(8):
            assert lay.table_area(i).right <= lay.log_rect.left
    for name, r in boxes.items():
        assert screen.contains(r), (size, name, r)
    ch = lay.card_size[1]
    for (n1, r1), (n2, r2) in itertools.combinations(boxes.items(), 2):
        if not r1.colliderect(r2):
            continue
        assert isinstance(n1, Place) and isinstance(n2, Place), (size, n1, n2)
        assert {n1.kind, n2.kind} <= {TABLE, BANK} and abs(r1.y - r2.y) >= INDEX_H * ch, (n1, n2)
    assert lay.fan_span >= lay.card_size[0] - 1  # room for the Table's fans
    buttons = app.game_scene.buttons()
    assert "menu" in [b.name for b in buttons]
    for b in buttons:
        assert lay.zones[b.seat].rect.contains(b.rect), (size, b.name)
    for b1, b2 in itertools.combinations(buttons, 2):
        assert not b1.rect.colliderect(b2.rect)


def seed2_app(make_app):
    """Seed 2: the 5♠ on Table 6 may go on Table 1 (6♥), not on Table 0 above it
    (J♦) nor on Table 2 below it (2♣)."""
    app = make_app(size=(1280, 800), seed=2, settings=Settings(card_scale=1.5))
    pos = ctl(app).position
    assert (pos.table[6][-1].label, pos.table[1][-1].label) == ("5♠", "6♥")
    assert app.game_scene.layout.overlapped
    return app, pos, pos.table[6][-1]


def test_drop_where_rows_overlap_lands_on_the_row_on_top(make_app):
    app, pos, five = seed2_app(make_app)
    lay = app.game_scene.layout
    t0, t1 = lay.rects[Place(TABLE, 0)], lay.rects[Place(TABLE, 1)]
    spot = (t1.centerx, t1.y + 4)  # inside Table 0's card too, which Table 1 covers
    assert t0.collidepoint(spot)
    drag(app, card_center(app, five), spot)
    assert pos.table[1][-1] == five


def test_drop_on_the_strip_of_a_covered_row_lands_there(make_app):
    app, pos, five = seed2_app(make_app)
    lay = app.game_scene.layout
    t1, t2 = lay.rects[Place(TABLE, 1)], lay.rects[Place(TABLE, 2)]
    spot = (t1.centerx, (t1.y + t2.y) // 2)  # the strip of Table 1 left in view
    drag(app, card_center(app, five), spot)
    assert pos.table[1][-1] == five
    # the hover tooltip names the pile in view: Table 1 (now two cards) on its strip,
    # Table 2 (one card) where it covers Table 1
    assert len(pos.table[1]) == 2 and len(pos.table[2]) == 1
    assert "Table: 2 cards" in tip_at(app, spot)
    assert "Table: 1 card," in tip_at(app, (t1.centerx, t2.y + 4))


def tip_at(app, spot):
    post(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0))
    step(app, 50)  # longer than the tooltip's delay
    return app.game_scene.tip() or ""


def test_keyboard_plays_on_an_overlapped_row_and_its_ring_stays_in_view(make_app):
    app, pos, five = seed2_app(make_app)
    scene = app.game_scene
    lay = scene.layout
    for target in (Place(TABLE, 6), Place(TABLE, 1)):
        key(app, pygame.K_TAB)
        while scene.keys.focus != target:
            key(app, pygame.K_TAB)
        ring = scene.keys.rect(ctl(app), target)
        assert lay.shown_part(target).contains(ring)
        below = Place(TABLE, 2) if target.index == 1 else Place(TABLE, 5)
        assert not ring.colliderect(lay.rects[below])
        key(app, pygame.K_RETURN)
    assert pos.table[1][-1] == five


@pytest.mark.parametrize("size", [MIN_SIZE, (1024, 640), (1280, 800), (700, 900), (640, 646)])
def test_every_text_fits_with_the_largest_cards(make_app, size):
    app = make_app(size=(1280, 800), seed=3)
    open_settings(app)
    press_item(app, "cards")
    press_item(app, "cards")
    resize(app, size)
    check_menus_and_help(app)
    c = ctl(app)
    said = [
        "A long message that must wrap inside the zone of A at every window size " * 2,
        "Stop! A stops B: B played 7♣ to the Table while 6♥ on his Stock could go",
    ]
    c.say(0, said[0])
    c.say(1, said[1])
    app.draw(app.screen)
    assert app.renderer.texts
    for line, r, box in app.renderer.texts:
        assert box.contains(r), (size, line)
    drawn = " ".join(line for line, _r, _b in app.renderer.texts).split()
    for text in said:  # shrunk if need be, never a word left out
        words = text.split()
        assert any(drawn[i : i + len(words)] == words for i in range(len(drawn))), (size, text)


def test_normal_cards_keep_the_old_layout():
    """Normal cards lay out exactly as before the setting existed (no overlap)."""
    for size in SIZES:
        lay = Layout(size)
        assert not lay.overlapped and lay.scale == 1.0
        assert lay.row_step == lay.card_size[1] + lay.gap
        assert lay.unit == lay.card_size[1]


def test_a_narrow_window_limits_the_growth_to_what_the_fans_allow():
    lay = Layout((640, 960), 1.5)
    normal = Layout((640, 960))
    assert 1.0 < lay.scale < 1.5
    assert lay.fan_span >= lay.card_size[0] - 1
    assert lay.card_size[0] > normal.card_size[0]
    for kind in (STOCK, HAND, DISCARD):
        assert lay.rects[Place(kind, 0)].right <= 640


def test_larger_cards_take_the_move_logs_width_and_l_still_shows_it(make_app):
    from russian_bank.ui.scenes.log import LogScene

    app = make_app(size=(1280, 800))
    assert app.game_scene.layout.log_rect is not None
    normal_room = app.game_scene.coach.note_rect().w
    open_settings(app)
    press_item(app, "cards")
    lay = app.game_scene.layout
    assert lay.log_rect is None and lay.table_w == 1280
    assert app.game_scene.coach.note_rect().w >= normal_room  # the coach's note keeps its room
    app.scenes = [app.game_scene]
    key(app, pygame.K_l)
    assert isinstance(app.top, LogScene)


def test_arrow_keys_move_along_the_overlapped_rows(make_app):
    app = make_app(size=(1280, 800), settings=Settings(card_scale=1.5))
    keys = app.game_scene.keys
    assert app.game_scene.layout.overlapped
    key(app, pygame.K_TAB)
    keys.focus = Place(BANK, 1)  # the right Bank of the second row
    for arrow, there in (
        (pygame.K_LEFT, Place(BANK, 6)),  # the left Bank of the same row
        (pygame.K_DOWN, Place(BANK, 5)),
        (pygame.K_DOWN, Place(BANK, 4)),
        (pygame.K_UP, Place(BANK, 5)),
        (pygame.K_LEFT, Place(TABLE, 5)),
        (pygame.K_UP, Place(TABLE, 6)),
    ):
        key(app, arrow)
        assert keys.focus == there, (arrow, keys.focus)


def test_every_window_from_the_minimum_up_lays_larger_cards_out():
    """A grid of window sizes, landscape, square and portrait: everything inside the
    window, only Table and Bank rows overlapping (each leaving the index strip of the
    one above), the fans and, in landscape, the seats' zones keeping their room."""
    for w, h in itertools.product(range(640, 3900, 157), range(480, 2300, 131)):
        for scale in CARD_SCALES[1:]:
            lay = Layout((w, h), scale)
            cw, ch = lay.card_size
            boxes = dict(lay.rects)
            for s in (0, 1):
                boxes[("held", s)] = lay.held_rects[s]
                boxes[("zone", s)] = lay.zones[s].rect
            for name, r in boxes.items():
                assert pygame.Rect(0, 0, w, h).contains(r), ((w, h), scale, name)
            for (n1, r1), (n2, r2) in itertools.combinations(boxes.items(), 2):
                if r1.colliderect(r2):
                    assert isinstance(n1, Place) and isinstance(n2, Place), ((w, h), n1, n2)
                    assert {n1.kind, n2.kind} <= {TABLE, BANK}, ((w, h), n1, n2)
                    assert abs(r1.y - r2.y) >= INDEX_H * ch, ((w, h), scale, n1, n2)
            assert lay.fan_span >= cw - 1, ((w, h), scale)
            if not lay.portrait:
                assert lay.zones[0].rect.w >= 3.5 * cw, ((w, h), scale)
