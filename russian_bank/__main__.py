"""``russian-bank``: open the card table, or render a screenshot headless.

russian-bank                          play (two people at one computer)
russian-bank --seed 7                 a new game dealt from seed 7
russian-bank --screenshot t.png [--seed N] [--size WxH] [--moves K]
             [--deck classic|bold] [--four-colour]
             [--card-size normal|large|largest]
                                      render the table after the deal (and K
                                      random legal actions) to a PNG, no window
russian-bank --install-desktop        put the launcher, icon and metainfo in the
                                      desktop's menu (--uninstall-desktop removes them)
russian-bank sim --a club --b novice  bot-against-bot games (russian_bank.sim), so a
                                      one-file build can run them too
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from typing import TYPE_CHECKING

from . import __version__
from .cli import count, png_path, size
from .i18n import N_, _

if TYPE_CHECKING:
    from .ui.app import App

COMMANDS = N_("commands: russian-bank sim --help  (bot-against-bot games)")
# TRANSLATORS: argparse's own words on the command line (keep each %(name)s and %s)
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("the following arguments are required: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


def parser() -> argparse.ArgumentParser:
    argparse._ = _  # type: ignore[attr-defined]  # argparse looks its words up through it
    p = argparse.ArgumentParser(
        prog="russian-bank",
        description=_("Russian Bank card table"),
        epilog=_(COMMANDS),
        formatter_class=lambda prog: argparse.HelpFormatter(prog, max_help_position=30),
    )
    p.add_argument(
        "--version",
        action="version",
        version=f"russian-bank {__version__}",
        help=_("show program's version number and exit"),
    )
    p.add_argument(
        "--screenshot", metavar="FILE", type=png_path, help=_("render to a PNG headless and exit")
    )
    p.add_argument("--seed", type=int, help=_("deal from this seed (a new game)"))
    p.add_argument("--size", type=size, default=(1280, 800), help=_("window size WxH"))
    p.add_argument("--moves", type=count, default=0, help=_("random legal actions before the shot"))
    p.add_argument(
        "--deck", choices=("classic", "bold"), default="classic", help=_("card design in the shot")
    )
    p.add_argument("--four-colour", action="store_true", help=_("four-colour suits in the shot"))
    p.add_argument(
        "--card-size",
        choices=("normal", "large", "largest"),
        default="normal",
        metavar="SCALE",
        help=_("card size in the shot: normal, large or largest"),
    )
    p.add_argument(
        "--rules", type=rules_spec, help=_("a new game's rules, e.g. crapette, one-pack")
    )
    desktop = p.add_mutually_exclusive_group()
    desktop.add_argument(
        "--install-desktop", action="store_true", help=_("add the game to the desktop's menu")
    )
    desktop.add_argument(
        "--uninstall-desktop", action="store_true", help=_("remove it from the menu again")
    )
    return p


def rules_spec(text: str) -> str:
    """A game's name in the registry (``russian_bank.game``)."""
    from .games import game_type

    try:
        return game_type(text).name
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def screenshot(
    path: str,
    seed: int | None,
    size: tuple[int, int],
    moves: int,
    deck: str = "classic",
    four_colour: bool = False,
    rules: str = "committee",
    card_size: str = "normal",
) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    from .engine import Stand, Stop
    from .ui.app import App, write_png
    from .ui.settings import CARD_SIZE_NAMES, Settings

    card_scale = next(k for k, v in CARD_SIZE_NAMES.items() if v == card_size)
    app = App(
        size,
        seed=seed if seed is not None else 1,
        resume=False,
        autosave=False,
        pace="instant",
        settings=Settings(
            sound=False, deck=deck, four_colour=four_colour, rules=rules, card_scale=card_scale
        ),
    )
    ctl = app.game_scene.ctl
    rng = random.Random(seed)
    for _step in range(moves):
        game = ctl.game
        if game.over:
            break
        legal = [a for a in game.legal_actions() if not isinstance(a, Stop | Stand)]  # any game
        if not legal:
            legal = game.legal_actions()
        if not legal:
            break
        ctl.act(rng.choice(legal))
    ctl.settle()
    ctl.messages.clear()
    app.game_scene.update(0.0)
    app.draw(app.screen)
    if not write_png(app.screen, path):
        return 1
    text = _("wrote {path} ({width}x{height}, {rules}, seed {seed}, {moves} moves)")
    print(
        text.format(path=path, width=size[0], height=size[1], rules=rules, seed=seed, moves=moves)
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    if getattr(sys, "frozen", False):  # the one-file build's worker processes (ui/thinker.py)
        import multiprocessing

        multiprocessing.freeze_support()
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["sim"]:
        from . import sim

        return sim.main(argv[1:])
    args = parser().parse_args(argv)
    if args.install_desktop or args.uninstall_desktop:
        from . import desktop

        return desktop.main("install" if args.install_desktop else "uninstall")
    if args.screenshot is not None:
        return screenshot(
            args.screenshot,
            args.seed,
            args.size,
            args.moves,
            args.deck,
            args.four_colour,
            args.rules or "committee",
            args.card_size,
        )
    from .desktop import window_icon

    window_icon()
    return open_table(args).run()


def open_table(args: argparse.Namespace) -> App:
    """The table for the command line: the game in progress resumes; ``--rules``
    or ``--seed`` asks for a new game, which, with a game in progress, asks first
    as New game in the menu does (nothing the player did is lost)."""
    from .ui.app import App
    from .ui.settings import load_settings

    settings = None
    if args.rules:
        settings, _warning = load_settings()
        settings.rules = args.rules
    app = App(args.size, settings=settings)
    if args.rules or args.seed is not None:
        app.new_game_asked(args.seed)
    return app


if __name__ == "__main__":
    raise SystemExit(main())
