"""Post real mouse and key events to the table and let the app process them."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from russian_bank.engine import Card, Place
from russian_bank.game.places import BANK, DISCARD, HAND, HELD, STOCK, TABLE

DT = 1 / 60


def post(kind, **attrs):
    pygame.event.post(pygame.event.Event(kind, **attrs))


def step(app, frames=1, dt=DT):
    for _ in range(frames):
        app.step(dt)


def run_until(app, test, seconds=10.0):
    """Step the app until ``test()`` holds (True) or ``seconds`` pass (False)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        step(app)
        if test():
            return True
        time.sleep(0.01)
    return False


def press(app, pos, button=1):
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    step(app)


def release(app, pos, button=1):
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    step(app)


def click(app, pos, button=1):
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    step(app)


def drag(app, start, end, steps=4):
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    step(app)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        step(app)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    step(app)


def key(app, k, mod=0, unicode=""):
    post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)
    step(app)


def ctl(app):
    return app.game_scene.ctl


def card_center(app, card: Card):
    """Where to grab ``card`` on screen: its visible corner strip."""
    placed = ctl(app).placed_cards()[card]
    r = placed.rect
    lay = app.game_scene.layout
    inset = lay.card_size[0] // 8
    y = r.y + min(r.h, lay.row_step) // 2  # where Table rows overlap, the part in view
    if placed.left:
        return (r.right - inset, y)
    return (r.x + inset, y)


def place_center(app, place: Place):
    """The middle of what shows of ``place`` (rows overlap with larger cards)."""
    lay = app.game_scene.layout
    if place.kind == HELD:
        return lay.held_rects[ctl(app).position.player].center
    return lay.rects[place].clip(lay.shown_part(place)).center


def button(app, name):
    for b in app.game_scene.buttons():
        if b.name == name:
            return b.rect.center
    raise AssertionError(f"no button {name}")


def move_card(pos, text: str, dst: str, face_up: bool = True) -> None:
    """Test setup: move one card to the top of a pile, keeping every card in one place."""
    card = Card.parse(text)
    for s in (0, 1):
        for pile, up_attr in (
            (pos.stock[s], "stock"),
            (pos.hand[s], "hand"),
            (pos.discard[s], None),
        ):
            if card in pile:
                i = pile.index(card)
                pile.remove(card)
                if up_attr == "stock" and i >= len(pile) + 1 - pos.stock_up[s]:
                    pos.stock_up[s] -= 1
                if up_attr == "hand":
                    pos.hand_unknown[s] = min(pos.hand_unknown[s], len(pile))
    if pos.held == card:
        pos.held = None
    for col in pos.table + pos.banks:
        if card in col:
            col.remove(card)
    place = Place.parse(dst)
    if place.kind == TABLE:
        pos.table[place.index].append(card)
    elif place.kind == BANK:
        pos.banks[place.index].append(card)
    elif place.kind == STOCK:
        pos.stock[place.index].append(card)
        if face_up:
            pos.stock_up[place.index] += 1
    elif place.kind == HAND:
        pos.hand[place.index].append(card)
    elif place.kind == DISCARD:
        pos.discard[place.index].append(card)
    elif place.kind == HELD:
        pos.held = card


@contextmanager
def recording_texts(app) -> Iterator[list[tuple[str, int, pygame.Surface]]]:
    """Note every text the window's assets make while the block runs: (text, size, surface)."""
    made: list[tuple[str, int, pygame.Surface]] = []
    real = app.assets.text

    def text(line, size, *args, **kw):  # type: ignore[no-untyped-def]
        surface = real(line, size, *args, **kw)
        made.append((line, size, surface))
        return surface

    app.assets.text = text
    try:
        yield made
    finally:
        app.assets.text = real
