"""The history screens: Past games and importing a game file (Statistics: :mod:`.stats`).

Each is a full-window scene (``handle_event`` / ``update`` / ``draw``; ``draw``
changes nothing) over the table, opened from the menu. The records, the
statistics and their reset live in :mod:`russian_bank.history`; these screens
only show them. The replay is in :mod:`.replay`.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from ...engine.rules import COMMITTEE
from ...history import Kept, RecordError, Replay, Store
from ...history.store import Reading
from ...i18n import N_, NC_, _, ngettext, pgettext
from ..kit.text import wrap
from ..kit.widgets import DIM, WHITE
from . import registry
from .base import Host, Overlay
from .page import (
    READ_SHARE,
    Page,
    Text,
    fit_size,
    least,
    opponent_words,
    reading_words,
    rules_words,
)

# TRANSLATORS: the months, short, as the Past games dates show them
MONTHS = (
    NC_("month", "Jan"),
    NC_("month", "Feb"),
    NC_("month", "Mar"),
    NC_("month", "Apr"),
    NC_("month", "May"),
    NC_("month", "Jun"),
    NC_("month", "Jul"),
    NC_("month", "Aug"),
    NC_("month", "Sep"),
    NC_("month", "Oct"),
    NC_("month", "Nov"),
    NC_("month", "Dec"),
)


def local_time(kept: Kept) -> str:
    """When the game was played, in local time: ``01 Dec 2026 16:10``."""
    t = kept.when.astimezone()
    month = pgettext("month", MONTHS[t.month - 1])
    return f"{t.day:02d} {month} {t.year} {t.hour:02d}:{t.minute:02d}"


# ---------------------------------------------------------------------- Past games


HEADS = [N_("Date"), N_("Opponent"), N_("Result"), N_("Moves")]


def heads() -> list[str]:
    """The Past games columns' heads in the language in force."""
    return [_(h) for h in HEADS]


