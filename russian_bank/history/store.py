"""The record store: one small text file per kept game in the user's data folder.

The folder is ``platformdirs.user_data_path("russian-bank") / "games"``
(``$XDG_DATA_HOME/russian-bank/games`` on Linux, by default
``~/.local/share/russian-bank/games``). File names begin with the date, so the
newest game sorts last. Every write is atomic and durable (``russian_bank.files.write_text``).
A file that cannot be read is listed as damaged and never stops the others.
"""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import dataclass, replace
from pathlib import Path

import platformdirs

from ..files import remove_stale, write_text
from ..i18n import _
from .records import Kept, RecordError, parse

APP = "russian-bank"
SUFFIX = ".rbgame"
MAX_IMPORT_BYTES = 32 * 1024 * 1024  # like the autosave: 200,000 actions take about 3.5 MB
MAX_STATS_BYTES = 64 * 1024


def data_dir() -> Path:
    return platformdirs.user_data_path(APP)


@dataclass(frozen=True)
class Damaged:
    """A file in the store that could not be read, and why."""

    name: str
    reason: str


class Store:
    """Kept games in ``folder`` (by default the user's data folder)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or data_dir() / "games"
        self.damaged: list[Damaged] = []
        self.problem: str | None = None  # why the list or the statistics are not as kept

    # -- writing ----------------------------------------------------------------

    def save(self, kept: Kept) -> Kept:
        """Write a kept game to its own file; returns it with its file name."""
        stem = kept.date.replace(":", "").replace("-", "")
        stem += "" if kept.seed is None else f"-{kept.seed}"
        name = stem + SUFFIX
        n = 1
        while (self.folder / name).exists():
            n += 1
            name = f"{stem}-{n}{SUFFIX}"
        write_text(self.folder / name, kept.to_text())
        return replace(kept, name=name)

    def import_file(self, path: Path) -> Kept:
        """Read, verify by replaying, and only then store a game file.

        A damaged or altered file raises :class:`RecordError` with a reason in
        words, and nothing is written."""
        try:
            with open(path, "rb") as f:  # bounded: a device or a huge file is refused
                data = f.read(MAX_IMPORT_BYTES + 1)
            if len(data) > MAX_IMPORT_BYTES:
                raise RecordError(
                    _("the file is over {mb} MB, too big for a game").format(
                        mb=MAX_IMPORT_BYTES // 2**20
                    )
                )
            text = data.decode("utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise RecordError(
                _("the file cannot be read ({why})").format(why=type(e).__name__)
            ) from None
        kept = parse(text, verify=True)
        for other in self.games():
            if other.record == kept.record and other.date == kept.date:
                raise RecordError(_("this game is already in Past games"))
        return self.save(kept)

    def export(self, kept: Kept, path: Path) -> None:
        write_text(path, kept.to_text())

    # -- reading ----------------------------------------------------------------

    def names(self) -> list[str]:
        """File names, newest first."""
        if not self.folder.is_dir():
            if self.folder.exists():
                text = _("No games can be kept: {folder} is a file, not a folder")
                self.problem = text.format(folder=self.folder)
            return []
        remove_stale(self.folder)  # what a killed program left half-written
        names = (p.name for p in self.folder.glob("*" + SUFFIX) if not p.name.startswith("."))
        return sorted(names, reverse=True)  # (a ".name" is a file being written)

    def load(self, name: str) -> Kept:
        try:
            # bytes, not read_text: a lone "\r" (in a nickname) must not become a new
            # line; a file saved with Windows line ends still reads
            text = (self.folder / name).read_bytes().decode("utf-8").replace("\r\n", "\n")
        except (OSError, UnicodeDecodeError) as e:
            raise RecordError(
                _("the file cannot be read ({why})").format(why=type(e).__name__)
            ) from None
        return parse(text, name)

    def games(self) -> list[Kept]:
        """Every readable kept game, newest first; unreadable ones go to ``damaged``."""
        reading = Reading(self)
        reading.read(float("inf"))
        return reading.games

    # -- the statistics' reset mark -----------------------------------------------

    @property
    def _stats_file(self) -> Path:
        return self.folder.parent / "statistics.json"

    def stats_since(self) -> str:
        """Statistics count games from this date on ('' = all games)."""
        path = self._stats_file
        if not path.exists():
            return ""
        try:
            with open(path, "rb") as f:
                raw = f.read(MAX_STATS_BYTES + 1)
            if len(raw) > MAX_STATS_BYTES:
                raise ValueError("too big")
            data = json.loads(raw.decode("utf-8"))
            since = data.get("since", "") if isinstance(data, dict) else None
            if not isinstance(since, str):
                raise ValueError("no date in it")
            return since
        except (OSError, ValueError, RecursionError) as e:
            why = "nested too deeply" if isinstance(e, RecursionError) else str(e)[:60]
            text = _("{path} could not be read ({why}); the statistics count every game")
            self.problem = text.format(path=path, why=why)
            with contextlib.suppress(OSError):  # a fresh start: the next visit reads fine
                path.unlink()
            return ""

    def reset_stats(self, now: str) -> None:
        """Start the statistics afresh from ``now``; the games stay in Past games."""
        write_text(self._stats_file, json.dumps({"since": now}) + "\n")


class Reading:
    """Every kept game of a store, read a little at a time (:meth:`read`), so that a
    screen showing ten thousand of them opens at once and fills in as it reads,
    frame by frame (issue 41). ``games`` grows newest first (file names begin with
    the date) and is sorted as :meth:`Store.games` sorts it once all are read."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.names = store.names()
        self.count = 0  # files read so far
        self.games: list[Kept] = []
        store.damaged = []

    @property
    def done(self) -> bool:
        return self.count >= len(self.names)

    def read(self, seconds: float) -> bool:
        """Read on for about ``seconds`` (one file at least); True once all are read."""
        if self.done:
            return True
        end = time.perf_counter() + seconds
        while not self.done:
            name = self.names[self.count]
            self.count += 1
            try:
                self.games.append(self.store.load(name))
            except RecordError as e:
                self.store.damaged.append(Damaged(name, str(e)))
            if time.perf_counter() >= end:
                break
        if self.done:
            self.games.sort(key=lambda k: (k.date, k.name), reverse=True)
        return self.done
