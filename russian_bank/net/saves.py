"""The rooms' durable saves: ``DATA/rooms/CODE.json``, written and read back.

A room is saved whenever it changed (``Room.dirty``), at most every
``Config.save_every`` seconds, by the same atomic, durable writes as the
autosave (``russian_bank.files``). What is saved is what a restarted server needs
to go on with the game: the settings, the record (its deal card by card; the game is
replayed from it), the match runner's timers, the seats (names, kinds, token
hashes, rematch wishes), the last events for reconnects and a draw on offer. No
connection, no token itself. A save that cannot be read is set aside as
``CODE.damaged``, with one line in the log, and the other rooms go on.
"""

from __future__ import annotations

import contextlib
import json
import logging
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..files import remove_stale, write_texts
from ..games import game_type
from .room import Room
from .seats import Seat, Settings, table_game_from_record
from .think import Thinkers
from .wire import encode

log = logging.getLogger("russian_bank.net")
FORMAT = "russian-bank room 1"
MAX_SAVE_BYTES = 4 << 20
EVENTS_SAVED = 20  # a restarted room's reconnecting seats missed only the last few


def room_save(room: Room) -> dict[str, Any]:
    """The room as JSON values (see the module text)."""
    return {
        "format": FORMAT,
        "code": room.code,
        "settings": encode(room.settings),
        "seed": room.seed,
        "fixed_seed": room.fixed_seed,
        "game_no": room.game_no,
        "record": room.game.record_text(),
        "timers": list(room.match.timers()),
        "seats": [
            {"name": s.name, "kind": s.kind, "token": s.token, "rematch": s.rematch}
            for s in room.seats
        ],
        "seq": room.seq,
        "events": room.events[-EVENTS_SAVED:],
        "draw_offer": room.draw_offer,
    }


def room_from_save(data: dict[str, Any], now: float, thinkers: Thinkers | None = None) -> Room:
    """A room read back from its save (ValueError/KeyError/TypeError if damaged)."""
    if data.get("format") != FORMAT:
        raise ValueError("not a room save")
    settings = Settings(**data["settings"])
    settings = replace(settings, rules=game_type(settings.rules).name)
    seats = [
        Seat(str(s["name"]), str(s["kind"]), str(s["token"]), None, now, bool(s["rematch"]))
        for s in data["seats"]
    ]
    seed = None if data["seed"] is None else int(data["seed"])
    code, fixed = str(data["code"]), bool(data["fixed_seed"])
    room = Room(code, settings, seed, now, fixed, seats, thinkers=thinkers)
    room.game_no = int(data["game_no"])
    game = table_game_from_record(settings.rules, str(data["record"]))
    if game.seed != room.seed:
        raise ValueError("the record's seed is not the room's")
    room.match = room.new_match(game)
    t = data["timers"]
    room.match.set_timers(
        (float(t[0]), float(t[1]), None if t[2] is None else float(t[2]), float(t[3]))
    )
    room.seq = int(data["seq"])
    room.events = list(data["events"])
    room.draw_offer = data["draw_offer"]
    room.dirty = False
    return room


def save_changed(rooms: dict[str, Room], data: Path) -> None:
    """Write the save of every room that changed since its last one (all of them
    with one flush of the folder)."""
    texts: dict[str, str] = {}
    for code, room in list(rooms.items()):
        if not room.dirty:
            continue
        room.dirty = False
        try:
            texts[f"{code}.json"] = json.dumps(room_save(room), separators=(",", ":"))
        except (ValueError, RuntimeError) as e:
            room.dirty = True
            log.error("room %s: cannot save (%s)", code, one_line(e))
    if not texts:
        return
    try:
        failed = write_texts(data / "rooms", texts)
    except OSError as folder:  # the folder itself cannot be made
        failed = dict.fromkeys(texts, folder)
    for name, why in failed.items():
        code = name.removesuffix(".json")
        if code in rooms:
            rooms[code].dirty = True
        log.error("room %s: cannot save (%s)", code, one_line(why))


def load_rooms(data: Path, now: float, thinkers: Thinkers | None) -> list[Room]:
    """Every room saved under ``data`` (a damaged save is set aside)."""
    out: list[Room] = []
    remove_stale(data / "rooms")
    for path in sorted((data / "rooms").glob("*.json")):
        if path.name.startswith("."):  # a temporary file, not a room's save
            continue
        try:
            if path.stat().st_size > MAX_SAVE_BYTES:
                raise ValueError("too large")
            save = json.loads(path.read_text(encoding="utf-8"))
            out.append(room_from_save(save, now, thinkers))
        except Exception as e:
            log.error("room save %s cannot be read (%s): set aside", path.name, one_line(e))
            with contextlib.suppress(OSError):
                path.rename(path.with_suffix(".damaged"))
    return out


def forget(data: Path, code: str) -> None:
    """A dropped room's save goes too."""
    with contextlib.suppress(OSError):
        (data / "rooms" / f"{code}.json").unlink()


def one_line(e: BaseException) -> str:
    text = f"{type(e).__name__}: {e}"
    return text.splitlines()[0][:200] if text else type(e).__name__


__all__ = ["forget", "load_rooms", "room_from_save", "room_save", "save_changed"]