class PastGamesScene(Page):
    """Kept games, newest first; click one to replay it."""

    title = N_("Past games")

    def __init__(self, app: Host, store: Store | None = None) -> None:
        super().__init__(app)
        self.store = store or Store()
        self.games: list[Kept] = []
        self.top = 0  # first row shown
        self.reload()

    def reload(self) -> None:
        """Read the kept games again: a frame's share now, the rest frame by frame
        (ten thousand games open at once, the rows filling in)."""
        self.reading = Reading(self.store)
        self.games = self.reading.games
        self.progress = ""  # the note while reading
        self._read()

    def update(self, dt: float) -> None:
        if not self.reading.done:
            self._read()

    def _read(self) -> None:
        progress = self.note == self.progress
        if not self.reading.read(READ_SHARE):
            if progress or not self.note:  # (a note of what just happened stays)
                self.note = self.progress = reading_words(self.reading)
            return
        if progress:
            self.note = ""  # (all read: the progress goes)
        self.games = self.reading.games
        if self.store.damaged:
            n = len(self.store.damaged)
            text = ngettext(
                "{n} file in {folder} could not be read",
                "{n} files in {folder} could not be read",
                n,
            )
            self.note = text.format(n=n, folder=self.store.folder)
        if self.store.problem:
            self.note = self.store.problem

    def items(self) -> list[tuple[str, str]]:
        return [
            ("import", _("Import a game file")),
            ("server", _("From the server")),
            ("back", _("Back")),
        ]

    def row_height(self) -> int:
        """Two units, or more when a long name takes lines of its own."""
        u = self.unit()
        size, _widths, lines = self.fit()
        return max(int(u * 2.0), lines * self.app.assets.font(size).get_linesize() + u // 2)

    def rows(self, height: int | None = None) -> list[tuple[int, pygame.Rect]]:
        """(index into games, rect) of each visible row."""
        body = self.body()
        u = self.unit()
        h = self.row_height() if height is None else height
        first = body.y + int(u * 1.8)
        n = max(1, (body.bottom - first) // h)
        return [
            (i, pygame.Rect(body.x, first + k * h, body.w, h - 2))
            for k, i in enumerate(range(self.top, min(len(self.games), self.top + n)))
        ]

    def click(self, pos: tuple[int, int]) -> None:
        for i, r in self.rows():
            if r.collidepoint(pos):
                self.open(i)
                return

    def open(self, i: int) -> None:
        try:
            replay = Replay(self.games[i])
        except RecordError as e:
            self.note = _("That game cannot be replayed: {why}").format(why=e)
            return
        registry.push("replay", self.app, replay, self.store)

    def choose(self, name: str) -> None:
        if name == "import":
            self.app.push(ImportScene(self.app, self))
        elif name == "server":  # one's games kept by the Play online server (.archive)
            registry.push("server games", self.app, self)
        else:
            super().choose(name)

    def handle_event(self, event: pygame.event.Event) -> None:
        page = max(1, len(self.rows()))
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * 3)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll(page if event.key == pygame.K_PAGEDOWN else 1)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll(-page if event.key == pygame.K_PAGEUP else -1)
        else:
            super().handle_event(event)

    def scroll(self, by: int) -> None:
        self.top = max(0, min(self.top + by, len(self.games) - 1))

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect, u: int) -> None:
        for i, r in self.rows():
            if i % 2 == 0:
                pygame.draw.rect(surface, (16, 52, 34), r)

    def cells(self, i: int) -> list[str]:
        k = self.games[i]
        who = opponent_words(k.opponent())
        if k.rules != COMMITTEE.spec:
            who += f" ({rules_words(k.rules)})"
        moves = ngettext("{n} action", "{n} actions", k.actions).format(n=k.actions)
        return [local_time(k), who, k.result_words(), moves]

    def fit(self) -> tuple[int, list[int], int]:
        """The columns as wide as their widest text, one font size for the whole
        table, as large as lets every column fit the width with a gap between; at
        the smallest size, the Opponent column takes the width left and its texts
        wrap (a name is never cut off): the size, the widths, its most lines."""
        a, body, u = self.app.assets, self.body(), self.unit()
        cells = [self.cells(i) for i, _r in self.rows(int(u * 2.0))]
        size = u
        named = heads()
        while True:
            f, fb = a.font(size), a.font(size, True)
            widths = [
                max([fb.size(h)[0], *(f.size(c[n])[0] for c in cells)]) for n, h in enumerate(named)
            ]
            if sum(widths) + u * (len(named) - 1) <= body.w or size <= least(a):
                break
            size -= 1
        left = body.w - u * (len(named) - 1) - sum(widths) + widths[1]
        if left >= widths[1]:
            return size, widths, 1
        widths[1] = max(fb.size(named[1])[0], left)
        return size, widths, max([1, *(len(wrap(f, c[1], widths[1])) for c in cells)])

    def body_texts(self, body: pygame.Rect, u: int) -> list[Text]:
        a = self.app.assets
        named = heads()
        shown = self.rows()
        cells = [self.cells(i) for i, _r in shown]
        gap = u
        size, widths, _lines = self.fit()
        f, fb = a.font(size), a.font(size, True)
        spare = max(0, body.w - sum(widths) - gap * (len(named) - 1)) // len(named)
        xs = [body.x]
        for w in widths[:-1]:
            xs.append(xs[-1] + w + gap + spare)
        out: list[Text] = []
        for x, h in zip(xs, named, strict=True):
            tw, th = fb.size(h)
            out.append((h, size, True, DIM, pygame.Rect(x, body.y, tw, th), body))
        if not self.games:
            text = _("No games yet: every finished game is kept here.")
            if not self.reading.done:
                text = reading_words(self.reading)
            for n, line in enumerate(wrap(f, text, body.w)):
                tw, th = f.size(line)
                where = pygame.Rect(body.x, body.y + u * 3 + n * th, tw, th)
                out.append((line, size, False, WHITE, where, body))
            return out
        line_h = f.get_linesize()
        for (i, r), texts in zip(shown, cells, strict=True):
            color = WHITE if self.games[i].outcome is not None else DIM
            for n, (x, text) in enumerate(zip(xs, texts, strict=True)):
                lines = wrap(f, text, widths[n]) if n == 1 else [text]
                y = r.centery - line_h * len(lines) // 2
                for k, line in enumerate(lines):
                    tw, th = f.size(line)
                    rect = pygame.Rect(x, y + k * line_h, tw, th)
                    out.append((line, size, False, color, rect, body))
        span = _("{first}-{last} of {count}  (wheel or arrows to scroll)").format(
            first=shown[0][0] + 1, last=shown[-1][0] + 1, count=len(self.games)
        )
        fs = fit_size(a, [span], max(least(a), int(u * 0.85)), False, body.w)
        tw, th = a.font(fs).size(span)
        where = pygame.Rect(body.right - tw, body.bottom - th, tw, th)
        out.append((span, fs, False, DIM, where, body))
        return out


class ImportScene(Overlay):
    """Type the path of a game file; it is checked in full before it is kept."""

    title = N_("Import a game file")

    def __init__(self, app: Host, past: PastGamesScene) -> None:
        super().__init__(app)
        self.past = past
        self.path = ""
        self.error = ""

    def lines(self) -> list[str]:
        out = [_("Type the file's path and press Enter:"), (self.path or "") + "_"]
        if self.error:
            out.append(self.error)
        return out

    def items(self) -> list[tuple[str, str]]:
        return [("import", _("Import")), ("cancel", _("Cancel"))]

    def choose(self, name: str) -> None:
        if name == "cancel":
            self.app.pop()
            return
        try:
            kept = self.past.store.import_file(Path(self.path).expanduser())
        except RecordError as e:
            self.error = _("Not imported: {why}").format(why=e)
            return
        self.app.pop()
        self.past.reload()
        note = _("Imported the game of {date} ({result})")
        self.past.note = note.format(date=local_time(kept), result=kept.result_words())

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.path = self.path[:-1]
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose("import")
                return
            if event.key != pygame.K_ESCAPE and event.unicode and event.unicode.isprintable():
                self.path += event.unicode
                return
        if event.type == pygame.TEXTINPUT:
            return
        super().handle_event(event)
