"""Issues 21 and 23: what the server's rules say reaches each remote player in his
own language. The server sends a message key and its fields (net/words.py,
docs/protocol.md "Words"), never words; the client words them through its own
catalogue, the very words a local game uses for the same event."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from russian_bank import i18n  # noqa: E402
from russian_bank.engine import Back, Game, Play, Raise, Stop  # noqa: E402
from russian_bank.engine.rules import rule_set  # noqa: E402
from russian_bank.engine.rulesets.base import without_citations  # noqa: E402
from russian_bank.game.events import FaultOpened, StopCalled  # noqa: E402
from russian_bank.game.places import (  # noqa: E402
    BANKS,
    DISCARDS,
    HELD_PLACE,
    SEATS,
    STOCKS,
    TABLES,
)
from russian_bank.games import every_name, game_type  # noqa: E402
from russian_bank.history.narration import stop_words  # noqa: E402
from russian_bank.net.client import ThreadedClient  # noqa: E402
from russian_bank.ui.table.layout import Layout  # noqa: E402
from russian_bank.ui.table.remote import RemoteController  # noqa: E402

from .test_remote_table import wait_for  # noqa: E402

LANGS = ("fr", "de")


# -- every reason and note of many games, through the wire and back ----------------


def _in(lang: str, make):  # type: ignore[no-untyped-def]
    i18n.set_language(lang)
    try:
        return make()
    finally:
        i18n.set_language("en")


def _keyed(make):  # type: ignore[no-untyped-def]
    """``make()`` on a thread that speaks in keys, as the server's does."""
    before = i18n.speak_keys_here()
    try:
        return make()
    finally:
        i18n.speak_here(before)


PLAYS = [
    Play(src, dst)
    for src in (*STOCKS, *DISCARDS, HELD_PLACE, *TABLES)
    for dst in (*BANKS, *TABLES, *STOCKS, *DISCARDS)
    if src != dst
]


def permitted(game) -> list:  # type: ignore[no-untyped-def]
    """The plays the rules let the Player make now: the legal ones and the faults
    (a computer never makes a fault: ``legal_actions`` leaves them out)."""
    return [a for a in PLAYS if game.reason(a) is None]


def _through_the_wire(said: str) -> object:
    from russian_bank.net.words import said_wire

    return json.loads(json.dumps(said_wire(said), ensure_ascii=False))


@pytest.mark.parametrize("name", every_name())
def test_every_reason_and_note_is_sent_as_keys_and_worded_as_a_local_game_words_it(name):
    """Random games of each game, played at once by a game on a thread that speaks
    in keys (as the server's does) and by a twin in French and one in German: at
    each step the reasons the rules give for a few actions that are not legal now,
    and the notes of the events, go from the keyed game through JSON, are checked
    and worded; each equals what the twin says at one table in its language."""
    from russian_bank.net.words import worded

    kind = game_type(name)
    checked = notes = 0
    for seed in (3, 11):
        game = _keyed(lambda s=seed: kind.new_game(s))
        twins = {lang: _in(lang, lambda s=seed: kind.new_game(s)) for lang in LANGS}
        rng = random.Random(seed)
        pool: set[str] = set()
        for _ in range(160):
            if game.over:
                break
            legal = game.legal_actions()
            pool |= {str(a) for a in legal}
            for text in rng.sample(sorted(pool), min(8, len(pool))):
                action = kind.parse_action(text)
                said = _keyed(lambda g=game, a=action: g.reason(a))
                if said is None:
                    continue
                wire = _through_the_wire(said)
                assert worded(wire) == said, (name, text)  # English, as the server's
                for lang, twin in twins.items():
                    local = _in(lang, lambda t=twin, a=action: t.reason(a))
                    assert _in(lang, lambda w=wire: worded(w)) == local, (name, lang, text)
                checked += 1
            pos = game.position
            stops = getattr(pos, "fault", None) is not None and rng.random() < 0.5
            plain = [a for a in legal if not isinstance(a, Raise | Back)] or legal
            faults = [] if name == "one-pack" else _keyed(lambda g=game: permitted(g))
            faults = [a for a in faults if a not in legal]
            if stops and game.reason(Stop(pos.adversary)) is None:
                action = Stop(pos.adversary)
            elif faults and rng.random() < 0.3:
                action = rng.choice(faults)
            else:
                action = rng.choice(plain)
            events = _keyed(lambda g=game, a=action: g.apply(a))
            for lang, twin in twins.items():
                theirs = _in(lang, lambda t=twin, a=action: t.apply(a))
                for ev, local in zip(events, theirs, strict=True):
                    note = getattr(ev, "note", "")
                    if note:
                        got = _in(lang, lambda n=note: worded(_through_the_wire(n)))
                        assert got == local.note, (name, lang, str(action))
                        notes += 1
    assert checked > 100, checked
    if name != "one-pack":  # (003 has no Stops)
        assert notes > 0, "no fault was opened"


