"""Hypothesis runs derandomized in CI (reproducible); locally it explores new examples.
The tests run in English unless a test chooses a language."""

from __future__ import annotations

import os

from hypothesis import settings

# the tests read English unless they choose a language (russian_bank/i18n.py): the
# machine's own locale does not change what they see
os.environ["LANGUAGE"] = "en"

settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
