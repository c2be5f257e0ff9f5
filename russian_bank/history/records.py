"""A kept game: the engine's game record with what the history needs around it.

The file is plain text (docs/formats.md, "Kept game"): a header of ``name: value``
lines (date, players, result with the §31 breakdown, Stops, false Stops, a
checksum of the record), then the engine's game record unchanged. The header
lets the Past games list and the statistics be read without replaying a game;
the checksum and, on import, a full replay catch a damaged or altered file.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from ..engine import Game, IllegalAction, Stop, apply, deal_position, parse_action
from ..engine.errors import quoted
from ..engine.game import RECORD_HEADER
from ..engine.places import SEATS
from ..engine.position import Outcome, _outcome_text
from ..engine.position_text import _parse_outcome
from ..engine.rules import rule_set
from ..onepack import NAME as ONE_PACK
from ..onepack import OnePackGame
from ..onepack.position import Outcome as OnePackOutcome

KEPT_HEADER = "russian-bank game 1"
HUMAN = "human"
LEVELS = ("novice", "club", "expert", "master")


class RecordError(ValueError):
    """A kept game that cannot be read: the message says what is wrong, in words."""


@dataclass(frozen=True)
class Kept:
    """One finished (or left unfinished) game, as the history keeps it."""

    date: str  # UTC, ISO 8601 to the second: 2026-11-30T11:20:05Z
    rules: str
    seed: int
    players: tuple[str, str]  # "human" or a computer level, seat A then seat B
    outcome: Outcome | None  # None: the game was left before it was over
    actions: int
    stops: tuple[int, int]  # Stops called by A, by B (§24)
    false_stops: tuple[int, int]  # Stops refused as false (§66), by A, by B
    record: str  # the engine's game record (docs/formats.md)
    name: str = ""  # the file name in the store, once stored
    hints: int = 0  # hints the coach gave seat A in this game (issue 7)

    @property
    def when(self) -> datetime:
        return datetime.strptime(self.date, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)

    def opponent(self) -> str:
        """Whom seat A (the player at the bottom) played against."""
        return self.players[1]

    def result_words(self) -> str:
        """The result in a few words, e.g. 'A won 53 points'."""
        o = self.outcome
        if o is None:
            return "left unfinished"
        if o.winner is None:
            return "drawn by agreement" if o.reason == "agreed" else "drawn (no one could go on)"
        w = SEATS[o.winner]
        if o.reason == "abandoned":
            return f"{w} won {o.points} points ({SEATS[1 - o.winner]} abandoned)"
        return f"{w} won {o.points} points"

    def to_text(self) -> str:
        head = [
            KEPT_HEADER,
            f"date: {self.date}",
            f"A: {self.players[0]}",
            f"B: {self.players[1]}",
            f"outcome: {_outcome_text(self.outcome)}".rstrip(),
            f"actions: {self.actions}",
            f"stops: {self.stops[0]} {self.stops[1]}",
            f"false stops: {self.false_stops[0]} {self.false_stops[1]}",
        ]
        if self.hints:
            head.append(f"hints: {self.hints}")
        head += [
            f"check: {checksum(self.record)}",
        ]
        return "\n".join(head) + "\n" + self.record


def checksum(record: str) -> str:
    return hashlib.sha256(record.encode("utf-8")).hexdigest()


def player_name(level: str | None) -> str:
    return HUMAN if level is None else level


def keep(
    game: Game,
    players: tuple[str, str] = (HUMAN, HUMAN),
    false_stops: tuple[int, int] = (0, 0),
    when: datetime | None = None,
    hints: int = 0,
) -> Kept:
    """The kept form of ``game`` (finished or not)."""
    when = when or datetime.now(UTC)
    stops = [0, 0]
    for a in game.actions:
        if isinstance(a, Stop):
            stops[a.seat] += 1
    return Kept(
        date=when.strftime("%Y-%m-%dT%H:%M:%SZ"),
        rules=game.position.rules.spec,
        seed=int(game.seed or 0),
        players=players,
        outcome=game.outcome,
        actions=len(game.actions),
        stops=(stops[0], stops[1]),
        false_stops=false_stops,
        record=game.record_text(),
        hints=hints,
    )


def keep_one_pack(
    game: OnePackGame, players: tuple[str, str] = (HUMAN, HUMAN), when: datetime | None = None
) -> Kept:
    """The kept form of a one-pack game (003 has no Stops: none are counted)."""
    when = when or datetime.now(UTC)
    return Kept(
        date=when.strftime("%Y-%m-%dT%H:%M:%SZ"),
        rules=ONE_PACK,
        seed=game.seed,
        players=players,
        outcome=one_pack_outcome(game.outcome),
        actions=len(game.record.actions),
        stops=(0, 0),
        false_stops=(0, 0),
        record=game.record_text(),
    )


def one_pack_outcome(o: OnePackOutcome | None) -> Outcome | None:
    """A one-pack result in the history's words: going out is a game won (30 and a
    point a card left); a blocked game is a dead one, won on the cards left."""
    if o is None:
        return None
    if o.reason == "out":
        return Outcome(o.winner, "won", o.points, game_points=30, hand_cards=o.points - 30)
    return Outcome(o.winner, "dead", o.points)


def parse(text: str, name: str = "", verify: bool = False) -> Kept:
    """Read a kept game. The checksum is always checked; ``verify`` also replays
    the record by the rules and compares its result with the header (import)."""
    if not text.startswith(KEPT_HEADER + "\n"):
        raise RecordError("this is not a Russian Bank game file (its first line is wrong)")
    head, sep, record = text.partition(RECORD_HEADER + "\n")
    if not sep:
        raise RecordError("the file has no game record in it")
    record = RECORD_HEADER + "\n" + record
    fields: dict[str, str] = {}
    for line in head.splitlines()[1:]:
        key, colon, value = line.partition(":")
        if not colon:
            raise RecordError(f"a header line cannot be read: {quoted(line)}")
        fields[key.strip()] = value.strip()
    try:
        if fields["check"] != checksum(record):
            raise RecordError("the game record was changed or damaged (its checksum differs)")
        kept = Kept(
            date=fields["date"],
            rules="",
            seed=0,
            players=(fields["A"], fields["B"]),
            outcome=_parse_outcome(fields.get("outcome", "")),
            actions=int(fields["actions"]),
            stops=_pair(fields["stops"]),
            false_stops=_pair(fields["false stops"]),
            record=record,
            name=name,
            hints=int(fields.get("hints", "0")),
        )
        kept.when  # noqa: B018 - the date must parse
    except KeyError as e:
        raise RecordError(f"the header has no {e.args[0]!r} line") from None
    except (ValueError, IndexError) as e:
        if isinstance(e, RecordError):
            raise
        raise RecordError(f"a header value cannot be read ({e})") from None
    for p in kept.players:
        if p != HUMAN and p not in LEVELS:
            raise RecordError(f"unknown player {quoted(p)}")
    rules, seed, actions = read_record(record)
    if len(actions) != kept.actions:
        raise RecordError("the number of actions differs from the header")
    kept = replace(kept, rules=rules, seed=seed)
    if verify:
        _verify(kept, actions)
    return kept


def _pair(text: str) -> tuple[int, int]:
    a, b = text.split()
    return int(a), int(b)


def read_record(record: str) -> tuple[str, int, list[str]]:
    """(rule set name, seed, action texts) of an engine game record."""
    rules = "committee"
    seed: int | None = None
    actions: list[str] = []
    for n, raw in enumerate(record.splitlines()[1:], 2):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("rules:"):
            rules = line.split(":", 1)[1].strip()
        elif line.startswith("seed:"):
            try:
                seed = int(line.split(":", 1)[1])
            except ValueError:
                raise RecordError(f"the seed on line {n} is not a number") from None
        elif line.startswith("result:"):
            continue
        else:
            number, _, act = line.partition(". ")
            if number != str(len(actions) + 1):
                raise RecordError(f"record line {n} is out of order or damaged")
            actions.append(act)
    if seed is None:
        raise RecordError("the game record has no seed")
    try:
        if rules != ONE_PACK:
            rule_set(rules)
    except (KeyError, ValueError):
        raise RecordError(f"unknown rule set {quoted(rules)}") from None
    return rules, seed, actions


def _verify(kept: Kept, actions: list[str]) -> None:
    """Replay by the rules: every action must be legal and the result must match."""
    if kept.rules == ONE_PACK:
        try:
            game = OnePackGame.from_record(kept.record)
        except ValueError as e:
            raise RecordError(f"the one-pack game does not replay: {e}") from None
        if _outcome_text(one_pack_outcome(game.outcome)) != _outcome_text(kept.outcome):
            raise RecordError("the result in the header is not the result the moves give")
        return
    pos = deal_position(rule_set(kept.rules), random.Random(kept.seed))
    for i, text in enumerate(actions, 1):
        try:
            apply(pos, parse_action(text))
        except (IllegalAction, ValueError) as e:
            raise RecordError(f"action {i} ({text}) is not legal there: {e}") from None
    if _outcome_text(pos.outcome) != _outcome_text(kept.outcome):
        raise RecordError("the result in the header is not the result the moves give")
    stops = [0, 0]
    for text in actions:
        if text.startswith("stop "):
            stops[SEATS.index(text[-1])] += 1
    if tuple(stops) != kept.stops:
        raise RecordError("the Stops in the header are not the Stops in the record")


__all__ = [
    "HUMAN",
    "KEPT_HEADER",
    "Kept",
    "RecordError",
    "checksum",
    "keep",
    "keep_one_pack",
    "parse",
]
