"""Fitting text into boxes: word wrapping and shrinking, one helper for every panel."""

from __future__ import annotations

import pygame


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` (a single word too long for
    the width is cut at characters)."""
    lines: list[str] = []
    cur = ""
    for word in text.split():
        trial = f"{cur} {word}".strip()
        if font.size(trial)[0] <= width:
            cur = trial
            continue
        if cur:
            lines.append(cur)
        cur = word
        while font.size(cur)[0] > width and len(cur) > 1:
            cut = len(cur) - 1
            while cut > 1 and font.size(cur[:cut])[0] > width:
                cut -= 1
            lines.append(cur[:cut])
            cur = cur[cut:]
    if cur:
        lines.append(cur)
    return lines or [""]


def wrap_paragraphs(font: pygame.font.Font, paragraphs: list[str], width: int) -> list[str]:
    """Each paragraph wrapped; an empty paragraph stays an empty line."""
    out: list[str] = []
    for p in paragraphs:
        out += wrap(font, p, width) if p else [""]
    return out
