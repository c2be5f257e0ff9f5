"""The identity hashes (``python -m tools.bench identity``): seeded random
games of every rule set and of the one-pack game, hashed step by step (position
texts, legal actions, events, refusal reasons, lawful plays, observations, copies
and undo), come out as saved in ``identity_quick.txt``. A change meant to alter
no behaviour (a speed change) keeps them; a change of the rules' behaviour or
words changes them on purpose: then run
``python -m tools.bench identity --quick --write tests/engine/identity_quick.txt``
and say so in the commit."""

from __future__ import annotations

from pathlib import Path

from tools.bench.identity import format_rows, identity_hashes, main, spec_names

SAVED = Path(__file__).with_name("identity_quick.txt")


def test_identity_hashes_of_every_game_are_the_saved_ones() -> None:
    rows = identity_hashes(spec_names(), games=1, seed=1, max_steps=300)
    assert format_rows(rows) == SAVED.read_text(encoding="utf-8")


def test_the_hashes_tell_games_apart() -> None:
    one = identity_hashes(["committee", "one-pack"], games=1, seed=1, max_steps=60)
    other = identity_hashes(["committee", "one-pack"], games=1, seed=2, max_steps=60)
    assert one == identity_hashes(["committee", "one-pack"], games=1, seed=1, max_steps=60)
    assert [h for _, h, _ in one] != [h for _, h, _ in other]
    assert len({h for _, h, _ in one}) == 2


def test_the_command_compares_with_a_saved_file(tmp_path: Path) -> None:
    saved = tmp_path / "hashes.txt"
    lines: list[str] = []
    assert main(["--quick", "--rules", "french", "--write", str(saved)], lines.append) == 0
    assert main(["--quick", "--rules", "french", "--check", str(saved)], lines.append) == 0
    assert lines[-1].startswith("identical")
    saved.write_text(saved.read_text().replace("french ", "french 0"), encoding="utf-8")
    assert main(["--quick", "--rules", "french", "--check", str(saved)], lines.append) == 1
    assert "DIFFERENT" in lines[-1]
