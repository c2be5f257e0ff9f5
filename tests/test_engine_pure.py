"""The engine is pure: importing it never imports pygame."""

from __future__ import annotations

import subprocess
import sys


def test_engine_does_not_import_pygame() -> None:
    code = (
        "import sys, russian_bank.engine, russian_bank.engine.laws, russian_bank.engine.game;"
        "print('pygame' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
