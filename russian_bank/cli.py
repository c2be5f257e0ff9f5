"""Checked command-line values for ``argparse`` (``type=`` functions).

Each refuses what it cannot use with a one-line reason; ``argparse`` prints it
with the usage and exits with status 2, so no tool starts on a bad value.
"""

from __future__ import annotations

import argparse
import math
import os

from .i18n import _


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a whole number").format(text=repr(text))
        ) from None


def positive_int(text: str) -> int:
    n = _int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(_("{n} must be 1 or more").format(n=n))
    return n


def count(text: str) -> int:
    """A whole number, zero or more."""
    n = _int(text)
    if n < 0:
        raise argparse.ArgumentTypeError(_("{n} must not be negative").format(n=n))
    return n


def _seconds(text: str, low: float) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a number").format(text=repr(text))
        ) from None
    if not math.isfinite(x) or x < low or x <= 0 or x > 3600:
        if low:
            why = _("{text} must be a number of seconds at least {low}, at most 3600")
        else:
            why = _("{text} must be a number of seconds above 0, at most 3600")
        raise argparse.ArgumentTypeError(why.format(text=text, low=low))
    return x


def positive_float(text: str) -> float:
    """A finite number of seconds above zero (at most an hour)."""
    return _seconds(text, 0.0)


def duration(text: str) -> float:
    """How long to measure: 0.1 s to an hour (so there is at least one sample)."""
    return _seconds(text, 0.1)


def size(text: str) -> tuple[int, int]:
    """A window size ``WxH`` between 320x240 and 7680x4320."""
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("size must look like 1280x800, not {text}").format(text=repr(text))
        ) from None
    if w < 320 or h < 240 or w > 7680 or h > 4320:
        raise argparse.ArgumentTypeError(
            _("size {text} is out of range (320x240 to 7680x4320)").format(text=text)
        )
    return w, h


def png_path(text: str) -> str:
    """A PNG file to write: a name ending in .png, in a folder that exists."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("the file name is empty"))
    if not text.lower().endswith(".png"):
        raise argparse.ArgumentTypeError(_("{text} must end in .png").format(text=repr(text)))
    folder = os.path.dirname(os.path.abspath(text))
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(_("folder {folder} does not exist").format(folder=folder))
    if os.path.isdir(text):
        raise argparse.ArgumentTypeError(_("{text} is a folder").format(text=text))
    return text
