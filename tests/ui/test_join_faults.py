"""Issue 41, point 4: the Join screen against what is not our server. A foreign
server (HTTP on the port), a silent one, a room answer with a NUL in the host's
name: each gives one line of reason, never a frozen "Asking the host…" or a crash;
a Look pressed while the screen still listens keeps its answer."""

from __future__ import annotations

import asyncio
import http.server
import json
import socket
import threading

import pygame
import pytest
from websockets.asyncio.server import serve

from russian_bank.net import client as net_client
from russian_bank.net.client import ThreadedClient
from russian_bank.net.protocol import ROOM_ALPHABET, ROOM_LEN, VERSION
from russian_bank.ui.scenes import network
from russian_bank.ui.scenes.network import HostedServer, JoinScene

from .helpers import run_until, step


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    monkeypatch.setattr(network, "HOST", "127.0.0.1")
    monkeypatch.setattr(network, "INTERFACES", ["127.0.0.1"])
    monkeypatch.setattr(network, "PORT", 0)


def shown(join: JoinScene) -> str:
    return " / ".join(join.lines())


CODE = ROOM_ALPHABET[:ROOM_LEN]


def look(app, address: str, room: str = CODE) -> JoinScene:
    join = JoinScene(app, address, room)
    app.push(join)
    join.choose("look")
    return join


def test_i41_4_a_foreign_server_is_named_not_waited_for(make_app) -> None:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        app = make_app((1024, 700))
        join = look(app, f"127.0.0.1:{httpd.server_port}")
        assert run_until(app, lambda: "not as a Russian Bank table" in shown(join), 8), shown(join)
        assert "Asking the host" not in shown(join)
        join.choose("cancel")
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_i41_4_a_silent_server_gives_a_reason(make_app, monkeypatch) -> None:
    monkeypatch.setattr(net_client, "OPEN_TIME", 1, raising=False)
    quiet = socket.socket()
    quiet.bind(("127.0.0.1", 0))
    quiet.listen()  # accepts, never answers
    try:
        app = make_app((1024, 700))
        join = look(app, f"127.0.0.1:{quiet.getsockname()[1]}")
        assert run_until(app, lambda: "did not answer in 1 seconds" in shown(join), 14), shown(join)
        step(app, 30)  # the queued Look says nothing more ("not connected")
        assert "not connected" not in shown(join)
        join.choose("cancel")
    finally:
        quiet.close()


class OddHost:
    """A server of our protocol whose room answer carries a NUL in the host's name."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(5)
        self.port = self.server.sockets[0].getsockname()[1]

    async def _start(self):  # type: ignore[no-untyped-def]
        return await serve(self._handle, "127.0.0.1", 0)

    async def _handle(self, ws) -> None:  # type: ignore[no-untyped-def]
        async for _raw in ws:
            room = {"v": VERSION, "type": "room", "room": CODE, "rules": "committee"}
            room.update(names=["Ev\x00il\x1b[2J", ""], free=["B"], rules_title="Co\x00mmittee")
            await ws.send(json.dumps(room))

    def stop(self) -> None:
        async def end() -> None:
            self.server.close()
            await self.server.wait_closed()

        asyncio.run_coroutine_threadsafe(end(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


def test_i41_4_a_nul_in_the_host_name_is_shown_without_it(make_app) -> None:
    odd = OddHost()
    try:
        app = make_app((1024, 700))
        join = look(app, f"127.0.0.1:{odd.port}")
        assert run_until(app, lambda: join.room_info is not None, 8), shown(join)
        for _ in range(3):
            app.step(1 / 60)  # (the frame itself: no recovery screen to hide an error)
            app.draw(app.screen)
        assert "hosted by Ev il [2J" in shown(join)
        assert all(ch.isprintable() for ch in shown(join))
        join.choose("cancel")
    finally:
        odd.stop()


def test_i41_4_a_look_pressed_while_listening_keeps_its_answer(make_app) -> None:
    hosted = HostedServer("Ann")
    owner = None
    try:
        hosted.future.result(10)
        srv = hosted.server
        assert srv is not None
        app = make_app((1024, 700))
        owner = ThreadedClient(f"ws://127.0.0.1:{srv.port}", "Ann")
        owner.call("connect")
        owner.call("send", type="create", name="Ann", rules="committee")
        assert run_until(app, lambda: bool(owner.client.room), 8)
        join = look(app, f"127.0.0.1:{srv.port}", owner.client.room)
        assert join.heard is None  # still listening, for two seconds
        assert run_until(app, lambda: join.heard is not None, 8)
        step(app)
        assert "Read the rule set, then accept to join." in shown(join), shown(join)
        assert "hosted by Ann" in shown(join)
        join.choose("cancel")
    finally:
        if owner is not None:
            owner.shutdown()
        hosted.stop()


def test_i41_4_esc_on_join_is_cancel(make_app) -> None:
    app = make_app((1024, 700))
    join = look(app, "127.0.0.1:9")
    post = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    pygame.event.post(post)
    step(app)
    assert app.top is not join and join.link is not None and join.link.loop.is_closed()
