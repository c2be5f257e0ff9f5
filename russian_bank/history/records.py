"""A kept game: the engine's game record with what the history needs around it.

The file is plain text (docs/formats.md, "Kept game"): a header of ``name: value``
lines (date, players, result with the §31 breakdown, Stops, false Stops, a
checksum of the record), then the engine's game record unchanged. The header
lets the Past games list and the statistics be read without replaying a game;
the checksum and, on import, a full replay catch a damaged or altered file.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from ..ai import LEVELS
from ..engine import Stop
from ..game.errors import TextFormError, quoted
from ..game.outcome import Outcome, outcome_text, parse_outcome
from ..game.places import SEATS
from ..game.protocol import GameSession
from ..game.record import RECORD_HEADER, ReadRecord
from ..game.record import read_record as read_game_record
from ..games import game_type
from ..i18n import _, ngettext

KEPT_HEADER = "russian-bank game 1"
HUMAN = "human"
NAME_MAX = 24  # a nickname's length, as on the wire (net/protocol.py NAME_MAX)


class RecordError(ValueError):
    """A kept game that cannot be read: the message says what is wrong, in words."""


@dataclass(frozen=True)
class Kept:
    """One finished (or left unfinished) game, as the history keeps it."""

    date: str  # UTC, ISO 8601 to the second: 2026-11-30T11:20:05Z
    rules: str
    # None: dealt from the operating system's randomness (the record keeps the deal)
    seed: int | None
    players: tuple[str, str]  # "human" or a computer level, seat A then seat B
    outcome: Outcome | None  # None: the game was left before it was over
    actions: int
    stops: tuple[int, int]  # Stops called by A, by B (§24)
    false_stops: tuple[int, int]  # Stops refused as false (§66), by A, by B
    record: str  # the engine's game record (docs/formats.md)
    name: str = ""  # the file name in the store, once stored
    hints: int = 0  # hints the coach gave seat A in this game (issue 7)
    names: tuple[str, str] = ("", "")  # nicknames of a remote game, A then B ("" = none)
    seat: int = 0  # the seat of the one who kept it (a remote game: 1 if he sat at B)

    @property
    def when(self) -> datetime:
        return datetime.strptime(self.date, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)

    def opponent(self) -> str:
        """Whom the keeper (:attr:`seat`: A, the player at the bottom, unless a remote
        game was played at B) played against: a computer level, "human", or for a
        remote game the nicknames, e.g. "Bob (A: Ann)" (Ann at A kept it)."""
        me, other = self.seat, 1 - self.seat
        if self.players[other] != HUMAN or not self.names[other]:
            return self.players[other]
        mine = self.names[me]
        return f"{self.names[other]} ({SEATS[me]}: {mine})" if mine else self.names[other]

    def result_words(self) -> str:
        """The result in a few words, e.g. 'A won 53 points'."""
        o = self.outcome
        if o is None:
            return _("left unfinished")
        if o.winner is None:
            agreed = o.reason == "agreed"
            return _("drawn by agreement") if agreed else _("drawn (no one could go on)")
        seat, other = SEATS[o.winner], SEATS[1 - o.winner]
        if o.reason == "abandoned":
            text = ngettext(
                "{seat} won {points} point ({other} abandoned)",
                "{seat} won {points} points ({other} abandoned)",
                o.points,
            )
        else:
            text = ngettext("{seat} won {points} point", "{seat} won {points} points", o.points)
        return text.format(seat=seat, other=other, points=o.points)

    def to_text(self) -> str:
        head = [
            KEPT_HEADER,
            f"date: {self.date}",
            f"A: {self.players[0]}",
            f"B: {self.players[1]}",
        ]
        for seat, nick in zip(SEATS, self.names, strict=True):
            if clean_name(nick):
                head.append(f"{seat} name: {clean_name(nick)}")
        head += [
            f"outcome: {outcome_text(self.outcome)}".rstrip(),
            f"actions: {self.actions}",
            f"stops: {self.stops[0]} {self.stops[1]}",
            f"false stops: {self.false_stops[0]} {self.false_stops[1]}",
        ]
        if self.seat:
            head.append(f"seat: {SEATS[self.seat]}")
        if self.hints:
            head.append(f"hints: {self.hints}")
        head.append(f"check: {checksum(self.record)}")
        return "\n".join(head) + "\n" + self.record


def checksum(record: str) -> str:
    return hashlib.sha256(record.encode("utf-8")).hexdigest()


def clean_name(text: str) -> str:
    """A nickname made safe for a header line and the screen: control and other
    unprintable characters dropped, spaces run together, at most NAME_MAX long."""
    printable = "".join(ch if ch.isprintable() else " " for ch in text[: NAME_MAX * 8])
    return " ".join(printable.split())[:NAME_MAX].strip()


def keep(
    game: GameSession[Any, Any, Any],
    players: tuple[str, str] = (HUMAN, HUMAN),
    false_stops: tuple[int, int] = (0, 0),
    when: datetime | None = None,
    hints: int = 0,
    names: tuple[str, str] = ("", ""),
    seat: int = 0,
) -> Kept:
    """The kept form of ``game`` (finished or not), whichever game it is."""
    when = when or datetime.now(UTC)
    stops = _stops(game.actions)
    return Kept(
        date=when.strftime("%Y-%m-%dT%H:%M:%SZ"),
        rules=game.position.rules.spec,
        seed=game.seed,
        players=players,
        outcome=game.outcome,
        actions=len(game.actions),
        stops=stops,
        false_stops=false_stops,
        record=game.record_text(),
        hints=hints,
        names=(clean_name(names[0]), clean_name(names[1])),
        seat=seat,
    )


def _stops(actions: Iterable[object]) -> tuple[int, int]:
    """The Stops each seat called (§24); a game without Stops (003) has none."""
    stops = [0, 0]
    for a in actions:
        if isinstance(a, Stop):
            stops[a.seat] += 1
    return stops[0], stops[1]


def parse(text: str, name: str = "", verify: bool = False) -> Kept:
    """Read a kept game. The checksum is always checked; ``verify`` also replays
    the record by the rules and compares its result with the header (import)."""
    if not text.startswith(KEPT_HEADER + "\n"):
        raise RecordError(_("this is not a Russian Bank game file (its first line is wrong)"))
    # the record begins on a line of its own (a nickname may read like its first line)
    head, sep, record = text.partition("\n" + RECORD_HEADER + "\n")
    if not sep:
        raise RecordError(_("the file has no game record in it"))
    record = RECORD_HEADER + "\n" + record
    fields: dict[str, str] = {}
    for line in head.split("\n")[1:]:  # "\n" only: a name may hold other breaks
        key, colon, value = line.partition(":")
        if not colon:
            raise RecordError(_("a header line cannot be read: {line}").format(line=quoted(line)))
        fields[key.strip()] = value.strip()
    try:
        if fields["check"] != checksum(record):
            raise RecordError(_("the game record was changed or damaged (its checksum differs)"))
        kept = Kept(
            date=fields["date"],
            rules="",
            seed=0,
            players=(fields["A"], fields["B"]),
            outcome=parse_outcome(fields.get("outcome", "")),
            actions=int(fields["actions"]),
            stops=_pair(fields["stops"]),
            false_stops=_pair(fields["false stops"]),
            record=record,
            name=name,
            hints=int(fields.get("hints", "0")),
            names=(clean_name(fields.get("A name", "")), clean_name(fields.get("B name", ""))),
            seat=_seat(fields.get("seat", SEATS[0])),
        )
        kept.when  # noqa: B018 - the date must parse
    except KeyError as e:
        raise RecordError(_("the header has no {name} line").format(name=repr(e.args[0]))) from None
    except (ValueError, IndexError) as e:
        if isinstance(e, RecordError):
            raise
        raise RecordError(_("a header value cannot be read ({why})").format(why=e)) from None
    for p in kept.players:
        if p != HUMAN and p not in LEVELS:
            raise RecordError(_("unknown player {name}").format(name=quoted(p)))
    read = read_record(record)
    if len(read.actions) != kept.actions:
        raise RecordError(_("the number of actions differs from the header"))
    kept = replace(kept, rules=read.rules, seed=read.seed)
    if verify:
        _verify(kept, read)
    return kept


def _seat(text: str) -> int:
    if text not in SEATS:
        raise RecordError(f"the seat line names no seat: {quoted(text)}")
    return SEATS.index(text)


def _pair(text: str) -> tuple[int, int]:
    a, b = text.split()
    return int(a), int(b)


def read_record(record: str) -> ReadRecord:
    """What a game record says (``game/record.py``), its game known."""
    try:
        read = read_game_record(record)
    except TextFormError as e:
        raise RecordError(_("the game record cannot be read: {why}").format(why=e)) from None
    try:
        game_type(read.rules)
    except ValueError:
        raise RecordError(_("unknown rule set {name}").format(name=quoted(read.rules))) from None
    return read


def first_position(read: ReadRecord) -> Any:
    """The position a record begins with (its deal, or its seed's); RecordError if
    the deal is not a whole deal of its game."""
    try:
        return game_type(read.rules).start(read.seed, read.deal)
    except ValueError as e:
        raise RecordError(_("the deal in the record cannot be read: {why}").format(why=e)) from None


def _verify(kept: Kept, read: ReadRecord) -> None:
    """Replay by the rules: every action must be legal, the result and the Stops
    counted in the header must be the ones the moves give."""
    game = game_type(kept.rules)
    pos = first_position(read)
    played = []
    for i, text in enumerate(read.actions, 1):
        try:
            action = game.parse_action(text)
            game.apply(pos, action)
        except ValueError as e:
            raise RecordError(
                _("action {n} ({text}) is not legal there: {why}").format(n=i, text=text, why=e)
            ) from None
        played.append(action)
    if outcome_text(pos.outcome) != outcome_text(kept.outcome):
        raise RecordError(_("the result in the header is not the result the moves give"))
    if _stops(played) != kept.stops:
        raise RecordError(_("the Stops in the header are not the Stops in the record"))
