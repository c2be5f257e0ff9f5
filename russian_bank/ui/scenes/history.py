"""The history screens: Past games, Statistics, and importing a game file.

Each is a full-window scene (``handle_event`` / ``update`` / ``draw``; ``draw``
changes nothing) over the table, opened from the menu. The records, the
statistics and their reset live in :mod:`russian_bank.history`; these screens
only show them. The replay is in :mod:`.replay`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pygame

from ...engine.rules import COMMITTEE, rule_set
from ...game import game_type
from ...history import Kept, RecordError, Replay, Store, overall, statistics
from ...history.stats import Line
from ...onepack import NAME as ONE_PACK
from ...onepack.bots import LEVELS
from ..kit.widgets import DIM, FELT, GOLD, PANEL, WHITE, Button
from . import registry
from .base import Host, Overlay, Scene

RED = (255, 150, 140)
OPPONENT_WORDS = {
    "human": "Human (hot seat)",
    "novice": "Computer, Novice",
    "club": "Computer, Club",
    "expert": "Computer, Expert",
    "master": "Computer, Master",
}


def rules_words(name: str) -> str:
    """'Committee rules, 1920' for 'committee' (the rule set's own title)."""
    if name == ONE_PACK:
        return "one pack, 003"
    try:
        r = rule_set(name)
    except ValueError:
        return name
    title = r.title
    if title.startswith("Russian Bank ("):  # the Committee rules: the words inside
        title = title.partition("(")[2].rstrip(")")
    return title + "".join(f" + {flag}" for flag in r.options)


def local_time(kept: Kept) -> str:
    return kept.when.astimezone().strftime("%d %b %Y %H:%M")


class Page(Scene):
    """A full-window page: a title, a body drawn by the subclass, a row of buttons."""

    title = ""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.note = ""  # one line under the body: what just happened

    def unit(self) -> int:
        W, H = self.app.size
        return max(11, min(W // 70, H // 42))

    def items(self) -> list[tuple[str, str]]:
        return [("back", "Back")]

    def buttons(self) -> list[Button]:
        W, H = self.app.size
        u = self.unit()
        items = self.items()
        bw, bh, gap = u * 13, int(u * 2.2), u
        x = (W - (len(items) * (bw + gap) - gap)) // 2
        out = []
        for name, label in items:
            out.append(Button(name, label, pygame.Rect(x, H - bh - u, bw, bh), self.style(name)))
            x += bw + gap
        return out

    def style(self, name: str) -> str:
        return "plain"

    def body(self) -> pygame.Rect:
        W, H = self.app.size
        u = self.unit()
        return pygame.Rect(u * 2, u * 4, W - u * 4, H - u * 10)

    def choose(self, name: str) -> None:
        if name == "back":
            self.app.pop()

    def click(self, pos: tuple[int, int]) -> None:
        pass

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons():
                if b.rect.collidepoint(event.pos):
                    self.choose(b.name)
                    return
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(FELT)
        W, H = self.app.size
        u = self.unit()
        a = self.app.assets
        t = a.text(self.title, int(u * 1.8), GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(W // 2, u)))
        body = self.body()
        pygame.draw.rect(surface, PANEL, body.inflate(u, u), border_radius=u)
        self.draw_body(surface, body, u)
        if self.note:
            t = a.font(u).render(self.note, True, GOLD, None, W - 4 * u)
            surface.blit(t, t.get_rect(midbottom=(W // 2, H - int(u * 3.6))))
        for b in self.buttons():
            self.app.renderer._button(surface, b, self.app.game_scene.layout)

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect, u: int) -> None:
        pass


# ---------------------------------------------------------------------- Past games


class PastGamesScene(Page):
    """Kept games, newest first; click one to replay it."""

    title = "Past games"

    def __init__(self, app: Host, store: Store | None = None) -> None:
        super().__init__(app)
        self.store = store or Store()
        self.games: list[Kept] = []
        self.top = 0  # first row shown
        self.reload()

    def reload(self) -> None:
        self.games = self.store.games()
        if self.store.damaged:
            n = len(self.store.damaged)
            self.note = f"{n} file{'s' if n != 1 else ''} in {self.store.folder} could not be read"
        if self.store.problem:
            self.note = self.store.problem

    def items(self) -> list[tuple[str, str]]:
        return [("import", "Import a game file"), ("back", "Back")]

    def row_height(self) -> int:
        return int(self.unit() * 2.0)

    def rows(self) -> list[tuple[int, pygame.Rect]]:
        """(index into games, rect) of each visible row."""
        body = self.body()
        u = self.unit()
        h = self.row_height()
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
        if self.games[i].rules == ONE_PACK:
            self.open_one_pack(self.games[i])
            return
        try:
            replay = Replay(self.games[i])
        except RecordError as e:
            self.note = f"That game cannot be replayed: {e}"
            return
        registry.push("replay", self.app, replay, self.store)

    def open_one_pack(self, kept: Kept) -> None:
        """A one-pack game opens on its own table, where it ended."""
        try:
            game = game_type(kept.rules).game_from_record(kept.record)
        except ValueError as e:
            self.note = f"That game cannot be opened: {e}"
            return
        opponent = kept.opponent() if kept.opponent() in ("human", *LEVELS) else "human"
        self.app.scenes = [registry.make("one pack", self.app, opponent=opponent, game=game)]

    def choose(self, name: str) -> None:
        if name == "import":
            self.app.push(ImportScene(self.app, self))
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
        a = self.app.assets
        cols = [0.0, 0.2, 0.45, 0.82]
        heads = ["Date", "Opponent of A", "Result", "Moves"]
        for c, h in zip(cols, heads, strict=True):
            surface.blit(a.text(h, u, DIM, bold=True), (body.x + int(c * body.w), body.y))
        if not self.games:
            t = a.text("No games yet: every finished game is kept here.", u, WHITE)
            surface.blit(t, (body.x, body.y + u * 3))
            return
        for i, r in self.rows():
            k = self.games[i]
            if i % 2 == 0:
                pygame.draw.rect(surface, (16, 52, 34), r)
            color = WHITE if k.outcome is not None else DIM
            who = OPPONENT_WORDS.get(k.opponent(), k.opponent())
            if k.rules != COMMITTEE.spec:
                who += f" ({rules_words(k.rules)})"
            texts = [local_time(k), who]
            texts += [k.result_words(), f"{k.actions} actions"]
            for c, text in zip(cols, texts, strict=True):
                x = body.x + int(c * body.w)
                t = a.text(text, u, color)
                surface.blit(t, t.get_rect(midleft=(x, r.centery)))
        shown = self.rows()
        span = f"{shown[0][0] + 1}-{shown[-1][0] + 1} of {len(self.games)}"
        t = a.text(f"{span}  (wheel or arrows to scroll)", int(u * 0.85), DIM)
        surface.blit(t, t.get_rect(bottomright=body.bottomright))


class ImportScene(Overlay):
    """Type the path of a game file; it is checked in full before it is kept."""

    title = "Import a game file"

    def __init__(self, app: Host, past: PastGamesScene) -> None:
        super().__init__(app)
        self.past = past
        self.path = ""
        self.error = ""

    def lines(self) -> list[str]:
        out = ["Type the file's path and press Enter:", (self.path or "") + "_"]
        if self.error:
            out.append(self.error)
        return out

    def items(self) -> list[tuple[str, str]]:
        return [("import", "Import"), ("cancel", "Cancel")]

    def choose(self, name: str) -> None:
        if name == "cancel":
            self.app.pop()
            return
        try:
            kept = self.past.store.import_file(Path(self.path).expanduser())
        except RecordError as e:
            self.error = f"Not imported: {e}"
            return
        self.app.pop()
        self.past.reload()
        self.past.note = f"Imported the game of {local_time(kept)} ({kept.result_words()})"

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


# ---------------------------------------------------------------------- Statistics


STAT_COLUMNS: list[tuple[str, Callable[[Line], str]]] = [
    ("Opponent of A", lambda x: OPPONENT_WORDS.get(x.opponent, x.opponent)),
    ("Rules", lambda x: rules_words(x.rules)),
    ("Games", lambda x: str(x.games)),
    ("Won", lambda x: str(x.wins)),
    ("Lost", lambda x: str(x.losses)),
    ("Drawn", lambda x: str(x.draws)),
    ("Points won", lambda x: str(x.points_won)),
    ("Points lost", lambda x: str(x.points_lost)),
    ("Win rate", lambda x: f"{100 * x.win_rate:.0f}%"),
    ("Best run", lambda x: str(x.longest_streak)),
    ("Stops called", lambda x: str(x.stops_called)),
    ("Stops suffered", lambda x: str(x.stops_suffered)),
    ("False Stops", lambda x: str(x.false_stops)),
]
WIDTHS = [2.0, 2.0, 0.8, 0.7, 0.7, 0.8, 1.1, 1.1, 1.0, 1.0, 1.2, 1.3, 1.1]


class StatsScene(Page):
    """Seat A's games by opponent and rule set (finished games only)."""

    title = "Statistics"

    def __init__(self, app: Host, store: Store | None = None) -> None:
        super().__init__(app)
        self.store = store or Store()
        self.reload()

    def reload(self) -> None:
        games = self.store.games()
        since = self.store.stats_since()
        self.lines = statistics(games, since)
        self.total = overall(games, since)
        self.since = since
        if self.store.problem:
            self.note = self.store.problem

    def items(self) -> list[tuple[str, str]]:
        return [("reset", "Reset statistics"), ("back", "Back")]

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
            self.note = f"The statistics could not be reset ({e.strerror})"
            return
        self.reload()
        self.note = "Statistics reset: they count the games from now on (Past games keeps all)"

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect, u: int) -> None:
        a = self.app.assets
        total_w = sum(WIDTHS)
        size = u
        xs = []
        x = float(body.x)
        for w in WIDTHS:
            xs.append(int(x))
            x += w / total_w * body.w
        y = body.y
        head_h = 0
        for (head, _f), x0, w in zip(STAT_COLUMNS, xs, WIDTHS, strict=True):
            width = int(w / total_w * body.w) - u // 2
            t = a.font(int(size * 0.85), bold=True).render(head, True, DIM, None, width)
            surface.blit(t, (x0, y))
            head_h = max(head_h, t.get_height())
        y += head_h + u // 2
        rows = [*self.lines, self.total] if self.lines else []
        for n, line in enumerate(rows):
            last = n == len(rows) - 1
            color = GOLD if last else WHITE
            for (head, f), x0, w in zip(STAT_COLUMNS, xs, WIDTHS, strict=True):
                text = "All games" if last and head == "Opponent of A" else f(line)
                if last and head == "Rules":
                    text = ""
                width = int(w / total_w * body.w) - u // 2
                fs = size
                t = a.text(text, fs, color, bold=last)
                while t.get_width() > width and fs > 8:
                    fs -= 1
                    t = a.text(text, fs, color, bold=last)
                dy = (a.font(size).get_height() - t.get_height()) // 2
                surface.blit(t, (x0, y + dy), pygame.Rect(0, 0, width, u * 2))
            y += int(u * 1.7)
        if not rows:
            surface.blit(a.text("No finished games counted yet.", u, WHITE), (body.x, y))
            y += int(u * 1.7)
        since = f" since {self.since.replace('T', ' ').rstrip('Z')} UTC" if self.since else ""
        notes = [
            f"Counted from seat A's side (the player at the bottom){since}.",
            "Best run: the most games won one after another. Stops suffered: Stops "
            "called on A. False Stops: Stops by A the referee refused.",
        ]
        y = max(y + u, body.bottom - 3 * u)
        for text in notes:
            t = a.font(int(u * 0.85)).render(text, True, DIM, None, body.w)
            surface.blit(t, (body.x, y))
            y += t.get_height() + u // 3


class ResetStatsScene(Overlay):
    title = "Reset the statistics?"

    def __init__(self, app: Host, stats: StatsScene) -> None:
        super().__init__(app)
        self.stats = stats

    def lines(self) -> list[str]:
        return [
            "The statistics will count only the games played from now on.",
            "Past games keeps every game; nothing is deleted.",
        ]

    def items(self) -> list[tuple[str, str]]:
        return [("yes", "Yes, reset"), ("no", "No, keep them")]

    def choose(self, name: str) -> None:
        self.app.pop()
        if name == "yes":
            self.stats.reset()


__all__ = ["ImportScene", "PastGamesScene", "ResetStatsScene", "StatsScene", "OPPONENT_WORDS"]
