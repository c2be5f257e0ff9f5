"""Issue 41 point 15: a lesson's sentence matches the position. Lesson 8 step 6 says
"He banked the 4♣"; the engine checks the Bank holds it when the step is shown, and
the Compel that put it there is told as a Compel to the Banks (§38, §70), never "to the
Table"."""

from __future__ import annotations

import json

import pytest

from russian_bank.game.events import Compelled
from russian_bank.history.narration import compel_words
from russian_bank.tutorial import load_lessons
from russian_bank.tutorial.lesson import LESSONS_DIR, LessonError, check_lesson, parse_lesson
from russian_bank.tutorial.runner import LessonRunner


def lesson(number: int):
    return next(x for x in load_lessons() if x.number == number)


def test_s70_lesson_8_step_6_says_what_the_compel_did() -> None:
    runner = LessonRunner(lesson(8))
    compels = []
    while not runner.done:
        shown = runner.show_me()
        verdict = runner.next() if shown is None else runner.attempt(shown)
        assert verdict.advanced
        compels += [e for e in verdict.events if isinstance(e, Compelled)]
    (ev,) = compels
    assert ev.where == "bank"
    assert compel_words(ev) == "A compels B to play 4♣ to the Banks"
    step6 = lesson(8).steps[5]
    assert step6.say.startswith("He banked the 4♣")
    assert [(str(p), [c.label for c in cards]) for p, cards in step6.holds] == [
        ("bank1", ["A♣", "2♣", "3♣", "4♣"])
    ]


def test_s70_a_sentence_that_does_not_match_the_table_refuses_to_load() -> None:
    data = json.loads((LESSONS_DIR / "08-compel.json").read_text(encoding="utf-8"))
    data["steps"][5]["holds"] = ["bank1: ACa 2Ca 3Ca"]  # as if the 4♣ had gone elsewhere
    said = "step 6: its words say bank1 holds A♣ 2♣ 3♣; it holds A♣ 2♣ 3♣ 4♣"
    with pytest.raises(LessonError, match=said):
        parse_lesson(data, "08-compel.json")
    check_lesson(lesson(8))  # the lesson as shipped passes


def test_a_holds_line_must_name_a_pile() -> None:
    data = json.loads((LESSONS_DIR / "08-compel.json").read_text(encoding="utf-8"))
    data["steps"][5]["holds"] = ["the Banks: 4Cb"]
    with pytest.raises(LessonError, match="holds"):
        parse_lesson(data, "08-compel.json")
