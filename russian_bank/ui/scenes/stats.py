"""The Statistics screen: the keeper's finished games by opponent and rule set, and
resetting them (the counting is :mod:`russian_bank.history.stats`)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pygame

from ...history import Store, overall, statistics
from ...history.stats import Line
from ...history.store import Reading
from ...i18n import N_, _
from ..kit.text import wrap
from ..kit.widgets import DIM, GOLD, WHITE
from .base import Host, Overlay
from .page import READ_SHARE, Page, Text, least, opponent_words, reading_words, rules_words

STAT_COLUMNS: list[tuple[str, Callable[[Line], str]]] = [
    (N_("Opponent"), lambda x: opponent_words(x.opponent)),
    (N_("Rules"), lambda x: rules_words(x.rules)),
    (N_("Games"), lambda x: str(x.games)),
    (N_("Won"), lambda x: str(x.wins)),
    (N_("Lost"), lambda x: str(x.losses)),
    (N_("Drawn"), lambda x: str(x.draws)),
    (N_("Points won"), lambda x: str(x.points_won)),
    (N_("Points lost"), lambda x: str(x.points_lost)),
    (N_("Win rate"), lambda x: f"{100 * x.win_rate:.0f}%"),
    (N_("Best run"), lambda x: str(x.longest_streak)),
    (N_("Stops called"), lambda x: str(x.stops_called)),
    (N_("Stops suffered"), lambda x: str(x.stops_suffered)),
    (N_("False Stops"), lambda x: str(x.false_stops)),
]
TABLE_PX = 13  # below this on screen the table comes in parts, one under the other


class StatsScene(Page):
    """The keeper's games by opponent and rule set (finished games only)."""

    title = N_("Statistics")

    def __init__(self, app: Host, store: Store | None = None) -> None:
        super().__init__(app)
        self.store = store or Store()
        self.reload()

    def reload(self) -> None:
        """Count the kept games again: a frame's share of the reading now, the rest
        frame by frame (ten thousand games open at once); counted once all are read."""
        self.reading = Reading(self.store)
        self.since = self.store.stats_since()
        self.lines: list[Line] = []
        self.total = overall([], self.since)
        self._read()

    def update(self, dt: float) -> None:
        if not self.reading.done:
            self._read()

    def _read(self) -> None:
        if not self.reading.read(READ_SHARE):
            return
        games = self.reading.games
        self.lines = statistics(games, self.since)
        self.total = overall(games, self.since)
        if self.store.problem:
            self.note = self.store.problem

    def items(self) -> list[tuple[str, str]]:
        return [("reset", _("Reset statistics")), ("back", _("Back"))]

    def choose(self, name: str) -> None:
        if name == "reset":
            self.app.push(ResetStatsScene(self.app, self))
        else:
            super().choose(name)

    def reset(self) -> None:
        now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        try:
            self.store.reset_stats(now)
        except OSError as e:
            self.note = _("The statistics could not be reset ({why})").format(why=e.strerror)
            return
        self.reload()
        self.note = _("Statistics reset: they count the games from now on (Past games keeps all)")

    def body_texts(self, body: pygame.Rect, u: int) -> list[Text]:
        """The table in one font size, headers in bold, as large as lets every
        header word and every value fit its column; headers wrap between words only.
        Where the window is too narrow for every column at a comfortable size
        (``TABLE_PX``), the table comes in two or three parts, one under the other,
        each with the Opponent and Rules columns. The notes wrap inside the panel, at its
        foot."""
        a = self.app.assets
        rows = [*self.lines, self.total] if self.lines else []
        if self.since:
            when = self.since.replace("T", " ").rstrip("Z")
            counted = _(
                "Counted from your side: seat A (at the bottom), or your seat in a network"
                " game, since {when} UTC."
            ).format(when=when)
        else:
            counted = _(
                "Counted from your side: seat A (at the bottom), or your seat in a network game."
            )
        notes = [
            counted,
            _(
                "Best run: the most games won one after another. Stops suffered: Stops"
                " called on you. False Stops: your Stops the referee refused."
            ),
        ]
        nsize = max(least(a), int(u * 0.85))
        nf = a.font(nsize)
        lines = [line for text in notes for line in wrap(nf, text, body.w)]
        vf = a.font(u)
        empty = 0 if rows else int(u * 1.7)  # "No finished games counted yet."
        limit = body.bottom - len(lines) * nf.get_linesize() - u - empty
        # one table if it is comfortable; else two or three parts, the first that is
        # comfortable and fits above the notes; else the one table, smaller
        counts = list(range(2, len(STAT_COLUMNS)))  # the columns after Opponent, Rules
        chosen: tuple[list[Text], int] | None = None
        for parts in range(1, 4):
            out, y, comfortable = [], body.y, True
            per = -(-len(counts) // parts)
            for k in range(parts):
                room = pygame.Rect(body.x, y, body.w, body.bottom - y)
                shown = [0, 1, *counts[k * per : (k + 1) * per]]
                texts, y, fine = self._table(shown, rows, room, u)
                out += texts
                y += u
                comfortable = comfortable and fine
            if parts == 1:
                chosen = (out, y)
            if comfortable and y - u <= limit:
                chosen = (out, y)
                break
        assert chosen is not None
        out, y = chosen
        if not rows:
            text = _("No finished games counted yet.")
            if not self.reading.done:
                text = reading_words(self.reading)
            tw, th = vf.size(text)
            out.append((text, u, False, WHITE, pygame.Rect(body.x, y, tw, th), body))
            y += empty
        y = max(y + u, body.bottom - len(lines) * nf.get_linesize())
        for line in lines:
            tw, th = nf.size(line)
            out.append((line, nsize, False, DIM, pygame.Rect(body.x, y, tw, th), body))
            y += nf.get_linesize()
        return out

    def _table(
        self, columns: list[int], rows: list[Line], body: pygame.Rect, u: int
    ) -> tuple[list[Text], int, bool]:
        """The table of ``columns`` (indexes of STAT_COLUMNS) at the top of ``body``:
        its texts, the y under it, and whether it is at least ``TABLE_PX`` on screen."""
        a = self.app.assets
        cols = [STAT_COLUMNS[i] for i in columns]

        def cell(n: int, head: str, f: Callable[[Line], str]) -> str:
            last = n == len(rows) - 1
            if last and head == "Rules":
                return ""
            return _("All games") if last and head == "Opponent" else f(rows[n])

        gap = u // 2
        start = size = max(u, -(-(TABLE_PX + 1) * 100 // round(a.text_scale * 100)))
        comfort = -(-TABLE_PX * 100 // round(a.text_scale * 100))
        whole = True  # whole values, or (too narrow at a comfortable size) their words
        while True:  # columns as wide as their longest header word or value
            hf, vf, bf = a.font(size, True), a.font(size), a.font(size, True)
            need = [
                max(
                    [hf.size(word)[0] for word in _(head).split()]
                    + [
                        (bf if n == len(rows) - 1 else vf).size(p)[0]
                        for n in range(len(rows))
                        for p in ([cell(n, head, f)] if whole else cell(n, head, f).split())
                    ]
                )
                for head, f in cols
            ]
            if sum(need) + gap * (len(need) - 1) <= body.w:
                break
            if size <= comfort and whole:
                size, whole = start, False  # too narrow: values wrap between words
            elif size <= least(a):
                break
            else:
                size -= 1
        comfortable = round(size * a.text_scale) >= TABLE_PX
        over = sum(need) + gap * (len(need) - 1) - body.w
        if over > 0:  # the longest nicknames: the Opponent column wraps in what is left
            need[0] = max(need[0] - over, hf.size(_(cols[0][0]))[0])
        spare = max(0, body.w - sum(need) - gap * (len(need) - 1)) // len(need)
        widths = [w + spare for w in need]
        xs = [body.x]
        for w in widths[:-1]:
            xs.append(xs[-1] + w + gap)
        hf, vf, bf = a.font(size, True), a.font(size), a.font(size, True)
        out: list[Text] = []
        head_h = 0
        for (head, _f), x0, wd in zip(cols, xs, widths, strict=True):
            box = pygame.Rect(x0, body.y, wd, body.h)
            y = body.y
            for line in wrap(hf, _(head), wd):
                tw, th = hf.size(line)
                out.append((line, size, True, DIM, pygame.Rect(x0, y, tw, th), box))
                y += max(hf.get_linesize(), th)
            head_h = max(head_h, y - body.y)
        y = body.y + head_h + u // 2
        for n in range(len(rows)):
            last = n == len(rows) - 1
            f = bf if last else vf
            # a line as tall as its tallest glyphs (accents stand above the line size)
            step = max(f.get_linesize(), f.size("ÉÀÇg")[1])
            tall = 1
            for (head, fn), x0, wd in zip(cols, xs, widths, strict=True):
                box = pygame.Rect(x0, body.y, wd, body.h)
                lines = wrap(f, cell(n, head, fn), wd)
                tall = max(tall, len(lines))
                for k, text in enumerate(lines):
                    tw, th = f.size(text)
                    where = pygame.Rect(x0, y + k * step, tw, th)
                    out.append((text, size, last, GOLD if last else WHITE, where, box))
            y += max(int(u * 1.7), step * tall + u // 3)
        return out, y, comfortable


class ResetStatsScene(Overlay):
    title = N_("Reset the statistics?")

    def __init__(self, app: Host, stats: StatsScene) -> None:
        super().__init__(app)
        self.stats = stats

    def lines(self) -> list[str]:
        return [
            _("The statistics will count only the games played from now on."),
            _("Past games keeps every game; nothing is deleted."),
        ]

    def items(self) -> list[tuple[str, str]]:
        return [("yes", _("Yes, reset")), ("no", _("No, keep them"))]

    def choose(self, name: str) -> None:
        self.app.pop()
        if name == "yes":
            self.stats.reset()
