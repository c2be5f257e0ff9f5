"""Learn to play: lessons as data, the pure lesson runner, the live Stop
practice and the coach (docs/tutorial.md). No pygame here.

Each name is imported from its module when first asked for (issue 42: the table
starts without the lessons; the coach's hints load ``coach`` alone)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

if TYPE_CHECKING:
    from ..game.advice import Advice
    from .coach import explain_missed, explain_stop, fault_warning, hint
    from .lesson import Lesson, LessonError, Step, load_lessons
    from .practice import PracticeReport, StopPractice
    from .progress import Progress
    from .runner import LessonRunner, Verdict

__getattr__ = lazy_names(  # each name's module
    __name__,
    {
        "..game.advice": ("Advice",),
        ".coach": ("explain_missed", "explain_stop", "fault_warning", "hint"),
        ".lesson": ("Lesson", "LessonError", "Step", "load_lessons"),
        ".practice": ("PracticeReport", "StopPractice"),
        ".progress": ("Progress",),
        ".runner": ("LessonRunner", "Verdict"),
    },
)


__all__ = [
    "Advice",
    "Lesson",
    "LessonError",
    "LessonRunner",
    "PracticeReport",
    "Progress",
    "Step",
    "StopPractice",
    "Verdict",
    "explain_missed",
    "explain_stop",
    "fault_warning",
    "hint",
    "load_lessons",
]
