"""Issue 43: Watch a game from the Join screen, headless. The spectator's table shows
both seats as others (no button to play), says he is watching, words what happens
as for one not seated, and refuses a Stop key or a chat line in words."""

from __future__ import annotations

import asyncio
import threading
import time

import pygame
import pytest

from russian_bank.games import game_type
from russian_bank.net.client import ThreadedClient
from russian_bank.net.config import Config
from russian_bank.net.server import Server
from russian_bank.ui.scenes import network
from russian_bank.ui.scenes.network import JoinScene, RemoteMenu, RemoteTableScene
from russian_bank.ui.table.watching import WatchingController

from .helpers import post, run_until, step
from .test_network_scenes import click_item


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    monkeypatch.setattr(network, "INTERFACES", ["127.0.0.1"])


def wait(test, seconds=10.0) -> None:
    end = time.monotonic() + seconds
    while not test() and time.monotonic() < end:
        time.sleep(0.01)
    assert test()


def keys(app, *pairs) -> None:
    for k, u in pairs:
        post(pygame.KEYDOWN, key=k, mod=0, unicode=u, scancode=0)
        step(app)


def test_a_spectator_watches_from_the_join_screen(make_app):
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    srv = Server(Config(port=0))
    asyncio.run_coroutine_threadsafe(srv.start(), loop).result(10)
    address = f"ws://127.0.0.1:{srv.port}"
    ann, bob = ThreadedClient(address, "Ann"), ThreadedClient(address, "Bob")
    try:
        ann.call("connect")
        ann.call("send", type="create", name="Ann")
        wait(lambda: bool(ann.client.room))
        bob.call("connect")
        bob.call("send", type="join", room=ann.client.room, name="Bob")
        wait(lambda: bool(ann.client.view.get("started")) and ann.client.obs is not None)
        app = make_app((1024, 700))
        app.open_menu()
        step(app)
        click_item(app, "join")
        join = app.top
        assert isinstance(join, JoinScene)
        join.fields["address"] = f"127.0.0.1:{srv.port}"
        join.fields["room"] = ann.client.room
        click_item(app, "look")
        assert run_until(app, lambda: join.room_info is not None)
        assert "watch" in [n for n, _l in join.items()]
        click_item(app, "watch")
        assert run_until(app, lambda: isinstance(app.top, RemoteTableScene))
        table = app.top
        remote = table.remote
        assert isinstance(remote, WatchingController) and remote.watching
        assert remote.who(0) == "Ann (A)" and remote.who(1) == "Bob (B)"
        assert [b.name for b in table.buttons()] == ["menu"]  # no Stop, no Hint
        assert "You are watching Ann and Bob" in table.status_lines()
        keys(app, (pygame.K_s, "s"))  # a Stop key: refused in words
        assert "You are watching this game" in (remote.last_reason or "")
        keys(app, (pygame.K_RETURN, ""), (pygame.K_h, "h"), (pygame.K_RETURN, ""))
        assert "chat is theirs" in (remote.last_reason or "")
        menu = RemoteMenu(app, table)
        assert [n for n, _l in menu.items()] == ["back", "leave"]
        assert "You are watching" in " ".join(menu.lines())
        # the Player acts: the spectator's table follows the step
        player = ann if ann.client.view["to_act"] == "A" else bob
        kind = game_type(str(player.client.info["rules"]))
        action = kind.stand_in(player.client.obs).legal_actions()[0]
        player.call("send", type="act", action=str(action))
        assert run_until(app, lambda: remote.view.get("actions") == 1)
        assert table.link.client.seat == "" and remote.seat == 0
        # a player's connection drops: said for one not seated, the countdown shown
        bob.call("close")
        assert run_until(app, lambda: "Bob (B)'s connection dropped" in str(remote.messages))
        assert run_until(app, lambda: "Bob (B)'s seat is kept" in " ".join(table.status_lines()))
        # his own connection lost: said once, no seat to resume, no retry
        table.link.inbox.put({"type": "lost", "reason": "cut"})
        step(app)
        assert "watch the game again" in str(remote.messages)
        assert table.link.inbox.empty()
        table.leave()
    finally:
        ann.shutdown()
        bob.shutdown()
        asyncio.run_coroutine_threadsafe(srv.stop(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
