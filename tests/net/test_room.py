"""One room without sockets: draws offered (§37), refusals, saves read back."""

from __future__ import annotations

import os
import time

import msgspec
import pytest

from russian_bank import files
from russian_bank.net.room import Room
from russian_bank.net.saves import (
    forget,
    load_rooms,
    read_save,
    room_from_save,
    room_save,
    save_changed,
)
from russian_bank.net.seats import Refused, Settings


def room(opponent: str = "person") -> Room:
    r = Room("ABCDEFGHJK", Settings(opponent=opponent), seed=7)
    r.take(0, "Ann", "link-a")
    if opponent == "person":
        r.take(1, "Bob", "link-b")
    else:
        r.set_opponent(1, opponent)
    return r


def test_s37_a_draw_offered_and_accepted_ends_the_game_drawn():
    r = room()
    with pytest.raises(Refused, match="no draw is offered"):
        r.answer_draw(1, True)
    r.offer_draw(0)
    assert r.view(1)["draw_offer"] == "A"
    r.answer_draw(1, True)
    assert r.game.over and r.game.outcome.reason == "agreed"
    over = [e for e in r.events if e["kind"] == "over"]
    assert over and over[0]["outcome"]["winner"] is None


def test_s37_a_draw_refused_plays_on():
    r = room()
    r.offer_draw(1)
    r.answer_draw(0, False)
    assert not r.game.over and r.draw_offer is None


def test_intents_out_of_turn_or_for_the_other_seat_are_refused():
    r = room()
    adversary = 1 - r.game.player
    with pytest.raises(Refused, match="not your turn"):
        r.act(adversary, "turn stock")
    with pytest.raises(Refused, match="own seat"):
        r.act(adversary, f"stop {'AB'[1 - adversary]}")
    with pytest.raises(Refused, match="offer a draw"):
        r.act(0, "agree draw")
    with pytest.raises(Refused, match="over"):
        r.rematch(0)


def test_a_room_save_reads_back_the_same_game_and_seats():
    r = room()
    r.act(r.game.player, "turn stock")
    data = room_save(r)
    back = room_from_save(data, now=5.0)
    assert back.game.record_text() == r.game.record_text()
    assert [s.name for s in back.seats] == ["Ann", "Bob"]
    assert back.seats[0].token == r.seats[0].token  # (only a hash of it is saved)
    assert "link" not in str(data)
    with pytest.raises(ValueError):
        read_save(b'{"format": "x"}')
    text = msgspec.json.encode(data)
    assert read_save(text) == data
    with pytest.raises(ValueError, match="seats"):  # a save of one seat
        read_save(
            text.replace(
                b'"seats":[{', b'"seats":[{"name":"","kind":"","token":"","rematch":false}],"x":[{'
            )
        )
    for broken in (
        msgspec.structs.replace(data, record="nonsense"),
        msgspec.structs.replace(data, seed=8),
    ):
        with pytest.raises(ValueError):
            room_from_save(broken, now=0.0)


def test_s37_a_draw_offered_to_the_servers_computer_is_answered_at_once():
    r = room("novice")
    r.offer_draw(0)
    (ev,) = [e for e in r.events if e["kind"] == "draw"]
    assert ev["answer"] in (True, False)
    assert r.game.over == ev["answer"]


def test_rooms_are_saved_when_changed_and_a_damaged_save_is_set_aside(tmp_path):
    r = room()
    r.act(r.game.player, "turn stock")
    save_changed({r.code: r}, tmp_path)
    assert not r.dirty
    (tmp_path / "rooms" / "BROKEN.json").write_text('{"format": "russian-bank room 1"')
    (back,) = load_rooms(tmp_path, now=1.0, thinkers=None)
    assert back.code == r.code and back.game.record_text() == r.game.record_text()
    assert (tmp_path / "rooms" / "BROKEN.damaged").exists()
    forget(tmp_path, r.code)
    assert load_rooms(tmp_path, now=1.0, thinkers=None) == []


def test_many_rooms_are_saved_with_one_flush_of_the_folder(tmp_path, fsynced):
    """Saving hundreds of rooms a second: each save file is flushed before its
    rename, and the folder once for all of them (not once a room)."""
    rooms = {}
    for i in range(3):
        r = room()
        r.code = f"ROOM{i}"
        r.act(r.game.player, "turn stock")
        rooms[r.code] = r
    save_changed(rooms, tmp_path)
    folder = str(tmp_path / "rooms")
    assert fsynced.count(folder) == 1 and fsynced[-1] == folder
    assert len(fsynced) == 4  # three temporary files, then the folder
    assert all(s.startswith(folder + "/.ROOM") for s in fsynced[:3])
    assert sorted(p.name for p in (tmp_path / "rooms").iterdir()) == [
        "ROOM0.json",
        "ROOM1.json",
        "ROOM2.json",
    ]
    assert not any(r.dirty for r in rooms.values())


def test_a_room_that_cannot_be_saved_stays_dirty_and_the_others_are_saved(tmp_path, caplog):
    one, two = room(), room()
    one.code, two.code = "GOOD", "BAD"
    for r in (one, two):
        r.act(r.game.player, "turn stock")
    (tmp_path / "rooms" / "BAD.json").mkdir(parents=True)  # a folder in the file's place
    save_changed({"GOOD": one, "BAD": two}, tmp_path)
    assert not one.dirty and two.dirty  # tried again at the next save
    assert (tmp_path / "rooms" / "GOOD.json").is_file()
    assert "room BAD: cannot save" in caplog.text
    assert sorted(p.name for p in (tmp_path / "rooms").iterdir()) == ["BAD.json", "GOOD.json"]


def test_a_restarted_server_clears_temporary_saves_a_killed_one_left(tmp_path):
    r = room()
    save_changed({r.code: r}, tmp_path)
    stale = tmp_path / "rooms" / f".{r.code}.json.k1ll3d.json"
    fresh = tmp_path / "rooms" / f".{r.code}.json.wr1t1ng.json"
    for p in (stale, fresh):
        p.write_text("{")
    old = time.time() - 2 * files.STALE_SECONDS
    os.utime(stale, (old, old))
    (back,) = load_rooms(tmp_path, now=1.0, thinkers=None)
    assert back.code == r.code
    assert not stale.exists() and fresh.exists()  # (a recent one may be another's write)
