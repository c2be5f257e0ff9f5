"""Issue 43: Play online, headless. The menu's *Play online* opens the lobby screen:
the server's address typed once (kept), the open games listed, one taken up with a
click and the remote table opened against its seeker; a quick pairing alone is
played by the server's computer after the (lowered) wait."""

from __future__ import annotations

import asyncio
import threading
import time

from russian_bank.net.client import ThreadedClient
from russian_bank.net.config import Config
from russian_bank.net.server import Server
from russian_bank.ui.scenes.lobby import LobbyScene, server_url
from russian_bank.ui.scenes.network import RemoteTableScene

from .helpers import run_until, step
from .test_network_scenes import click_item


def wait(test, seconds=10.0) -> None:
    end = time.monotonic() + seconds
    while not test() and time.monotonic() < end:
        time.sleep(0.01)
    assert test()


class Serving:
    def __init__(self, port: int = 0, **options) -> None:
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.srv = Server(Config(port=port, **options))
        asyncio.run_coroutine_threadsafe(self.srv.start(), self.loop).result(10)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.srv.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)


def _lobby(make_app, port: int):
    app = make_app((1024, 700))
    app.open_menu()
    step(app)
    click_item(app, "lobby")
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    lobby.fields["address"] = f"127.0.0.1:{port}"
    lobby.keep()
    return app, lobby


def test_play_online_lists_an_open_game_and_takes_it_up(make_app):
    s = Serving()
    ann = ThreadedClient(f"ws://127.0.0.1:{s.srv.port}", "Ann")
    try:
        ann.call("connect")
        ann.call("send", type="seek", name="Ann", rules="committee")
        wait(lambda: bool(s.srv.lobby.entries))
        app, lobby = _lobby(make_app, s.srv.port)
        assert app.settings.server == f"127.0.0.1:{s.srv.port}"  # kept for next time
        click_item(app, "refresh")
        assert run_until(app, lambda: lobby.listed)
        labels = dict(lobby.items())
        assert labels["seek0"].startswith("Ann: ") and "pair" in labels and "offer" in labels
        click_item(app, "seek0")
        assert run_until(app, lambda: isinstance(app.top, RemoteTableScene))
        table = app.top
        assert table.link.client.seat == "B" and table.link.client.view["names"][0] == "Ann"
        wait(lambda: ann.client.seat == "A" and bool(ann.client.view.get("started")))
        table.leave()
    finally:
        ann.shutdown()
        s.stop()


def test_a_quick_pairing_alone_gets_the_computer(make_app):
    s = Serving(pair_wait=0.3)
    try:
        app, lobby = _lobby(make_app, s.srv.port)
        click_item(app, "pair")
        assert run_until(app, lambda: isinstance(app.top, RemoteTableScene))
        table = app.top
        assert table.link.client.info["kinds"] == ["person", "novice"]
        table.leave()
    finally:
        s.stop()


def test_an_offer_is_listed_then_withdrawn(make_app):
    s = Serving()
    try:
        app, lobby = _lobby(make_app, s.srv.port)
        click_item(app, "offer")
        assert run_until(app, lambda: lobby.seeking is not None)
        assert [e.name for e in s.srv.lobby.entries.values()] == [lobby.name]
        assert "withdraw" in dict(lobby.items()) and "offer" not in dict(lobby.items())
        click_item(app, "withdraw")
        assert run_until(app, lambda: lobby.seeking is None)
        assert not s.srv.lobby.entries and "withdrawn" in " ".join(lobby.lines())
        app.pop()
    finally:
        s.stop()


def test_a_typed_address_is_made_a_url():
    assert server_url("example.org") == "ws://example.org:8765"
    assert server_url("10.0.0.2:9000") == "ws://10.0.0.2:9000"
    assert server_url("wss://t.example.org") == "wss://t.example.org"


def test_an_open_offer_is_made_again_when_the_lobby_s_connection_is_lost(make_app):
    """The process holding the lobby dies (here: the server stops, and another starts
    on its address, as the router sends the lobby to the next holder): the open offer
    is made again on a new connection, and it is listed there."""
    s = Serving()
    port = s.srv.port
    try:
        app, lobby = _lobby(make_app, port)
        click_item(app, "offer")
        assert run_until(app, lambda: lobby.seeking is not None)
        s.stop()
        s = Serving(port=port)
        assert run_until(app, lambda: bool(s.srv.lobby.entries), seconds=10)
        assert [e.name for e in s.srv.lobby.entries.values()] == [lobby.name]
        assert run_until(app, lambda: lobby.seeking is not None)
        assert lobby.offered_again == 1 and "withdraw" in dict(lobby.items())
        app.pop()
    finally:
        s.stop()
