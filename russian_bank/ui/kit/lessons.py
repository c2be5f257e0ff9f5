"""The lessons as their screens use them (the Lessons list, a lesson at the table):
every lesson, read once, and the player's progress, kept with the settings. Imported
with those screens only (issue 42: the table starts without the lessons)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Protocol

from ...tutorial.lesson import Lesson, load_lessons
from ...tutorial.progress import Progress

if TYPE_CHECKING:
    from ..settings import Settings


class Host(Protocol):
    """What the lessons use of the application (``scenes.base.Host`` has it)."""

    @property
    def settings(self) -> Settings: ...

    def save_settings(self) -> None: ...


@cache
def lessons() -> tuple[Lesson, ...]:
    """Every lesson, in order (read once)."""
    return tuple(load_lessons())


def progress_of(app: Host) -> Progress:
    """The player's progress through the lessons (kept with the settings)."""
    return Progress.from_json(app.settings.lessons)


def save_progress(app: Host, progress: Progress) -> None:
    app.settings.lessons = progress.to_json()
    app.save_settings()


__all__ = ["lessons", "progress_of", "save_progress"]
