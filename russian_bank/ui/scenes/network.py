"""Playing over the network: *Host on this network*, *Join*, and the remote table.

The host's program runs the table server (``net.server``) in a thread of its own,
advertises it on the local network (mDNS) and shows the room code and the address
to give. The joining player picks a game heard on the network, or types an address
and a room code, sees the rule set, and accepts. The remote table is the card table
with a :class:`~russian_bank.ui.table.remote.RemoteController`: the server deals and
judges; undo and hints are off; a chat line, the round-trip time and a rematch
(seats swapped) are added. The network always runs on its own thread: no frame
waits for a socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from dataclasses import replace
from typing import Any

import pygame

from ...engine.queries import uncited
from ...game.places import SEATS
from ...games import game_type
from ...history import Store
from ...history.records import clean_name
from ...i18n import N_, _, ngettext
from ...net.client import ThreadedClient, end_loop, error_words, read_room, seat_gone
from ...net.config import Config
from ...net.discovery import Found, find_games, local_address
from ...net.naming import PORT, server_url
from ...net.protocol import ProtocolError
from ...net.server import Server
from ..kit.canvas import Canvas
from ..kit.widgets import zone_parts
from ..settings import NAME_LENGTH, forget_seat, kept_seat, login_name, player_name
from ..table.controller import Options
from ..table.remote import RemoteController, shadow
from ..table.status import draw_status
from ..table.watching import WatchingController
from .base import Host, Overlay, following
from .game import GameScene

HOST = "0.0.0.0"  # the host listens on every address (the tests: loopback only)
INTERFACES: list[str] | None = None  # where mDNS speaks (None: every interface)


class HostedServer:
    """The table server on a thread of its own, advertised on the local network."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server: Server | None = None
        self.problem: str | None = None
        self.future = asyncio.run_coroutine_threadsafe(self._start(name), self.loop)

    async def _start(self, name: str) -> None:
        for port in (PORT, 0):  # the usual port, or any free one
            try:
                config = Config(host=HOST, port=port, lan_name=name, lan_interfaces=INTERFACES)
                srv = Server(config)
                await srv.start()
                self.server = srv
                return
            except OSError as e:
                self.problem = e.strerror or str(e)

    def stop(self) -> None:
        """Stop the server and let go of its loop, thread and sockets (once)."""
        with contextlib.suppress(Exception):
            self.future.result(10)  # (a server still starting is stopped once started)
        srv, self.server = self.server, None
        if srv is not None and not self.loop.is_closed():
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(srv.stop(), self.loop).result(5)
        end_loop(self.loop, self.thread)


class HostScene(Overlay):
    title = N_("Host on this network")

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.name = player_name(app.settings)
        self.hosted = HostedServer(_("{name}'s table").format(name=self.name))
        self.link: ThreadedClient | None = None
        self.handed = False  # the server and the link went on to the remote table
        self.status = N_("Starting the table server…")

    def lines(self) -> list[str]:
        out = [
            _("You: {name}").format(name=self.name),
            _("Rule set: {title}").format(title=game_type(self.app.settings.rules).title),
        ]
        c = self.link.client if self.link is not None else None
        if c is not None and c.room:
            srv = self.hosted.server
            port = srv.port if srv is not None else PORT
            out += [
                _("Room code: {room}").format(room=c.room),
                _("Address: {address}").format(address=f"{local_address()}:{port}"),
                _("Give both to the other player; the game starts when he joins."),
            ]
        out.append(_(self.status))
        return out

    def items(self) -> list[tuple[str, str]]:
        return [("cancel", _("Cancel"))]

    def choose(self, name: str) -> None:
        if name == "cancel":
            self.app.pop()  # (closed: the server and its link end)

    def on_leave(self) -> None:
        if self.handed:
            return  # the remote table plays on with them
        if self.link is not None:
            self.link.shutdown()
        self.hosted.stop()

    def update(self, dt: float) -> None:
        srv = self.hosted.server
        if self.link is None and srv is not None:
            self.link = ThreadedClient(f"ws://127.0.0.1:{srv.port}", self.name)
            self.link.call("connect")
            self.link.call("send", type="create", name=self.name, rules=self.app.settings.rules)
            self.status = N_("Waiting for the other player…")
        elif self.link is None and self.hosted.future.done() and srv is None:
            text = _("The server could not start ({why})")
            self.status = text.format(why=self.hosted.problem)
        if self.link is not None:
            for msg in self.link.poll():
                if msg["type"] == "error":
                    self.status = error_words(msg)
            c = self.link.client
            if c.view.get("started") and c.obs is not None:
                self.handed = True
                open_table(self.app, self.link, self.hosted)


