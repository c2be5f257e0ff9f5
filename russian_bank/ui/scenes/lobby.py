"""*Play online*: the lobby of a table server (``net.lobby``), to find an opponent.

The player types the server's address once (kept in the settings) and his name,
sees the open games (the server's listing, real-time tables only: a steps table is
for programs), and takes one up with a click; or offers a game of his rule set and
waits for someone to accept it; or asks for a quick pairing, which seats him with
the first that fits or, after the server's wait, against its computer. When the
game starts, the remote table (``network``'s, opened by name) takes the link over.
The name is claimed on the server with the secret this program keeps
(``net.naming``): each open game lists its player's rating, an offer or a pairing
may be rated, and *Your card* shows one's ratings and games.
The network runs on its own thread (``net.client.ThreadedClient``): no frame waits.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...games import family_title, game_type
from ...i18n import N_, _, ngettext
from ...net.client import ThreadedClient, error_words
from ...net.naming import identity_for, read_card, server_url
from ...net.paths import LOBBY
from ...net.protocol import ProtocolError
from ...net.ratings import shown
from ...net.seeking import read_seeks
from ..settings import NAME_LENGTH, config_dir, login_name, player_name
from . import registry
from .base import Host, Overlay, following

SHOWN = 6  # open games listed at once (the oldest first)


def card_lines(card: dict[str, Any]) -> list[str]:
    """A player's card in words: his rating in each family, his games."""
    out = []
    for r in card["ratings"]:
        said = ngettext(
            "{family}: {rating}, {n} rated game ({won} won, {lost} lost, {drawn} drawn)",
            "{family}: {rating}, {n} rated games ({won} won, {lost} lost, {drawn} drawn)",
            r["games"],
        )
        out.append(
            said.format(
                family=family_title(r["family"]) or r["family"][:20],
                rating=shown(r["rating"], r["rd"]),
                n=r["games"],
                won=r["wins"],
                lost=r["losses"],
                drawn=r["draws"],
            )
        )
    if not out:
        out.append(_("No rated game yet."))
    kept = ngettext("{n} game kept on the server", "{n} games kept on the server", card["games"])
    out.append(kept.format(n=card["games"]))
    return out


OFFER_AGAIN = 3  # a lost offer made again on a new connection at most so many times


