"""Screens by name: one screen opens another through here, never by importing it.

The application registers every screen at start (``scenes.register_all``); a screen
asks for another by its name (``"help"``, ``"lessons"``, ``"past games"``...) and
the arguments of that screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import Host, Scene

SceneFactory = Callable[..., Scene]

_FACTORIES: dict[str, SceneFactory] = {}


def register(name: str, factory: SceneFactory) -> None:
    _FACTORIES[name] = factory


def names() -> list[str]:
    return sorted(_FACTORIES)


def make(name: str, app: Host, *args: Any, **kwargs: Any) -> Scene:
    """A new screen called ``name``, built for ``app``."""
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise KeyError(f"no screen called {name!r} (known: {', '.join(names())})") from None
    return factory(app, *args, **kwargs)


def push(name: str, app: Host, *args: Any, **kwargs: Any) -> Scene:
    """Open the screen called ``name`` on top of the others."""
    scene = make(name, app, *args, **kwargs)
    app.push(scene)
    return scene


def over_table(name: str, app: Host, *args: Any, **kwargs: Any) -> Scene:
    """Close every screen but the table, then open ``name`` over it."""
    app.scenes = [app.game_scene]
    return push(name, app, *args, **kwargs)


__all__ = ["SceneFactory", "make", "names", "over_table", "push", "register"]
