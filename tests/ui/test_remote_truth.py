"""Issue 43, the remote table tells the truth: its move log narrates every step of
both seats (as the local table's log narrates the record), the adversary's seat
away shows the server's countdown and stops his clock, a forfeit by leaving is
said in full words, the seat token is kept so that a program started again takes
its seat up, and a dropped card waits where it was dropped for the server's word.
Loopback only, bounded."""

from __future__ import annotations

import asyncio
import random
import threading
import time

import pygame
import pytest

from russian_bank.games import game_type
from russian_bank.net.client import ThreadedClient
from russian_bank.net.config import Config
from russian_bank.net.server import Server
from russian_bank.ui.table.layout import Layout
from russian_bank.ui.table.movelog import MoveLog
from russian_bank.ui.table.remote import RemoteController

SEED = {"committee": 8, "one-pack": 3}


class Serving:
    """A loopback server on its own thread, with a short forfeit time."""

    def __init__(self, forfeit: float = 30.0, **options) -> None:  # type: ignore[no-untyped-def]
        self.loop = asyncio.new_event_loop()
        config = Config(port=0, host="127.0.0.1", forfeit=forfeit, allow_seed=True, **options)
        self.srv = Server(config)
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        asyncio.run_coroutine_threadsafe(self.srv.start(), self.loop).result(10)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.srv.port}"

    def room(self):  # type: ignore[no-untyped-def]
        (room,) = self.srv.rooms.values()
        return room

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.srv.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)


def wait_for(ctl, test, seconds=10.0) -> bool:  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if ctl is not None:
            ctl.update(1 / 60)
        if test():
            return True
        time.sleep(0.005)
    return False


def started(link: ThreadedClient) -> bool:
    link.poll()
    return link.client.obs is not None and bool(link.client.view.get("started"))


def local_steps(kind, record: str) -> list[tuple[list[str], list[str]]]:  # type: ignore[no-untyped-def]
    """Each action of ``record`` as the local log tells it, and as it reads told
    without the position before it (a remote step that came with others, before
    a view of the position it was taken in)."""
    from russian_bank.history.narration import Narrator

    game = kind.game_from_record(record)
    full, bare = Narrator(), Narrator()
    out = []
    for i, action in enumerate(game.actions):
        pos = game.position_before(i)  # (a copy)
        player, fault = pos.player, getattr(pos, "fault", None)
        events, lines = full.tell(pos, action)
        if fault is None:
            bare.fault_closed()
        out.append((lines, bare.told(kind.table_view, action, events, player)))
    return out


@pytest.mark.parametrize("rules", ["committee", "one-pack"])
def test_i43_the_remote_move_log_tells_every_step_of_both_seats(rules):
    """The table's log (its StepLog, told from the server's steps) reads as the
    local table's log of the server's record: both seats' actions, in words."""
    pygame.init()
    serving = Serving()
    link = ThreadedClient(serving.url, "Ann")
    try:
        link.call("connect")
        link.call(
            "send",
            type="create",
            name="Ann",
            rules=rules,
            opponent="novice",
            action_time=0.1,
            seed=SEED[rules],
        )
        assert wait_for(None, lambda: started(link))
        ctl = RemoteController(link, Layout((1024, 768)))
        kind = game_type(rules)
        me = kind.make_bot("novice", 0, random.Random(5))
        mine = 0
        end = time.monotonic() + 60
        while mine < 12 and ctl.over is None and time.monotonic() < end:
            ctl.update(1 / 60)
            obs = link.client.obs
            fresh = int(ctl.view.get("seq", -1)) >= link.client.seq
            if (
                fresh
                and ctl.view.get("to_act") == "A"
                and obs.player == 0
                and ctl.game.phase in ("play", "arranging")
            ):
                seq = link.client.seq
                assert ctl.act(me.choose(obs))
                mine += 1
                assert wait_for(ctl, lambda s=seq: link.client.seq > s)
            time.sleep(0.002)
        assert wait_for(ctl, lambda: int(ctl.view.get("seq", -1)) >= serving.room().seq, 5)
        record = serving.room().record()
        remote = ctl.steps.sync(ctl.game)
        seats = {line.split()[0] for line in remote}
        assert mine >= 5 and "A" in seats and "B" in seats, remote
        assert len(remote) == len(MoveLog().sync(kind.game_from_record(record)))
        at = 0  # each step as the local log tells it (or, for a step that came with
        for full, bare in local_steps(kind, record):  # others before a view, without
            told = remote[at : at + len(full)]  # the card it went onto: no view of it)
            assert told in (full, bare), (at, told, full, bare)
            at += len(full)
        assert at == len(remote)
    finally:
        link.shutdown()
        serving.stop()