def test_a_message_the_client_cannot_word_is_a_one_line_error():
    from russian_bank.net.client import error_words, note_words
    from russian_bank.net.words import WordsError, read_said

    good = {"key": "Your {stock} is empty", "fields": {"stock": {"key": "Stock", "ctx": "x"}}}
    bad = [
        {"key": "rm -rf {x}", "fields": {"x": "1"}},  # not in the catalogue
        {"key": "Your {stock} is empty"},  # a field missing
        {"key": "Your {stock} is empty", "fields": {"stock": "Stock"}},  # a word as datum
        {"key": "Your {stock} is empty", "fields": {"stock": {"key": "Stock"}, "more": 1}},
        good,  # the context is not the catalogue's
        {"key": "Your {stock} is empty", "fields": {"stock": [1]}},
        {"key": "Your {stock} is empty", "bogus": 1},
        ["key"],
        {"key": 5},
    ]
    for data in bad:
        with pytest.raises(WordsError) as e:
            read_said(data)
        assert "\n" not in str(e.value) and len(str(e.value)) < 200
        line = error_words({"type": "error", "said": data})
        assert "\n" not in line and "cannot read" in line
        assert "cannot read" in note_words(data)
    deep = {"key": "{rule} {cite}", "fields": {"rule": None, "cite": "(§5)"}}
    node = deep
    for _ in range(10):
        node["fields"]["rule"] = {"key": "{rule} {cite}", "fields": {"rule": None, "cite": "1"}}
        node = node["fields"]["rule"]
    node["fields"]["rule"] = "2"
    with pytest.raises(WordsError, match="too many parts"):
        read_said(deep)


# -- a French (and a German) player at a remote table ------------------------------


def _fault_plan(rules: str) -> tuple[int, list[str], str]:
    """A deal where the first Player's first actions open a fault (his adversary
    may call Stop), and a play the rules then refuse with a card in the reason:
    (seed, the actions, the refused play)."""
    kind = game_type(rules)
    for seed in range(200):
        start = Game.new(seed, rule_set(rules))
        p = start.position.player
        paths = [[a] for a in start.legal_actions()]  # then a fault
        while paths:
            path = paths.pop(0)
            trial = Game.new(seed, rule_set(rules))
            events: list[object] = []
            for a in path:
                events = list(trial.apply(a))  # (the last action's)
            pos = trial.position
            if pos.player != p:
                continue
            if (
                any(isinstance(e, FaultOpened) for e in events)
                and trial.reason(Stop(1 - p)) is None
            ):
                for i in range(8):
                    for b in range(8):
                        text = f"play table{i} bank{b}"
                        why = trial.reason(kind.parse_action(text))
                        if why and pos.table[i] and pos.table[i][-1].label in why:
                            return seed, [str(a) for a in path], text
            if len(path) < 2:
                paths += [path + [a] for a in permitted(trial)]
    raise AssertionError("no deal with an early fault")


def _drive(ctls, test, seconds=10.0):  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for c in ctls:
            c.update(1 / 60)
        if test():
            return True
        time.sleep(0.005)
    return False


