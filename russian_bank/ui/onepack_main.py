"""The one-pack table on its own: ``python -m russian_bank.ui.onepack_main`` opens it,
``--screenshot FILE`` draws a deal (``--moves N`` random actions in) to a PNG."""

from __future__ import annotations

import argparse
import os
import random
import sys

from .. import cli
from ..engine.position import OVER
from ..onepack import legal_actions
from .app import App, write_png
from .scenes.onepack import open_one_pack
from .settings import Settings
from .table.onepack_table import OPPONENTS


def screenshot(path: str, seed: int, size: tuple[int, int], moves: int, opponent: str) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    app = App(size, seed=1, resume=False, autosave=False, settings=Settings(sound=False))
    scene = open_one_pack(app, seed, opponent)
    rng = random.Random(seed)
    for _ in range(moves):
        if scene.table.pos.phase == OVER:
            break
        acts = legal_actions(scene.table.pos)
        scene.table.act(acts[rng.randrange(len(acts))])
    scene.table.flights.clear()  # every card where it landed, none caught in the air
    app.draw(app.screen)
    if not write_png(app.screen, path):
        return 1
    print(f"wrote {path} ({size[0]}x{size[1]}, one-pack deal {seed}, {moves} moves)")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m russian_bank.ui.onepack_main")
    p.add_argument("--screenshot", metavar="FILE", type=cli.png_path)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--size", type=cli.size, default=(1280, 800))
    p.add_argument("--moves", type=cli.count, default=0)
    p.add_argument("--opponent", choices=OPPONENTS, default="human")
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    if args.screenshot:
        return screenshot(args.screenshot, args.seed, args.size, args.moves, args.opponent)
    app = App(args.size, seed=1, resume=False, autosave=False)
    open_one_pack(app, args.seed, args.opponent)
    return app.run()


if __name__ == "__main__":
    raise SystemExit(main())
