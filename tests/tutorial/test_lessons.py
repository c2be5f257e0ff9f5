"""Every lesson loads, each step's wanted action is legal in the engine, and the
pure runner takes each lesson to its end; a wrong action is explained and does
not advance (issue 7)."""

from __future__ import annotations

import json
import re

import pytest

from russian_bank.engine import OVER, Play, parse_action
from russian_bank.tutorial import LessonError, LessonRunner, load_lessons
from russian_bank.tutorial.lesson import ANY_BANK, ANY_FAULT, NEXT, TOKENS, parse_lesson

LESSONS = load_lessons()
NOTATION = re.compile(r"\b(stock|hand|discard)[AB]\b|\b(table|bank)[0-7]\b|\bheld\b")


def test_eleven_lessons_in_the_order_of_the_issue() -> None:
    assert [lesson.id for lesson in LESSONS] == [
        "table",
        "banks",
        "tableau",
        "turning",
        "loading",
        "duty",
        "stop",
        "compel",
        "weaving",
        "score",
        "first-game",
    ]
    assert [lesson.kind for lesson in LESSONS if lesson.kind != "steps"] == ["practice", "game"]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_each_wanted_action_is_legal_in_the_engine(lesson) -> None:  # type: ignore[no-untyped-def]
    runner = LessonRunner(lesson)
    while not runner.done:
        step = runner.step
        assert step is not None
        game = runner.game
        for want in step.expect:
            if want not in TOKENS:
                assert game.reason(parse_action(want)) is None, (lesson.id, runner.index, want)
        if step.look:
            assert runner.next().advanced
        else:
            assert step.show is not None and game.reason(step.show) is None
            assert runner.attempt(step.show).advanced
    assert runner.progress == (len(lesson.steps), len(lesson.steps))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_a_wrong_action_is_explained_and_does_not_advance(lesson) -> None:  # type: ignore[no-untyped-def]
    runner = LessonRunner(lesson)
    while not runner.done:
        step = runner.step
        before = runner.game.position.to_text()
        at = runner.index
        # an illegal gesture: the engine's own reason, with its section
        verdict = runner.attempt(parse_action("play bank0 table0"))
        assert not verdict.ok and runner.message == verdict.explain
        assert ("press Next" if step.look else "§76") in verdict.explain
        assert runner.index == at and runner.game.position.to_text() == before
        if not step.look:
            # a legal action the step does not ask for, when there is one
            others = [a for a in runner.game.legal_actions() if not step.accepts(runner.game, a)]
            others = [a for a in others if not isinstance(a, Play) or a.dst.kind != "bank"]
            others = [a for a in others if type(a).__name__ not in ("Raise", "Back")]
            if others:
                verdict = runner.attempt(others[0])
                assert not verdict.ok and verdict.explain, (lesson.id, at, others[0])
                assert runner.index == at and runner.game.position.to_text() == before
            assert not runner.next().advanced  # Next does not skip a doing step
            verdict = runner.attempt(runner.show_me())  # type: ignore[arg-type]
        else:
            verdict = runner.next()
        assert verdict.advanced and runner.index == at + 1


def test_texts_speak_words_not_engine_notation() -> None:
    for lesson in LESSONS:
        for step in lesson.steps:
            assert not NOTATION.search(step.say), (lesson.id, step.say)
            assert not NOTATION.search(step.wrong), (lesson.id, step.wrong)


def test_steps_cite_the_rules() -> None:
    for lesson in LESSONS:
        cited = [s for s in lesson.steps if "§" in s.say]
        assert cited, lesson.id


def test_s31_lesson_score_reaches_diagram_iv_53_points() -> None:
    lesson = next(x for x in LESSONS if x.id == "score")
    runner = LessonRunner(lesson)
    runner.next()
    runner.attempt(parse_action("play stockA bank4"))  # either J♥ takes the Q♥
    pos = runner.game.position
    assert pos.phase == OVER and pos.outcome is not None
    assert (pos.outcome.winner, pos.outcome.points) == (0, 53)
    assert (pos.outcome.stock_cards, pos.outcome.hand_cards) == (6, 11)


def test_s67_duty_lesson_gets_the_learner_stopped_then_repairs() -> None:
    lesson = next(x for x in LESSONS if x.id == "duty")
    runner = LessonRunner(lesson)
    runner.next()
    verdict = runner.attempt(parse_action("turn hand"))
    assert verdict.advanced and [str(a) for a in verdict.reply] == ["stop B"]
    pos = runner.game.position
    assert pos.player == 1 and pos.held is None  # stopped: the turned card went back (§26)
    runner.next()
    assert runner.game.position.player == 0  # the step starts again from its own position
    runner.attempt(parse_action("play table2 table5"))
    assert runner.game.position.fault is not None
    runner.attempt(parse_action("play stockA bank0"))
    assert runner.game.position.fault is None  # repaired before the call (§69)


def test_s70_compel_lesson_makes_the_adversary_bank() -> None:
    lesson = next(x for x in LESSONS if x.id == "compel")
    runner = LessonRunner(lesson, start=4)
    assert runner.game.position.fault is not None
    bad = runner.attempt(parse_action("stop B"))
    assert not bad.ok and "§24" in bad.explain
    verdict = runner.attempt(parse_action("compel A"))
    assert verdict.advanced and runner.game.position.banks[1][-1].label == "4♣"


