"""Checks on the synthesized sound effects in ``sounds/`` (made by ``tools/make_sounds.py``)."""

from __future__ import annotations

import array
import sys
import wave
from pathlib import Path
from typing import Any

import pytest

SOUNDS_DIR = Path(__file__).resolve().parent.parent / "sounds"

# name -> (minimum, maximum) duration in seconds
EXPECTED = {
    "turn.wav": (0.07, 0.13),
    "play.wav": (0.08, 0.13),
    "bank.wav": (0.25, 0.36),
    "stop.wav": (0.33, 0.48),
    "refuse.wav": (0.12, 0.19),
    "win.wav": (1.0, 1.4),
    "deal.wav": (0.65, 0.95),
}

FULL_SCALE = 32768
EDGE_SAMPLES = 22  # 0.5 ms at 44.1 kHz


def read_wav(name: str) -> tuple[Any, list[int]]:
    with wave.open(str(SOUNDS_DIR / name), "rb") as w:
        params = w.getparams()
        data = array.array("h", w.readframes(params.nframes))
    if sys.byteorder == "big":
        data.byteswap()
    return params, data.tolist()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_format(name: str) -> None:
    assert (SOUNDS_DIR / name).is_file(), f"missing {name}; run python tools/make_sounds.py"
    params, samples = read_wav(name)
    assert params.framerate == 44100
    assert params.sampwidth == 2
    assert params.nchannels == 1
    assert params.comptype == "NONE"
    assert len(samples) == params.nframes


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_duration(name: str) -> None:
    params, _ = read_wav(name)
    low, high = EXPECTED[name]
    assert low <= params.nframes / params.framerate <= high


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_level(name: str) -> None:
    _, samples = read_wav(name)
    peak = max(abs(s) for s in samples)
    assert peak > 0.2 * FULL_SCALE, "too quiet"
    assert peak < 0.99 * FULL_SCALE, "clipped"
    assert max(samples) < 32767 and min(samples) > -32768


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_faded_ends(name: str) -> None:
    _, samples = read_wav(name)
    assert abs(samples[0]) < 0.01 * FULL_SCALE
    assert abs(samples[-1]) < 0.01 * FULL_SCALE
    assert max(abs(s) for s in samples[:EDGE_SAMPLES]) < 0.1 * FULL_SCALE
    assert max(abs(s) for s in samples[-EDGE_SAMPLES:]) < 0.1 * FULL_SCALE


def test_total_size() -> None:
    total = sum((SOUNDS_DIR / name).stat().st_size for name in EXPECTED)
    assert total < 600 * 1024
