"""Checks on the generated card artwork in images/cards/ (see tools/make_cards.py)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

CARDS = Path(__file__).resolve().parent.parent / "images" / "cards"
RANKS = "A23456789TJQK"
SUITS = "SHDC"
FACES = [f"{r}{s}" for s in SUITS for r in RANKS]
OTHERS = ["back_a", "back_b", "place", "place_bank"]
SIZE = (250, 350)

_cache: dict[str, pygame.Surface] = {}


def load(name: str) -> pygame.Surface:
    if name not in _cache:
        _cache[name] = pygame.image.load(str(CARDS / f"{name}.png"))
    return _cache[name]


def red_pixel_count(surf: pygame.Surface) -> int:
    """Number of clearly red, opaque pixels (sampled on a 2-pixel grid for speed)."""
    data = pygame.image.tobytes(surf, "RGBA")
    w, h = surf.get_size()
    count = 0
    for y in range(0, h, 2):
        row = y * w * 4
        for x in range(0, w, 2):
            i = row + x * 4
            r, g, b, a = data[i], data[i + 1], data[i + 2], data[i + 3]
            if a > 200 and r > 140 and g < 90 and b < 110 and r - g > 90:
                count += 1
    return count


@pytest.mark.parametrize("name", FACES + OTHERS)
def test_image_exists_loads_and_has_card_size(name: str) -> None:
    path = CARDS / f"{name}.png"
    assert path.is_file(), path
    assert load(name).get_size() == SIZE


def test_faces_have_transparent_rounded_corners() -> None:
    for name in FACES + ["back_a", "back_b"]:
        surf = load(name)
        assert surf.get_at((0, 0)).a == 0, name
        assert surf.get_at((SIZE[0] - 1, SIZE[1] - 1)).a == 0, name
        assert surf.get_at((SIZE[0] // 2, SIZE[1] // 2)).a == 255, name


def test_backs_differ() -> None:
    a = pygame.image.tobytes(load("back_a"), "RGBA")
    b = pygame.image.tobytes(load("back_b"), "RGBA")
    assert a != b


def test_place_is_transparent_inside() -> None:
    for name in ("place", "place_bank"):
        assert load(name).get_at((SIZE[0] // 2, 40)).a < 64, name


@pytest.mark.parametrize("suit", SUITS)
def test_suit_colours(suit: str) -> None:
    for rank in RANKS:
        n = red_pixel_count(load(f"{rank}{suit}"))
        if suit in "HD":
            assert n > 50, f"{rank}{suit} should contain red"
        else:
            assert n == 0, f"{rank}{suit} should contain no red ({n} red pixels)"


def test_all_images_distinct() -> None:
    digests = {
        hashlib.sha256(pygame.image.tobytes(load(n), "RGBA")).hexdigest(): n for n in FACES + OTHERS
    }
    assert len(digests) == len(FACES) + len(OTHERS)


@pytest.mark.parametrize(
    ("folder", "suits"),
    [("cards-bold", SUITS), ("cards-4c", "DC"), ("cards-bold-4c", "DC")],
)
def test_other_designs_are_complete_and_small(folder, suits):
    """The second design and the four-colour variants made by tools/make_cards.py."""
    where = CARDS.parent / folder
    names = sorted(p.stem for p in where.glob("*.png"))
    assert names == sorted(f"{r}{s}" for s in suits for r in RANKS)
    for name in names:
        path = where / f"{name}.png"
        assert pygame.image.load(str(path)).get_size() == SIZE
        assert path.stat().st_size < 40_000