def test_resume_starts_at_the_step_left() -> None:
    lesson = next(x for x in LESSONS if x.id == "weaving")
    fresh = LessonRunner(lesson)
    for _ in range(4):
        step = fresh.step
        assert step is not None
        fresh.next() if step.look else fresh.attempt(fresh.show_me())  # type: ignore[arg-type]
    resumed = LessonRunner(lesson, start=4)
    assert resumed.index == 4
    assert resumed.game.position.to_text() == fresh.game.position.to_text()


def test_raise_of_the_wanted_card_is_allowed_others_explained() -> None:
    lesson = next(x for x in LESSONS if x.id == "weaving")
    runner = LessonRunner(lesson)
    runner.next()
    wrong = runner.attempt(parse_action("raise stockA"))
    assert not wrong.ok and "6♣" in wrong.explain and runner.game.position.raised is None
    right = runner.attempt(parse_action("raise table0"))
    assert right.ok and not right.advanced and runner.game.position.raised is not None
    assert runner.attempt(parse_action("play table0 table1")).advanced


def test_loader_refuses_a_lesson_whose_action_is_not_legal() -> None:
    data = json.loads((LESSONS_DIR() / "02-banks.json").read_text(encoding="utf-8"))
    data["steps"][1]["expect"] = "play stockA table0"  # the A♥ cannot go on the K♠
    data["steps"][1]["show"] = "play stockA table0"
    with pytest.raises(LessonError, match="step 2"):
        parse_lesson(data, "broken")


def test_loader_refuses_an_unplanned_fault() -> None:
    data = json.loads((LESSONS_DIR() / "06-duty.json").read_text(encoding="utf-8"))
    data["steps"][1]["fault"] = False
    data["steps"][1]["expect"] = "turn hand"
    with pytest.raises(LessonError, match="fault"):
        parse_lesson(data, "broken")


def test_tokens_are_known_words() -> None:
    assert set(TOKENS) == {NEXT, ANY_BANK, ANY_FAULT}


def LESSONS_DIR():  # type: ignore[no-untyped-def]
    from russian_bank.tutorial.lesson import LESSONS_DIR as folder

    return folder


# -- issue 19: what a lesson says about a card is what the engine says ---------------------

CLAIM = re.compile(r"no place to go|cannot be played|only a space takes it")


def _claims(lesson):  # type: ignore[no-untyped-def]
    """(runner at the step, the step's text) for every step that claims where a card
    may go; the runner walks the lesson by its own "Show me"."""
    runner = LessonRunner(lesson)
    while not runner.done:
        step = runner.step
        assert step is not None
        if CLAIM.search(step.say):
            yield runner, step.say
        shown = runner.show_me()
        assert (runner.next() if shown is None else runner.attempt(shown)).advanced


def _card_meant(pos, say: str):  # type: ignore[no-untyped-def]
    """The card a claim is about: the one its symbol names, else the card in hand."""
    from russian_bank.game.cards import Card

    for c in [pos.held, *(s[-1] for s in pos.stock if s)]:
        if c is not None and Card(c).label in say:
            return c
    assert pos.held is not None, say
    return pos.held


CLAIMED = [(lesson, say) for lesson in LESSONS for _r, say in _claims(lesson)]


def test_i19_some_lessons_claim_where_a_card_may_go() -> None:
    assert {lesson.id for lesson, _say in CLAIMED} >= {"table", "tableau", "turning"}


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_i19_each_no_place_to_go_claim_is_the_engines(lesson) -> None:  # type: ignore[no-untyped-def]
    """Lesson 1 said "This card has no place to go" of 10♣ while J♦ lay on the Table."""
    from russian_bank.engine.moves import source_cards
    from russian_bank.game.places import DISCARD, TABLE

    for runner, say in _claims(lesson):
        pos = runner.game.position
        card = _card_meant(pos, say)
        plays = [
            a
            for a in runner.game.legal_actions()
            if isinstance(a, Play) and source_cards(pos, a.src, a.count)[:1] == [card]
        ]
        if "only a space" in say:
            assert plays and all(a.dst.kind == TABLE and not pos.table[a.dst.index] for a in plays)
        else:  # nowhere, but his own Discard (which ends the innings)
            others = [a for a in plays if not (a.dst.kind == DISCARD and a.dst.index == pos.player)]
            assert others == [], (lesson.id, say, [str(a) for a in others])


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_i19_no_seat_holds_more_cards_than_a_pack(lesson) -> None:  # type: ignore[no-untyped-def]
    """Lesson 4 dealt both packs' spare cards to B's Hand: 68 cards."""
    runner = LessonRunner(lesson)
    while True:
        pos = runner.game.position
        for s in (0, 1):
            own = len(pos.stock[s]) + len(pos.hand[s]) + len(pos.discard[s])
            assert own <= 52, (lesson.id, runner.index, s, own)
        if runner.done:
            break
        shown = runner.show_me()
        assert (runner.next() if shown is None else runner.attempt(shown)).advanced


def test_i19_lesson_names_differ_by_more_than_a_capital() -> None:
    """ "1. The table" and "3. The Table" differed only by a capital letter."""
    folded = [lesson.title.casefold() for lesson in LESSONS]
    assert len(set(folded)) == len(folded), folded
