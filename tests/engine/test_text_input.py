"""Issue 13, break 6: every reader of outside text checks it fully and raises
TextFormError (a ValueError) with a clear message; nothing slips through to fail
later, and the checks hold under ``python -O``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from russian_bank.engine import Game, Place, Position, parse_action
from russian_bank.game.cards import Card
from russian_bank.game.errors import TextFormError


def dealt() -> str:
    return Game.new(7).position.to_text()


def with_line(text: str, name: str, value: str) -> str:
    """``text`` with the line ``name: ...`` replaced by ``name: value``."""
    out = []
    for line in text.splitlines():
        out.append(f"{name}: {value}" if line.partition(":")[0] == name else line)
    return "\n".join(out) + "\n"


BAD_LINES = [
    ("compelled", "6Ca"),  # no destination (was IndexError)
    ("compelled", "6Ca somewhere"),
    ("pass disposals", "3"),  # one list, not two (was IndexError)
    ("turnovers", "1"),  # one number, not two (failed later in to_text)
    ("idle", "5"),
    ("low", "40"),
    ("low", "60 52"),
    ("stock top pass", "0"),
    ("innings", "0"),
    ("innings", "x"),
    ("innings", "\uff15"),  # a full-width digit
    ("player", ""),  # empty read as A
    ("player", "AB"),
    ("player", "C"),
    ("just turned over", "maybe"),
    ("hand turned", "ASa"),
    ("seen", "12"),
    ("outcome", "A"),
    ("outcome", "A won x"),
    ("outcome", "Z won 3"),
    ("reserved", "AB ASa"),
    ("rules", "nonsense"),
]


@pytest.mark.parametrize(("name", "value"), BAD_LINES)
def test_i13_6_position_line_checked(name: str, value: str) -> None:
    text = with_line(dealt(), name, value)
    with pytest.raises(TextFormError, match=name.split()[0] if name != "rules" else "rule"):
        Position.from_text(text)


def raised_text(value: str) -> str:
    pos = Game.new(7).position
    pos.phase = "play"
    return with_line(pos.to_text(), "raised", value)


def test_i13_6_raised_count_must_fit_the_pile() -> None:
    assert Position.from_text(raised_text("table1")).raised == (Place("table", 1), 1)
    with pytest.raises(TextFormError, match="raised card count"):
        Position.from_text(raised_text("table1/0"))
    with pytest.raises(TextFormError, match="fewer than 50"):
        Position.from_text(raised_text("table1/50"))


def test_i13_6_each_card_in_exactly_one_place() -> None:
    text = dealt()
    table0 = next(line for line in text.splitlines() if line.startswith("table0:"))
    card = table0.split()[-1]
    with pytest.raises(TextFormError, match=f"more than one place: {card}"):
        Position.from_text(with_line(text, "bank0", card))
    with pytest.raises(TextFormError, match=f"missing: {card}"):
        Position.from_text(with_line(text, "table0", ""))


def test_i13_6_unknown_and_repeated_lines() -> None:
    with pytest.raises(TextFormError, match="unknown position line"):
        Position.from_text(dealt() + "colour: blue\n")
    with pytest.raises(TextFormError, match="twice"):
        Position.from_text(dealt() + "innings: 3\n")
    with pytest.raises(TextFormError, match="is text"):
        Position.from_text(None)  # type: ignore[arg-type]


def test_i13_6_good_text_still_round_trips() -> None:
    text = dealt()
    assert Position.from_text(text).to_text() == text


def test_i13_6_checks_hold_under_python_O() -> None:
    """With asserts stripped, a 105th card (a duplicate) is still refused."""
    code = (
        "from russian_bank.engine import Game, Position\n"
        "from russian_bank.game.errors import TextFormError\n"
        "t = Game.new(7).position.to_text().replace('bank0:', 'bank0: ASa', 1)\n"
        "try:\n"
        "    Position.from_text(t)\n"
        "except TextFormError as e:\n"
        "    print('refused', e)\n"
        "else:\n"
        "    print('accepted')\n"
    )
    out = subprocess.run(
        [sys.executable, "-O", "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.startswith("refused cards in more than one place: ASa"), out


@pytest.mark.parametrize(
    "text",
    [
        "raise table03",  # was read as table3
        "raise table\u0663",  # an Arabic-Indic three
        "play table1/\u0663 table2",
        "raise table1/0",
        "play stockC table1",
        "stop AB",
        "stop",
        "",
        None,  # was AttributeError
        42,
    ],
)
def test_i13_6_parse_action_refuses(text: object) -> None:
    with pytest.raises(TextFormError):
        parse_action(text)  # type: ignore[arg-type]


def test_i13_6_parse_action_reads_good_text() -> None:
    for text in ("raise table3", "raise table3/2", "play stockA bank0", "stop B", "back banks"):
        assert str(parse_action(text)) == text


def test_i13_6_card_and_place_refuse_non_text() -> None:
    with pytest.raises(TextFormError):
        Card.parse(None)  # type: ignore[arg-type]
    with pytest.raises(TextFormError):
        Place.parse("bank8")
    assert Place.parse(" bank7 ") == Place("bank", 7)


def test_i13_6_record_lines_checked() -> None:
    good = Game.new(3)
    good.apply("turn stock")
    text = good.record_text()
    assert Game.from_record(text).position == good.position
    for bad, why in [
        (text.replace("seed: 3", "seed: three"), "seed"),
        (text.replace("1. turn stock", "7. turn stock"), "record line 1"),
        (text.replace("1. turn stock", "1. turn sideways"), "not an action"),
        (text.replace("seed: 3\n", ""), "neither a seed nor a deal"),
    ]:
        with pytest.raises(TextFormError, match=why):
            Game.from_record(bad)
