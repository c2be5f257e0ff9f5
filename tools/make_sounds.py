"""Synthesize the game's sound effects into ``sounds/``.

Run ``python tools/make_sounds.py`` from anywhere; it rewrites every WAV file deterministically
(fixed random seeds, standard library only: ``wave``, ``math``, ``struct``, ``random``).

All files are 44100 Hz, 16-bit, mono, with short raised-cosine fades at both ends (no clicks)
and peak-normalised to about -3 dBFS. Bells are additive partials with exponential decays;
paper and felt sounds are white noise shaped by simple one-pole filters.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

SAMPLE_RATE = 44100
PEAK = 10 ** (-3 / 20)  # -3 dBFS
FADE_IN_S = 0.003
FADE_OUT_S = 0.012
SOUNDS_DIR = Path(__file__).resolve().parent.parent / "sounds"

Signal = list[float]


# --------------------------------------------------------------------------- primitives


def n_samples(seconds: float) -> int:
    return int(round(seconds * SAMPLE_RATE))


def silence(seconds: float) -> Signal:
    return [0.0] * n_samples(seconds)


def white_noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(n_samples(seconds))]


def _coeff(cutoff_hz: float) -> float:
    return 1.0 - math.exp(-2.0 * math.pi * cutoff_hz / SAMPLE_RATE)


def lowpass(x: Signal, cutoff_hz: float, poles: int = 1) -> Signal:
    """Cascade of one-pole low-pass filters."""
    a = _coeff(cutoff_hz)
    for _ in range(poles):
        y = 0.0
        out = []
        for s in x:
            y += a * (s - y)
            out.append(y)
        x = out
    return x


def highpass(x: Signal, cutoff_hz: float, poles: int = 1) -> Signal:
    """Cascade of one-pole high-pass filters (input minus its low-passed self)."""
    for _ in range(poles):
        x = [s - lp for s, lp in zip(x, lowpass(x, cutoff_hz), strict=True)]
    return x


def bandpass(x: Signal, low_hz: float, high_hz: float, poles: int = 2) -> Signal:
    return lowpass(highpass(x, low_hz, poles), high_hz, poles)


def envelope(length: int, attack_s: float, decay_tau_s: float) -> Signal:
    """Linear attack then exponential decay with time constant ``decay_tau_s``."""
    attack = max(1, n_samples(attack_s))
    env = []
    for i in range(length):
        if i < attack:
            env.append(i / attack)
        else:
            env.append(math.exp(-(i - attack) / (decay_tau_s * SAMPLE_RATE)))
    return env


def multiply(x: Signal, y: Signal) -> Signal:
    return [a * b for a, b in zip(x, y, strict=False)]


def scale(x: Signal, gain: float) -> Signal:
    return [s * gain for s in x]


def mix_into(dest: Signal, src: Signal, at_s: float = 0.0) -> Signal:
    """Add ``src`` into ``dest`` starting at ``at_s`` seconds, growing ``dest`` if needed."""
    start = n_samples(at_s)
    end = start + len(src)
    if end > len(dest):
        dest.extend([0.0] * (end - len(dest)))
    for i, s in enumerate(src):
        dest[start + i] += s
    return dest


def sweep_tone(
    seconds: float,
    freq_start: float,
    freq_end: float,
    sweep_tau_s: float,
    harmonics: tuple[float, ...] = (1.0,),
) -> Signal:
    """Sine (plus harmonics, given as amplitudes of 1f, 2f, ...) gliding exponentially in pitch."""
    out = []
    phase = 0.0
    for i in range(n_samples(seconds)):
        t = i / SAMPLE_RATE
        freq = freq_end + (freq_start - freq_end) * math.exp(-t / sweep_tau_s)
        phase += 2.0 * math.pi * freq / SAMPLE_RATE
        out.append(sum(a * math.sin((k + 1) * phase) for k, a in enumerate(harmonics)))
    return out


def bell(
    seconds: float,
    freq: float,
    decay_s: float,
    partials: tuple[tuple[float, float, float], ...] = (
        # (frequency ratio, amplitude, decay multiplier)
        (1.0, 1.0, 1.0),
        (2.0, 0.45, 0.55),
        (3.0, 0.22, 0.35),
        (4.16, 0.12, 0.22),
        (5.43, 0.06, 0.15),
    ),
    attack_s: float = 0.002,
) -> Signal:
    """Additive bell: each partial decays exponentially, higher ones faster."""
    length = n_samples(seconds)
    attack = max(1, n_samples(attack_s))
    out = [0.0] * length
    for ratio, amp, decay_mult in partials:
        f = freq * ratio
        if f >= SAMPLE_RATE / 2 * 0.9:
            continue
        w = 2.0 * math.pi * f / SAMPLE_RATE
        k = 1.0 / (decay_s * decay_mult * SAMPLE_RATE)
        for i in range(length):
            out[i] += amp * math.sin(w * i) * math.exp(-k * i)
    for i in range(min(attack, length)):
        out[i] *= i / attack
    return out


def finish(x: Signal, fade_in_s: float = FADE_IN_S, fade_out_s: float = FADE_OUT_S) -> Signal:
    """Remove DC, apply raised-cosine fades at both ends and normalise the peak to -3 dBFS."""
    mean = sum(x) / len(x)
    x = [s - mean for s in x]
    fi = n_samples(fade_in_s)
    fo = n_samples(fade_out_s)
    length = len(x)
    for i in range(fi):
        x[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fi)
    for i in range(fo):
        x[length - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fo)
    peak = max(abs(s) for s in x)
    return [s * PEAK / peak for s in x]


def write_wav(path: Path, x: Signal) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, int(round(s * 32767))))) for s in x)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SAMPLE_RATE)
        w.writeframes(frames)


# --------------------------------------------------------------------------- ingredients


def paper_flick(rng: random.Random, seconds: float = 0.1, brightness: float = 1.0) -> Signal:
    """A brief filtered-noise burst: the edge of a card brushing air and paper."""
    noise = white_noise(seconds, rng)
    band = bandpass(noise, 700.0 * brightness, 4200.0 * brightness, poles=2)
    length = len(band)
    # Fast swell and decay, plus a quieter second "rustle" starting 15 ms later.
    env = envelope(length, 0.004, 0.018)
    delay = n_samples(0.015)
    env2 = [0.0] * delay + envelope(length - delay, 0.006, 0.012)
    shaped = [b * (e + 0.35 * e2) for b, e, e2 in zip(band, env, env2, strict=True)]
    return shaped


def felt_snap(rng: random.Random, seconds: float = 0.1) -> Signal:
    """A card landing on felt: a soft low-passed click plus a short muted thud."""
    noise = white_noise(seconds, rng)
    click = multiply(bandpass(noise, 400.0, 3000.0, poles=2), envelope(len(noise), 0.001, 0.006))
    thud = sweep_tone(seconds, 190.0, 120.0, 0.02, harmonics=(1.0, 0.25, 0.08))
    thud = multiply(thud, envelope(len(thud), 0.002, 0.022))
    click_peak = max(abs(s) for s in click)
    return [c / click_peak * 0.8 + 0.55 * t for c, t in zip(click, thud, strict=True)]


# --------------------------------------------------------------------------- the sounds


def make_turn() -> Signal:
    rng = random.Random(1001)
    return finish(paper_flick(rng, 0.100))


def make_play() -> Signal:
    rng = random.Random(1002)
    return finish(felt_snap(rng, 0.105))


def make_bank() -> Signal:
    rng = random.Random(1003)
    out = scale(felt_snap(rng, 0.1), 0.7)
    # A gentle two-partial chime a fifth apart (E6 + B6 soft), starting just after the snap.
    chime = bell(0.28, 1318.5, 0.09)
    fifth = bell(0.28, 1975.5, 0.06)
    tone = [a + 0.3 * b for a, b in zip(chime, fifth, strict=True)]
    peak = max(abs(s) for s in tone)
    mix_into(out, scale(tone, 0.75 / peak), 0.012)
    return finish(out, fade_out_s=0.03)


def brass_note(seconds: float, freq: float, rng: random.Random) -> Signal:
    """A soft brass-like note: harmonic partials rolling off, brightness swelling in on attack."""
    length = n_samples(seconds)
    attack = n_samples(0.025)
    release = n_samples(0.05)
    vibrato_phase = rng.uniform(0, 2 * math.pi)
    out = []
    phase = 0.0
    for i in range(length):
        t = i / SAMPLE_RATE
        f = freq * (1.0 + 0.003 * math.sin(2 * math.pi * 5.5 * t + vibrato_phase))
        phase += 2.0 * math.pi * f / SAMPLE_RATE
        # Soft swell in, exponential sag (a sting, not a blare), raised-cosine release.
        amp = math.exp(-max(0, i - attack) / (0.22 * SAMPLE_RATE))
        if i < attack:
            amp *= math.sin(0.5 * math.pi * i / attack)
        elif i > length - release:
            amp *= 0.5 + 0.5 * math.cos(math.pi * (i - (length - release)) / release)
        # Brightness: more upper harmonics while loud; rolled off to stay mellow.
        bright = 0.55 + 0.45 * amp
        s = 0.0
        for h in range(1, 7):
            s += (bright ** (h - 1)) / (h**1.4) * math.sin(h * phase)
        out.append(amp * s)
    return out


def make_stop() -> Signal:
    rng = random.Random(1004)
    # Two-note rising fourth (G5 -> C6), brass-like body with a light bell ping on each onset.
    out: Signal = []
    for at, freq, dur in ((0.0, 783.99, 0.17), (0.16, 1046.5, 0.24)):
        note = brass_note(dur, freq, rng)
        ping = scale(bell(dur, freq * 2, 0.05), 0.35)
        mix_into(out, [a + b for a, b in zip(note, ping, strict=True)], at)
    return finish(out, fade_out_s=0.02)


def make_refuse() -> Signal:
    rng = random.Random(1005)
    length_s = 0.15
    body = sweep_tone(length_s, 160.0, 95.0, 0.035, harmonics=(1.0, 0.3, 0.1))
    body = multiply(body, envelope(len(body), 0.004, 0.045))
    knock = white_noise(length_s, rng)
    knock = multiply(lowpass(knock, 900.0, poles=2), envelope(len(knock), 0.001, 0.008))
    kp = max(abs(s) for s in knock)
    out = [b + 0.35 * k / kp for b, k in zip(body, knock, strict=True)]
    return finish(lowpass(out, 1800.0), fade_out_s=0.02)


def make_win() -> Signal:
    # Rising C major arpeggio C5 E5 G5 C6, then a soft E6 sparkle on top.
    notes = ((0.0, 523.25, 0.35), (0.11, 659.26, 0.35), (0.22, 783.99, 0.4), (0.33, 1046.5, 0.5))
    out = silence(1.2)
    for at, freq, decay in notes:
        mix_into(out, bell(1.2 - at, freq, decay), at)
    mix_into(out, scale(bell(1.2 - 0.33, 1318.5, 0.3), 0.35), 0.33)
    return finish(out, fade_out_s=0.08)


def make_deal() -> Signal:
    rng = random.Random(1006)
    out = silence(0.8)
    t = 0.0
    while t < 0.70:
        flick = paper_flick(rng, 0.07, brightness=rng.uniform(0.85, 1.2))
        mix_into(out, scale(flick, rng.uniform(0.6, 1.0)), t)
        t += rng.uniform(0.045, 0.07)
    del out[n_samples(0.8) :]
    return finish(out, fade_out_s=0.03)


SOUNDS: dict[str, Callable[[], Signal]] = {
    "turn.wav": make_turn,
    "play.wav": make_play,
    "bank.wav": make_bank,
    "stop.wav": make_stop,
    "refuse.wav": make_refuse,
    "win.wav": make_win,
    "deal.wav": make_deal,
}


def main() -> None:
    SOUNDS_DIR.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        samples = make()
        write_wav(SOUNDS_DIR / name, samples)
        print(f"{name:12s} {len(samples) / SAMPLE_RATE * 1000:6.0f} ms")


if __name__ == "__main__":
    main()
