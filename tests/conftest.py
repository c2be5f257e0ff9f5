"""Hypothesis runs derandomized in CI (reproducible); locally it explores new examples.
The tests run in English unless a test chooses a language."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# the tests read English unless they choose a language (russian_bank/i18n.py): the
# machine's own locale does not change what they see
os.environ["LANGUAGE"] = "en"

settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture
def fsynced(monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    """The paths flushed with ``os.fsync`` during the test, in order (the call still
    flushes)."""
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return synced
