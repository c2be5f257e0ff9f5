"""The game in progress as an append-only journal (docs/formats.md, "Journal").

When a game starts, its journal is written whole: a header line, the match score,
then the game record so far (rules, deal, actions). After that each change appends
one short line per action taken (``12. play table1 table6``) and ``cut: K`` when
actions are taken back (Undo, a raise put back), each append made durable (fsync).
When the game ends, or the program quits cleanly, the file is compacted into the
plain record again (``ui/settings.save_game``). Reading it back replays the lines;
a last line cut short by a kill or a power cut is dropped.

The disk is never touched on the caller's thread: :class:`Writer` hands each write
to a thread that writes in the order asked, and the flush to disk to a second thread,
so a slow flush never holds back the next line. A change is asked for only once the
one before it is written (handed to the operating system, at once in practice): a
process killed at any moment loses at most the last change.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple, Protocol

from . import files
from .game.errors import TextFormError, quoted, whole_number

JOURNAL_HEADER = "russian-bank journal 1"
MATCH_LINE = "# match:"
HINTS_LINE = "# hints used:"
CUT = "cut:"
# a journal this many lines longer than its game (raises put back, undos) is written anew
SLACK_LINES = 512


class _Game(Protocol):
    """What a journal reads of a game: its actions, whether it is over, its record."""

    @property
    def actions(self) -> Sequence[object]: ...

    @property
    def over(self) -> bool: ...

    def record_text(self) -> str: ...


def head(match: Sequence[int], games: int, hints: int = 0) -> str:
    """The comment lines before the record: the match score, the coach's hints."""
    text = f"{MATCH_LINE} {match[0]} {match[1]} {games}\n"
    return text + (f"{HINTS_LINE} {hints}\n" if hints else "")


# -- reading --------------------------------------------------------------------------


def is_journal(text: str) -> bool:
    return text.startswith(JOURNAL_HEADER + "\n")


def text_of(raw: bytes) -> str:
    """A saved file's text (UnicodeDecodeError if it is not UTF-8); of a journal,
    its whole lines only: a last line cut short may end inside a character."""
    if raw.startswith(JOURNAL_HEADER.encode("ascii") + b"\n"):
        raw = raw.rstrip(b"\0")
        raw = raw[: raw.rfind(b"\n") + 1]
    return raw.decode("utf-8")


def read_journal(text: str) -> str:
    """The game record a journal holds (the comment lines kept). A last line cut
    short (no end of line, or the zero bytes a power cut leaves) is dropped, so
    the game resumes from the line before; any other line that cannot be read
    raises TextFormError naming it."""
    text = text.rstrip("\0")
    text = text[: text.rfind("\n") + 1]  # (a line is whole once its end of line is written)
    lines = text.splitlines()
    if not lines or lines[0] != JOURNAL_HEADER:
        raise TextFormError("not a journal: the first line is not " + quoted(JOURNAL_HEADER))
    kept: list[str] = []
    actions: list[str] = []
    for number, line in enumerate(lines[1:], 2):
        if line.startswith(CUT):
            what = f"journal line {number}: {CUT}"
            del actions[whole_number(line[len(CUT) :].strip(), what, 0, len(actions)) :]
            continue
        index, dot, act = line.partition(". ")
        if not (dot and index.isascii() and index.isdigit()):
            kept.append(line)  # the record's own lines, checked where it is read
        elif int(index) == len(actions) + 1 and act:
            actions.append(act)
        else:
            expected = f"action {len(actions) + 1} expected"
            raise TextFormError(f"journal line {number}: {expected}: {quoted(line)}")
    return "\n".join([*kept, *(f"{i}. {a}" for i, a in enumerate(actions, 1))]) + "\n"


# -- writing ----------------------------------------------------------------------------


