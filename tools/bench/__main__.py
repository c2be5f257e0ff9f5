"""Run a benchmark: ``python -m tools.bench engine`` (or ui, idle, history, screens,
network, identity)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in (
        "engine",
        "ui",
        "idle",
        "history",
        "screens",
        "network",
        "identity",
    ):
        print(
            "usage: python -m tools.bench engine|ui|idle|history|screens|network|identity [options]"
        )
        return 2
    if args[0] == "engine":
        from .engine import main as run
    elif args[0] == "identity":
        from .identity import main as run  # type: ignore[no-redef]
    elif args[0] == "network":
        from .network import main as run  # type: ignore[no-redef]
    elif args[0] == "idle":
        from .idle import main as run  # type: ignore[no-redef]
    elif args[0] == "history":
        from .history import main as run  # type: ignore[no-redef]
    elif args[0] == "screens":
        from .screens import main as run  # type: ignore[no-redef]
    else:
        from .ui import main as run  # type: ignore[no-redef]
    return run(args[1:])


if __name__ == "__main__":
    raise SystemExit(main())
