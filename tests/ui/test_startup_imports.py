"""Issue 42: the table starts without the network, the lessons, the past games and the
computer players; each is imported when its screen opens (or a computer is chosen)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# started headless to the table, then the menu opened over it; what it imported
PROBE = """
import json, sys
from russian_bank.ui.app import App
from russian_bank.ui.settings import Settings
app = App((1280, 800), seed=7, resume=False, autosave=False, settings=Settings(sound=False))
app.step(1 / 60)
table = sorted(sys.modules)
app.open_menu()
app.step(1 / 60)
print(json.dumps([table, sorted(sys.modules)]))
"""

# imported when their screen opens: Host and Join, the lessons (and the coach's
# hints, when asked), the past games with their replay and statistics
SCREENS = (
    "russian_bank.net",
    "websockets",
    "zeroconf",
    "asyncio",
    "russian_bank.tutorial",
    "russian_bank.history.replay",
    "russian_bank.history.review",
    "russian_bank.history.stats",
    "russian_bank.history.store",
)
# and, until the table needs them (the menu lists every game and level): a computer at
# seat B, the one-pack game, the live window's worker process
TABLE_LATER = (
    *SCREENS,
    "russian_bank.ai.bots",
    "numpy",
    "russian_bank.onepack.rules",
    "russian_bank.ui.thinker",
)


def among(names: list[str], wanted: tuple[str, ...]) -> list[str]:
    return sorted(n for n in names for w in wanted if n == w or n.startswith(w + "."))


def loaded(probe: str, tmp_path: Path) -> list[list[str]]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["XDG_CONFIG_HOME"] = str(tmp_path)
    env["PYTHONPATH"] = str(ROOT)
    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    names: list[list[str]] = json.loads(out.stdout.strip().splitlines()[-1])
    return names


def test_i42_the_table_and_menu_start_without_network_lessons_history(tmp_path):
    table, menu = loaded(PROBE, tmp_path)
    assert "russian_bank.ui.scenes.menu" in menu  # (the probe did open the menu)
    assert not among(table, TABLE_LATER), among(table, TABLE_LATER)
    assert not among(menu, SCREENS), among(menu, SCREENS)


def test_i42_a_screen_imports_what_it_needs_when_it_opens(tmp_path):
    """The lazy names still lead to the real things: the Past games and a lesson open."""
    probe = PROBE.replace(
        "print(",
        "from russian_bank.ui.scenes import registry\n"
        "registry.over_table('past games', app); app.step(1 / 60)\n"
        "registry.over_table('lessons', app); app.step(1 / 60)\n"
        "print(",
    )
    _table, names = loaded(probe, tmp_path)
    assert "russian_bank.history.store" in names
    assert "russian_bank.tutorial.lesson" in names
