"""The lesson runner: which step the learner is at, checking each attempted
action through the engine, advancing or explaining, and "Show me".

Pure Python: the table scene turns gestures into engine actions and hands them
to :meth:`LessonRunner.attempt`; the runner answers with a :class:`Verdict`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Action, Back, Event, Game, Play, Raise, parse_action
from ..i18n import _
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
        self._final: Action | None = None  # the judged action that completes the step
        self._replies: list[Action] = []
        self._entering = False
        self._enter()
        while self.index < min(start, len(lesson.steps)):  # resume where it was left
            shown = self.show_me()
            verdict = self.next() if shown is None else self.attempt(shown)
            assert verdict.advanced, verdict

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

    def next(self, play_replies: bool = True) -> Verdict:
        """The Next button: only a look step goes on this way. A table passes
        ``play_replies=False`` and plays them itself (:meth:`pop_reply`)."""
        step = self.step
        if step is None:
            return Verdict(False, explain=_("The lesson is over"))
        if not step.look:
            self.message = why = self._hint_text(step)
            return Verdict(False, explain=why)
        self._advance(step)
        events = self._play_replies() if play_replies else ()
        return Verdict(True, True, events=events, reply=step.reply)

    @property
    def busy(self) -> bool:
        """Replies are still to be played before the next step begins."""
        return bool(self._replies) or self._entering

    def attempt(self, action: Action) -> Verdict:
        """The learner's gesture, as an engine action: judged, applied, and the
        step's replies played when it completes the step."""
        why = self.judge(action)
        if why is not None:
            return Verdict(False, explain=why)
        step = self.step
        events = tuple(self.game.apply(action))
        if not self.record(action):
            return Verdict(True, events=events)
        assert step is not None
        return Verdict(True, True, events=events + self._play_replies(), reply=step.reply)

    def judge(self, action: Action) -> str | None:
        """None if the learner may do ``action`` now (what the step wants, or a
        raise or put-back on the way to it), else the one-line explanation."""
        self._final = None
        step = self.step
        why: str | None
        if step is None:
            why = _("The lesson is over")
        elif step.look:
            why = _("Read the note, then press Next")
        else:
            why = self.game.reason(action)
            if why is None:
                if isinstance(action, Back):
                    return None
                if isinstance(action, Raise):
                    if self._raise_wanted(step, action):
                        return None
                elif step.accepts(self.game, action):
                    self._final = action
                    return None
                why = self._wrong_text(step, action)
        self.message = why
        return why

    def record(self, action: Action) -> bool:
        """``action``, just judged, has been applied to the game: True if it
        completed the step. Its replies are then due (:meth:`pop_reply`)."""
        step = self.step
        if step is None or self._final is None or action != self._final:
            return False
        self._advance(step)
        return True

    def pop_reply(self) -> Action | None:
        """The computer's next reply for the caller to apply; None once all are
        played (the next step's own position, if any, is then set up)."""
        if self._replies:
            return self._replies.pop(0)
        if self._entering:
            self._entering = False
            self._enter()
        return None

    def show_me(self) -> Action | None:
        """The action "Show me" plays (the scene animates it, then attempts it)."""
        step = self.step
        return None if step is None else step.show

    # -- inside -------------------------------------------------------------------

    def _advance(self, step: Step) -> None:
        self._final = None
        self.message = ""
        self.index += 1
        self._replies = list(step.reply)
        self._entering = True

    def _play_replies(self) -> tuple[Event, ...]:
        events: list[Event] = []
        while (reply := self.pop_reply()) is not None:
            events += self.game.apply(reply)
        return tuple(events)

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
        return _("Not yet: {hint}").format(hint=first_sentence(step.say))

    def _wrong_text(self, step: Step, action: Action) -> str:
        if step.wrong:
            return step.wrong
        if not step.fault:
            warning = fault_warning(self.game, action)
            if warning is not None:
                return warning
        return self._hint_text(step)


def first_sentence(text: str) -> str:
    head, dot, _rest = text.partition(". ")
    return head + (dot.strip() if dot else "")
