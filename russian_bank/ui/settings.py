"""Settings and the autosave of the game in progress, in the user's config folder.

The folder is ``$XDG_CONFIG_HOME/russian-bank`` (``~/.config/russian-bank`` when
the variable is unset). ``settings.json`` holds the settings; ``autosave.txt``
holds the game record of any game (the one record format, ``game/record.py``,
``docs/formats.md``; its ``rules:`` line names the game in the registry) preceded
by ``#`` comment lines with the match score and the hints used; while a game is
played it is that game's journal instead (``russian_bank/journal.py``: the record
written once, then a line appended per action). A file that cannot be read gives a
one-line warning and a fresh start, never a traceback.
"""

from __future__ import annotations

import contextlib
import getpass
import json
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from .. import files, i18n, journal
from ..ai import LEVELS
from ..engine.rules import COMMITTEE
from ..game.protocol import GameSession
from ..game.record import read_record
from ..games import every_name, game_type
from ..journal import HINTS_LINE, MATCH_LINE

FAULT_MODES = ("manual", "automatic", "beginner")
FAULT_MODE_NAMES = {  # looked up with _() where shown
    "manual": i18n.N_("manual Stop"),
    "automatic": i18n.N_("automatic referee"),
    "beginner": i18n.N_("beginner"),
}
PACES = ("slow", "normal", "fast")
OPPONENTS = ("human", *LEVELS)  # a person at a hot seat, or a computer level
NEW_PLAYER_OPPONENT = "novice"  # a first start's opponent; then the player's last choice
DECKS = ("classic", "bold")  # the card designs in images/ (tools/make_cards.py)
TEXT_SCALES = (1.0, 1.25, 1.5)
CARD_SCALES = (1.0, 1.25, 1.5)  # the Card size setting (ui/table/layout.py)
CARD_SIZE_NAMES = {1.0: "normal", 1.25: "large", 1.5: "largest"}
# how often the computer slips on purpose (russian_bank/ai/faults.py); "level": as
# its level does by default
MISTAKES = ("level", "none", "rare", "normal", "often")
LANGUAGE_CHOICES = (i18n.SYSTEM, *i18n.LANGUAGES)
NAME_LENGTH = 24  # the longest name a player may give (the network's nickname limit)


def valid_name(name: object) -> bool:
    """A name the player may give: text, printable, at most ``NAME_LENGTH`` long."""
    return isinstance(name, str) and len(name) <= NAME_LENGTH and name.isprintable()


def login_name() -> str:
    """The login name, as the name of a player who has not given his own."""
    try:
        name = getpass.getuser()
    except (OSError, KeyError):
        name = ""
    return (name or i18n._("Player")).capitalize()[:NAME_LENGTH]


def player_name(s: Settings) -> str:
    """The name the other player sees: the one given in Settings, else the login name."""
    return s.name.strip() or login_name()


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
    card_scale: float = 1.0  # larger cards for players who see poorly
    reduced_motion: bool = False
    rules: str = COMMITTEE.spec  # the rule set of the next New game (a spec: docs/rulesets)
    coach: bool = True  # the coach warns before faults and explains Stops
    mistakes: str = "level"  # the computer's Mistakes setting (issue 25)
    lessons: dict[str, object] = field(default_factory=dict)  # tutorial.Progress.to_json()
    language: str = i18n.SYSTEM  # "system" (LANGUAGE, LC_ALL, LANG) or a code of i18n.LANGUAGES
    name: str = ""  # the player's name at a network table ("": his login name)
    stop_clock: bool = False  # show the time left to call Stop on the computer's last action
    win_chance: bool = False  # the win-chance bar at the table (issue 44; always in Replay)
    server: str = ""  # Play online: the table server's address ("": none typed yet)

    def valid(self) -> bool:
        return not self.bad_values()

    def bad_values(self) -> list[str]:
        """The names of the settings whose values this program cannot use."""
        return [name for name, good in VALUES.items() if not good(getattr(self, name))]

    def shown_text_scale(self) -> float:
        """The text's scale: the Text size, or the Card size when that is larger
        (larger cards bring larger text with them)."""
        return max(self.text_scale, self.card_scale)


