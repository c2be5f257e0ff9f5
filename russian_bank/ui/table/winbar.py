"""The win-chance bar (issue 44): on each seat's box, a thin bar filled to that
seat's chance of winning the game and the figure beside it ("58%").

The chances come from the learned value (:mod:`russian_bank.ai.chance`), asked
once per position (:class:`Chances`: after each action, never each frame; one
judgement takes well under a millisecond). At the table they are the chances a
person may be shown, judged on what he sees; the replay and the review judge the
whole game. Where the value says nothing (another rule set, the one-pack game)
there is no bar.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ...i18n import _
from ..kit.canvas import draw_rect
from ..kit.widgets import DIM, GOLD, WHITE, zone_parts
from .lettering import Lettering, Target

Judge = Callable[[Any], tuple[float, float] | None]
TRACK = (58, 72, 64)  # the part of the bar not filled
MIN_PX = 10  # the figure is not shown smaller than this, in pixels on the screen


class Chances:
    """A's and B's chances for a position, judged once per position (its cards,
    phase and Player: ``Position.stamp`` is new whenever a card moves)."""

    def __init__(self, judge: Judge) -> None:
        self.judge = judge
        self._key: tuple[object, ...] | None = None
        self._value: tuple[float, float] | None = None
        self.judgements = 0  # how many times the value was asked (tests)

    def of(self, pos: Any) -> tuple[float, float] | None:
        names = ("stamp", "phase", "player", "outcome")
        key: tuple[object, ...] = (id(pos), *(getattr(pos, n, None) for n in names))
        if key != self._key:
            self._key = key
            self._value = self.judge(pos)
            self.judgements += 1
        return self._value


def at_the_table(
    ctl: Any, seat: Callable[[], int], shown: Callable[[], bool]
) -> Callable[[], tuple[float, float] | None]:
    """The table's bar (``TableController.win_chance``) while ``shown()`` (the
    setting): the chances judged on what the person at ``seat()`` sees."""
    judged = Chances(lambda pos: shown_chances(pos, seat()))
    return lambda: judged.of(ctl.position) if shown() else None


def shown_chances(pos: Any, seat: int) -> tuple[float, float] | None:
    """``ai.chance.shown_chances``: the learned value (and numpy) imported once the
    bar is first shown, not with the table (issue 42)."""
    from ...ai.chance import shown_chances as judged

    return judged(pos, seat)


def whole_game(ctl: Any) -> Callable[[], tuple[float, float] | None]:
    """The replay's and the review's bar, always shown: the whole position judged."""
    from ...ai.chance import chances

    judged = Chances(chances)
    return lambda: judged.of(ctl.position)


def chance_words(chance: float, short: bool = False) -> str:
    """The figure beside the bar: "58% to win", or just "58%" (``short``)."""
    from ...ai.chance import percent

    if short:
        # TRANSLATORS: a seat's chance of winning the game, beside the win-chance bar
        return _("{percent}%").format(percent=percent(chance))
    # TRANSLATORS: a seat's chance of winning the game, beside the win-chance bar
    return _("{percent}% to win").format(percent=percent(chance))


def bar_width(size: int) -> int:
    return max(24, size * 3)


def gauge_width(letters: Lettering, words: str, size: int) -> int:
    """The width of the bar and its words at font ``size``."""
    return bar_width(size) + size // 2 + letters.assets.font(size).size(words)[0]


def draw_chance(
    letters: Lettering, surf: Target, zone: pygame.Rect, chance: float, size: int, room: int
) -> int:
    """The bar of the seat whose box is ``zone``, with "to win" where there is room.
    In a wide, low box, whose buttons stand at the right beside the title and the
    message, above the buttons when its words are as large there as on the title
    line; else at the right end of the title line if ``room`` (the line's width
    left by the seat's name) allows; else above the buttons if still readable
    (``MIN_PX``). The width it took from the title line (0: none)."""
    title, _msg, row = zone_parts(zone)
    forms = (chance_words(chance), chance_words(chance, short=True))
    strip, strip_size = None, 0
    if row.x >= title.right:
        strip = pygame.Rect(
            row.x, title.y, row.w, row.y - title.y - max(1, (title.y - zone.y) // 3)
        )
        strip_size = size
        while letters.assets.font(strip_size).get_linesize() > strip.h and strip_size > 6:
            strip_size -= 1

    def above_buttons() -> bool:
        for words in forms:
            if strip is not None and gauge_width(letters, words, strip_size) <= strip.w:
                draw_gauge(letters, surf, strip, chance, words, strip_size)
                return True
        return False

    if strip_size >= size and above_buttons():
        return 0
    for words in forms:
        need = gauge_width(letters, words, size) + size
        if need <= room:
            draw_gauge(letters, surf, title, chance, words, size)
            return need
    if strip_size * letters.assets.text_scale >= MIN_PX:
        above_buttons()
    return 0


def draw_gauge(
    letters: Lettering, surf: Target, line: pygame.Rect, chance: float, words: str, size: int
) -> None:
    """The bar and its ``words`` at the right end of ``line``; the figure of the
    seat ahead in gold."""
    color = GOLD if chance > 0.5 else WHITE
    text_w = letters.assets.font(size).size(words)[0]
    box = pygame.Rect(line.right - text_w, line.y, text_w, line.h)
    bw, bh = bar_width(size), max(4, size // 3)
    bar = pygame.Rect(box.x - size // 2 - bw, line.centery - bh // 2, bw, bh)
    draw_rect(surf, TRACK, bar, border_radius=bh // 2)
    filled = bar.copy()
    filled.w = max(bh if chance > 0 else 0, round(bw * chance))
    if filled.w:
        draw_rect(surf, color, filled, border_radius=bh // 2)
    draw_rect(surf, DIM, bar, 1, border_radius=bh // 2)
    letters.put(surf, words, box, size, color, align="right")


__all__ = [
    "Chances",
    "at_the_table",
    "bar_width",
    "chance_words",
    "draw_chance",
    "draw_gauge",
    "gauge_width",
    "whole_game",
]
