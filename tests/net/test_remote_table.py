"""The table at a remote game (issue 21): the table's controller, fed by the server
through a client on its own thread, against the server's computer."""

from __future__ import annotations

import asyncio
import os
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from russian_bank.ai import make_bot  # noqa: E402
from russian_bank.engine import Game, TurnStock  # noqa: E402
from russian_bank.game.places import BANKS  # noqa: E402
from russian_bank.match import fresh_rng  # noqa: E402
from russian_bank.net.client import ThreadedClient  # noqa: E402
from russian_bank.net.config import Config  # noqa: E402
from russian_bank.net.server import Server  # noqa: E402
from russian_bank.ui.table.layout import Layout  # noqa: E402
from russian_bank.ui.table.remote import RemoteController  # noqa: E402


class Serving:
    """A server on its own thread (as a host's program runs it)."""

    def __init__(self, **options) -> None:
        self.loop = asyncio.new_event_loop()
        self.srv = Server(Config(port=0, forfeit=30, **options))
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        asyncio.run_coroutine_threadsafe(self.srv.start(), self.loop).result(10)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.srv.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)


def wait_for(ctl_or_link, test, seconds=10.0, dt=1 / 60):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if hasattr(ctl_or_link, "update"):
            ctl_or_link.update(dt)
        if test():
            return True
        time.sleep(0.005)
    return False


def test_the_table_plays_a_remote_game_against_the_servers_computer():
    pygame.init()
    serving = Serving()
    try:
        link = ThreadedClient(f"ws://127.0.0.1:{serving.srv.port}", "Ann")
        link.call("connect")
        link.call("send", type="create", name="Ann", opponent="novice", action_time=0.2)
        assert wait_for(link, lambda: link.client.obs is not None and link.client.view["started"])
        ctl = RemoteController(link, Layout((1024, 768)))
        assert ctl.seat == 0 and ctl.is_bot(1) and not ctl.is_bot(0)
        assert "off" in ctl.undo_reason()
        me = make_bot("novice", 0, fresh_rng())
        # an action the rules refuse is refused at once with the rules' reason
        card = ctl.position.table[0][-1]
        assert not ctl.act(f"play table0 {BANKS[5]}") or card.rank == 1
        assert ctl.last_reason or card.rank == 1
        mine = 0
        t0 = time.monotonic()
        while mine < 40 and time.monotonic() - t0 < 60:
            ctl.update(1 / 60)
            view = ctl.view
            obs = link.client.obs
            if ctl.over is not None:
                break
            if view.get("to_act") == "A" and obs.player == 0 and obs.phase in ("play", "arranging"):
                seq = link.client.seq
                assert ctl.act(me.choose(obs))
                mine += 1
                assert wait_for(ctl, lambda s=seq: link.client.seq > s, 10)
            time.sleep(0.01)
        if ctl.over is None:
            assert ctl.abandon(0) or ctl.act("abandon A")
        assert wait_for(ctl, lambda: ctl.over is not None, 20)
        record = ctl.over["record"]
        game = Game.from_record(record)
        assert game.over and mine >= 10
        # the table never held the deal: its face-down cards are stand-ins
        real = Game.new(game.seed).position.stock[0][:-1]
        assert ctl.game.seed is None
        assert any(TurnStock() == a for a in game.actions)
        assert real  # (the record's seed rebuilds the deal only once the game is over)
        link.shutdown()
    finally:
        serving.stop()
