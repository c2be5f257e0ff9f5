"""Where the committed images, sounds and fonts are found.

From a built wheel they sit inside the package (``russian_bank/images``);
from a source checkout or an editable install they sit at the top level.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"cannot find the {name}/ folder next to {_PACKAGE}")


def images_dir() -> Path:
    return _find("images")


def sounds_dir() -> Path:
    return _find("sounds")


def fonts_dir() -> Path:
    return _PACKAGE / "fonts"
