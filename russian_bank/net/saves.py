"""The rooms' durable saves: ``DATA/rooms/CODE.json``, written and read back.

A room is saved whenever it changed (``Room.dirty``), at most every
``Config.save_every`` seconds, by the same atomic, durable writes as the
autosave (``russian_bank.files``). What is saved is what a restarted server needs
to go on with the game: the settings, the record (its deal card by card; the game is
replayed from it), the match runner's timers, the seats (names, kinds, token
hashes, rematch wishes, when each one's connection dropped), the last events for
reconnects and a draw on offer. No connection, no token itself. A room read back
whose game has not begun, or is over, keeps the time its seats left (on the wall
clock), so that the server drops it as if it had not stopped; a game under way
gives its absent seats their forfeit time afresh. A save that cannot be read is set aside as
``CODE.damaged``, with one line in the log, and the other rooms go on.
"""

from __future__ import annotations

import contextlib
import logging
import time
from pathlib import Path
from typing import Annotated, Any, Final, Literal

import msgspec
from msgspec import Meta

from ..files import remove_stale, write_texts
from ..games import game_type
from .room import Room
from .seats import PERSON, Seat, Settings, table_game_from_record
from .think import Thinkers

log = logging.getLogger("russian_bank.net")
FORMAT: Final = "russian-bank room 1"
MAX_SAVE_BYTES = 4 << 20
EVENTS_SAVED = 20  # a restarted room's reconnecting seats missed only the last few


class SeatSave(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    kind: str
    token: str  # the seat token's hash
    rematch: bool
    away: float | None = None  # when its connection dropped (Unix time; None: connected)
    player: str = ""  # the name its player claimed (net.names)


class RoomSave(msgspec.Struct, forbid_unknown_fields=True):
    """A room's save file (see the module text), read back by its declared types."""

    format: Literal["russian-bank room 1"]
    code: str
    settings: Settings
    seed: int | None
    fixed_seed: bool
    game_no: int
    record: str
    timers: tuple[float, float, float | None, float]  # the match runner's (``set_timers``)
    seats: Annotated[list[SeatSave], Meta(min_length=2, max_length=2)]
    seq: int
    events: list[dict[str, Any]]
    draw_offer: Annotated[int, Meta(ge=0, le=1)] | None


def room_save(room: Room, wall: float | None = None) -> RoomSave:
    """The room as it is saved (see the module text). ``wall``: the wall clock less
    the server's (``time.monotonic``), the room's ``now``."""
    if wall is None:
        wall = time.time() - time.monotonic()
    return RoomSave(
        FORMAT,
        room.code,
        room.settings,
        room.seed,
        room.fixed_seed,
        room.game_no,
        room.record(),
        room.match.timers(),
        [
            SeatSave(
                s.name,
                s.kind,
                s.token,
                s.rematch,
                None if s.away is None else s.away + wall,
                s.player,
            )
            for s in room.seats
        ],
        room.seq,
        room.events[-EVENTS_SAVED:],
        room.draw_offer,
    )


def read_save(raw: bytes) -> RoomSave:
    """A save file's text read by its declared types (ValueError if damaged)."""
    return msgspec.json.decode(raw, type=RoomSave)


def room_from_save(save: RoomSave, now: float, thinkers: Thinkers | None = None) -> Room:
    """A room read back from its save (ValueError if it does not hold together)."""
    settings = msgspec.structs.replace(save.settings, rules=game_type(save.settings.rules).name)
    seats = [Seat(s.name, s.kind, s.token, None, now, s.rematch, s.player) for s in save.seats]
    room = Room(save.code, settings, save.seed, now, save.fixed_seed, seats, thinkers=thinkers)
    room.game_no = save.game_no
    game = table_game_from_record(settings.rules, save.record)
    if game.seed != room.seed:
        raise ValueError("the record's seed is not the room's")
    room.match = room.new_match(game)
    if game.over or not room.started:  # (see the module text)
        wall = time.time()
        for seat, saved in zip(seats, save.seats, strict=True):
            if saved.away is not None:
                seat.away = now - max(0.0, wall - saved.away)
            elif seat.kind != PERSON or not seat.token:
                seat.away = None  # nobody sat there (connected when saved: from now on)
    room.match.set_timers(save.timers)
    room.seq = save.seq
    room.events = list(save.events)
    room.draw_offer = save.draw_offer
    room.dirty = False
    return room


def save_changed(rooms: dict[str, Room], data: Path) -> None:
    """Write the save of every room that changed since its last one (all of them
    with one flush of the folder)."""
    texts: dict[str, str] = {}
    wall = time.time() - time.monotonic()
    for code, room in list(rooms.items()):
        if not room.dirty:
            continue
        room.dirty = False
        try:
            texts[f"{code}.json"] = msgspec.json.encode(room_save(room, wall)).decode()
        except (ValueError, TypeError, RuntimeError) as e:
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
            out.append(room_from_save(read_save(path.read_bytes()), now, thinkers))
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


__all__ = ["forget", "load_rooms", "read_save", "room_from_save", "room_save", "save_changed"]