class Writer:
    """Writes files in the order asked, on its own thread; a second thread flushes
    them to disk (fsync), so that the next write never waits for the last flush.
    ``append`` and ``replace`` return at once.

    A failure is added to the list ``problems`` the caller gave (why, in words)
    for it to tell; a path whose write failed is in ``broken`` until it is replaced
    whole (a journal with a line missing would not read back)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._tasks: list[_Task] = []
        self._asked = 0  # tasks asked for, ever
        self._written = 0  # tasks handed to the operating system
        self._synced = 0  # tasks on disk
        # the paths written since flushed: where to tell, and whether one was swapped
        self._dirty: dict[str, tuple[list[str], bool]] = {}
        self._threads: list[threading.Thread] = []
        self.broken: set[str] = set()

    def append(self, path: Path | str, text: str, problems: list[str]) -> int:
        """Add ``text`` at the end of the file; the task's number (``written``)."""
        return self._put(_Task(os.fspath(path), text, False, problems))

    def replace(self, path: Path | str, text: str, problems: list[str]) -> int:
        """Replace the file whole, atomically (``files.swap_text``), then durably."""
        return self._put(_Task(os.fspath(path), text, True, problems))

    def written(self, task: int) -> None:
        """Wait until task number ``task`` is handed to the operating system (not
        to the disk): at once, unless asked faster than a thread is given time."""
        if self._written < task:
            with self._cond:
                self._cond.wait_for(lambda: self._written >= task)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until everything asked so far is on disk; False if ``timeout``
        seconds went by first."""
        with self._cond:
            target = self._asked
            return self._cond.wait_for(lambda: self._synced >= target, timeout)

    def _put(self, task: _Task) -> int:
        with self._cond:
            self._tasks.append(task)
            self._asked += 1
            number = self._asked
            if not self._threads:
                for work in (self._write, self._sync):
                    t = threading.Thread(target=work, name=f"journal {work.__name__}", daemon=True)
                    self._threads.append(t)
                    t.start()
            self._cond.notify_all()
            return number

    def _write(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._tasks))
                tasks, self._tasks = self._tasks, []
            written: dict[str, tuple[list[str], bool]] = {}
            for task in _joined(tasks):
                path = task.path
                if task.whole:
                    if task.do(files.swap_text, path, task.text):
                        self.broken.discard(path)
                        written[path] = (task.problems, True)
                    else:
                        self.broken.add(path)  # (appends to the old file would not read back)
                elif path not in self.broken:
                    if task.do(_append, path, task.text.encode("utf-8")):
                        named = written.get(path, ([], False))[1]
                        written[path] = (task.problems, named)
                    else:
                        self.broken.add(path)
            with self._cond:
                self._written += len(tasks)
                for path, (problems, named) in written.items():
                    named |= self._dirty.get(path, ([], False))[1]
                    self._dirty[path] = (problems, named)
                self._cond.notify_all()

    def _sync(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._written > self._synced)
                upto, paths, self._dirty = self._written, self._dirty, {}
            for path, (problems, named) in paths.items():
                try:
                    files.flush(path, named)
                except OSError as e:  # (rare: the file is gone or the disk failed)
                    self.broken.add(path)
                    problems.append(f"{path}: {files.why(e, path)}")
            with self._cond:
                self._synced = upto
                self._cond.notify_all()


class _Task(NamedTuple):
    path: str
    text: str
    whole: bool  # replace the file whole (else append)
    problems: list[str]  # where a failure is told

    def do(self, work: Callable[..., object], *args: object) -> bool:
        try:
            work(*args)
        except OSError as e:
            self.problems.append(f"{self.path}: {files.why(e, self.path)}")
            return False
        return True


def _joined(tasks: list[_Task]) -> list[_Task]:
    """The tasks with each run of appends to one path (told to one list) made one write."""
    out: list[_Task] = []
    for t in tasks:
        last = out[-1] if out else None
        if (
            last
            and not (t.whole or last.whole)
            and last.path == t.path
            and last.problems is t.problems
        ):
            out[-1] = last._replace(text=last.text + t.text)
        else:
            out.append(t)
    return out


def _append(path: str, data: bytes) -> None:
    """Add ``data`` at the end of ``path`` (not created: a journal is begun whole)."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    try:
        while data:
            data = data[os.write(fd, data) :]
    finally:
        os.close(fd)


WRITER = Writer()  # one per process: the disk's writes in the order they were asked


class Journal:
    """The journal of the game in progress at ``path``: ``sync`` after every change
    works out what changed since the last call (actions added, taken back, hints)
    and asks ``writer`` to append it; it never waits for a flush to disk."""

    def __init__(self, path: Path | str, writer: Writer = WRITER) -> None:
        self.path = os.fspath(path)
        self.writer = writer
        self._game: _Game | None = None  # the game the journal holds (None: none yet)
        self._head = ""
        self._hints = 0
        self._written: list[object] = []  # its actions, as written
        self._lines = 0  # action and cut lines appended since it was written whole
        self._task = 0  # the writer's number of the last write asked
        self.problems: list[str] = []  # why writes failed (the writer adds them)

    @property
    def problem(self) -> str | None:
        """Why the game could not be saved, the first time (None: saved so far)."""
        return self.problems[0] if self.problems else None

    def sync(self, game: _Game, match: Sequence[int], games: int, hints: int = 0) -> None:
        """Save the change: a new game (or a new score) starts its journal, a game
        over is compacted into its plain record, else only what changed is appended."""
        top = head(match, games)
        if game.over:
            self.compact(game, match, games, hints)
            return
        if (
            game is not self._game
            or top != self._head
            or self.path in self.writer.broken
            or self._lines > len(game.actions) + SLACK_LINES
        ):
            self._start(game, top, hints)
            return
        acts, done = game.actions, self._written
        n = len(done)
        lines: list[str] = []
        if len(acts) >= n and acts[:n] == done:
            k = n
        else:
            k = _common(acts, done)
            lines.append(f"{CUT} {k}\n")
            del done[k:]
        lines += [f"{i}. {a}\n" for i, a in enumerate(acts[k:], k + 1)]
        done.extend(acts[k:])
        if hints != self._hints:
            self._hints = hints
            lines.append(f"{HINTS_LINE} {hints}\n")
        if lines:
            self._lines += len(lines)
            self._ask("".join(lines), False)

    def compact(self, game: _Game, match: Sequence[int], games: int, hints: int = 0) -> None:
        """Write the game as its plain record (the game's end, a clean quit); the
        next change starts a new journal."""
        self._game = None
        self._ask(head(match, games, hints) + game.record_text(), True)

    def _start(self, game: _Game, top: str, hints: int) -> None:
        self._game, self._head, self._hints = game, top, hints
        self._written = list(game.actions)
        self._lines = 0
        marks = f"{HINTS_LINE} {hints}\n" if hints else ""
        self._ask(f"{JOURNAL_HEADER}\n{top}{marks}{game.record_text()}", True)

    def _ask(self, text: str, whole: bool) -> None:
        """Ask the writer for one more write, once the one before is written: a
        kill then loses at most this one, however fast the changes come."""
        self.writer.written(self._task)
        ask = self.writer.replace if whole else self.writer.append
        self._task = ask(self.path, text, self.problems)


def _common(a: Sequence[object], b: Sequence[object]) -> int:
    """How many first actions ``a`` and ``b`` share."""
    if len(a) < len(b) and b[: len(a)] == a:
        return len(a)  # (taken back: the usual case)
    k = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        k += 1
    return k


__all__ = [
    "HINTS_LINE",
    "JOURNAL_HEADER",
    "MATCH_LINE",
    "WRITER",
    "Journal",
    "Writer",
    "head",
    "is_journal",
    "read_journal",
    "text_of",
]
