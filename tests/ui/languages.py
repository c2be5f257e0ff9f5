"""Issue 23: the text-fit tests check every layout in English, French and German.

A test builds its table, plays its games and opens its screens once, then checks
them in each language in turn (``with speaking(lang, monkeypatch)``): every word
is looked up when it is drawn, so a change of language lays the screen out again
without building it again. The three language runs share one fixture instead of
tripling the suite's time."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from russian_bank import i18n

LANGUAGES = ("en", "fr", "de")


@contextmanager
def speaking(lang: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """``lang`` in force (the system's language too, which Settings follows), and
    a failure inside says in which language it happened."""
    monkeypatch.setenv("LANGUAGE", lang)
    i18n.set_language(lang)
    try:
        yield lang
    except AssertionError as e:
        e.add_note(f"(in the language {lang!r})")
        raise
    finally:
        i18n.set_language("en")


__all__ = ["LANGUAGES", "speaking"]