@pytest.mark.parametrize("lang", LANGS)
def test_a_remote_player_reads_the_servers_refusal_and_stop_in_his_own_language(lang):
    """The table server (a process of its own, started in another language) refuses
    a play of the first Player with the rules' reason for that card, then his
    adversary stops a fault of his. Both players' programs are set to ``lang``: each
    shows the refusal, the Stop's fault note and the stopper's own line exactly as a
    local game in that language words them, and none of it in English."""
    rules = "committee"
    seed, path, refused = _fault_plan(rules)
    local = Game.new(seed, rule_set(rules))
    p = local.position.player
    kind = game_type(rules)
    pygame.init()
    # the table server as players run it: a process of its own, whatever its language
    server = subprocess.Popen(
        [sys.executable, "-m", "russian_bank.net.server", "--port", "0", "--allow-seed"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, "LANGUAGE": "de" if lang == "fr" else "fr"},
    )
    assert server.stdout is not None
    line = server.stdout.readline()
    assert "listening on port" in line, line
    url = f"ws://127.0.0.1:{int(line.split()[-1])}"
    ann, bob = ThreadedClient(url, "Ann"), ThreadedClient(url, "Bob")
    i18n.set_language(lang)
    try:
        ann.call("connect")
        ann.call("send", type="create", name="Ann", seat=SEATS[p], seed=seed)
        assert wait_for(ann, lambda: bool(ann.client.room))
        bob.call("connect")
        bob.call("send", type="join", room=ann.client.room, name="Bob")
        for link in (ann, bob):
            started = lambda lk=link: lk.client.obs is not None and lk.client.view.get("started")  # noqa: E731
            assert wait_for(link, started)
        mine = RemoteController(ann, Layout((1024, 768)))
        theirs = RemoteController(bob, Layout((1024, 768)))
        assert mine.seat == p and theirs.seat == 1 - p
        # the fault
        for text in path:
            seq = ann.client.seq
            assert mine.act(text), mine.last_reason
            back = lambda s=seq: int(mine.view.get("seq", -1)) > s < int(theirs.view.get("seq", -1))  # noqa: E731
            assert _drive([mine, theirs], back)
            local.apply(kind.parse_action(text))
        assert _drive([mine, theirs], lambda: theirs.position.fault is not None)
        fault_note = local.position.fault_note
        # a play the table would not send: the server's referee refuses it
        mine.notes.last_reason = None
        ann.call("send", type="act", action=refused)
        assert _drive([mine, theirs], lambda: mine.last_reason is not None)
        want = local.reason(kind.parse_action(refused))
        assert mine.last_reason == want, (mine.last_reason, want)
        # the adversary's Stop
        stop = local.apply(Stop(1 - p))
        (called,) = [e for e in stop if isinstance(e, StopCalled)]
        assert theirs.act(f"stop {SEATS[1 - p]}"), theirs.last_reason
        said = i18n._("Stop! {name} stops you: {note}").format(
            name=mine.who(1 - p),
            note=without_citations(called.note),  # no section (issue 41)
        )
        shown = lambda: (m := mine.messages.get(p)) is not None and m.text == said  # noqa: E731
        assert _drive([mine, theirs], shown), (mine.messages.get(p), said)
        assert theirs.messages[1 - p].text == stop_words(called)  # the stopper's own line
        i18n.set_language("en")  # (and none of it is English)
        english = Game.new(seed, rule_set(rules))
        for text in path:
            english.apply(kind.parse_action(text))
        assert english.position.fault_note != fault_note
        assert english.reason(kind.parse_action(refused)) != want
    finally:
        i18n.set_language("en")
        ann.shutdown()
        bob.shutdown()
        server.kill()
        server.wait(10)


def test_the_rooms_own_refusals_are_keys_worded_in_the_players_language():
    """The room's refusals (not your turn, another seat's call, an agreed draw sent
    as an action, a rematch too soon, 003's missing draws), made on a thread that
    speaks in keys, reach a French player in French."""
    from russian_bank.net.room import Room
    from russian_bank.net.seats import Refused, Settings
    from russian_bank.net.words import worded

    def refusals() -> list[str]:
        out = []
        r = Room("ABCDEFGHJK", Settings(), seed=7)
        r.take(0, "Ann", "link-a")
        r.take(1, "Bob", "link-b")
        adversary = 1 - r.game.player
        one = Room("ABCDEFGHJM", Settings(rules="one-pack"), seed=7)
        one.take(0, "Ann", "link-a")
        one.take(1, "Bob", "link-b")
        for intent in (
            lambda: r.act(adversary, "turn stock"),
            lambda: r.act(adversary, f"stop {'AB'[1 - adversary]}"),
            lambda: r.act(0, "agree draw"),
            lambda: r.rematch(0),
            lambda: one.answer_draw(0, True),
        ):
            with pytest.raises(Refused) as e:
                intent()
            out.append(json.loads(json.dumps(_through_the_wire(e.value.said))))
        return out

    wires = _keyed(refusals)
    english = [worded(w) for w in wires]
    french = _in("fr", lambda: [worded(w) for w in wires])
    assert english[0] == "it is not your turn: your adversary is the Player"
    assert french == [
        "ce n'est pas votre tour : c'est votre adversaire qui joue",
        "vous n'annoncez que pour votre propre place",
        "proposez plutôt la partie nulle ; elle est acquise si l'autre accepte",
        "une revanche suit une partie finie",
        "personne ne vous propose la partie nulle",
    ], french
