"""Host and Join from the menu, and the remote table (issue 21), headless."""

from __future__ import annotations

import time

import pygame
import pytest

from russian_bank.net.client import ThreadedClient
from russian_bank.net.config import Config
from russian_bank.net.server import Server
from russian_bank.ui.scenes import network
from russian_bank.ui.scenes.network import HostScene, JoinScene, RemoteTableScene

from .helpers import post, recording_texts, run_until, step


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    """The host listens and advertises on loopback only (tests touch no network)."""
    monkeypatch.setattr(network, "HOST", "127.0.0.1")
    monkeypatch.setattr(network, "INTERFACES", ["127.0.0.1"])
    monkeypatch.setattr(network, "PORT", 0)


def click_item(app, name):
    _panel, rects, _unit = app.top.geometry()
    (r,) = [r for n, _label, r in rects if n == name]
    post(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1)
    step(app)


def test_host_shows_the_room_code_and_a_joiner_starts_the_remote_table(make_app):
    app = make_app((1024, 700))
    app.open_menu()
    step(app)
    click_item(app, "host")
    assert isinstance(app.top, HostScene)
    host = app.top
    assert run_until(app, lambda: host.link is not None and bool(host.link.client.room))
    lines = " ".join(host.lines())
    code = host.link.client.room
    assert f"Room code: {code}" in lines and "Address: " in lines
    port = host.hosted.server.port
    guest = ThreadedClient(f"ws://127.0.0.1:{port}", "Bob")
    guest.call("connect")
    guest.call("send", type="join", room=code, name="Bob")
    assert run_until(app, lambda: isinstance(app.top, RemoteTableScene))
    table = app.top
    assert table.remote.who(1) == "Bob (B)"
    assert not [b for b in table.buttons() if b.name == "hint"]  # hints are off
    post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    step(app)
    assert "off" in (table.remote.last_reason or "")
    # a chat line goes to the other seat
    for k, u in (
        (pygame.K_RETURN, ""),
        (pygame.K_h, "h"),
        (pygame.K_i, "i"),
        (pygame.K_RETURN, ""),
    ):
        post(pygame.KEYDOWN, key=k, mod=0, unicode=u, scancode=0)
        step(app)
    assert run_until(app, lambda: any(e.get("text") == "hi" for e in guest.client.events))
    assert run_until(app, lambda: table.remote.chat and table.remote.chat[-1].endswith(": hi"))
    assert run_until(app, lambda: guest.client.rtt is not None or table.link.client.rtt is not None)
    # the window's own frame (the recorded one, no overlay) shows the room and the
    # round trip in the adversary's box, in place of the line the table puts there
    assert run_until(app, lambda: table.link.client.rtt is not None)
    assert app.top is table and 1 not in table.remote.messages
    drawn = texts_of_a_frame(app)
    assert any(t.startswith(f"Room {code} · round trip ") and t.endswith(" ms") for t in drawn)
    assert any(t.endswith(": hi") for t in drawn)  # the chat line
    # the network game's menu words cite no section (issue 19: the rules help does)
    menu = network.RemoteMenu(app, table)
    words = " ".join(menu.lines() + [label for _name, label in menu.items()])
    assert "Abandon the game" in words and "§" not in words and "()" not in words
    guest.shutdown()
    table.leave()
    assert app.top is app.game_scene


def texts_of_a_frame(app) -> list[str]:
    """Every text the window's next frame draws (``App.draw``, as the frame loop calls it)."""
    with recording_texts(app) as made:
        app.draw(app.screen)
    return [line for line, _size, _surface in made]


@pytest.mark.parametrize("rules", ["british", "one-pack"])
def test_join_shows_the_rule_set_before_accepting(make_app, rules):
    """Any game of the registry, the one-pack game too, is shown, then joined."""
    import asyncio
    import threading

    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    srv = Server(Config(port=0))
    asyncio.run_coroutine_threadsafe(srv.start(), loop).result(10)
    try:
        host = ThreadedClient(f"ws://127.0.0.1:{srv.port}", "Ann")
        host.call("connect")
        host.call("send", type="create", name="Ann", rules=rules)
        end = time.monotonic() + 10
        while not host.client.room and time.monotonic() < end:
            time.sleep(0.01)
        app = make_app((1024, 700))
        app.open_menu()
        step(app)
        click_item(app, "join")
        join = app.top
        assert isinstance(join, JoinScene)
        join.fields["address"] = f"127.0.0.1:{srv.port}"
        join.fields["room"] = host.client.room.lower()
        click_item(app, "look")
        assert run_until(app, lambda: join.room_info is not None)
        from russian_bank.games import game_type

        title = game_type(rules).title  # the registry's name for it, as the host sees it
        assert any(title in line for line in join.lines())
        assert "accept" in [n for n, _l in join.items()]
        click_item(app, "accept")
        assert run_until(app, lambda: isinstance(app.top, RemoteTableScene))
        assert app.top.remote.seat == 1 and app.top.remote.who(0) == "Ann (A)"
        assert app.top.remote.position.rules.spec == rules
        # the joiner connected to the room's path: a router sends it to the room's process
        paths = [ws.request.path for ws in list(srv.conns) if ws.request is not None]
        assert sorted(paths) == ["/", f"/room/{host.client.room}"]
        app.top.leave()
        host.shutdown()
    finally:
        asyncio.run_coroutine_threadsafe(srv.stop(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
