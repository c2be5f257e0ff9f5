"""Learn to play: lessons as data, the pure lesson runner, the live Stop
practice and the coach (docs/tutorial.md). No pygame here."""

from ..game.advice import Advice
from .coach import explain_missed, explain_stop, fault_warning, hint
from .lesson import Lesson, LessonError, Step, load_lessons
from .practice import PracticeReport, StopPractice
from .progress import Progress
from .runner import LessonRunner, Verdict

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
