"""Issue 19 item 6: a panel never re-flows under the pointer. Every cycling control
of Settings and of the Menu is clicked through all of its values with real posted
clicks, each click aimed at where the control was first drawn; no control's
rectangle (and not the panel) may move while the player uses the panel."""

from __future__ import annotations

import pygame
import pytest

from russian_bank.games import every_name
from russian_bank.ui.scenes.dialogs import SettingsScene
from russian_bank.ui.scenes.menu import MenuScene
from russian_bank.ui.settings import (
    CARD_SCALES,
    FAULT_MODES,
    MISTAKES,
    OPPONENTS,
    PACES,
    TEXT_SCALES,
)

from .helpers import click, key

SETTINGS_CYCLES = {
    "fault": len(FAULT_MODES),
    "pace": len(PACES),
    "cards": len(CARD_SCALES),
    "scale": len(TEXT_SCALES),
    "four": 2,
    "motion": 2,
    "coach": 2,
    "sound": 2,
}


def rects_of(app):
    panel, rects, _unit = app.top.geometry()
    return panel.copy(), {name: r.copy() for name, _label, r in rects}


def cycle_and_check(app, cycles, scene_type):
    first_panel, first = rects_of(app)
    for name, count in cycles.items():
        for _ in range(count):
            click(app, first[name].center)  # where the player saw it
            assert isinstance(app.top, scene_type), f"clicking {name} left the panel"
            panel, now = rects_of(app)
            assert panel == first_panel, f"the panel moved after clicking {name}"
            for line, _size, _bold, r, box in app.top.text_layout():  # text stays clear
                assert box.contains(r), f"{line!r} leaves the panel after clicking {name}"
                assert not any(r.colliderect(b) for b in now.values()), (
                    f"{line!r} runs under a button after clicking {name}"
                )
            for other, r in now.items():
                assert r == first[other], (
                    f"{other} moved after clicking {name}: {first[other]} -> {r}"
                )


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_settings_controls_stay_put_while_cycled(make_app, size):
    app = make_app(size=size)
    key(app, pygame.K_ESCAPE)
    _p, rects, _u = app.top.geometry()
    click(app, next(r for n, _l, r in rects if n == "settings").center)
    assert isinstance(app.top, SettingsScene)
    cycles = dict(SETTINGS_CYCLES)
    cycles["mistakes"] = len(MISTAKES)
    cycle_and_check(app, cycles, SettingsScene)
    assert app.settings.card_scale == CARD_SCALES[0]  # went round: the clicks landed


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_menu_controls_stay_put_while_cycled(make_app, size):
    app = make_app(size=size)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    start = app.settings.rules
    cycles = {"ruleset": len(every_name())}  # every game of the registry
    if app.bots_available():
        cycles |= {"opponent": len(OPPONENTS), "mistakes": len(MISTAKES)}
    cycle_and_check(app, cycles, MenuScene)
    assert app.settings.rules == start  # went all the way round
