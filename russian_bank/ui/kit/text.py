"""Fitting text into boxes: word wrapping and shrinking, one helper for every panel."""

from __future__ import annotations

import pygame

# French sets ":", ";", "!", "?" and "»" after a space, and "«" before one: a line
# never begins with one of them (nor ends with "«"), whatever space the catalogue used
CLOSING = frozenset(":;!?»")
OPENING = frozenset("«")


def words(text: str) -> list[str]:
    """The unbreakable pieces of ``text``: its words, each lone closing mark joined
    to the word before it and each lone opening mark to the word after it, by one
    space (``"Vous : Root"`` -> ``["Vous :", "Root"]``)."""
    out: list[str] = []
    opening = ""
    for word in text.split():
        if opening:
            word, opening = f"{opening} {word}", ""
        if word in OPENING:
            opening = word
        elif out and all(c in CLOSING for c in word):
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    if opening:
        out.append(opening)
    return out


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` (a single word too long for
    the width is cut where it fills a line, found by measuring: near-linear in
    the length of the text, however long the word)."""
    # more characters than a line can hold (a glyph is at least a pixel wide): no
    # measure ever reads more of a long word than that
    most = max(1, width) + 1
    lines: list[str] = []
    cur = ""
    for word in words(text):
        trial = f"{cur} {word}" if cur else word
        if len(trial) <= most and font.size(trial)[0] <= width:
            cur = trial
            continue
        if cur:
            lines.append(cur)
        start = 0  # cut the word where each piece fills a line
        while len(word) - start > 1 and font.size(word[start : start + most])[0] > width:
            cut = _fitting_prefix(font, word[start : start + most], width)
            lines.append(word[start : start + cut])
            start += cut
        cur = word[start:]
    if cur:
        lines.append(cur)
    return lines or [""]


def cuts_a_word(font: pygame.font.Font, text: str, width: int) -> bool:
    """Whether ``wrap`` must cut a word of ``text`` at ``width`` (a word wider than
    the line): a box that fits its text breaks lines between words only."""
    return any(len(w) > width or font.size(w)[0] > width for w in words(text))


def _fitting_prefix(font: pygame.font.Font, word: str, width: int) -> int:
    """The longest prefix of ``word`` (at least one character) no wider than
    ``width``: grow the guess by doubling, then bisect; O(log n) measures, each of
    at most about two lines of text."""
    lo, hi = 1, 2  # lo fits (or is the one character we must take), hi may not
    while hi < len(word) and font.size(word[:hi])[0] <= width:
        lo, hi = hi, hi * 2
    hi = min(hi, len(word))
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if font.size(word[:mid])[0] <= width:
            lo = mid
        else:
            hi = mid
    if hi == len(word) and font.size(word)[0] <= width:
        return hi
    return lo


def wrap_paragraphs(font: pygame.font.Font, paragraphs: list[str], width: int) -> list[str]:
    """Each paragraph wrapped; an empty paragraph stays an empty line."""
    out: list[str] = []
    for p in paragraphs:
        out += wrap(font, p, width) if p else [""]
    return out
