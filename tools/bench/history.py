"""History timings: opening a long kept game (10,000 actions) in Past games and
in Replay, and moving through it. Median of several runs.

The long game is played by random legal actions that mostly pass over plays to
the Banks (which makes games long), cut at the wanted length and ended by an
abandon, so that it is a finished game as the table would keep it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from russian_bank.cli import count, positive_int
from russian_bank.engine import (
    COMMITTEE,
    Abandon,
    Action,
    Back,
    Game,
    Play,
    Position,
    Raise,
    apply,
    deal_position,
    legal_actions,
)
from russian_bank.engine.position import OVER
from russian_bank.game.places import BANK, TABLE
from russian_bank.history import Replay, Store, keep


def long_game(actions: int = 10_000, seed: int = 1) -> Game:
    """A finished game of exactly ``actions`` legal actions (the last one an abandon).

    Random legal actions that mostly pass over plays to the Banks, never end the
    game before its length (no win let stand, no draw), and mostly
    weave on the Table (a card from one Table pile to another, as far as the
    rules let the Table change in one innings): real plays, not raise and back.
    """
    for attempt in range(20):
        rng = random.Random(seed * 1000 + attempt)
        game = Game(deal_position(COMMITTEE, random.Random(seed + attempt)), seed + attempt)
        pos = game.position
        while pos.phase != OVER and len(game.actions) < actions - 1:
            acts = legal_actions(pos)
            weave = [a for a in acts if isinstance(a, Play) and a.src.kind == a.dst.kind == TABLE]
            if weave and rng.random() < 0.98:
                a = weave[rng.randrange(len(weave))]
            else:
                acts = [a for a in acts if not _ends(pos, a)]
                if not acts:
                    break  # every action ends the game here: try another deal
                a = acts[rng.randrange(len(acts))]
                while _idle(a) and rng.random() < 0.97:
                    a = acts[rng.randrange(len(acts))]
            apply(pos, a, check=False)
            game.actions.append(a)
        end = Abandon(pos.player)
        if len(game.actions) == actions - 1 and game.reason(end) is None:
            apply(pos, end, check=False)
            game.actions.append(end)
            return game
    raise RuntimeError("no long game found")


def _ends(pos: Position, a: Action) -> bool:
    """Whether ``a`` would end the game (a win let stand, a draw): a long game
    passes over those until it has its length (asked of the engine on a copy)."""
    probe = pos.clone()
    apply(probe, a, check=False)
    return probe.phase == OVER


def _idle(a: object) -> bool:
    """Actions a long game mostly passes over: plays to the Banks (they end the
    game soonest), and raising a card only to put it back."""
    return isinstance(a, Raise | Back) or (isinstance(a, Play) and a.dst.kind == BANK)


def at_least_two(text: str) -> int:
    """A game length: a play and the abandon that ends it, at least."""
    n = positive_int(text)
    if n < 2:
        raise argparse.ArgumentTypeError(f"{n} is too short: a game here has at least 2 actions")
    return n


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench history")
    parser.add_argument("--actions", type=at_least_two, default=10_000)
    parser.add_argument("--runs", type=positive_int, default=5)
    parser.add_argument("--games", type=count, default=50, help="other games in the store")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    t = time.perf_counter()
    game = long_game(args.actions, args.seed)
    print(f"made a game of {len(game.actions)} actions in {time.perf_counter() - t:.1f} s")
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "games")
        store.save(keep(game, ("human", "expert")))
        short = Game.new(args.seed)
        short.apply("abandon A")
        for _ in range(args.games):
            store.save(keep(short))
        past, open_, end, steps = [], [], [], []
        cpu_open, cpu_end = [], []
        for run in range(args.runs):
            t0 = time.perf_counter()
            games = store.games()  # the Past games list
            t1 = time.perf_counter()
            longest = max(games, key=lambda k: k.actions)
            c1 = time.process_time()
            replay = Replay(longest)
            replay.position(0)
            t2, c2 = time.perf_counter(), time.process_time()
            final = replay.position(replay.steps)
            t3, c3 = time.perf_counter(), time.process_time()
            for s in range(replay.steps - 1, replay.steps - 41, -1):
                replay.position(s)
            t4 = time.perf_counter()
            if final.to_text() != game.position.to_text():
                raise RuntimeError("the replay did not reach the game's final position")
            cpu_open.append(c2 - c1)
            cpu_end.append(c3 - c2)
            past.append(t1 - t0)
            open_.append(t2 - t1)
            end.append(t3 - t2)
            steps.append((t4 - t3) / 40)
            print(
                f"run {run + 1}: Past games ({len(games)} games) {1000 * (t1 - t0):.0f} ms, "
                f"open Replay {1000 * (t2 - t1):.0f} ms, jump to the end "
                f"{1000 * (t3 - t2):.0f} ms, one step back {1000 * steps[-1]:.2f} ms"
            )
    med = statistics.median
    print(f"replay steps: {replay.steps} of {len(game.actions)} actions")
    print(
        f"CPU ms (what other jobs on the machine do not inflate): open replay "
        f"{1000 * med(cpu_open):.0f} jump to end {1000 * med(cpu_end):.0f}"
    )
    print(
        f"history ms: past games {1000 * med(past):.0f} open replay {1000 * med(open_):.0f} "
        f"jump to end {1000 * med(end):.0f} step {1000 * med(steps):.2f}"
    )
    return 0
