"""What of a text in the pseudo-language (russian_bank/i18n.py, ``⟦…⟧``) lies outside
the markers: card labels, numbers, seat letters and punctuation may, words may not."""

from __future__ import annotations

import re

_WORD = re.compile(r"[^\W\d_]{2,}")
_MARKED = re.compile(r"⟦[^⟦⟧]*⟧")


def outside(line: str) -> str:
    """What of ``line`` is outside the markers (nested markers allowed)."""
    text = line
    while True:
        inner = _MARKED.sub(" ", text)
        if inner == text:
            break
        text = inner
    # a line wrapped out of a longer marked string: its head closes, its tail opens
    if "⟧" in text:
        text = text[text.rindex("⟧") + 1 :]
    if "⟦" in text:
        text = text[: text.index("⟦")]
    return text


def unmarked(lines: list[str]) -> list[str]:
    """The drawn lines with a word outside the markers."""
    return sorted({ln for ln in lines if _WORD.search(outside(ln))})
