"""The history package is pure Python: importing it never imports pygame."""

from __future__ import annotations

import subprocess
import sys


def test_history_does_not_import_pygame() -> None:
    code = (
        "import sys, russian_bank.history, russian_bank.history.review;"
        "print('pygame' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