def _one_of(options: tuple[object, ...] | list[str]) -> Callable[[object], bool]:
    """A value among ``options``, of a plain type (True is not 1.0, nor [1] a value)."""
    return lambda v: isinstance(v, str | float | int) and not isinstance(v, bool) and v in options


def _flag(v: object) -> bool:
    return isinstance(v, bool)


# what each setting may hold
VALUES: dict[str, Callable[[object], bool]] = {
    "fault_mode": _one_of(FAULT_MODES),
    "sound": _flag,
    "pace": _one_of(PACES),
    "opponent": _one_of(OPPONENTS),
    "deck": _one_of(DECKS),
    "four_colour": _flag,
    "text_scale": _one_of(TEXT_SCALES),
    "card_scale": _one_of(CARD_SCALES),
    "reduced_motion": _flag,
    "rules": lambda v: _one_of(list(every_name()))(v),
    "coach": _flag,
    "mistakes": _one_of(MISTAKES),
    "lessons": lambda v: isinstance(v, dict),
    "language": _one_of(LANGUAGE_CHOICES),
    "name": valid_name,
    "stop_clock": _flag,
    "win_chance": _flag,
    "server": lambda v: isinstance(v, str) and len(v) <= 200 and v.isprintable(),
}

MAX_SETTINGS_BYTES = 64 * 1024  # a real settings file is about 100 bytes


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and a one-line warning if the file is
    not JSON, is too big or too deep. A value this program cannot use goes back
    to its default alone: the others are kept, and the warning names it."""
    path = config_dir() / "settings.json"
    if config_dir().is_dir():  # the program starts: what a killed one left half-written goes
        files.remove_stale(config_dir())
    try:
        if not path.exists():  # a new player: his first game is against the computer
            return Settings(opponent=NEW_PLAYER_OPPONENT), None
        raw = path.read_bytes()
        if len(raw) > MAX_SETTINGS_BYTES:
            raise ValueError(i18n._("{n} bytes is too big for a settings file").format(n=len(raw)))
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError(i18n._("not a JSON object"))
        names = {f.name for f in fields(Settings)}
        s = Settings(**{k: v for k, v in data.items() if k in names})
        bad = s.bad_values()
        if not bad:
            return s, None
        default = Settings()
        for name in bad:
            setattr(s, name, getattr(default, name))
        text = i18n.ngettext(
            "Settings file {file}: the value of {names} could not be used; it is back to"
            " its default, the other settings are kept",
            "Settings file {file}: the values of {names} could not be used; they are back to"
            " their defaults, the other settings are kept",
            len(bad),
        )
        return s, text.format(file=path, names=", ".join(bad))
    except (OSError, ValueError, TypeError, RecursionError) as e:
        why = i18n._("nested too deeply") if isinstance(e, RecursionError) else str(e)
        text = i18n._("Settings file {file} was unreadable ({why}); using defaults")
        return Settings(), text.format(file=path, why=why)


def save_settings(s: Settings) -> str | None:
    """Save the settings; None, or why they could not be saved."""
    return _write("settings.json", json.dumps(asdict(s), indent=2) + "\n")


def _write(name: str, text: str) -> str | None:
    path = config_dir() / name
    try:
        files.write_text(path, text)
    except OSError as e:
        return f"{path}: {files.why(e, path)}"
    return None


SEAT_FILE = "seat.json"  # the seat held at a network game (``KeptSeat``)
TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


@dataclass(frozen=True)
class KeptSeat:
    """The seat this program holds at a network game, kept in the config folder
    (written atomically, as the settings are) so that a program started again can
    take it up: the server's address, the room code, the seat token (the server
    gives a fresh one at each return, kept in its turn). Forgotten when the game ends."""

    address: str
    room: str
    token: str

    def valid(self) -> bool:
        return (
            self.address.startswith(("ws://", "wss://"))
            and len(self.address) <= 200
            and self.address.isprintable()
            and len(self.room) == 10
            and all(c.isascii() and (c.isdigit() or c.isupper()) for c in self.room)
            and 20 <= len(self.token) <= 64
            and set(self.token) <= TOKEN_CHARS
        )


def keep_seat(seat: KeptSeat) -> str | None:
    """Keep the seat held now; None, or why it could not be kept."""
    return _write(SEAT_FILE, json.dumps(asdict(seat)) + "\n")


def kept_seat() -> KeptSeat | None:
    """The seat a network game left kept (None: none, or a file this program
    cannot read, which is then forgotten)."""
    path = config_dir() / SEAT_FILE
    try:
        if not path.exists():
            return None
        raw = path.read_bytes()
        data = json.loads(raw.decode("utf-8")) if len(raw) <= 4096 else None
        fields_ = {"address", "room", "token"}
        if (
            isinstance(data, dict)
            and set(data) == fields_
            and all(type(v) is str for v in data.values())
        ):
            seat = KeptSeat(**data)
            if seat.valid():
                return seat
    except (OSError, ValueError, RecursionError):
        pass
    forget_seat()
    return None


def forget_seat() -> None:
    """The game is over (or the seat is gone): nothing to take up any more."""
    with contextlib.suppress(OSError):
        (config_dir() / SEAT_FILE).unlink(missing_ok=True)


@dataclass
class Saved:
    game: GameSession[Any, Any, Any] | None
    match: list[int]
    games: int
    warning: str | None = None
    hints: int = 0


MAX_AUTOSAVE_BYTES = 32 * 1024 * 1024  # 200,000 actions take about 3.5 MB
SAVE_WAIT = 10.0  # seconds a quit (or a start) waits for the game's last writes


def save_game(
    game: GameSession[Any, Any, Any], match: list[int], games: int, hints: int = 0
) -> str | None:
    """Save the game in progress; None, or why it could not be saved. A game in
    which the coach gave hints says so in its record (``# hints used: N``). The
    table saves through a journal instead (``journal.Journal``), compacted to this."""
    return _write("autosave.txt", journal.head(match, games, hints) + game.record_text())


def _match(line: str) -> tuple[list[int], int] | None:
    """The score line ``# match: A B GAMES`` (three whole numbers), or None."""
    words = line[len(MATCH_LINE) :].split()
    if len(words) != 3 or not all(w.isascii() and w.isdigit() and len(w) < 10 for w in words):
        return None
    a, b, n = (int(w) for w in words)
    return [a, b], n


def load_game() -> Saved:
    """The saved game, match score and games played. A broken score line loses
    only the score; a broken record or journal starts a new game; either way one
    warning. A journal's last line cut short (a kill) is dropped: the game resumes
    from the line before. (What this program still writes is waited for first.)"""
    journal.WRITER.wait(SAVE_WAIT)
    path = config_dir() / "autosave.txt"
    match, games, hints = [0, 0], 0, 0
    warnings: list[str] = []
    try:
        if not path.exists():
            return Saved(None, match, games)
        size = path.stat().st_size
        if size > MAX_AUTOSAVE_BYTES:
            raise ValueError(i18n._("{n} bytes is too big for a saved game").format(n=size))
        text = journal.text_of(path.read_bytes())
        for line in text.splitlines():
            if line.startswith(MATCH_LINE):
                found = _match(line)
                if found is None:
                    said = i18n._("the match score in {file} was unreadable; it starts at 0-0")
                    warnings.append(said.format(file=path))
                else:
                    match, games = found
            elif line.startswith(HINTS_LINE) and line[len(HINTS_LINE) :].strip().isdigit():
                hints = int(line[len(HINTS_LINE) :])
        if journal.is_journal(text):
            text = journal.read_journal(text)
        game = game_type(read_record(text).rules).game_from_record(text)
    except Exception as e:  # any broken save (even an engine bug): start fresh, say why
        said = i18n._("The saved game {file} could not be read ({why}); new game")
        warnings.append(said.format(file=path, why=e))
        game = None
    return Saved(game, match, games, "; ".join(warnings) or None, hints)
