"""The messages (docs/protocol.md): every field checked on arrival; the wire forms."""

from __future__ import annotations

import json
import random

import pytest

from russian_bank import i18n
from russian_bank.engine import Game, Observation
from russian_bank.game.events import CardsMoved
from russian_bank.game.places import DISCARDS, HANDS
from russian_bank.net.protocol import (
    MAX_CLIENT_BYTES,
    Act,
    Answer,
    Chat,
    Create,
    ProtocolError,
    client,
    read_client,
)
from russian_bank.net.room import Room
from russian_bank.net.seats import Settings
from russian_bank.net.wire import WireError, decode, encode, event_wire

ROOM = "ABCDEFGHJK"


def msg(**fields) -> str:
    return json.dumps({"v": 2, **fields})


def refused(raw) -> str:
    with pytest.raises(ProtocolError) as e:
        read_client(raw)
    reason = str(e.value)
    assert reason and "\n" not in reason and len(reason) < 200
    return reason


def test_good_messages_are_read():
    m = read_client(msg(type="act", action="play  stockA   bank0"))
    assert isinstance(m, Act) and m.action == "play  stockA   bank0"  # read by the room
    m = read_client(msg(type="create", name="Ann", rules="french+one-side", clock="steps"))
    assert isinstance(m, Create) and m.rules == "french+one-side"
    m = read_client(msg(type="answer", ask=3, action=None))
    assert isinstance(m, Answer) and m.action is None
    m = read_client(client("chat", text="well played"))
    assert isinstance(m, Chat) and m.text == "well played"


def test_unknown_fields_types_and_versions_are_refused():
    assert "unknown field" in refused(msg(type="act", action="turn stock", cheat=1))
    assert "unknown message type" in refused(msg(type="peek"))
    assert "version" in refused(json.dumps({"v": 1, "type": "ping", "t": 1}))  # the last one
    assert "version" in refused(json.dumps({"v": 3, "type": "ping", "t": 1}))
    assert "version" in refused(json.dumps({"v": True, "type": "ping", "t": 1}))
    assert "version" in refused(json.dumps({"type": "ping", "t": 1}))
    assert "needs the field" in refused(msg(type="act"))
    assert "must be text" in refused(msg(type="chat", text=5))
    assert "whole number" in refused(msg(type="answer", ask=True, action=None))
    assert "whole number" in refused(msg(type="answer", ask=1.5, action=None))
    assert "true or false" in refused(msg(type="answer_draw", accept=1))
    assert "room code" in refused(msg(type="join", room="abc", name="x"))
    assert "seat token" in refused(msg(type="resume", room=ROOM, token="x" * 10))
    assert "JSON object" in refused("[1, 2]")
    assert "control character" in refused(msg(type="chat", text="a\u0000b"))


def test_malformed_json_huge_nested_and_constants_are_refused():
    assert "not JSON" in refused('{"v": 2, "type": ')
    assert "not JSON" in refused("\xff\xfe")
    assert "over" in refused(msg(type="chat", text="x" * MAX_CLIENT_BYTES))
    assert "nested" in refused("[" * 3000 + "]" * 3000) or "over" in refused("[" * 5000)
    assert "not a number" in refused('{"v": 2, "type": "ping", "t": NaN}')
    assert "not a number" in refused('{"v": 2, "type": "ping", "t": Infinity}')
    assert "twice" in refused('{"v": 2, "type": "ping", "t": 1, "t": 2}')
    assert "binary" in refused(b'{"v": 2}')


def acted(text: str) -> str:
    """The one-line reason a room gives for an action's text (read once, by its game)."""
    r = Room("ABCDEFGHJK", Settings(), seed=7)
    r.take(0, "Ann", "link-a")
    r.take(1, "Bob", "link-b")
    with pytest.raises(ProtocolError) as e:
        r.act(r.game.player, text)
    reason = str(e.value)
    assert reason and "\n" not in reason and len(reason) < 200
    return reason


def test_actions_are_read_only_by_the_games_parser():
    assert "not an action" in acted("__import__('os')")
    assert "not a place" in acted("play stockA bank9")
    assert "40 characters" in refused(msg(type="act", action="turn stock " * 10))
    assert "unknown rule set" in refused(msg(type="create", name="A", rules="poker"))
    assert "from 0.1 to 10" in refused(msg(type="create", name="A", action_time=0))


def _positions(seed: int, rules: str = "committee"):
    from russian_bank.engine.rulesets import rule_set

    rng = random.Random(seed)
    g = Game.new(seed, rule_set(rules))
    while not g.over and len(g.actions) < 400:
        yield g
        g.apply(rng.choice(g.legal_actions()))
    yield g


def test_an_observation_comes_back_equal_from_the_wire():
    """Played on a thread that speaks in keys, as the server's does: the fault's
    note and British Bank's error go as message keys and come back in words."""
    n = noted = 0
    before = i18n.speak_keys_here()
    try:
        for seed, rules in ((1, "committee"), (2, "belgian"), (3, "british"), (4, "crapette")):
            for g in _positions(seed, rules):
                for seat in (0, 1):
                    obs = g.observe(seat)
                    wire = json.loads(json.dumps(encode(obs)))
                    assert decode(wire, Observation, "obs") == obs
                    n += 1
                    noted += bool(obs.fault_note or obs.error)
                    if obs.fault_note:
                        assert isinstance(wire["fault_note"], dict), wire["fault_note"]
    finally:
        i18n.speak_here(before)
    assert n > 1000 and noted > 0


def test_a_damaged_observation_is_refused():
    wire = encode(Game.new(1).observe(0))
    for field, value in (("held", "XYZ"), ("stock_down", [1]), ("seat", "0"), ("table", 3)):
        bad = dict(wire, **{field: value})
        with pytest.raises(WireError):
            decode(bad, Observation, "obs")
    with pytest.raises(WireError, match="unknown field"):
        decode(dict(wire, extra=1), Observation, "obs")
    with pytest.raises(WireError, match="missing field"):
        decode({k: v for k, v in wire.items() if k != "held"}, Observation, "obs")


def test_s19_a_discard_turned_over_goes_face_down_on_the_wire():
    g = Game.new(1)
    cards = tuple(g.position.hand[0][:3])
    down = event_wire(CardsMoved(cards, DISCARDS[0], HANDS[0], face_up=False, why="turn over"))
    assert down["count"] == 3 and "cards" not in down
    up = event_wire(CardsMoved(cards[:1], HANDS[0], DISCARDS[0]))
    assert up["cards"] == [str(cards[0])]


def test_a_server_of_another_version_is_named_in_one_line():
    """Version 2 sends reasons as message keys (docs/protocol.md "Versions"): a
    client of version 2 reading a version 1 server says so, naming both."""
    from russian_bank.net.protocol import read_server

    with pytest.raises(ProtocolError) as e:
        read_server(json.dumps({"v": 1, "type": "error", "reason": "too many messages"}))
    assert str(e.value) == (
        "the server speaks protocol version 1, this program 2: both need the same release"
    )
