"""Issue 19: a Review mark now says the better plan and why, a longer text than before;
the Replay draws it whole, at a readable size, inside the box under the moves, at the
smallest window and the largest text (it used to clip what did not fit)."""

from __future__ import annotations

import pygame
import pytest

from russian_bank.history import Replay, keep
from russian_bank.history.review import EXPERT
from russian_bank.ui.scenes import registry
from russian_bank.ui.scenes.page import MIN_PX
from russian_bank.ui.settings import TEXT_SCALES, Settings
from tests.history.helpers import bot_game

from .helpers import key, recording_texts, step


@pytest.fixture(scope="module")
def kept():
    return keep(bot_game(5, "novice", "club"))


class Spying(pygame.Surface):
    """A window surface that notes every text the Replay blits on it."""

    def __init__(self, size, made) -> None:
        super().__init__(size)
        self.made, self.seen = made, []

    def blit(self, src, dest, *a, **k):  # type: ignore[override]
        note = [(t, size) for t, size, made in getattr(self, "made", ()) if made is src]
        if note:  # (a subsurface has no notes)
            t, size = note[0]
            self.seen.append((t, size, src.get_rect(topleft=tuple(dest)[:2])))
        return super().blit(src, dest, *a, **k)


def drawn_lines(app, scene) -> list[tuple[str, int, pygame.Rect]]:
    """Every text the Replay draws: (text, size, where)."""
    with recording_texts(app) as made:
        surface = Spying(app.size, made)
        scene.draw(surface)
    return surface.seen


@pytest.mark.parametrize(
    ("size", "text"),
    [((640, 480), TEXT_SCALES[-1]), ((700, 900), TEXT_SCALES[-1]), ((1280, 800), TEXT_SCALES[0])],
)
def test_i19_a_review_mark_is_drawn_whole(make_app, kept, size, text):
    app = make_app(size=size, settings=Settings(text_scale=text))
    step(app, 2)
    scene = registry.push("replay", app, Replay(kept))
    key(app, pygame.K_r)  # R: the review, in the background
    assert scene.job is not None
    scene.job.join(60)
    step(app, 2)
    assert scene.marks
    longest = sorted(
        (m for ms in scene.marks.values() for m in ms if m.kind == EXPERT),
        key=lambda m: -len(m.text),
    )[:3]
    assert longest and len(longest[0].text) > 120  # a long one is among them
    for mark in longest:
        while scene.step != mark.step:
            key(app, pygame.K_n)  # N: the next mark
        box, _size, _blocks = scene.detail()
        seen = drawn_lines(app, scene)
        lines = [(t, s, r) for t, s, r in seen if r.top >= box.top and r.left >= box.left]
        words = " ".join(t for t, _s, _r in lines).split()
        assert " ".join(words).startswith(" ".join(mark.text.split())), (mark.text, words)
        for t, s, r in lines:
            assert box.contains(r), (t, r, box)
            assert round(s * app.assets.text_scale) >= MIN_PX, (t, s)
