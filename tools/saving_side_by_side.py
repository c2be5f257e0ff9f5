"""The frame's time spent saving per action, side by side (issue 42): the whole
record rewritten with two fsyncs after every action (``ui/settings.save_game``, as
the table saved until the journal) against the journal (``journal.Journal.sync``:
a line handed to the writer thread).

One game of ``--actions`` random actions (raises, plays, Undos: what the table
saves after), each saved both ways into a config folder on the disk (``--folder``,
default a temporary folder), timed on the calling thread: wall time and that
thread's processor time (``time.thread_time``). The journal is timed twice: right
after the whole rewrite (the writer had time: a player's pace) and alone, as fast
as it can be asked (the worst case: the frame may wait for the last line's write).

    python3 tools/saving_side_by_side.py --actions 200
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from russian_bank.engine import Abandon, AgreeDraw, Game, Stand, Stop  # noqa: E402
from russian_bank.journal import Journal, Writer  # noqa: E402

ENDS = (Stop, Stand, Abandon, AgreeDraw)


def play(game: Game, rng: random.Random) -> None:
    """One change, as at the table: an Undo now and then, else a legal action."""
    if rng.random() < 0.1 and game.undo_reason() is None:
        game.undo()
    else:
        game.apply(rng.choice([a for a in game.legal_actions() if not isinstance(a, ENDS)]))


def timed(save: Callable[[], object], wall: list[float], cpu: list[float]) -> None:
    w, c = time.perf_counter(), time.thread_time()
    save()
    cpu.append(time.thread_time() - c)
    wall.append(time.perf_counter() - w)


def line(name: str, values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p95 = statistics.quantiles(ms, n=20)[18]
    return (
        f"  {name:<14} mean {statistics.fmean(ms):8.3f} ms  median {statistics.median(ms):8.3f}"
        f"  p95 {p95:8.3f}  max {ms[-1]:8.3f}  total {sum(ms):9.1f} ms"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--folder", type=Path, default=None)
    args = ap.parse_args()
    folder = args.folder or Path(tempfile.mkdtemp(prefix="rb-saving-", dir=Path.home()))
    os.environ["XDG_CONFIG_HOME"] = str(folder)
    from russian_bank.ui.settings import save_game  # (reads XDG_CONFIG_HOME when saving)

    writer = Writer()
    paced = Journal(folder / "journal-paced.txt", writer)
    alone = Journal(folder / "journal-alone.txt", writer)
    rng = random.Random(args.seed)
    game = Game.new(args.seed)
    results: dict[str, tuple[list[float], list[float]]] = {
        k: ([], []) for k in ("whole", "journal paced", "journal alone")
    }
    for _ in range(args.actions):
        play(game, rng)
        timed(lambda: save_game(game, [0, 0], 0), *results["whole"])
        timed(lambda: paced.sync(game, [0, 0], 0), *results["journal paced"])
    writer.wait()
    rng, again = random.Random(args.seed), Game.new(args.seed)
    for _ in range(args.actions):  # the same changes, saved back to back
        play(again, rng)
        timed(lambda: alone.sync(again, [0, 0], 0), *results["journal alone"])
    writer.wait()
    assert again.record_text() == game.record_text()
    print(f"{args.actions} actions saved in {folder}: the calling thread's time per action")
    for kind, pick in (("wall", 0), ("processor", 1)):
        print(f"{kind} time:")
        for name, got in results.items():
            print(line(name, got[pick]))
    if args.folder is None:
        shutil.rmtree(folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