class LobbyScene(Overlay):
    title = N_("Play online")

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        s = app.settings
        self.fields = {"address": s.server, "name": player_name(s)}
        self.editing = "address"
        self.link: ThreadedClient | None = None
        self.url = ""
        self.seeks: list[dict[str, Any]] = []
        self.listed = False  # a listing came
        self.seeking: dict[str, Any] | None = None  # one's own open offer or pairing
        self.handed = False  # the link went on to the remote table
        self.status = N_("Type the server's address, then show the open games.")
        self.rated = False  # the next offer or pairing is rated
        self.claimed = ""  # the name the server knows this connection by
        self.card: list[str] = []  # one's card, once asked for
        self.warning = ""  # the kept secret's file could not be read
        self.offered: tuple[str, dict[str, Any]] | None = None  # the open offer's request
        self.offered_again = 0  # times it was made again on a new connection

    # -- what is shown -------------------------------------------------------------------

    def lines(self) -> list[str]:
        out = [_(self.status)] + ([self.warning] if self.warning else []) + self.card
        if self.listed and not self.seeks:
            out.append(_("No open game: offer one, or ask for a quick pairing."))
        return out

    def items(self) -> list[tuple[str, str]]:
        typed = {k: v + ("_" if self.editing == k else "") for k, v in self.fields.items()}
        rules = game_type(self.app.settings.rules).title
        out = [
            ("address", _("Server: {address}").format(address=typed["address"])),
            ("name", _("Your name: {name}").format(name=typed["name"])),
            ("refresh", _("Show the open games")),
        ]
        for i, s in enumerate(self.seeks[:SHOWN]):
            if s["rated"]:
                said = _("{name}: {rules}, rated, waiting {seconds} s")
            else:
                said = _("{name}: {rules}, waiting {seconds} s")
            name = s["name"]
            if s["rating"] is not None:
                name = f"{name} ({shown(s['rating']['rating'], s['rating']['rd'])})"
            out.append(
                (f"seek{i}", said.format(name=name, rules=s["title"], seconds=int(s["age"])))
            )
        rated = _("Rated game: yes") if self.rated else _("Rated game: no")
        out.append(("rated", rated))
        if self.seeking is None:
            out.append(("pair", _("Quick pairing: {rules}").format(rules=rules)))
            out.append(("offer", _("Offer a game: {rules}").format(rules=rules)))
        else:
            out.append(("withdraw", _("Withdraw your offer")))
        out.append(("card", _("Your card")))
        out.append(("cancel", _("Cancel")))
        return out

    # -- what the player does ----------------------------------------------------------

    @property
    def name(self) -> str:
        return self.fields["name"].strip() or login_name()

    def _send(self, type_: str, **fields: Any) -> None:
        """Send to the server typed, connecting first (again, if the address changed)."""
        url = server_url(self.fields["address"])
        if self.link is None or url != self.url or self.link.client.name != self.name:
            if self.link is not None:
                self.link.shutdown()
            self.link, self.url = ThreadedClient(url, self.name), url
            self.link.call("connect", room=LOBBY)  # (URL/lobby: a router's lobby process)
            self.seeking, self.claimed, self.card = None, "", []
            identity, warning = identity_for(config_dir(), self.name)
            self.warning = warning or ""
            self.link.call("send", type="claim", name=self.name, secret=identity.secret)
        self.link.call("send", type=type_, **fields)

    def choose(self, name: str) -> None:
        rules = self.app.settings.rules
        if name in self.fields:
            self.editing = name
        elif name == "refresh":
            self._send("seeks")
            self.status = N_("Connecting to the server…")
        elif name.startswith("seek"):
            seek = self.seeks[int(name[4:])]
            self._send("accept", id=seek["id"], name=self.name)
        elif name in ("pair", "offer"):
            kind = "pair" if name == "pair" else "seek"
            self.offered = (kind, {"name": self.name, "rules": rules, "rated": self.rated})
            self.offered_again = 0
            self._send(kind, **self.offered[1])
        elif name == "rated":
            self.rated = not self.rated
        elif name == "card":
            self._send("card")
        elif name == "withdraw":
            self.offered = None
            self._send("cancel")
        elif name == "cancel":
            self.app.pop()  # (closed: the link ends)

    def on_leave(self) -> None:
        if self.link is not None and not self.handed:
            self.link.shutdown()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN:
            text = self.fields[self.editing]
            longest = NAME_LENGTH if self.editing == "name" else 200
            if event.key == pygame.K_BACKSPACE:
                self.fields[self.editing] = text[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.editing = following(tuple(self.fields), self.editing)
            elif event.unicode and event.unicode.isprintable() and len(text) < longest:
                self.fields[self.editing] = text + event.unicode
            self.keep()
            return
        super().handle_event(event)

    def keep(self) -> None:
        """The address and name typed are remembered in the settings."""
        s = self.app.settings
        address, name = self.fields["address"].strip(), self.fields["name"].strip()
        if (address, name) != (s.server, s.name):
            s.server, s.name = address, name
            self.app.save_settings()

    # -- what the server says -----------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.link is None:
            return
        for msg in self.link.poll():
            kind = msg["type"]
            if kind == "seeks":
                self._listing(msg)
            elif kind == "seeking":
                self.seeking = msg
                wait = msg.get("wait")
                if isinstance(wait, int | float):
                    said = _("Looking for an opponent: the computer plays you in {seconds} s")
                    self.status = said.format(seconds=int(wait))
                else:
                    self.status = N_("Your offer is open: the game starts when it is accepted.")
            elif kind == "claimed":
                self.claimed = str(msg.get("name", ""))
            elif kind == "card":
                try:
                    self.card = card_lines(read_card(msg))
                except ProtocolError as e:
                    self.status = _("Refused: {why}").format(why=e)
            elif kind == "cancelled":
                self.seeking = None
                self.status = N_("Your offer is withdrawn.")
            elif kind == "lost" and self.seeking is not None and self._offer_again():
                return  # (a new connection: its messages come at the next update)
            elif kind in ("error", "lost"):
                why = error_words(msg) if kind == "error" else str(msg.get("reason", ""))
                self.status = _("Refused: {why}").format(why=why)
        c = self.link.client
        if c.obs is not None and c.view.get("started"):
            self.handed = True
            self.app.scenes = [registry.make("remote table", self.app, self.link, None)]

    def _offer_again(self) -> bool:
        """The lobby's connection was lost with an offer open (the server's process
        that held the lobby died: another holds it now): the same offer on a new
        connection, a few times at most. False: no more tries."""
        if self.offered is None or self.offered_again >= OFFER_AGAIN or self.link is None:
            return False
        self.offered_again += 1
        self.link.shutdown()
        self.link = None
        kind, fields = self.offered
        self._send(kind, **fields)
        self.status = N_("The connection to the lobby was lost: your offer is made again.")
        return True

    def _listing(self, msg: dict[str, Any]) -> None:
        try:
            seeks = read_seeks(msg)
        except ProtocolError as e:
            self.status = _("Refused: {why}").format(why=e)
            return
        mine = self.seeking.get("id") if self.seeking else None
        self.seeks = []
        for s in seeks:
            if s["clock"] != "real" or s["id"] == mine:
                continue  # (a steps table is for programs; one's own offer is not taken up)
            try:  # the rule set's title in this player's language, if this program knows it
                s["title"] = game_type(s["rules"]).title
            except ValueError:
                continue  # (a game this program cannot play)
            self.seeks.append(s)
        self.listed = True
        self.status = N_("Click an open game to play it.")


__all__ = ["LobbyScene", "server_url"]
