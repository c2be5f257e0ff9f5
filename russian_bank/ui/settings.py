"""Settings and the autosave of the game in progress, in the user's config folder.

The folder is ``$XDG_CONFIG_HOME/russian-bank`` (``~/.config/russian-bank`` when
the variable is unset). ``settings.json`` holds the settings; ``autosave.txt``
holds the game record (engine record text, ``docs/formats.md``) preceded by
``#`` comment lines with the match score and the opponent. A file that cannot be
read gives a one-line warning and a fresh start, never a traceback.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from ..engine import Game

FAULT_MODES = ("manual", "automatic", "beginner")
FAULT_MODE_NAMES = {
    "manual": "manual Stop",
    "automatic": "automatic referee",
    "beginner": "beginner",
}
PACES = ("slow", "normal", "fast")
OPPONENTS = ("human", "novice", "club", "expert", "master")


def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "russian-bank"


@dataclass
class Settings:
    fault_mode: str = "manual"
    sound: bool = True
    pace: str = "normal"
    opponent: str = "human"
    coach: bool = True  # the coach warns before faults and explains Stops
    lessons: dict[str, object] = field(default_factory=dict)  # tutorial.Progress.to_json()

    def valid(self) -> bool:
        return (
            self.fault_mode in FAULT_MODES
            and isinstance(self.sound, bool)
            and self.pace in PACES
            and self.opponent in OPPONENTS
            and isinstance(self.coach, bool)
            and isinstance(self.lessons, dict)
        )


def load_settings() -> tuple[Settings, str | None]:
    path = config_dir() / "settings.json"
    if not path.exists():
        return Settings(), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        names = {f.name for f in fields(Settings)}
        s = Settings(**{k: v for k, v in data.items() if k in names})
        if not s.valid():
            raise ValueError("a value is out of range")
        return s, None
    except (OSError, ValueError, TypeError) as e:
        return Settings(), f"Settings file {path} was unreadable ({e}); using defaults"


def save_settings(s: Settings) -> None:
    folder = config_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "settings.json").write_text(json.dumps(asdict(s), indent=2), encoding="utf-8")
    except OSError:
        pass


@dataclass
class Saved:
    game: Game | None
    match: list[int]
    games: int
    warning: str | None = None
    hints: int = 0


def save_game(game: Game, match: list[int], games: int, hints: int = 0) -> None:
    folder = config_dir()
    text = f"# match: {match[0]} {match[1]} {games}\n"
    if hints:  # the coach gave hints in this game: the record says so
        text += f"# hints used: {hints}\n"
    text += game.record_text()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / "autosave.txt.tmp"
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(folder / "autosave.txt")
    except OSError:
        pass


def load_game() -> Saved:
    path = config_dir() / "autosave.txt"
    if not path.exists():
        return Saved(None, [0, 0], 0)
    match, games, hints = [0, 0], 0, 0
    try:
        text = path.read_text(encoding="utf-8")
        for line in text.splitlines():
            if line.startswith("# match:"):
                a, b, n = (int(x) for x in line.split(":", 1)[1].split())
                match, games = [a, b], n
            elif line.startswith("# hints used:"):
                hints = int(line.split(":", 1)[1])
        return Saved(Game.from_record(text), match, games, hints=hints)
    except Exception as e:  # any broken save: start fresh, say why
        return Saved(None, match, games, f"The saved game {path} could not be read ({e}); new game")