def two_people(serving: Serving, rules: str = "committee"):  # type: ignore[no-untyped-def]
    """Ann (A) and Bob (B) seated at a real-clock room: (Ann's link, Bob's link)."""
    ann, bob = ThreadedClient(serving.url, "Ann"), ThreadedClient(serving.url, "Bob")
    ann.call("connect")
    ann.call("send", type="create", name="Ann", rules=rules, seed=SEED[rules])
    assert wait_for(None, lambda: bool(ann.client.room))
    bob.call("connect")
    bob.call("send", type="join", room=ann.client.room, name="Bob")
    assert wait_for(None, lambda: started(ann) and started(bob))
    return ann, bob


def cut(link: ThreadedClient) -> None:
    """Bob's program dies: his connection is cut, no closing handshake."""
    asyncio.run_coroutine_threadsafe(link.client.drop(), link.loop).result(5)


def test_i43_while_the_adversary_is_away_his_seat_counts_down_and_his_clock_stands():
    pygame.init()
    serving = Serving(forfeit=2.5)
    ann, bob = two_people(serving)
    try:
        ctl = RemoteController(ann, Layout((1024, 768)))
        room = serving.room()
        assert ctl.away_words() is None and "away" in ctl.view
        cut(bob)
        assert wait_for(ctl, lambda: ctl.away_words() is not None)
        said = ctl.away_words()
        assert said.startswith("Bob (B)'s seat is kept for 0:0") and "clock is stopped" in said
        stood, left = room.match.clock, ctl.kept()[1]
        assert wait_for(ctl, lambda: False, 0.6) is False
        assert room.match.clock == stood  # the server's clock stands while he is away
        assert ctl.kept()[1] < left - 0.4  # the countdown runs (the server's, shown here)
        bob.call("resume")  # back in time: no countdown, the clock runs again
        assert wait_for(ctl, lambda: ctl.away_words() is None)
        assert wait_for(ctl, lambda: room.match.clock > stood + 0.2)
        cut(bob)  # gone for good: he forfeits on the server's clock
        assert wait_for(ctl, lambda: ctl.over is not None, 8)
        result = ctl.notes.banner.text
        assert result.startswith("Game over: Bob (B) left and did not come back in time"), result
        assert "he forfeits. Ann (A) wins" in result and ctl.notes.banner.kind == "over"
        assert "B was away too long: his seat forfeits" in ctl.steps.lines
        assert "Game over: A wins" in ctl.steps.lines[-1]
    finally:
        ann.shutdown()
        bob.shutdown()
        serving.stop()


