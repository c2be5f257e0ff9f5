"""*From the server*: one's games kept by a table server (``net.names``), brought
into Past games with one click.

Opened from Past games. It connects to the server of *Play online* (the address
kept in the settings), claims the player's name with the secret this program keeps
(``net.naming``) and lists his archive, newest first, a page at a time. A click
fetches the game, checks it by replaying it, and keeps it in the history's store
as the player's own game (his seat, both names): it then opens in Replay and
Review like any kept game. The network runs on its own thread
(``net.client.ThreadedClient``): no frame waits.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from ...i18n import N_, _
from ...net.client import ThreadedClient, error_words
from ...net.naming import identity_for, read_archive, read_fetched, server_url
from ...net.protocol import ProtocolError
from ..settings import config_dir, player_name
from .base import Host, Overlay

SHOWN = 8  # games listed at once


def game_words(game: dict[str, Any]) -> str:
    """One archived game in words: when, against whom, how it ended, rated or not."""
    when = datetime.strptime(game["date"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    me = "AB".index(game["seat"])
    if game["winner"] is None:
        result = _("drawn")
    elif game["winner"] == game["seat"]:
        result = _("won")
    else:
        result = _("lost")
    said = _("{date}: against {name}, {result}, rated")
    if not game["rated"]:
        said = _("{date}: against {name}, {result}")
    date = when.astimezone().strftime("%Y-%m-%d %H:%M")
    return said.format(date=date, name=game["names"][1 - me] or "?", result=result)


class ServerGamesScene(Overlay):
    title = N_("From the server")

    def __init__(self, app: Host, past: Any) -> None:
        super().__init__(app)
        self.past = past  # the Past games screen: its store, reload and note
        self.link: ThreadedClient | None = None
        self.games: list[dict[str, Any]] = []
        self.page, self.pages = 0, 1
        self.brought: set[str] = set()  # ids kept in Past games by this screen
        self.warning = ""
        self.status = _("Asking the server for your games…")
        if not app.settings.server.strip():
            self.status = _("Type the server's address in Play online first.")
        else:
            self._ask(0)

    def _ask(self, page: int) -> None:
        if self.link is None:
            name = player_name(self.app.settings)
            self.link = ThreadedClient(server_url(self.app.settings.server), name)
            self.link.call("connect")
            identity, warning = identity_for(config_dir(), name)
            self.warning = warning or ""
            self.link.call("send", type="claim", name=name, secret=identity.secret)
        self.link.call("send", type="archive", page=page)

    # -- what is shown -------------------------------------------------------------------

    def lines(self) -> list[str]:
        return [self.status] + ([self.warning] if self.warning else [])

    def items(self) -> list[tuple[str, str]]:
        out = []
        for i, game in enumerate(self.games[:SHOWN]):
            label = game_words(game)
            if game["id"] in self.brought:
                label = _("{game} (in Past games)").format(game=label)
            out.append((f"game{i}", label))
        if self.page + 1 < self.pages:
            out.append(("more", _("Older games")))
        out.append(("back", _("Back")))
        return out

    # -- what the player does ----------------------------------------------------------

    def choose(self, name: str) -> None:
        if name.startswith("game") and self.link is not None:
            game = self.games[int(name[4:])]
            self.link.call("send", type="fetch", id=game["id"])
            self.status = _("Fetching the game…")
        elif name == "more":
            self._ask(self.page + 1)
        elif name == "back":
            self.app.pop()

    def on_leave(self) -> None:
        if self.link is not None:
            self.link.shutdown()

    # -- what the server says -----------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.link is None:
            return
        for msg in self.link.poll():
            kind = msg["type"]
            try:
                if kind == "archive":
                    self._listing(msg)
                elif kind == "game":
                    self._bring(msg)
            except (ProtocolError, OSError) as e:
                self.status = _("Refused: {why}").format(why=e)
            if kind in ("error", "lost"):
                why = error_words(msg) if kind == "error" else str(msg.get("reason", ""))
                self.status = _("Refused: {why}").format(why=why)

    def _listing(self, msg: dict[str, Any]) -> None:
        answer = read_archive(msg)
        self.games, self.page, self.pages = answer["games"], answer["page"], answer["pages"]
        if not self.games:
            self.status = _("The server keeps no game of yours yet.")
        else:
            self.status = _("Click a game to bring it into Past games.")

    def _bring(self, msg: dict[str, Any]) -> None:
        game = next((g for g in self.games if g["id"] == msg.get("id")), None)
        if game is None:
            return
        kept = read_fetched(msg, game["seat"])
        store = self.past.store
        if any(k.record == kept.record and k.date == kept.date for k in store.games()):
            self.status = _("This game is already in Past games.")
        else:
            store.save(kept)
            self.past.reload()
            self.status = _("Kept in Past games: {game}").format(game=game_words(game))
        self.brought.add(game["id"])


__all__ = ["ServerGamesScene", "game_words"]
