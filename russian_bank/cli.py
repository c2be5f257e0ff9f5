"""Checked command-line values for ``argparse`` (``type=`` functions).

Each refuses what it cannot use with a one-line reason; ``argparse`` prints it
with the usage and exits with status 2, so no tool starts on a bad value.
"""

from __future__ import annotations

import argparse
import math
import os


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive_int(text: str) -> int:
    n = _int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} must be 1 or more")
    return n


def count(text: str) -> int:
    """A whole number, zero or more."""
    n = _int(text)
    if n < 0:
        raise argparse.ArgumentTypeError(f"{n} must not be negative")
    return n


def _seconds(text: str, low: float) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(x) or x < low or x <= 0 or x > 3600:
        least = f"at least {low}" if low else "above 0"
        raise argparse.ArgumentTypeError(
            f"{text} must be a number of seconds {least}, at most 3600"
        )
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
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    if w < 320 or h < 240 or w > 7680 or h > 4320:
        raise argparse.ArgumentTypeError(f"size {text} is out of range (320x240 to 7680x4320)")
    return w, h


def png_path(text: str) -> str:
    """A PNG file to write: a name ending in .png, in a folder that exists."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the file name is empty")
    if not text.lower().endswith(".png"):
        raise argparse.ArgumentTypeError(f"{text!r} must end in .png")
    folder = os.path.dirname(os.path.abspath(text))
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f"folder {folder} does not exist")
    if os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text} is a folder")
    return text
