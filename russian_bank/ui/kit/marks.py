"""The review's marks as the replay shows them: each kind's tag and colour in the
move log, and the line that sums up the review (issue 44 adds the mistakes that
lost a chance of winning)."""

from __future__ import annotations

from collections.abc import Iterable

from ...history.review import EXPERT, FAULT, MISTAKE, STOP, Mark, ReviewJob
from ...i18n import _, ngettext
from .widgets import DIM, GOLD, WHITE

Color = tuple[int, int, int]

MARK_STYLE: dict[str, tuple[str, Color]] = {
    FAULT: ("!", (255, 120, 100)),
    STOP: ("S", (255, 190, 90)),
    MISTAKE: ("?", (255, 150, 210)),
    EXPERT: ("E", (140, 190, 255)),
}


def review_summary(job: ReviewJob | None, marks: Iterable[Mark], stops: bool) -> tuple[str, Color]:
    """What the review says above the moves: how to start it, its progress, or what
    it found (``stops``: the game has Stops, so faults can be let pass)."""
    if job is None:
        if stops:
            return _("Review (R): find the faults not stopped, the Stops and better plays"), DIM
        return _("Review (R): find better plays"), DIM
    if not job.done:
        text = _("Reviewing in the background: {percent}%")
        return text.format(percent=f"{100 * job.progress:.0f}"), GOLD
    found = list(marks)
    count = {kind: sum(1 for m in found if m.kind == kind) for kind in MARK_STYLE}
    said = ngettext(
        "E {n} better play by the Expert  (N: next mark)",
        "E {n} better plays by the Expert  (N: next mark)",
        count[EXPERT],
    ).format(n=count[EXPERT])
    if count[MISTAKE]:
        mistakes = ngettext(
            "? {n} mistake that lost a chance to win",
            "? {n} mistakes that lost a chance to win",
            count[MISTAKE],
        )
        said = f"{mistakes.format(n=count[MISTAKE])}  {said}"
    if stops:
        faults = ngettext("! {n} fault not stopped", "! {n} faults not stopped", count[FAULT])
        called = ngettext("S {n} Stop", "S {n} Stops", count[STOP]).format(n=count[STOP])
        said = f"{faults.format(n=count[FAULT])}  {called}  {said}"
    return said, WHITE


__all__ = ["MARK_STYLE", "review_summary"]
