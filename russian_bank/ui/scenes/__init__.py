"""The screens, one module each, opened by name (``registry``) so that no screen
imports another: ``game`` (the card table), ``menu``, ``dialogs`` (new game, settings,
results, draw offer, abandon, Stop options), ``help``, ``log`` (the move log),
``history`` (past games, import), ``archive`` (one's games on a server), ``stats``
(statistics), ``replay``, ``lessons`` (the list) and ``tutorial`` (a lesson at the table).
``base`` holds what they share. Every game of the registry, the one-pack game too,
plays on the one card table."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from . import registry
from .base import Host, Scene

# each screen by name: its module and class, imported when the screen first opens
# (issue 42: the network, the lessons and the past games cost nothing until asked for)
SCREENS = {
    "menu": ("menu", "MenuScene"),
    "new game": ("dialogs", "NewGameScene"),
    "settings": ("dialogs", "SettingsScene"),
    "results": ("dialogs", "ResultsScene"),
    "draw offer": ("dialogs", "DrawOfferScene"),
    "draw confirm": ("dialogs", "DrawConfirmScene"),
    "abandon": ("dialogs", "AbandonScene"),
    "stop options": ("dialogs", "StopOptionsScene"),
    "help": ("help", "HelpScene"),
    "log": ("log", "LogScene"),
    "past games": ("history", "PastGamesScene"),
    "statistics": ("stats", "StatsScene"),
    "replay": ("replay", "ReplayScene"),
    "lessons": ("lessons", "LessonsScene"),
    "lesson": ("tutorial", "TutorialScene"),
    "host": ("network", "HostScene"),
    "join": ("network", "JoinScene"),
    "remote table": ("network", "RemoteTableScene"),
    "lobby": ("lobby", "LobbyScene"),
    "server games": ("archive", "ServerGamesScene"),
}


def _opened(module: str, name: str) -> registry.SceneFactory:
    def make(app: Host, *args: Any, **kwargs: Any) -> Scene:
        screen: type[Scene] = getattr(import_module(f".{module}", __name__), name)
        return screen(app, *args, **kwargs)

    return make


def register_all() -> None:
    """Register every screen under its name (the application does this at start)."""
    for name, (module, cls) in SCREENS.items():
        registry.register(name, _opened(module, cls))


__all__ = ["SCREENS", "register_all"]
