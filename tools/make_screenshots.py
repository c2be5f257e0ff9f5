"""Draw the AppStream screenshots in docs/screenshots/ with the game's own ``--screenshot``.

Run from the project root:  python tools/make_screenshots.py

Each picture is one ``python -m russian_bank --screenshot`` command (listed in SHOTS),
so they show exactly what the program draws; the metainfo file
(russian_bank/desktop/*.metainfo.xml) names them in the same order.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"

SHOTS = {
    "table.png": ["--seed", "7"],
    "largest-cards.png": [
        *("--seed", "11", "--moves", "30"),
        *("--card-size", "largest", "--deck", "bold", "--four-colour"),
    ],
}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for name, args in SHOTS.items():
        cmd = [sys.executable, "-m", "russian_bank", "--screenshot", str(OUT / name)]
        subprocess.run([*cmd, "--size", "1280x800", *args], cwd=ROOT, env=env, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
