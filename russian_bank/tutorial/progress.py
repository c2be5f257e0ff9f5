"""How far the learner has got: lessons done and where a lesson was left.

Saved as a small JSON object inside the settings file (``lessons`` field of
``ui/settings.py``): ``{"done": ["banks", ...], "at": "table", "step": 3}``.
Anything unreadable counts as no progress, never an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .lesson import Lesson


@dataclass
class Progress:
    done: list[str] = field(default_factory=list)
    at: str | None = None  # the lesson left unfinished
    step: int = 0  # the step it was left at

    def to_json(self) -> dict[str, Any]:
        return {"done": list(self.done), "at": self.at, "step": self.step}

    @staticmethod
    def from_json(data: object) -> Progress:
        if not isinstance(data, dict):
            return Progress()
        done = data.get("done", [])
        at = data.get("at")
        step = data.get("step", 0)
        if not isinstance(done, list) or not all(isinstance(d, str) for d in done):
            done = []
        if not isinstance(at, str):
            at = None
        if not isinstance(step, int) or step < 0:
            step = 0
        return Progress(list(done), at, step if at else 0)

    def left_at(self, lesson_id: str, step: int) -> None:
        """The learner leaves a lesson (Esc) at ``step``."""
        self.at, self.step = lesson_id, step

    def finish(self, lesson_id: str) -> None:
        if lesson_id not in self.done:
            self.done.append(lesson_id)
        if self.at == lesson_id:
            self.at, self.step = None, 0

    def resume_step(self, lesson_id: str) -> int:
        """The step to start ``lesson_id`` at (0 unless it was left part way)."""
        return self.step if self.at == lesson_id else 0

    def next_lesson(self, lessons: Sequence[Lesson]) -> Lesson | None:
        """The lesson to offer: the one left part way, else the first not done."""
        for lesson in lessons:
            if lesson.id == self.at:
                return lesson
        for lesson in lessons:
            if lesson.id not in self.done:
                return lesson
        return None
