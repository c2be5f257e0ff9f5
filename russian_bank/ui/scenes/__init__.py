"""The screens, one module each, opened by name (``registry``) so that no screen
imports another: ``game`` (the card table), ``menu``, ``dialogs`` (new game, settings,
results, draw offer, abandon, Stop options), ``help``, ``log`` (the move log),
``history`` (past games, import), ``stats`` (statistics), ``replay``, ``lessons`` (the
list) and ``tutorial`` (a lesson at the table).
``base`` holds what they share. Every game of the registry, the one-pack game too,
plays on the one card table."""

from __future__ import annotations

from . import registry


def register_all() -> None:
    """Register every screen under its name (the application does this at start)."""
    from . import dialogs, help, history, lessons, log, menu, replay, stats, tutorial

    screens: dict[str, registry.SceneFactory] = {
        "menu": menu.MenuScene,
        "new game": dialogs.NewGameScene,
        "settings": dialogs.SettingsScene,
        "results": dialogs.ResultsScene,
        "draw offer": dialogs.DrawOfferScene,
        "draw confirm": dialogs.DrawConfirmScene,
        "abandon": dialogs.AbandonScene,
        "stop options": dialogs.StopOptionsScene,
        "help": help.HelpScene,
        "log": log.LogScene,
        "past games": history.PastGamesScene,
        "statistics": stats.StatsScene,
        "replay": replay.ReplayScene,
        "lessons": lessons.LessonsScene,
        "lesson": tutorial.TutorialScene,
    }
    for name, factory in screens.items():
        registry.register(name, factory)
    from . import network

    network.register()


__all__ = ["register_all"]
