"""Every game of the registry, one-pack included, is kept, exported, imported, replayed
and reviewed through the game interface (issue 17), and a one-pack replay names the
piles in 003's words (Hand, Discard, Table), never in the action notation."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime

import pytest

from russian_bank.game.protocol import GameSession
from russian_bank.games import game_type
from russian_bank.history import Replay, Store, keep
from russian_bank.history.review import EXPERT, analyse

WHEN = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
NOTATION = re.compile(r"\b(place\d|discard\d|hand\d|held)\b|\b(move|lift) (held|place|discard)")


def one_pack_game(seed: int, a: str = "novice", b: str = "club", limit: int = 3000) -> GameSession:
    game = game_type("one-pack")
    session = game.new_game(seed)
    bots = [game.make_bot(level, s, random.Random(seed + s)) for s, level in enumerate((a, b))]
    while not session.over and len(session.actions) < limit:
        session.apply(bots[session.player].choose(session.observe(session.player)))
    return session


def test_003_a_one_pack_game_is_kept_exported_imported_and_replayed(tmp_path) -> None:
    session = one_pack_game(2)
    assert session.over
    kept = keep(session, players=("novice", "club"), when=WHEN)
    assert kept.rules == "one-pack"
    store = Store(tmp_path / "a")
    stored = store.save(kept)
    store.export(stored, tmp_path / "game.rbgame")
    imported = Store(tmp_path / "b").import_file(tmp_path / "game.rbgame")  # replayed on import
    assert imported.record == kept.record and imported.outcome == session.outcome
    replay = Replay(imported)
    assert replay.steps == len(session.actions)  # every one-pack action is a step
    assert replay.position(replay.steps).to_text() == session.position.to_text()
    assert replay.position(0).to_text() == game_type("one-pack").deal(random.Random(2)).to_text()
    assert ". Game over: " in replay.line(replay.steps)
    assert replay.line(0) == "The deal"


def test_003_a_one_pack_replay_line_uses_the_one_pack_pile_names() -> None:
    session = one_pack_game(4)
    replay = Replay(keep(session, when=WHEN))
    replay.reach(replay.steps)
    lines = replay.lines[1:]
    # the table's move-log words (issue 19: one wording for the table and the Replay)
    assert any(re.fullmatch(r"(A|B) turned \S+ from (A|B)'s Hand", x) for x in lines), lines
    assert any(re.match(r"(A|B) discarded \S+\. (A|B)'s innings begins", x) for x in lines)
    assert any(re.search(r" onto \S+ in the Table", x) for x in lines)
    assert any(" lays out " in x for x in lines)
    for line in lines:
        assert not NOTATION.search(line), line  # players never see 'move held place3'
        for two_pack_word in ("Stock", "Bank"):
            assert two_pack_word not in line, line


def test_003_a_one_pack_game_is_reviewed_by_the_one_pack_expert() -> None:
    """A Novice's game: the one-pack Expert finds runs it would have played better,
    in words, with no notation (003 has no Stops, so no fault or Stop marks)."""
    session = one_pack_game(5, "novice", "novice")
    replay = Replay(keep(session, when=WHEN))
    marks = analyse(replay)
    assert marks and {m.kind for m in marks} == {EXPERT}
    assert all(1 <= m.step <= replay.steps for m in marks)
    assert [m.step for m in marks] == sorted(m.step for m in marks)
    for m in marks:
        assert m.delta >= 1.0 and m.text.startswith("Better for ") and ". Why: " in m.text
        assert not NOTATION.search(m.text), m.text


@pytest.mark.parametrize("name", ["committee", "crapette", "one-pack"])
def test_every_game_replays_by_its_name(name: str) -> None:
    """The replay deals and steps each game through the registry and arrives at the
    game's own final position."""
    game = game_type(name)
    session = game.new_game(9)
    rng = random.Random(9)
    for _ in range(120):
        if session.over:
            break
        acts = [a for a in session.legal_actions() if "stop" not in str(a)]
        session.apply(acts[rng.randrange(len(acts))])
    replay = Replay(keep(session, when=WHEN))
    assert replay.position(replay.steps).to_text() == session.position.to_text()
    assert all(replay.line(k) for k in range(replay.steps + 1))
