"""What of a text in the pseudo-language (russian_bank/i18n.py, ``⟦…⟧``) lies outside
the markers: card labels, numbers, seat letters and punctuation may, words may not.

A long looked-up text is wrapped over several lines, so a line may begin or end
inside a marker, or lie wholly inside one (a middle line). Such a line passes when
each of its runs outside the markers is a piece of a string the program looked up
(``looked_up``: the messages asked for while it drew); a word nobody looked up fails.
"""

from __future__ import annotations

import re

from russian_bank import i18n

_WORD = re.compile(r"[^\W\d_]{2,}")


def outside(line: str) -> str:
    """What of ``line`` is outside the markers (nested markers allowed)."""
    out, depth = [], 0
    for ch in line:
        if ch == "⟦":
            depth += 1
        elif ch == "⟧":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def _runs(line: str) -> list[str]:
    """The runs of ``line`` outside complete markers (stray marks dropped)."""
    runs, cur, depth = [], [], 0
    for ch in line:
        if ch == "⟦":
            if depth == 0:
                runs.append("".join(cur))
                cur = []
            depth += 1
        elif ch == "⟧":
            if depth == 0:  # closes a marker an earlier line opened
                runs.append("".join(cur))
                cur = []
            depth = max(0, depth - 1)
        elif depth == 0:
            cur.append(ch)
    runs.append("".join(cur))
    return [r.strip() for r in runs if _WORD.search(r)]


_FIELD = re.compile(r"\{[^{}]*\}")
_NOT_WORD = re.compile(r"[^\w\s]|\d|_")


def _words_only(text: str) -> str:
    """The words of ``text`` (two letters or more), one space apart: what a drawn
    piece and the message it came from must share, whatever values filled it."""
    return " " + " ".join(w for w in _NOT_WORD.sub(" ", text).split() if len(w) > 1) + " "


def unmarked(lines: list[str], looked_up: set[str] | None = None) -> list[str]:
    """The drawn lines with a word outside the markers that is no piece of a
    looked-up string."""
    known = [_words_only(_FIELD.sub(" ", m)) for m in (looked_up or set())]
    found = set()
    for ln in lines:
        for run in _runs(ln):
            words = _words_only(run)
            # a line with no marker at all must be the middle of a wrapped text: a few
            # words (a label nobody looked up) are not taken for one
            short = "⟦" not in ln and "⟧" not in ln and len(words.split()) < 4
            if short or not any(words in msg for msg in known):
                found.add(ln)
                break
    return sorted(found)


def recording_pseudo(looked_up: set[str]) -> type[i18n._Pseudo]:
    """The pseudo-language, noting in ``looked_up`` every message the program asks for."""

    class Recording(i18n._Pseudo):
        def gettext(self, message: str) -> str:
            looked_up.add(message)
            return super().gettext(message)

        def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
            looked_up.update((msgid1, msgid2))
            return super().ngettext(msgid1, msgid2, n)

        def pgettext(self, context: str, message: str) -> str:
            looked_up.add(message)
            return super().pgettext(context, message)

    return Recording
