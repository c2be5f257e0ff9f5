"""The lesson runner: which step the learner is at, checking each attempted
action through the engine, advancing or explaining, and "Show me".

Pure Python: the table scene turns gestures into engine actions and hands them
to :meth:`LessonRunner.attempt`; the runner answers with a :class:`Verdict`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Action, Back, Event, Game, Play, Raise, parse_action
from .coach import fault_warning
from .lesson import ANY_BANK, ANY_FAULT, TOKENS, Lesson, Step, leaves_fault


@dataclass(frozen=True)
class Verdict:
    """What became of an attempt: ``ok`` if the engine applied it; ``advanced``
    if the step is done; ``explain`` says why not (one line, with its §)."""

    ok: bool
    advanced: bool = False
    explain: str = ""
    events: tuple[Event, ...] = field(default=())
    reply: tuple[Action, ...] = ()  # what the computer played after the step


class LessonRunner:
    def __init__(self, lesson: Lesson, start: int = 0) -> None:
        self.lesson = lesson
        self.game = lesson.new_game()
        self.index = 0
        self.message = ""  # the last explanation shown to the learner
        self._enter()
        while self.index < min(start, len(lesson.steps)):  # resume where it was left
            self._finish_step(self.show_me())

    # -- where we are ---------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.index]

    @property
    def progress(self) -> tuple[int, int]:
        return (min(self.index + 1, len(self.lesson.steps)), len(self.lesson.steps))

    def _enter(self) -> None:
        step = self.step
        if step is not None and step.position is not None:
            self.game = Game(step.position.clone())

    # -- the learner's gestures -------------------------------------------------

    def next(self) -> Verdict:
        """The Next button: only a look step goes on this way."""
        step = self.step
        if step is None:
            return Verdict(False, explain="The lesson is over")
        if not step.look:
            return Verdict(False, explain=self._hint_text(step))
        return self._finish_step(None)

    def attempt(self, action: Action) -> Verdict:
        """The learner's gesture, as an engine action."""
        step = self.step
        if step is None:
            return self._refuse("The lesson is over")
        if step.look:
            return self._refuse("Read the note, then press Next")
        reason = self.game.reason(action)
        if reason is not None:
            return self._refuse(reason)
        if isinstance(action, Back):
            return Verdict(True, events=tuple(self.game.apply(action)))
        if isinstance(action, Raise):
            if self._raise_wanted(step, action):
                return Verdict(True, events=tuple(self.game.apply(action)))
            return self._refuse(self._wrong_text(step, action))
        if not step.accepts(self.game, action):
            return self._refuse(self._wrong_text(step, action))
        return self._finish_step(action)

    def show_me(self) -> Action | None:
        """The action "Show me" plays (the scene animates it, then attempts it)."""
        step = self.step
        return None if step is None else step.show

    # -- inside -------------------------------------------------------------------

    def _refuse(self, why: str) -> Verdict:
        self.message = why
        return Verdict(False, explain=why)

    def _finish_step(self, action: Action | None) -> Verdict:
        step = self.step
        assert step is not None
        events: list[Event] = []
        if action is not None:
            events += self.game.apply(action)
        for reply in step.reply:
            events += self.game.apply(reply)
        self.message = ""
        self.index += 1
        self._enter()
        return Verdict(True, True, events=tuple(events), reply=step.reply)

    def _raise_wanted(self, step: Step, action: Raise) -> bool:
        if ANY_FAULT in step.expect and leaves_fault(self.game, action):
            return True
        for want in step.expect:
            if want in (ANY_BANK, ANY_FAULT):
                plays = [a for a in self.game.legal_actions() if isinstance(a, Play)]
                wanted = [a for a in plays if step.accepts(self.game, a)]
            elif want in TOKENS:
                continue
            else:
                wanted = [a for a in [parse_action(want)] if isinstance(a, Play)]
            if any(a.src == action.src and a.count == action.count for a in wanted):
                return True
        return False

    def _hint_text(self, step: Step) -> str:
        return f"Not yet: {first_sentence(step.say)}"

    def _wrong_text(self, step: Step, action: Action) -> str:
        if step.wrong:
            return step.wrong
        if not step.fault:
            warning = fault_warning(self.game, action)
            if warning is not None:
                return warning
        return self._hint_text(step)


def first_sentence(text: str) -> str:
    head, dot, _ = text.partition(". ")
    return head + (dot.strip() if dot else "")
