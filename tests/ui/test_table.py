"""The table driven by real posted mouse and key events (dummy SDL drivers)."""

from __future__ import annotations

import pygame
import pytest

from russian_bank.engine import ARRANGING, PLAY, Card, Game, Place
from russian_bank.game.places import BANKS, DISCARD, HAND, STOCK, TABLE

from .helpers import (
    button,
    card_center,
    click,
    ctl,
    drag,
    key,
    move_card,
    place_center,
    step,
)


def setup(app, build, player=0, phase=PLAY):
    """Install a custom position built from the deal of seed 1."""
    game = Game.new(1)
    pos = game.position
    build(pos)
    pos.player = player
    pos.phase = phase
    pos.seen = {pos.table_key(): 1}
    pos.check_invariants()
    app.autosave = False
    app.game_scene.new_game(game)
    step(app)
    return game


def no_aces(pos, fill=True):
    """No card can go on a Bank: every Ace to the bottom of its Hand."""
    for s, pack in ((0, "a"), (1, "b")):
        for suit in "SHDC":
            move_card(pos, f"A{suit}{pack}", f"hand{'AB'[s]}")
            pos.hand[s].insert(0, pos.hand[s].pop())
    if fill:
        for i, col in enumerate(pos.table):
            if not col:
                col.append(pos.hand[i // 4].pop())
    pos.hand_unknown = [len(pos.hand[0]), len(pos.hand[1])]


def first_ace_seed():
    for seed in range(50):
        g = Game.new(seed)
        for i, col in enumerate(g.position.table):
            if col[-1].rank == 1:
                return seed, i
    raise AssertionError


def test_drag_table_to_bank(make_app):
    seed, i = first_ace_seed()
    app = make_app(seed=seed)
    pos = ctl(app).position
    assert pos.phase == ARRANGING
    ace = pos.table[i][-1]
    drag(app, card_center(app, ace), place_center(app, BANKS[0]))
    assert pos.banks[0] == [ace]
    assert pos.table[i] == []
    assert "bank" in app.sounds.played
    assert ctl(app).drag is None


def test_refused_drop_snaps_back_with_reason(make_app):
    app = make_app(seed=3)
    pos = ctl(app).position
    i = next(i for i, col in enumerate(pos.table) if col[-1].rank > 2)
    card = pos.table[i][-1]
    before = ctl(app).placed_cards()[card].rect.copy()
    drag(app, card_center(app, card), place_center(app, BANKS[2]))
    assert pos.table[i][-1] == card
    assert pos.raised is None
    assert ctl(app).last_reason
    assert ctl(app).messages[pos.player].kind == "refuse"
    assert "refuse" in app.sounds.played
    assert ctl(app).placed_cards()[card].rect == before


def test_turn_stock_then_hand_then_discard_ends_innings(make_app):
    def build(pos):
        # no card can go on a Bank: hide every Ace in the Hands' bottoms
        no_aces(pos)

    app = make_app()
    setup(app, build, player=0, phase=ARRANGING)
    pos = ctl(app).position
    click(app, place_center(app, Place(STOCK, 0)))
    assert pos.phase == PLAY and pos.stock_up[0] == 1
    assert "turn" in app.sounds.played
    # the Stock card may not go anywhere useful: turn the Hand
    n = len(pos.hand[0])
    click(app, place_center(app, Place(HAND, 0)))
    assert pos.held is not None and len(pos.hand[0]) == n - 1
    held = pos.held
    drag(app, card_center(app, held), place_center(app, Place(DISCARD, 0)))
    assert pos.discard[0][-1] == held
    assert pos.player == 1


def test_sequence_move(make_app):
    def build(pos):
        for i in range(8):
            while pos.table[i]:
                pos.hand[i // 4].insert(0, pos.table[i].pop())
        move_card(pos, "TCa", "table1")
        move_card(pos, "9Ha", "table0")
        move_card(pos, "8Sa", "table0")
        move_card(pos, "5Da", "table2")
        no_aces(pos, fill=False)

    app = make_app()
    setup(app, build)
    pos = ctl(app).position
    nine = Card.parse("9Ha")
    drag(app, card_center(app, nine), place_center(app, Place(TABLE, 1)))
    assert [str(c) for c in pos.table[1]] == ["TCa", "9Ha", "8Sa"]
    assert pos.table[0] == []
    assert pos.fault is None


def fault_position(seat):
    def build(pos):
        pack = "ab"[seat]
        move_card(pos, f"AS{pack}", f"table{seat * 4}")

    return build


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("how", ["button", "key"])
def test_false_and_valid_stop(make_app, seat, how):
    """seat calls Stop on the other seat: first falsely, then after a real fault."""
    app = make_app()
    player = 1 - seat
    setup(app, fault_position(player), player=player)
    c = ctl(app)
    pos = c.position

    def call():
        if how == "button":
            click(app, button(app, f"stop{seat}"))
        else:
            key(app, pygame.K_s if seat == 0 else pygame.K_k)

    call()
    assert pos.player == player
    assert c.last_reason and c.last_reason.startswith("False Stop")
    # the Player turns his Stock while an Ace lies in the Table: a fault (§67 D)
    click(app, place_center(app, Place(STOCK, player)))
    assert pos.fault is not None
    call()
    assert pos.player == seat
    assert "stop" in app.sounds.played
    assert c.messages[seat].kind == "stop"


def test_player_may_not_stop_himself(make_app):
    app = make_app()
    setup(app, fault_position(0), player=0)
    key(app, pygame.K_s)
    assert "adversary" in ctl(app).last_reason
