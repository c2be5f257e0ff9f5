"""Random games: the invariants hold and move generation agrees with the reasons."""

from __future__ import annotations

import random

from russian_bank.engine import (
    BANKS,
    DISCARDS,
    HELD_PLACE,
    STOCKS,
    TABLES,
    Game,
    Play,
    Stop,
)
from russian_bank.engine.plays import legal_plays
from russian_bank.engine.refusals import play_reason

SOURCES = (*TABLES, *STOCKS, *DISCARDS, HELD_PLACE, *BANKS)
DESTS = (*BANKS, *TABLES, *STOCKS, *DISCARDS)


def _check_plays_agree(pos) -> None:
    gen = set(legal_plays(pos))
    for src in SOURCES:
        for dst in DESTS:
            for count in (1, 2, 3) if src.kind == "table" else (1,):
                ok = play_reason(pos, src, dst, count) is None
                assert ok == ((src, dst, count) in gen), (str(src), str(dst), count)


def test_random_games_keep_invariants_and_agree():
    for seed in range(6):
        rng = random.Random(seed)
        g = Game.new(seed=seed)
        for step in range(300):
            pos = g.position
            pos.check_invariants()
            if g.over:
                break
            if pos.raised is None and pos.compelled is None and step % 3 == 0:
                _check_plays_agree(pos)
            acts = g.legal_actions()
            assert acts, pos.to_text()
            for a in acts:
                assert g.reason(a) is None, str(a)
            # prefer Bank plays so games progress; Stop sometimes
            banks = [a for a in acts if isinstance(a, Play) and a.dst.kind == "bank"]
            stops = [a for a in acts if isinstance(a, Stop)]
            if banks and rng.random() < 0.8:
                a = rng.choice(banks)
            elif stops and rng.random() < 0.5:
                a = stops[0]
            else:
                a = rng.choice(acts)
            g.apply(a)
        replay = Game.from_record(g.record_text())
        assert replay.position.to_text() == g.position.to_text()
