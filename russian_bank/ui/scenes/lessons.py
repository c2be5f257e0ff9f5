"""Learn to play: the list of lessons, each ticked when done; a lesson opens over
the table by name (``"lesson"``, :mod:`.tutorial`), never by import."""

from __future__ import annotations

from ...i18n import N_, _
from ..kit.lessons import lessons, progress_of
from . import registry
from .base import Host, Overlay


class LessonsScene(Overlay):
    """Every lesson, ticked when done; the one left part way says so."""

    title = N_("Learn to play")

    def __init__(self, app: Host, welcome: bool = False) -> None:
        super().__init__(app)
        self.welcome = welcome

    def lines(self) -> list[str]:
        if self.welcome:
            return [_("New to Russian Bank? Eleven short lessons teach it at the table.")]
        return [_("Pick a lesson; finished ones are ticked and can be played again.")]

    def items(self) -> list[tuple[str, str]]:
        p = progress_of(self.app)
        out = []
        for lesson in lessons():
            mark = " \u2713" if lesson.id in p.done else ""
            if p.at == lesson.id:
                mark = " " + _("(resume at step {n})").format(n=p.step + 1)
            label = _("{number}. {title} \u00b7 {minutes} min").format(
                number=lesson.number, title=lesson.title, minutes=lesson.minutes
            )
            label += mark
            out.append((f"lesson:{lesson.id}", label))
        back = _("Not now: go to the table") if self.welcome else _("Back")
        return [*out, ("back", back)]

    def style(self, name: str) -> str:
        return "dim" if name == "back" else "plain"

    def choose(self, name: str) -> None:
        if name == "back":
            self.app.pop()
            return
        wanted = name.split(":", 1)[1]
        lesson = next(x for x in lessons() if x.id == wanted)
        start = progress_of(self.app).resume_step(lesson.id)
        registry.over_table("lesson", self.app, lesson, start)


__all__ = ["LessonsScene"]
