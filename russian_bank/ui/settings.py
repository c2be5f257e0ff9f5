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
from dataclasses import asdict, dataclass, fields
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
DECKS = ("classic", "bold")  # the card designs in images/ (tools/make_cards.py)
TEXT_SCALES = (1.0, 1.25, 1.5)


def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "russian-bank"


@dataclass
class Settings:
    fault_mode: str = "manual"
    sound: bool = True
    pace: str = "normal"
    opponent: str = "human"
    deck: str = "classic"
    four_colour: bool = False
    text_scale: float = 1.0
    reduced_motion: bool = False

    def valid(self) -> bool:
        return (
            self.fault_mode in FAULT_MODES
            and isinstance(self.sound, bool)
            and self.pace in PACES
            and self.opponent in OPPONENTS
            and self.deck in DECKS
            and isinstance(self.four_colour, bool)
            and self.text_scale in TEXT_SCALES
            and isinstance(self.reduced_motion, bool)
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


def save_game(game: Game, match: list[int], games: int) -> None:
    folder = config_dir()
    text = f"# match: {match[0]} {match[1]} {games}\n" + game.record_text()
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
    match, games = [0, 0], 0
    try:
        text = path.read_text(encoding="utf-8")
        for line in text.splitlines():
            if line.startswith("# match:"):
                a, b, n = (int(x) for x in line.split(":", 1)[1].split())
                match, games = [a, b], n
        return Saved(Game.from_record(text), match, games)
    except Exception as e:  # any broken save: start fresh, say why
        return Saved(None, match, games, f"The saved game {path} could not be read ({e}); new game")
