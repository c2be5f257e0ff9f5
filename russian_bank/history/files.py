"""Atomic, durable file writes (a small helper of the history package).

A record is written to a temporary file with a unique name in the same folder,
flushed and fsynced, moved over the target with ``os.replace``, and then the
folder itself is fsynced so that the rename survives a power cut. A reader
therefore sees either the old file or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically and durably."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    sync_folder(folder)


def sync_folder(folder: Path) -> None:
    """fsync a folder (where the platform allows it) so a rename in it is durable."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


__all__ = ["write_atomic", "sync_folder"]
