"""Kept games: the file form, the store, export and import (damaged and altered files)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from russian_bank.engine import Game
from russian_bank.engine.rulesets import rule_set
from russian_bank.history import RecordError, Store, data_dir, keep, parse
from russian_bank.history.records import checksum

WHEN = datetime(2026, 11, 30, 10, 0, 0, tzinfo=UTC)


def short_game(seed: int = 4, plays: int = 60, end: str = "abandon B") -> Game:
    """A game of a few dozen legal actions, ended by ``end``."""
    game = Game.new(seed)
    while len(game.actions) < plays:
        acts = [a for a in game.legal_actions() if a.definite and "stop" not in str(a)]
        game.apply(acts[len(game.actions) % len(acts)])
    game.apply(end)
    return game


def test_kept_game_round_trips_through_its_text():
    game = short_game()
    kept = keep(game, ("human", "expert"), (1, 0), WHEN)
    back = parse(kept.to_text(), verify=True)
    assert back.record == game.record_text()
    assert back.players == ("human", "expert")
    assert back.false_stops == (1, 0)
    assert back.outcome == game.outcome
    assert back.date == "2026-11-30T10:00:00Z"
    assert back.result_words() == f"A won {game.outcome.points} points (B abandoned)"
    assert Game.from_record(back.record).position.to_text() == game.position.to_text()


def test_store_lives_in_the_xdg_data_folder(tmp_path):
    assert data_dir() == tmp_path / "data" / "russian-bank"
    store = Store()
    saved = store.save(keep(short_game(), when=WHEN))
    assert (tmp_path / "data" / "russian-bank" / "games" / saved.name).exists()
    # no temporary file is left behind by the atomic write
    assert [p.name for p in store.folder.iterdir()] == [saved.name]


def test_store_lists_newest_first_and_keeps_same_second_games_apart():
    store = Store()
    a = store.save(keep(short_game(1), when=datetime(2026, 1, 1, tzinfo=UTC)))
    b = store.save(keep(short_game(2), when=datetime(2026, 3, 1, tzinfo=UTC)))
    c = store.save(keep(short_game(2), when=datetime(2026, 3, 1, tzinfo=UTC)))
    assert b.name != c.name
    names = [k.name for k in store.games()]
    assert names[-1] == a.name and set(names[:2]) == {b.name, c.name}


def test_a_damaged_file_is_listed_as_damaged_and_the_rest_still_load():
    store = Store()
    good = store.save(keep(short_game(1), when=WHEN))
    bad = store.save(keep(short_game(2), when=datetime(2026, 12, 1, tzinfo=UTC)))
    path = store.folder / bad.name
    path.write_text(path.read_text()[:-40], encoding="utf-8")
    games = store.games()
    assert [k.name for k in games] == [good.name]
    assert store.damaged[0].name == bad.name
    assert "checksum" in store.damaged[0].reason


def test_export_then_import_gives_the_same_game(tmp_path):
    store = Store()
    kept = store.save(keep(short_game(), ("human", "club"), when=WHEN))
    out = tmp_path / "shared.rbgame"
    store.export(kept, out)
    other = Store(tmp_path / "elsewhere")
    got = other.import_file(out)
    assert got.record == kept.record and got.players == ("human", "club")
    assert [k.name for k in other.games()] == [got.name]
    with pytest.raises(RecordError, match="already"):
        other.import_file(out)


def altered(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda t, k: t[:-30], "checksum"),
        (lambda t, k: altered(t, "A: human", "A: grandmaster"), "unknown player"),
        (lambda t, k: "hello\n" + t, "not a Russian Bank game file"),
        (lambda t, k: altered(t, "check: ", "check: 0"), "checksum"),
        (lambda t, k: altered(t, "date: ", "daet: "), "no 'date' line"),
        (lambda t, k: "", "not a Russian Bank game file"),
    ],
)
def test_a_damaged_import_says_why_and_keeps_nothing(tmp_path, change, words):
    kept = keep(short_game(), when=WHEN)
    path = tmp_path / "in.rbgame"
    path.write_text(change(kept.to_text(), kept), encoding="utf-8")
    store = Store(tmp_path / "store")
    with pytest.raises(RecordError, match=words):
        store.import_file(path)
    assert store.games() == [] and not store.folder.exists()


def test_an_edited_result_is_caught_by_the_replay(tmp_path):
    """The header's result is changed (the checksum covers only the moves): the
    replay by the rules gives the true result, so the import is refused."""
    game = short_game()
    text = keep(game, when=WHEN).to_text()
    points = game.outcome.points
    fake = altered(text, f"outcome: A abandoned {points} ", f"outcome: A abandoned {points + 50} ")
    path = tmp_path / "fake.rbgame"
    path.write_text(fake, encoding="utf-8")
    store = Store(tmp_path / "store")
    with pytest.raises(RecordError, match="not the result the moves give"):
        store.import_file(path)
    assert not store.folder.exists()


def test_edited_moves_with_a_recomputed_checksum_are_caught_by_the_replay(tmp_path):
    game = short_game()
    kept = keep(game, when=WHEN)
    lines = kept.record.splitlines()
    n = next(i for i, x in enumerate(lines) if x.startswith("10. "))
    lines[n] = "10. play table0 bank7"  # not a legal play there
    record = "\n".join(lines) + "\n"
    fake = kept.to_text().replace(kept.record, record)
    fake = fake.replace(checksum(kept.record), checksum(record))
    path = tmp_path / "fake.rbgame"
    path.write_text(fake, encoding="utf-8")
    with pytest.raises(RecordError, match="action 10"):
        Store(tmp_path / "store").import_file(path)


def test_an_edited_stops_line_is_caught_by_the_replay(tmp_path):
    """The header counts the Stops (§24) each side called; the checksum covers only the
    moves, so a changed count must be caught by counting the Stops in the record."""
    game = short_game()
    game_text = keep(game, when=WHEN).to_text()
    assert "stops: 0 0\n" in game_text
    for fake_line in ("stops: 2 0\n", "stops: 0 1\n"):
        fake = altered(game_text, "stops: 0 0\n", fake_line)
        path = tmp_path / "fake.rbgame"
        path.write_text(fake, encoding="utf-8")
        store = Store(tmp_path / "store")
        with pytest.raises(RecordError, match="Stops in the header"):
            store.import_file(path)
        assert not store.folder.exists()


def _first_game_with_a_stop(rules: str):
    """A bot game under ``rules`` in which a Stop was called."""
    import random

    from russian_bank.ai import make_bot
    from russian_bank.engine import Stop
    from russian_bank.match import LOOK, Match

    for seed in range(1, 60):
        game = Game.new(seed, rules=rule_set(rules))
        bots = {
            s: make_bot("novice" if s == 0 else "club", s, random.Random(seed * 2 + s))
            for s in (0, 1)
        }
        match = Match(game, bots, pace=0.2)
        while not match.over and len(game.actions) < 3000:
            match.advance(LOOK)
        if any(isinstance(a, Stop) for a in game.actions):
            return game
    raise AssertionError("no game with a Stop")


@pytest.mark.parametrize("rules", ["committee", "belgian"])
def test_a_changed_stops_count_is_refused_and_the_true_one_imports(tmp_path, rules):
    """A game in which a Stop was called (§24; Belgian Stops carry options, §92): the
    true count imports; one Stop more, or none, is refused."""
    game = _first_game_with_a_stop(rules)
    kept = keep(game, when=WHEN)
    text = kept.to_text()
    a, b = kept.stops
    assert a + b > 0
    path = tmp_path / "true.rbgame"
    path.write_text(text, encoding="utf-8")
    assert Store(tmp_path / "ok").import_file(path).stops == (a, b)
    for other in ((a + 1, b), (a, b + 1), (0, 0)):
        fake = altered(text, f"stops: {a} {b}\n", f"stops: {other[0]} {other[1]}\n")
        path.write_text(fake, encoding="utf-8")
        with pytest.raises(RecordError, match="Stops in the header"):
            Store(tmp_path / "store").import_file(path)


def test_003_a_one_pack_game_file_with_a_stops_line_changed_is_refused(tmp_path):
    """003 has no Stops: a one-pack game file claiming one is refused on import."""
    from russian_bank.history.records import keep
    from russian_bank.onepack import OnePackGame

    game = OnePackGame.new(3)
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    text = keep(game, when=WHEN).to_text()
    path = tmp_path / "one.rbgame"
    path.write_text(text, encoding="utf-8")
    assert Store(tmp_path / "ok").import_file(path).stops == (0, 0)
    path.write_text(altered(text, "stops: 0 0\n", "stops: 1 0\n"), encoding="utf-8")
    with pytest.raises(RecordError, match="Stops in the header"):
        Store(tmp_path / "store").import_file(path)


def test_003_a_kept_one_pack_game_counts_thirty_for_going_out():
    """The history's breakdown of a one-pack win: 30 for the game, and one a card the
    loser still holds (the number written out, not the code's constant)."""
    from russian_bank.history.records import keep
    from russian_bank.onepack import OnePackGame

    for seed in range(1, 30):
        game = OnePackGame.new(seed)
        while not game.over:
            game.apply(game.legal_actions()[0])
        o = game.outcome
        if o is not None and o.reason == "won":
            break
    assert o is not None and o.winner is not None
    left = game.position.cards_left(1 - o.winner)
    kept = parse(keep(game, when=WHEN).to_text(), verify=True)
    assert kept.outcome is not None
    assert (kept.outcome.game_points, kept.outcome.hand_cards) == (30, left)
    assert kept.outcome.points == 30 + left
