"""Nicknames in a kept game (issue 21): a remote game keeps both players' names in
its header; a hostile name in a file is read safely, and old files still read."""

from __future__ import annotations

from datetime import UTC, datetime

from russian_bank.history import Store, keep, parse
from russian_bank.history.records import NAME_MAX, clean_name
from russian_bank.net.protocol import NAME_MAX as WIRE_NAME_MAX

from .test_records import short_game

WHEN = datetime(2026, 12, 1, 10, 0, 0, tzinfo=UTC)
HOSTILE = "Eve\nresult: B won 999\r\x00\x1b[2J\u2028\x85\x0b" + "W" * 10_000


def test_names_round_trip_and_name_the_opponent(tmp_path):
    game = short_game()
    kept = keep(game, ("human", "human"), when=WHEN, names=("Ann", "Bob"))
    text = kept.to_text()
    assert "\nA name: Ann\nB name: Bob\n" in text
    back = parse(text, verify=True)  # the import check still verifies the file
    assert back.names == ("Ann", "Bob")
    assert back.opponent() == "Bob (A: Ann)"
    store = Store(tmp_path / "games")
    store.export(back, tmp_path / "out.rbgame")
    (imported,) = [store.import_file(tmp_path / "out.rbgame")]
    assert store.games()[0].names == imported.names == ("Ann", "Bob")


def test_an_old_file_without_names_still_reads():
    game = short_game()
    text = keep(game, ("human", "expert"), when=WHEN).to_text()
    assert " name:" not in text  # a game without nicknames writes the old header
    back = parse(text, verify=True)
    assert back.names == ("", "")
    assert back.opponent() == "expert"


def test_a_computer_opponent_is_named_by_its_level_even_with_a_seat_name():
    kept = keep(short_game(), ("human", "club"), when=WHEN, names=("Ann", "Computer"))
    assert parse(kept.to_text()).opponent() == "club"


def test_a_hostile_name_is_written_and_read_safely(tmp_path):
    game = short_game()
    kept = keep(game, ("human", "human"), when=WHEN, names=(HOSTILE, "Bob"))
    text = kept.to_text()
    # one header line per name, and the record after the header is untouched
    assert text.count("\n") == game.record_text().count("\n") + 11
    back = parse(text, verify=True)
    assert back.names[0] == clean_name(HOSTILE)
    assert len(back.names[0]) <= NAME_MAX
    assert all(ch.isprintable() for ch in back.names[0])
    assert back.outcome == game.outcome  # the name's "result:" did not become a field


def test_a_hostile_name_line_in_a_file_is_read_bounded_and_printable(tmp_path):
    game = short_game()
    text = keep(game, ("human", "human"), when=WHEN, names=("Ann", "Bob")).to_text()
    hostile = HOSTILE.replace("\n", "")  # a file line holds no "\n" but any other break
    text = text.replace("\nB name: Bob\n", f"\nB name: {hostile}\n")
    path = tmp_path / "games" / "x.rbgame"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    store = Store(tmp_path / "games")
    (back,) = store.games()
    assert store.damaged == []
    assert back.names[0] == "Ann"
    assert len(back.names[1]) <= NAME_MAX
    assert all(ch.isprintable() for ch in back.opponent())
    assert "\n" not in back.opponent() and len(back.opponent()) <= 2 * NAME_MAX + 10


def test_a_name_that_reads_like_the_record_line_does_not_cut_the_header():
    game = short_game()
    kept = keep(game, ("human", "human"), when=WHEN, names=("russian-bank record 1", "Bob"))
    assert parse(kept.to_text(), verify=True).names == ("russian-bank record 1", "Bob")


def test_the_history_bounds_names_as_the_wire_does():
    assert NAME_MAX == WIRE_NAME_MAX
    assert clean_name("  Ann \t  Lee ") == "Ann Lee"


def test_the_seat_of_the_keeper_is_kept_and_counts_his_side():
    """A remote game played at B: the header says so, the opponent is A, and the
    statistics count B's result, Stops and false Stops (issue 21)."""
    from russian_bank.history import overall

    game = short_game()
    kept = keep(game, ("human", "human"), (1, 2), when=WHEN, names=("Ann", "Bob"), seat=1)
    text = kept.to_text()
    assert "\nseat: B\n" in text
    back = parse(text, verify=True)
    assert back.seat == 1 and back.opponent() == "Ann (B: Bob)"
    line, as_a = overall([back]), overall([parse(keep(game, when=WHEN).to_text())])
    assert "seat:" not in keep(game, when=WHEN).to_text()  # a local game: the old header
    assert line.false_stops == 2 and as_a.false_stops == 0
    assert (line.stops_called, line.stops_suffered) == (back.stops[1], back.stops[0])
    assert back.outcome is not None and back.outcome.winner == 0  # B abandoned
    assert (line.wins, line.losses, as_a.wins, as_a.losses) == (0, 1, 1, 0)
    assert line.points_lost == as_a.points_won == back.outcome.points > 0
