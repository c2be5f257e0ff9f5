"""Lessons as data: a scripted position plus steps (docs/tutorial.md).

A lesson file is JSON under ``russian_bank/tutorial/lessons/``. Its position is
written in the engine's position text form (docs/formats.md), one line per list
item; cards the text leaves out are dealt face down, pack ``a`` to the first pile
named in ``rest`` and pack ``b`` to the last one (both ``handA`` / ``handB`` by
default), so a lesson only writes the cards that matter.

Each step says what to do (``say``), which places glow (``highlight``), what the
learner's gesture must be (``expect``: action texts, or one of the words
``next``, ``any bank``, ``any fault``), what "Show me" plays (``show``), an
explanation for a legal but unwanted action (``wrong``), what the computer does
afterwards (``reply``) and, optionally, a fresh ``position`` to start the step
from. :func:`load_lessons` reads every file and checks each step against the
engine, so a lesson that a rule change has broken fails to load.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import Action, Game, Place, Play, Position, apply, parse_action
from ..engine.table_view import TwoPackView
from ..game.cards import CARDS, TEXT, Card, parse_cards
from ..i18n import _

LESSONS_DIR = Path(__file__).resolve().parent / "lessons"

NEXT = "next"  # a look step: the learner reads, then presses Next
ANY_BANK = "any bank"  # any legal play onto a Bank
ANY_FAULT = "any fault"  # any legal action the engine says would open a fault
TOKENS = (NEXT, ANY_BANK, ANY_FAULT)
KINDS = ("steps", "practice", "game")
_PILE = re.compile(r"^((stock|hand|discard)[AB]|held|(table|bank)[0-7])$")


class LessonError(ValueError):
    """A lesson file that cannot be used, with the lesson and step it is about."""


@dataclass(frozen=True)
class Step:
    said: str  # the file's (English) words; ``say`` is them in the player's language
    expect: tuple[str, ...]
    highlight: tuple[Place, ...] = ()
    show: Action | None = None
    wrong_said: str = ""
    reply: tuple[Action, ...] = ()
    position: Position | None = None
    fault: bool = False  # the wanted action is a fault on purpose (lesson 6)
    # what the step's words say of the table, checked by the engine when the step is
    # shown (``check_lesson``): each pile named, and the cards it holds, bottom to top
    holds: tuple[tuple[Place, tuple[Card, ...]], ...] = ()

    @property
    def say(self) -> str:
        """What the step says, in the language in force (looked up when shown)."""
        return _(self.said)

    @property
    def wrong(self) -> str:
        return _(self.wrong_said) if self.wrong_said else ""

    @property
    def look(self) -> bool:
        return self.expect == (NEXT,)

    def accepts(self, game: Game, action: Action) -> bool:
        """Is ``action`` (legal now) what this step asks for?"""
        for want in self.expect:
            if want == ANY_BANK:
                if isinstance(action, Play) and action.dst.kind == "bank":
                    return True
            elif want == ANY_FAULT:
                if leaves_fault(game, action):
                    return True
            elif want != NEXT and parse_action(want) == action:
                return True
        return False


def leaves_fault(game: Game, action: Action) -> bool:
    """Would ``action`` (legal now) leave a fault open, not on the Banks?"""
    if isinstance(action, Play) and action.dst.kind == "bank":
        return False
    probe = game.position.clone()
    apply(probe, action)
    return probe.fault is not None and probe.player == game.position.player


@dataclass(frozen=True)
class Lesson:
    id: str
    number: int
    titled: str  # the file's (English) title; ``title`` is it in the player's language
    minutes: int
    sections: tuple[str, ...]
    position: Position
    steps: tuple[Step, ...]
    kind: str = "steps"
    options: Any = None  # settings of a practice or a game lesson

    @property
    def title(self) -> str:
        return _(self.titled)

    def new_game(self) -> Game:
        return Game(self.position.clone())


def complete_position(lines: Sequence[str], rest: Sequence[str] = ("handA", "handB")) -> Position:
    """The position written by ``lines``, the cards it leaves out dealt face down
    (shuffled with a fixed seed) under the piles named in ``rest``: pack ``a`` to
    the first, pack ``b`` to the last."""
    placed: set[int] = set()
    fields: dict[str, str] = {}
    for raw in lines:
        name, sep, value = raw.partition(":")
        if not sep:
            raise ValueError(f"position line without ':': {raw!r}")
        fields[name.strip()] = value.strip()
        if _PILE.match(name.strip()):
            placed.update(parse_cards(value.replace("|", " ")))
    missing = [c for c in CARDS if c not in placed]
    random.Random(len(missing)).shuffle(missing)
    extra: dict[str, list[str]] = {}
    for card in missing:
        extra.setdefault(rest[0] if card.pack == 0 else rest[-1], []).append(TEXT[card])
    for pile, cards in extra.items():
        down, bar, up = fields.get(pile, "").partition("|")
        fields[pile] = " ".join([*cards, down.strip()]).strip() + (
            f" | {up.strip()}" if bar else ""
        )
    text = "\n".join(f"{k}: {v}" for k, v in fields.items()) + "\n"
    return Position.from_text(text)


def _actions(items: Any, where: str) -> tuple[Action, ...]:
    try:
        return tuple(parse_action(a) for a in items)
    except (ValueError, TypeError) as e:
        raise LessonError(f"{where}: {e}") from None


def _step(data: dict[str, Any], rest: Sequence[str], where: str) -> Step:
    expect = data.get("expect", [NEXT])
    if isinstance(expect, str):
        expect = [expect]
    for want in expect:
        if want not in TOKENS:
            _actions([want], where)
    show_text = data.get("show", expect[0] if expect[0] not in TOKENS else None)
    try:
        highlight = tuple(Place.parse(p) for p in data.get("highlight", []))
        position = complete_position(data["position"], rest) if "position" in data else None
        holds = tuple(_held(line) for line in data.get("holds", []))
    except (ValueError, AssertionError, TypeError) as e:
        raise LessonError(f"{where}: {e}") from None
    if not isinstance(data.get("say"), str) or not data["say"].strip():
        raise LessonError(f"{where}: a step needs a 'say' text")
    return Step(
        said=data["say"],
        expect=tuple(expect),
        highlight=highlight,
        show=_actions([show_text], where)[0] if show_text else None,
        wrong_said=data.get("wrong", ""),
        reply=_actions(data.get("reply", []), where),
        position=position,
        fault=bool(data.get("fault", False)),
        holds=holds,
    )


def _held(line: str) -> tuple[Place, tuple[Card, ...]]:
    """A ``holds`` line, ``bank1: ACa 2Ca 3Ca 4Cb``: a pile and its cards."""
    name, sep, cards = line.partition(":")
    if not sep or not _PILE.match(name.strip()) or name.strip() == "held":
        raise ValueError(f"a 'holds' line names a pile and its cards: {line!r}")
    return Place.parse(name.strip()), tuple(parse_cards(cards))


def parse_lesson(data: dict[str, Any], name: str = "lesson") -> Lesson:
    rest = data.get("rest", ["handA", "handB"])
    try:
        position = complete_position(data["position"], rest)
    except (KeyError, ValueError, AssertionError) as e:
        raise LessonError(f"{name}: bad position: {e}") from None
    steps = tuple(
        _step(s, rest, f"{name} step {i + 1}") for i, s in enumerate(data.get("steps", []))
    )
    kind = data.get("kind", "steps")
    if kind not in KINDS:
        raise LessonError(f"{name}: unknown kind {kind!r}")
    if not steps:
        raise LessonError(f"{name}: a lesson needs at least one step")
    lesson = Lesson(
        id=data["id"],
        number=int(data["number"]),
        titled=data["title"],
        minutes=int(data.get("minutes", 2)),
        sections=tuple(data.get("sections", [])),
        position=position,
        steps=steps,
        kind=kind,
        options=data.get(kind),
    )
    check_lesson(lesson)
    return lesson


def check_lesson(lesson: Lesson) -> None:
    """Walk the lesson through the engine: every wanted action legal, Show me
    accepted, a fault only where the step means one, every reply legal."""
    game = lesson.new_game()
    for i, step in enumerate(lesson.steps):
        where = f"lesson {lesson.number} ({lesson.id}) step {i + 1}"
        if step.position is not None:
            game = Game(step.position.clone())
        piles = TwoPackView(game.position.rules).piles(game.position)
        for place, cards in step.holds:
            there = tuple(piles[place].cards)
            if there != cards:
                want = " ".join(c.label for c in cards) or "nothing"
                shown = " ".join(c.label for c in there) or "nothing"
                raise LessonError(f"{where}: its words say {place} holds {want}; it holds {shown}")
        if not step.look:
            wanted = [parse_action(w) for w in step.expect if w not in TOKENS]
            for action in wanted:
                reason = game.reason(action)
                if reason is not None:
                    raise LessonError(f"{where}: {action} is not legal: {reason}")
                if not step.fault and game.would_fault(action) is not None:
                    raise LessonError(f"{where}: {action} would be a fault")
            if step.show is None:
                raise LessonError(f"{where}: the step needs a 'show' action")
            if game.reason(step.show) is not None or not step.accepts(game, step.show):
                raise LessonError(f"{where}: Show me ({step.show}) is not what the step wants")
            game.apply(step.show)
        for action in step.reply:
            reason = game.reason(action)
            if reason is not None:
                raise LessonError(f"{where}: the reply {action} is not legal: {reason}")
            game.apply(action)


def load_lessons(folder: Path = LESSONS_DIR) -> list[Lesson]:
    """Every lesson file in ``folder``, checked, in the order of their numbers."""
    lessons = []
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise LessonError(f"{path.name}: {e}") from None
        lessons.append(parse_lesson(data, path.name))
    lessons.sort(key=lambda lesson: lesson.number)
    numbers = [lesson.number for lesson in lessons]
    if numbers != list(range(1, len(lessons) + 1)):
        raise LessonError(f"lesson numbers must run 1..n, found {numbers}")
    return lessons


def extract_words(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Any:
    """Babel's extractor for lesson files (``babel.cfg``): each title, ``say`` and
    ``wrong`` text, with the line it is on and a comment naming the lesson."""
    raw = fileobj.read().decode("utf-8")
    data = json.loads(raw)
    lines = raw.splitlines()

    def line_of(text: str) -> int:
        quoted = json.dumps(text, ensure_ascii=False)
        return next((i + 1 for i, ln in enumerate(lines) if quoted in ln), 1)

    note = f"lesson {data.get('number')} ({data.get('id')})"
    yield line_of(data["title"]), "_", data["title"], [f"{note}: its title"]
    for i, step in enumerate(data.get("steps", [])):
        for key in ("say", "wrong"):
            if step.get(key):
                yield line_of(step[key]), "_", step[key], [f"{note} step {i + 1}: {key}"]
