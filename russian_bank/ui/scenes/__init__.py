"""The screens, one module each, opened by name (``registry``) so that no screen
imports another: ``game`` (the card table), ``menu``, ``dialogs`` (new game, settings,
results, draw offer, abandon, Stop options), ``help``, ``log`` (the move log),
``history`` (past games, import), ``stats`` (statistics), ``replay``, ``lessons`` (the
list) and ``tutorial`` (a lesson at the table).
``base`` holds what they share. Every game of the registry, the one-pack game too,
plays on the one card table."""

from __future__ import annotations

from typing import Any

from . import registry
from .base import Host, Scene

# each screen's module is imported when the screen first opens (issue 42: the
# network, the lessons and the past games cost nothing until they are asked for)


def _menu(app: Host, *a: Any, **k: Any) -> Scene:
    from .menu import MenuScene

    return MenuScene(app, *a, **k)


def _dialog(name: str) -> registry.SceneFactory:
    def make(app: Host, *a: Any, **k: Any) -> Scene:
        from . import dialogs

        return getattr(dialogs, name)(app, *a, **k)  # type: ignore[no-any-return]

    return make


def _help(app: Host, *a: Any, **k: Any) -> Scene:
    from .help import HelpScene

    return HelpScene(app, *a, **k)


def _log(app: Host, *a: Any, **k: Any) -> Scene:
    from .log import LogScene

    return LogScene(app, *a, **k)


def _past_games(app: Host, *a: Any, **k: Any) -> Scene:
    from .history import PastGamesScene

    return PastGamesScene(app, *a, **k)


def _statistics(app: Host, *a: Any, **k: Any) -> Scene:
    from .stats import StatsScene

    return StatsScene(app, *a, **k)


def _replay(app: Host, *a: Any, **k: Any) -> Scene:
    from .replay import ReplayScene

    return ReplayScene(app, *a, **k)


def _lessons(app: Host, *a: Any, **k: Any) -> Scene:
    from .lessons import LessonsScene

    return LessonsScene(app, *a, **k)


def _lesson(app: Host, *a: Any, **k: Any) -> Scene:
    from .tutorial import TutorialScene

    return TutorialScene(app, *a, **k)


def _host(app: Host, *a: Any, **k: Any) -> Scene:
    from .network import HostScene

    return HostScene(app, *a, **k)


def _join(app: Host, *a: Any, **k: Any) -> Scene:
    from .network import JoinScene

    return JoinScene(app, *a, **k)


def register_all() -> None:
    """Register every screen under its name (the application does this at start);
    a screen's module is imported when it first opens."""
    screens: dict[str, registry.SceneFactory] = {
        "menu": _menu,
        "new game": _dialog("NewGameScene"),
        "settings": _dialog("SettingsScene"),
        "results": _dialog("ResultsScene"),
        "draw offer": _dialog("DrawOfferScene"),
        "draw confirm": _dialog("DrawConfirmScene"),
        "abandon": _dialog("AbandonScene"),
        "stop options": _dialog("StopOptionsScene"),
        "help": _help,
        "log": _log,
        "past games": _past_games,
        "statistics": _statistics,
        "replay": _replay,
        "lessons": _lessons,
        "lesson": _lesson,
        "host": _host,
        "join": _join,
    }
    for name, factory in screens.items():
        registry.register(name, factory)


__all__ = ["register_all"]
