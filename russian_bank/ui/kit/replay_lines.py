"""A long replay at 60 frames a second: the move lines' font size, kept as the
replay goes on, and a jump far ahead replayed a frame's share at a time.

Every move line must fit its row in one font size: the largest up to the usual
at which each fits one text line (else two, else three). Measuring every line
of a long game on every frame cost a 5,000-action game a third of a second a
frame (issue 41); here each line is measured once when it is first reached, and
the whole game again only when a new line makes the size step down (a few times
a game), or when the width, the text size or the language changes.
"""

from __future__ import annotations

import time

from ...history import RecordError, Replay
from ...i18n import language
from .assets import Assets
from .text import wrap


def numbered(i: int, line: str) -> str:
    """A move line as the log shows it: ``12. A plays …``."""
    return f"{i}. {line}"


class LineFit:
    def __init__(self) -> None:
        self.key: tuple[object, ...] | None = None
        self.tries: list[tuple[int, int]] = []  # (size, text lines a row holds), best first
        self.at = 0  # the first try that every line measured so far fits
        self.seen = 0  # lines measured so far
        self.most = 1  # the text lines the longest needs at the smallest size (no try fits)
        self.most_seen = 0

    def fit(self, a: Assets, lines: list[str], width: int, top: int, low: int) -> tuple[int, int]:
        """(font size, text lines a row holds) for ``lines``, ``top`` the usual size
        and ``low`` the smallest readable one."""
        key = (width, top, low, a.text_scale, language())
        if key != self.key:
            self.key, self.at, self.seen, self.most, self.most_seen = key, 0, 0, 1, 0
            sizes = list(range(top, low - 1, -1)) or [top]
            self.tries = [(s, rows) for rows in (1, 2, 3) for s in sizes]
        first = self.seen
        while self.at < len(self.tries) and first < len(lines):
            size, rows = self.tries[self.at]
            f = a.font(size)
            if all(
                len(wrap(f, numbered(i, lines[i]), width)) <= rows for i in range(first, len(lines))
            ):
                break
            self.at += 1
            first = 0  # a smaller size: every line is measured again
        self.seen = len(lines)
        if self.at < len(self.tries):
            return self.tries[self.at]
        f = a.font(low)  # as many text lines as the longest move needs
        for i in range(self.most_seen, len(lines)):
            self.most = max(self.most, len(wrap(f, numbered(i, lines[i]), width)))
        self.most_seen = len(lines)
        return low, self.most


def replay_towards(replay: Replay, step: int, seconds: float) -> int | None:
    """Replay towards ``step`` for about ``seconds`` (a frame's share): the step to
    show once it is reached, or the first step that cannot be replayed (showing
    it says why); None while still on the way."""
    end = time.perf_counter() + seconds
    try:
        while replay.reached < step and time.perf_counter() < end:
            replay.reach(min(step, replay.reached + 8))
    except RecordError:
        return replay.reached + 1
    return step if replay.reached >= step else None
