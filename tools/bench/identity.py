"""Identity hashes: proof that a speed change changed no behaviour.

``python -m tools.bench identity`` plays seeded random games of every
rule set and option (``rulesets.every_spec()``) and of the one-pack game, and
hashes, step by step, everything the engine answers: the position's text, the
legal actions, the events ``apply`` returns, the reason given for actions tried
out of turn (refusals), the lawful plays the bots ask for, what each player
observes. It also works the way a search does, on copies (``clone``) that share
what the parent worked out, and on positions read back from their text (which
start with nothing kept), and it plays a session with undo. One line per game
name; run it before and after a change and compare (``--write FILE``, ``--check
FILE``). Nothing here is timed.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections.abc import Callable
from typing import Any

from russian_bank.cli import positive_int
from russian_bank.engine import queries
from russian_bank.engine.position import OVER, Position
from russian_bank.game.protocol import GameType
from russian_bank.games import every_name, game_type

MAX_STEPS = 20_000  # a random game ends long before; a bound all the same


spec_names = every_name  # every rule set and option, and the one-pack game


class _Digest:
    def __init__(self) -> None:
        self.h = hashlib.sha256()

    def add(self, *parts: object) -> None:
        for part in parts:
            self.h.update(repr(part).encode())
            self.h.update(b"\x1f")
        self.h.update(b"\x1e")


def _play_game(game: GameType, seed: int, out: _Digest, max_steps: int) -> int:
    """One random game, hashed into ``out``; returns the number of actions."""
    rng = random.Random(seed)  # the deal and the game's choices
    side = random.Random(seed * 7919 + 1)  # refusals tried, copies made: never the game's
    pos = game.deal(rng)
    tried: dict[str, Any] = {}  # every action text seen legal somewhere, in order
    steps = 0
    while pos.phase != OVER and steps < max_steps:
        acts = game.legal_actions(pos)
        texts = [str(a) for a in acts]
        out.add("pos", pos.to_text(), texts)
        for a in acts:
            tried.setdefault(str(a), a)
        if isinstance(pos, Position):
            out.add("lawful", queries.legal_plays(pos, errors=False))
        if tried:
            keys = list(tried)
            for _ in range(3):
                a = tried[keys[side.randrange(len(keys))]]
                out.add("reason", str(a), game.reason(pos, a))
        if steps % 7 == 0:
            seen = game.observe(pos, steps % 2)
            out.add("seen", seen.to_text() if hasattr(seen, "to_text") else seen)
        if side.random() < 0.125:  # a search's copy: a few actions, then thrown away
            copy = pos.clone()
            for _ in range(1 + side.randrange(3)):
                copy_acts = game.legal_actions(copy)
                if not copy_acts:
                    break
                a = copy_acts[side.randrange(len(copy_acts))]
                out.add("copy", str(a), game.apply(copy, a, check=False), copy.to_text())
        roll = side.random()
        if roll < 0.02:
            pos = pos.clone()
        elif roll < 0.03:
            pos = game.position_from_text(pos.to_text())
        action = acts[rng.randrange(len(acts))]
        events = game.apply(pos, action, check=steps % 2 == 0)
        out.add("apply", str(action), events)
        steps += 1
    out.add("end", pos.to_text(), steps)
    return steps


def _play_session(game: GameType, seed: int, out: _Digest, steps: int) -> None:
    """A game in progress (``new_game``): actions by text, undo now and then."""
    rng = random.Random(seed)
    session = game.new_game(seed)
    for _ in range(steps):
        if session.over:
            break
        if session.undo_reason() is None and rng.random() < 0.1:
            out.add("undo", str(session.undo()))
            continue
        acts = session.legal_actions()
        action = acts[rng.randrange(len(acts))]
        out.add("session", str(action), session.apply(str(action)))
    out.add("record", session.record_text(), session.position.to_text())


def identity_hashes(
    names: list[str], games: int = 2, seed: int = 1, max_steps: int = MAX_STEPS
) -> list[tuple[str, str, int]]:
    """(name, hash, actions) for each game name."""
    rows = []
    for name in names:
        game = game_type(name)
        out = _Digest()
        actions = sum(_play_game(game, seed + g, out, max_steps) for g in range(games))
        _play_session(game, seed, out, min(max_steps, 400))
        rows.append((name, out.h.hexdigest()[:32], actions))
    return rows


def format_rows(rows: list[tuple[str, str, int]]) -> str:
    return "".join(f"{name:<20} {digest} {n} actions\n" for name, digest, n in rows)


def main(argv: list[str], echo: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench identity")
    parser.add_argument("--games", type=positive_int, default=2, help="random games per game name")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="1 game of at most 300 actions each")
    parser.add_argument("--rules", action="append", help="only these names (repeatable)")
    parser.add_argument("--write", metavar="FILE", help="save the hashes to FILE")
    parser.add_argument("--check", metavar="FILE", help="compare with hashes saved in FILE")
    args = parser.parse_args(argv)
    names = args.rules or spec_names()
    games, max_steps = (1, 300) if args.quick else (args.games, MAX_STEPS)
    rows = identity_hashes(names, games, args.seed, max_steps)
    text = format_rows(rows)
    echo(text.rstrip("\n"))
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            f.write(text)
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            saved = {line.split()[0]: line.split()[1] for line in f if line.strip()}
        wrong = [name for name, digest, _ in rows if saved.get(name) != digest]
        if wrong:
            echo(f"DIFFERENT from {args.check}: {', '.join(wrong)}")
            return 1
        echo(f"identical to {args.check}")
    return 0
