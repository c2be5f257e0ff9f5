"""A package's names imported from their modules when first asked for (PEP 562's module
``__getattr__``): the table starts without the history, the lessons or the one-pack rules,
and loads each when it is opened (issue 42)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from typing import Any


def lazy_names(package: str, homes: dict[str, tuple[str, ...]]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package``: ``homes`` maps each module (relative to the
    package) to the names it gives; a name asked for is imported once, then kept in the
    package like any other."""
    home = {name: module for module, names in homes.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module, package), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