class JoinScene(Overlay):
    title = N_("Join a game on the network")

    def __init__(self, app: Host, address: str = "", room: str = "", rejoin: bool = False) -> None:
        super().__init__(app)
        self.kept = kept_seat()  # a seat a network game left kept (a program started again)
        self.found: list[Found] = []
        self.fields = {"address": address, "room": room, "name": player_name(app.settings)}
        self.editing = "address" if not address else "room"
        self.link: ThreadedClient | None = None
        self.room_info: dict[str, Any] | None = None
        self.handed = False  # the link went on to the remote table
        self.status = ""  # what the Look or the Join came to (the listening has its line)
        self.heard: int | None = None  # games heard, once the listening is over
        threading.Thread(target=self._listen, daemon=True).start()
        if rejoin:
            self.choose("rejoin")

    def _listen(self) -> None:
        try:
            found = find_games(2.0, INTERFACES)
        except OSError:
            found = []
        self.found = [replace(f, name=clean_name(f.name) or "?") for f in found]
        self.heard = len(self.found)

    def lines(self) -> list[str]:
        if self.heard is None:
            heard = _("Listening for games on this network…")
        else:
            heard = ngettext(
                "{n} game heard on this network.", "{n} games heard on this network.", self.heard
            ).format(n=self.heard)
        out = [heard]
        if self.status:
            out.append(_(self.status))
        if self.room_info is not None:
            r = self.room_info
            host = next((n for n in r["names"] if n), "?")
            rules = r["rules"]
            try:  # the rule set's title in this player's language, if this program knows it
                title = game_type(rules).title
            except ValueError:
                title = r["rules_title"] or rules
            free = ", ".join(r["free"]) or _("none")
            out += [
                _("Room {room}, hosted by {host}").format(room=r["room"], host=host),
                _("Rule set: {title}").format(title=title),
                _("Seat left for you: {seats}").format(seats=free),
            ]
        return out

    def items(self) -> list[tuple[str, str]]:
        out = []
        if self.kept is not None:
            out.append(("rejoin", _("Rejoin your game in room {room}").format(room=self.kept.room)))
        out += [(f"found{i}", f"{f.name} ({f.address})") for i, f in enumerate(self.found[:4])]
        typed = {k: v + ("_" if self.editing == k else "") for k, v in self.fields.items()}
        out += [
            ("address", _("Address: {address}").format(address=typed["address"])),
            ("room", _("Room code: {room}").format(room=typed["room"])),
            ("name", _("Your name: {name}").format(name=typed["name"])),
        ]
        if self.room_info is not None and self.room_info.get("free"):
            out.append(("accept", _("Accept the rule set and join")))
        else:
            out.append(("look", _("Look at the room")))
        if self.room_info is not None:  # a spectator (net.watch): the game, no seat
            out.append(("watch", _("Watch the game")))
        out.append(("cancel", _("Cancel")))
        return out

    def _url(self) -> str:
        return server_url(self.fields["address"])

    def choose(self, name: str) -> None:
        if name.startswith("found"):
            f = self.found[int(name[5:])]
            self.fields["address"] = f"{f.address}:{f.port}"
            self.editing = "room"
        elif name in self.fields:
            self.editing = name
        elif name == "look":
            if self.link is not None:
                self.link.shutdown()
            self.link = ThreadedClient(self._url(), self.name)
            code = self.fields["room"].strip().upper()
            self.link.call("connect", room=code)  # (URL/room/CODE: a router finds its process)
            self.link.call("send", type="look", room=code)
            self.status = N_("Asking the host…")
        elif name == "rejoin" and self.kept is not None:
            if self.link is not None:
                self.link.shutdown()
            self.link = ThreadedClient(self.kept.address, self.name)
            self.link.client.room, self.link.client.token = self.kept.room, self.kept.token
            self.link.call("resume")  # the seat, the view and the game so far
            self.status = N_("Taking up your seat…")
        elif name == "accept" and self.link is not None and self.room_info is not None:
            self.link.call("send", type="join", room=self.room_info["room"], name=self.name)
        elif name == "watch" and self.link is not None and self.room_info is not None:
            self.link.call("send", type="watch", room=self.room_info["room"])
        elif name == "cancel":
            self.app.pop()  # (closed: the link ends)

    def on_leave(self) -> None:
        if self.link is not None and not self.handed:
            self.link.shutdown()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()  # (Esc is Cancel)
            return
        if event.type == pygame.KEYDOWN:
            was, text = self.editing, self.fields[self.editing]
            if event.key == pygame.K_BACKSPACE:
                self.fields[self.editing] = text[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.editing = following(tuple(self.fields), self.editing)
            elif event.unicode and event.unicode.isprintable() and len(text) < self.longest():
                self.fields[self.editing] = text + event.unicode
            if was == "name":
                self.keep_name()
            return
        super().handle_event(event)

    def longest(self) -> int:
        return NAME_LENGTH if self.editing == "name" else 60

    @property
    def name(self) -> str:
        """The name sent when joining: the one typed here, else the login name."""
        return self.fields["name"].strip() or login_name()

    def keep_name(self) -> None:
        """The name typed is remembered in the settings (none: the login name)."""
        s = self.app.settings
        typed = self.fields["name"].strip()
        if typed != s.name:
            s.name = typed
            self.app.save_settings()

    def update(self, dt: float) -> None:
        if self.link is None:
            return
        for msg in self.link.poll():
            if msg["type"] == "room":
                try:
                    self.room_info = read_room(msg)
                except ProtocolError as e:
                    self.status = _("Refused: {why}").format(why=e)
                    continue
                self.status = N_("Read the rule set, then accept to join.")
            elif msg["type"] in ("error", "lost"):
                why = error_words(msg) if msg["type"] == "error" else str(msg.get("reason", ""))
                self.status = _("Refused: {why}").format(why=why)
                if self.kept is not None and seat_gone(msg):
                    forget_seat()  # the server no longer knows that seat (its game ended)
                    self.kept = None
        c = self.link.client
        if c.obs is not None and (c.view.get("started") or c.info.get("type") == "watching"):
            self.handed = True
            open_table(self.app, self.link, None)


def open_table(app: Host, link: ThreadedClient, hosted: HostedServer | None) -> None:
    app.scenes = [RemoteTableScene(app, link, hosted)]


class RemoteTableScene(GameScene):
    """The card table of a game held by a server."""

    def __init__(self, app: Host, link: ThreadedClient, hosted: HostedServer | None) -> None:
        self.link = link
        self.hosted = hosted
        self.chat_text: str | None = None  # being typed (Enter opens and sends)
        self.kept_game = 0
        self.important = 1  # the status lines shown first, whole
        super().__init__(app, shadow(link.client))
        self.log = self.remote.steps  # the move log, told from the server's steps

    def wake_in(self) -> float | None:
        return 0.0  # the other seat's moves come by the network: every frame looks

    def bottom_seat(self) -> int:
        """The player's own seat is drawn at the bottom, at A or at B."""
        return SEATS.index(self.link.client.seat or "A")  # a spectator: A's side

    def _controller(self, game: Any) -> RemoteController:
        s, watching = self.app.settings, self.link.client.info.get("type") == "watching"
        return (WatchingController if watching else RemoteController)(
            self.link,
            self.layout,
            Options(motion=not s.reduced_motion),
            play_sound=self.app.sounds.play,
            on_change=self.coach.changed,
        )

    @property
    def remote(self) -> RemoteController:
        assert isinstance(self.ctl, RemoteController)
        return self.ctl

    def _changed(self) -> None:
        self.coach.changed()  # a remote game is saved by the server, not here

    def buttons(self) -> list[Any]:
        return [b for b in super().buttons() if b.name != "hint"]

    def press_button(self, name: str) -> None:
        if name == "menu":
            self.app.push(RemoteMenu(self.app, self))
        elif name != "hint":
            super().press_button(name)

    def leave(self) -> None:
        """Back to the local table; the seat stays on the server until it forfeits."""
        self.app.scenes = [self.app.game_scene]  # (closed: the link and a hosted server end)

    def on_leave(self) -> None:
        self.link.shutdown()
        if self.hosted is not None:
            self.hosted.stop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if self.chat_text is not None:
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    if self.chat_text.strip():
                        self.remote.say_chat(self.chat_text.strip()[:200])
                    self.chat_text = None
                elif event.key == pygame.K_ESCAPE:
                    self.chat_text = None
                elif event.key == pygame.K_BACKSPACE:
                    self.chat_text = self.chat_text[:-1]
                elif event.unicode and event.unicode.isprintable():
                    self.chat_text = (self.chat_text + event.unicode)[:200]
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.chat_text = ""
                return
            if event.key == pygame.K_ESCAPE:
                self.app.push(RemoteMenu(self.app, self))
                return
            if event.key == pygame.K_r and self.remote.over is not None:
                self.link.call("send", type="rematch")
                self.remote.say(self.remote.seat, _("Rematch asked: the seats change places"))
                return
            if event.key in (pygame.K_h, pygame.K_z):
                self.remote.refuse(self.remote.seat, _("Hints and undo are off in a network game"))
                return
            # each player calls Stop for his own seat, with either key
            if event.key in (pygame.K_s, pygame.K_k):
                self.call_stop(self.remote.seat)
                return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        self.hover += dt
        self.ctl.update(dt)
        if self.layout.bottom != self.remote.seat:  # a rematch: the seats changed places
            self.resize(self.app.size)
        over = self.remote.over
        self.remote.keep_seat(self.hosted is None)
        if over is not None and self.kept_game != over["game"]:
            self.kept_game = over["game"]
            kept = self.link.client.kept()
            if kept is not None:
                try:
                    Store().save(kept)
                except OSError as e:
                    said = _("Not kept in Past games ({why})").format(why=e.strerror)
                    self.ctl.say(self.remote.seat, said)

    def status_lines(self) -> list[str]:
        """The room, a countdown, the game's end (``important``), then the chat."""
        c = self.link.client
        rtt = "…" if c.rtt is None else f"{c.rtt * 1000:.0f} ms"
        out = [_("Room {room} · round trip {time}").format(room=c.room, time=rtt)]
        away = self.remote.away_words()
        if away is not None:
            out.append(away)
        if self.remote.over is not None and not self.remote.watching:
            out.append(_("Game over: R asks for a rematch (seats swapped)"))
        self.important = len(out)
        out += self.remote.chat[-2:]
        if self.chat_text is None:
            out.append(_("Enter: chat"))
        else:
            out.append(_("Say: {text}").format(text=self.chat_text + "_"))
        return out

    def record(self, canvas: Canvas) -> None:
        """The table, then the room, round trip and chat in the other seat's message
        line while no message shows there (over the line the table would put there).
        Recorded, so it is in every frame the window shows, not only under an overlay."""
        super().record(canvas)
        other = 1 - self.remote.seat
        if other in self.remote.messages:
            return
        _title, box, _row = zone_parts(self.layout.zones[other].rect)
        draw_status(canvas, self.app.assets, box, self.status_lines(), self.important)


class RemoteMenu(Overlay):
    """Esc at a network game: go on, abandon (§34), or leave the table (its words cite
    no section: sections belong in the rules help and the refusals)."""

    title = N_("Network game")

    def __init__(self, app: Host, table: RemoteTableScene) -> None:
        super().__init__(app)
        self.table = table

    def can_abandon(self) -> bool:
        return self.table.remote.can_abandon()

    def lines(self) -> list[str]:
        if self.table.remote.watching:
            return [_("You are watching: the game goes on when you leave.")]
        if not self.can_abandon():
            return [_("Leaving keeps your seat: this game has no abandoning, so it waits for you.")]
        text = _(
            "Leaving keeps your seat until the server's forfeit time runs out;"
            " abandoning ends the game now and is scored as the rules say {cite}."
        )
        return [uncited(text)]

    def items(self) -> list[tuple[str, str]]:
        out, remote = [("back", _("Back to the game"))], self.table.remote
        if remote.over is None and self.can_abandon():
            out.append(("abandon", uncited(_("Abandon the game {cite}"))))
        elif remote.over is not None and not remote.watching:
            out.append(("rematch", _("Rematch (the seats change places)")))
        out.append(("leave", _("Leave the network game")))
        return out

    def choose(self, name: str) -> None:
        self.app.pop()
        remote = self.table.remote
        if name == "abandon":
            remote.act(f"abandon {SEATS[remote.seat]}")
        elif name == "rematch":
            self.table.link.call("send", type="rematch")
            remote.say(remote.seat, _("Rematch asked: the seats change places"))
        elif name == "leave":
            self.table.leave()


__all__ = ["HostScene", "JoinScene", "RemoteTableScene"]
