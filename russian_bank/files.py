"""Every file the program writes goes through here: atomic and durable.

A file is written to a temporary file with a unique name in the same folder,
flushed to disk (``fsync``), then renamed over the old one (``os.replace``, atomic
on one file system), and finally the folder itself is flushed so the rename
survives a power cut. A reader therefore always finds either the old complete
file or the new complete one, never a half-written one, and two copies of the
program never share a temporary file. Failures raise ``OSError``; the caller
decides how to tell the player.
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path


@contextlib.contextmanager
def replacing(path: Path | str) -> Iterator[Path]:
    """Yield a fresh temporary path next to ``path`` (same suffix, so tools that
    choose a format by the name still work); when the block ends without an
    error the temporary file is made durable and renamed to ``path``."""
    path = Path(path)
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=_prefix(path.name), suffix=path.suffix)
    os.close(fd)
    tmp = Path(name)
    try:
        os.chmod(tmp, _mode(path))
        yield tmp
        _fsync_file(tmp)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_folder(path.parent)
    _remove_stale(path)


STALE_SECONDS = 3600  # a temporary file this old was left by a killed process
_WRITER = re.compile(r"\.p(\d{1,10})\.")  # the writer's process id in a temporary name


def _prefix(name: str) -> str:
    """A temporary file's name begins with its file's and the writer's process id,
    so that one left by a process that is gone (kill -9) is known at once."""
    return f".{name}.p{os.getpid()}."


def _remove_stale(path: Path) -> None:
    """Delete temporary files of ``path`` left by a process killed mid-write:
    at once when the process that wrote it is gone, else once it is old (it
    may belong to another copy of the program still writing)."""
    _remove_old(path.parent.glob(f".{glob.escape(path.name)}.*{glob.escape(path.suffix)}"))


def _remove_old(paths: Iterable[Path]) -> None:
    now = time.time()
    for old in paths:
        with contextlib.suppress(OSError):
            if _writer_gone(old.name) or now - old.stat().st_mtime > STALE_SECONDS:
                old.unlink()


def _writer_gone(name: str) -> bool:
    """Was the temporary file ``name`` written by a process that no longer runs?
    (Not known on Windows, nor for a name without a process id: False.)"""
    found = _WRITER.search(name)
    if found is None or os.name == "nt":
        return False
    pid = int(found.group(1))
    if pid == os.getpid() or pid <= 0:
        return False  # (this process's other threads may be writing)
    try:
        os.kill(pid, 0)  # signal 0: is it there?
    except ProcessLookupError:
        return True
    except OSError:  # (another user's process: there)
        return False
    return False


def write_text(path: Path | str, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8), atomically and durably; the folder
    is created if needed."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with replacing(path) as tmp:
        tmp.write_bytes(text.encode("utf-8"))


def swap_text(path: Path | str, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically, without waiting for the
    disk: a program killed at any moment leaves the old file or the new one, and
    ``flush`` afterwards makes the new one durable. Until then a power cut may keep
    either, or on some file systems an empty file. (The journal's writer thread
    swaps at once and flushes on its other thread, so that a slow disk never holds
    back the lines written after it.)"""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=_prefix(path.name), suffix=path.suffix)
    try:
        try:
            data = text.encode("utf-8")
            while data:
                data = data[os.write(fd, data) :]
        finally:
            os.close(fd)
        os.chmod(name, _mode(path))
        os.replace(name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise
    _remove_stale(path)


def flush(path: Path | str, named: bool = True) -> None:
    """Make ``path`` durable, and its name with it (its folder) where ``named``:
    after ``swap_text``, not after an append."""
    path = Path(path)
    _fsync_file(path)
    if named:
        _fsync_folder(path.parent)


def write_texts(folder: Path, texts: Mapping[str, str]) -> dict[str, OSError]:
    """Replace many files of one folder (name: text), each atomically and durably,
    with one flush of the folder for all the renames (a server saving hundreds
    of rooms a second); the folder is created if needed. Returns the names that
    could not be written, with why; the others are written."""
    folder.mkdir(parents=True, exist_ok=True)
    failed: dict[str, OSError] = {}
    where = os.fspath(folder)  # (plain strings: the paths' objects cost more than the writes)
    for name, text in texts.items():
        path = os.path.join(where, name)
        fd, tmp = tempfile.mkstemp(
            dir=where, prefix=_prefix(name), suffix=os.path.splitext(name)[1]
        )
        try:
            try:
                data = text.encode("utf-8")
                while data:
                    data = data[os.write(fd, data) :]
                os.fsync(fd)
            finally:
                os.close(fd)
            os.chmod(tmp, _mode(path))
            os.replace(tmp, path)
        except OSError as e:
            failed[name] = e
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    _fsync_folder(folder)
    return failed


def remove_stale(folder: Path) -> None:
    """Delete the temporary files a killed process left in ``folder``."""
    _remove_old(folder.glob(".*"))


def _mode(path: Path | str) -> int:
    """The old file's permissions, or the usual ones for a new file (the
    temporary file starts private)."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


def _fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDWR)  # (Windows can only flush a file open for writing)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # some systems (Windows) cannot open a folder; the rename stands
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def why(e: OSError, path: Path | str) -> str:
    """Why ``path`` could not be written or read, in words: a folder on its way
    that is a file is named as such ("… is a file, not a folder"), not "File exists"."""
    p = Path(path)
    for folder in (p.parent, *p.parent.parents):
        if folder.exists() and not folder.is_dir():
            return f"{folder} is a file, not a folder"
    return e.strerror or str(e)
