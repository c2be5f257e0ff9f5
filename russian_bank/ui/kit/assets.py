"""Card images, fonts and sounds, loaded once and cached per size.

Loading and scaling 56 card images takes about a hundred milliseconds, so each card
image is read when first drawn and scaled once per card size (a window resize makes a
new set), then reused every frame (issue 42: the table starts with the few it shows).
Text surfaces are cached too (see :meth:`Assets.text`).
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict, deque
from collections.abc import Callable
from pathlib import Path

import pygame

from ...game.cards import RANKS, SUITS, Card
from ...resources import fonts_dir, images_dir, sounds_dir

SOUND_NAMES = ("turn", "play", "bank", "stop", "refuse", "win", "deal")

# The corner index of the committed card art, in its 250x350 pixels.
_INDEX = pygame.Rect(4, 4, 60, 116)
_ART_W, _ART_H = 250, 350
_COURT_INDEX_RIGHT = 57  # the court picture's frame begins here
_PAPER = (253, 251, 244)
# the share of a card's height, from its top, that shows its corner index whole
INDEX_SHOWN = (_INDEX.bottom + 6) / _ART_H


def solid(img: pygame.Surface) -> pygame.Surface:
    """A scaled card made opaque again inside its rounded corners. Smooth scaling
    down leaves every pixel a little translucent (alpha 251-253), so each blit
    blended the whole card with the felt; the inside gets alpha 255 back, the
    corners keep theirs, and the surface is run-length encoded so that its opaque
    runs are copied rather than blended (a card blits about three times faster).
    Once blitted, SDL keeps only the encoded runs and frees the pixels: read the
    surface itself (``get_at`` decodes it) or a ``copy()``, never a subsurface,
    which would point into the freed pixels."""
    img = img.convert_alpha()
    inside = pygame.mask.from_surface(img, 239)  # alpha above 239
    img.blit(
        inside.to_surface(setcolor=(0, 0, 0, 255), unsetcolor=(0, 0, 0, 0)),
        (0, 0),
        special_flags=pygame.BLEND_RGBA_MAX,  # raises the alpha only, the colours stay
    )
    img.set_alpha(255, pygame.RLEACCEL)
    return img


class CardImages:
    """Every card face, both backs and the place outlines at one size, each scaled
    when first asked for; ``original(name)`` gives a face at the art's size."""

    def __init__(self, original: Callable[[str], pygame.Surface], size: tuple[int, int]) -> None:
        self.size = size
        self.original = original
        self._made: dict[tuple[str, bool], pygame.Surface] = {}
        w, h = size
        self.shadow = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(
            self.shadow, (0, 0, 0, 70), self.shadow.get_rect(), border_radius=max(3, w // 14)
        )

    def _image(self, name: str, left: bool = False) -> pygame.Surface:
        found = self._made.get((name, left))
        if found is None:
            img = self.original(name)
            if left:
                # A variant with the index copied into the top-right corner, for
                # Table sequences that fan leftwards (their right edge shows).
                # The copy leaves out the card's own border at the far left of the
                # index and, on court cards, the picture frame at its right.
                img = img.copy()
                img.fill(_PAPER, pygame.Rect(_ART_W - 66, 6, 60, 112))
                src = _INDEX.inflate(-8, 0).move(4, 0)
                if name[0] in "JQK":
                    src.width = _COURT_INDEX_RIGHT - src.x
                corner = self.original(name).subsurface(src).copy()
                img.blit(corner, (_ART_W - _INDEX.right + (src.x - _INDEX.x), src.y))
            found = self._made[name, left] = solid(pygame.transform.smoothscale(img, self.size))
        return found

    def face(self, card: Card, left: bool = False) -> pygame.Surface:
        return self._image(card.face, left)

    def back(self, pack: int) -> pygame.Surface:
        return self._image("back_a" if pack == 0 else "back_b")

    def place(self, bank: bool = False) -> pygame.Surface:
        return self._image("place_bank" if bank else "place")


class Sounds:
    """The committed sounds; silent when there is no audio device or sound is off."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self.played: deque[str] = deque(maxlen=50)  # what was asked for (tests read it)
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            folder = sounds_dir()
            for name in SOUND_NAMES:
                path = folder / f"{name}.wav"
                if path.exists():
                    self.sounds[name] = pygame.mixer.Sound(str(path))
            self.available = True
        except (pygame.error, OSError, FileNotFoundError):
            self.sounds = {}
            self.available = False

    def play(self, name: str) -> None:
        self.played.append(name)
        if not self.enabled:
            return
        snd = self.sounds.get(name)
        if snd is not None:
            with contextlib.suppress(pygame.error):
                snd.play()


FONTS_KEPT = 48  # open fonts at most (each holds its file open): the ones used lately
_fonts: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()


def font(pixels: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans at ``pixels``, shared by every screen of the process. Text is
    fitted by trying many sizes, and windows and settings change size: only the
    :data:`FONTS_KEPT` used last stay open, the others are let go (a long session
    opened a font per size and kept every one, issue 41)."""
    key = (pixels, bold)
    found = _fonts.get(key)
    if found is None:
        name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
        found = _fonts[key] = pygame.font.Font(str(fonts_dir() / name), pixels)
        while len(_fonts) > FONTS_KEPT:
            _fonts.popitem(last=False)
    else:
        _fonts.move_to_end(key)
    return found


class Assets:
    """Shared, lazily scaled resources (one per application)."""

    def __init__(self, deck: str = "classic", four_colour: bool = False, text_scale: float = 1.0):
        self.text_scale = text_scale
        _fonts.clear()  # (fonts made before pygame last started again are unusable)
        self._files: dict[str, Path] = {}  # each image's file (``load_deck``)
        self.originals: dict[str, pygame.Surface] = {}  # those read so far
        self._cards: CardImages | None = None
        self.load_deck(deck, four_colour)
        self._text: OrderedDict[tuple[str, int, bool, tuple[int, ...]], pygame.Surface] = (
            OrderedDict()
        )

    def load_deck(self, deck: str, four_colour: bool) -> None:
        """The card faces of ``deck`` (a folder made by tools/make_cards.py); with
        ``four_colour`` the Diamonds and Clubs of its four-colour variant."""
        self.deck = (deck, four_colour)
        base: Path = images_dir() / "cards"
        folder = base if deck == "classic" else images_dir() / f"cards-{deck}"
        four = images_dir() / ("cards-4c" if deck == "classic" else f"cards-{deck}-4c")
        for r in RANKS:
            for s in SUITS:
                where = four if four_colour and s in "DC" else folder
                self._files[r + s] = where / f"{r}{s}.png"
        for name in ("back_a", "back_b", "place", "place_bank"):
            self._files[name] = base / f"{name}.png"
        self.originals = {}
        self._cards = None

    def original(self, name: str) -> pygame.Surface:
        """A card image at the art's size, read when first asked for (after the
        display is made: ``convert_alpha`` needs it)."""
        img = self.originals.get(name)
        if img is None:
            img = self.originals[name] = pygame.image.load(str(self._files[name])).convert_alpha()
        return img

    def cards(self, size: tuple[int, int]) -> CardImages:
        if self._cards is None or self._cards.size != size:
            self._cards = CardImages(self.original, size)
        return self._cards

    def set_text_scale(self, scale: float) -> None:
        if scale != self.text_scale:
            self.text_scale = scale
            self._text.clear()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return font(max(6, round(size * self.text_scale)), bold)

    def text(
        self, text: str, size: int, color: tuple[int, ...] = (240, 240, 230), bold: bool = False
    ) -> pygame.Surface:
        key = (text, size, bold, tuple(color))
        surf = self._text.get(key)
        if surf is None:
            surf = self.font(size, bold).render(text, True, color)
            self._text[key] = surf
            if len(self._text) > 600:
                self._text.popitem(last=False)
        else:
            self._text.move_to_end(key)
        return surf
