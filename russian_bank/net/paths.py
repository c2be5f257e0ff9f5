"""Where a connection goes: the path ``/room/CODE`` that names the room it is for.

A client that joins, resumes or watches a room it knows connects to
``URL/room/CODE`` (``room_url``); a router in front of several server processes
(``net.router``, or nginx/HAProxy routing by path: docs/network.md) sends it to
the process that owns that room, and the process reads the code back
(``room_in_path``) to take the room over if its owner died. The lobby screen
connects to ``URL/lobby``, which a router sends to the process holding the lobby.
Any other path (the bare address) is a connection for any process: ``create``.
"""

from __future__ import annotations

import re

from .protocol import ROOM_ALPHABET, ROOM_LEN

_CODE = re.compile(f"[{ROOM_ALPHABET}]{{{ROOM_LEN}}}")
_PATH = re.compile(f"/room/([{ROOM_ALPHABET}]{{{ROOM_LEN}}})/?(?:\\?.*)?$")


LOBBY = "lobby"  # (for ``room_url``: the lobby's path, not a room's)


def room_url(url: str, code: str) -> str:
    """The address of room ``code`` at the server ``url`` (none, or no room's code:
    ``url`` itself; :data:`LOBBY`: the lobby's, ``URL/lobby``)."""
    if code == LOBBY:
        return f"{url.rstrip('/')}/{LOBBY}"
    if not _CODE.fullmatch(code):
        return url  # (no room's code: the server says so, as it does to every process)
    return f"{url.rstrip('/')}/room/{code}"


def lobby_in_path(path: str) -> bool:
    """Does a request's path ask for the lobby (``/lobby``)?"""
    return path.split("?", 1)[0].rstrip("/") == f"/{LOBBY}"


def room_in_path(path: str) -> str:
    """The room code a request's path names ("" if none)."""
    found = _PATH.search(path)
    return found.group(1) if found else ""


__all__ = ["LOBBY", "lobby_in_path", "room_in_path", "room_url"]