def test_i43_a_forfeit_by_leaving_is_said_whole_at_the_smallest_window(
    make_app, monkeypatch, tmp_path
):
    """The banner and the status box of the game's end, at 640x480 in en/fr/de:
    every word of the result drawn, no line cut (PNGs in tmp_path to look at)."""
    from russian_bank.ui.app import MIN_SIZE
    from russian_bank.ui.kit.text import wrap
    from russian_bank.ui.kit.widgets import zone_parts
    from russian_bank.ui.scenes.network import RemoteTableScene, open_table
    from russian_bank.ui.table.banner import banner_rect
    from russian_bank.ui.table.messages import Message
    from russian_bank.ui.table.status import status_lines

    from .helpers import step
    from .languages import LANGUAGES, speaking

    app = make_app(size=MIN_SIZE)
    serving = Serving(forfeit=1.0)
    ann, bob = two_people(serving)
    try:
        open_table(app, ann, None)
        table = app.top
        assert isinstance(table, RemoteTableScene)
        cut(bob)
        end = time.monotonic() + 8
        while table.remote.over is None and time.monotonic() < end:
            step(app)
            time.sleep(0.01)
        assert table.remote.over is not None
        ctl = table.remote
        for lang in LANGUAGES:
            with speaking(lang, monkeypatch):
                # (the banner is worded when the game ends: here, once per language)
                result = ctl.result_words(ctl.over)
                ctl.notes.banner = Message(result, float("inf"), "over")
                ctl.notes.by_seat.clear()  # (the status box shows when no notice does)
                step(app, 3)
                table.draw(app.screen)
                pygame.image.save(app.screen, str(tmp_path / f"forfeit-{lang}.png"))
                box = banner_rect(table.layout).inflate(-banner_rect(table.layout).h // 2, -8)
                drawn = [(t, r) for t, r, b in app.renderer.texts if b == box]
                assert " ".join(t for t, _r in drawn).split() == result.split(), drawn
                assert all(box.contains(r) for _t, r in drawn)
                other = zone_parts(table.layout.zones[1 - ctl.seat].rect)[1]
                entries = table.status_lines()
                size, lines = status_lines(app.assets, other, entries, table.important)
                font = app.assets.font(size)
                for entry in entries[: table.important]:  # the room, the end: whole
                    assert all(ln in lines for ln in wrap(font, entry, other.w)), (entry, lines)
                assert len(lines) * font.get_linesize() <= other.h
        print(tmp_path)
    finally:
        ann.shutdown()
        bob.shutdown()
        serving.stop()


def click_item(app, name) -> None:  # type: ignore[no-untyped-def]
    from .helpers import post, step

    _panel, rects, _unit = app.top.geometry()
    (r,) = [r for n, _label, r in rects if n == name]
    post(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1)
    step(app)


def test_i43_the_seat_token_is_kept_and_a_program_started_again_takes_its_seat_up(make_app):
    from russian_bank.ui.scenes.network import RemoteTableScene, open_table
    from russian_bank.ui.settings import SEAT_FILE, KeptSeat, config_dir, kept_seat

    from .helpers import run_until, step

    serving = Serving()
    ann, bob = two_people(serving)
    try:
        app = make_app((1024, 700))
        open_table(app, bob, None)
        step(app, 2)
        kept = kept_seat()  # where, which room, which token: in the config folder
        assert kept == KeptSeat(serving.url, bob.client.room, bob.client.token)
        assert (config_dir() / SEAT_FILE).is_file()
        cut(bob)  # Bob's program dies
        bob.shutdown()
        again = make_app((1024, 700))  # and is started again
        again.open_menu()
        step(again)
        assert dict(again.top.items())["join"] == f"Rejoin your game in room {kept.room}"
        click_item(again, "join")  # rejoins at once
        assert run_until(again, lambda: isinstance(again.top, RemoteTableScene))
        table = again.top
        c = table.link.client
        assert table.remote.seat == 1 and c.room == kept.room and c.token != kept.token
        step(again)
        assert kept_seat().token == c.token  # the server's fresh token, kept in its turn
        assert serving.room().seats[1].away is None
        ann.call("send", type="act", action="abandon A")  # the game ends: forgotten
        assert run_until(again, lambda: table.remote.over is not None)
        step(again)
        assert kept_seat() is None and not (config_dir() / SEAT_FILE).exists()
        again.open_menu()
        step(again)
        assert dict(again.top.items())["join"] == "Join a game on the network"
    finally:
        ann.shutdown()
        serving.stop()


def test_i43_a_dropped_card_waits_where_it_was_dropped_for_the_servers_word(make_app, monkeypatch):
    """Over a slow line (each action held 0.8 s on its way), cards let go where
    the rules let them go stay there, the mouse no longer moves them, a click does
    not send them again; the server's view flies them on from there. A refusal
    (the server's own) sends them back with its reason."""
    from russian_bank.engine import Play
    from russian_bank.game.places import TABLE
    from russian_bank.net.client import Client

    from .helpers import post, run_until, step
    from .test_full_game import choose
    from .test_remote_table_game import gesture, my_turn, played, seated

    sent: list[str] = []
    refuse = {"now": False}
    real = Client.send

    async def slow(self, type_, /, **fields):  # type: ignore[no-untyped-def]
        if type_ == "act":
            sent.append(fields["action"])
            await asyncio.sleep(0.8)
            if refuse["now"] and fields["action"].startswith("play"):  # one the server refuses
                fields["action"] = "abandon B"
        await real(self, type_, **fields)

    monkeypatch.setattr(Client, "send", slow)
    app = make_app(size=(1024, 700), pace="normal")
    serving = Serving(rate=1000.0, burst=1000.0)
    table, link = seated(app, serving, "Ann", seed=8)
    rng = random.Random(8)
    try:
        for refused in (False, True):
            refuse["now"] = refused
            ctl = table.remote
            end, plays = time.monotonic() + 60, []
            while time.monotonic() < end:  # a turn with a Table card to drag somewhere
                step(app)
                time.sleep(0.01)
                if not my_turn(table):
                    continue
                pos, view = ctl.position, ctl.table_view
                plays = [  # what letting a Table card go elsewhere asks, as a drop asks it
                    answer
                    for src in table.layout.rects
                    if src.kind == TABLE and ctl.piles()[src].cards
                    for dst in table.layout.rects
                    if isinstance(answer := view.drop(pos, src, 1, dst), Play)
                ]
                if plays:
                    break
                refuse["now"] = False
                played(app, table, link, choose(ctl.game, rng))  # (another move first)
                refuse["now"] = refused
            assert plays
            action = plays[0]
            card = ctl.gestures.cards_at(action.src, 1)[0]
            home = ctl.placed_cards()[card].rect.copy()
            before = len(sent)
            gesture(app, table, action)
            dropped = ctl.placed_cards()[card].rect.copy()
            assert ctl.drag is not None and ctl.drag.sent and dropped != home
            post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
            post(pygame.MOUSEBUTTONDOWN, pos=(500, 300), button=1)
            post(pygame.MOUSEBUTTONUP, pos=(500, 300), button=1)
            step(app)
            assert ctl.placed_cards()[card].rect == dropped  # held where it was let go
            end = time.monotonic() + 10
            while ctl.drag is not None and time.monotonic() < end:
                assert ctl.placed_cards()[card].rect == dropped
                step(app)
                time.sleep(0.01)
            plays_sent = [a for a in sent[before:] if a.startswith("play")]
            assert ctl.drag is None and plays_sent == [str(action)]  # sent once, judged once
            (flight,) = [f for f in ctl.flights if f.card == card]
            assert flight.start == dropped  # it flies on from where it was let go
            if refused:  # back to its pile, and the server is told it is put back (§26)
                lift = table.layout.card_size[1] // 10
                assert flight.end.x == home.x and abs(flight.end.y - home.y) <= lift
                assert ctl.last_reason == "you may call only for your own seat"

                def put_back(c=ctl):  # type: ignore[no-untyped-def]
                    return c.table_view.raised(c.position) is None

                assert run_until(app, put_back), sent[-3:]
                assert sent[-1].startswith("back")
            else:
                assert flight.end != home and ctl.placed_cards()[card].rect != home
    finally:
        link.shutdown()
        serving.stop()


def test_i43_a_kept_seat_file_that_cannot_be_read_is_forgotten_not_trusted():
    from russian_bank.ui.settings import (
        SEAT_FILE,
        KeptSeat,
        config_dir,
        forget_seat,
        keep_seat,
        kept_seat,
    )

    seat = KeptSeat("wss://example.org:8765", "2345678923", "a-b_C" * 6)
    assert keep_seat(seat) is None and kept_seat() == seat
    path = config_dir() / SEAT_FILE
    for bad in ("{", "[]", '{"address": "ws://x", "room": "ROOM", "token": "short"}', "x" * 5000):
        path.write_text(bad)
        assert kept_seat() is None and not path.exists()
    keep_seat(seat)
    forget_seat()
    assert kept_seat() is None
