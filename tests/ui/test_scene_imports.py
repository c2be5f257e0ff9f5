"""Issue 19: screens open one another by name through the scene registry, so no screen
module imports another (the Lessons list and a lesson used to import each other's
classes; the Past games and Statistics screens shared one 500-line module)."""

from __future__ import annotations

from tests.test_import_graph import import_graph

SCENES = "russian_bank.ui.scenes"
SHARED = {f"{SCENES}.{m}" for m in ("base", "page", "registry")}  # what screens share
# the remote table *is* the card table with a network seat: it subclasses GameScene
SUBCLASSES = {(f"{SCENES}.network", f"{SCENES}.game")}


def test_i19_no_screen_imports_another():
    graph = import_graph()
    screens = {m for m in graph if m.startswith(SCENES + ".")} - SHARED
    assert {f"{SCENES}.lessons", f"{SCENES}.tutorial", f"{SCENES}.stats"} <= screens
    found = sorted(
        f"{name} -> {dep}"
        for name in screens
        for dep in graph[name] & screens
        if (name, dep) not in SUBCLASSES
    )
    assert not found, "\n".join(found)


def test_i19_the_history_and_lesson_screens_are_under_500_lines():
    from pathlib import Path

    import russian_bank.ui.scenes as scenes

    folder = Path(scenes.__file__).parent
    for name in ("history", "stats", "tutorial", "lessons", "replay"):
        lines = (folder / f"{name}.py").read_text(encoding="utf-8").count("\n")
        assert lines <= 500, f"{name}.py has {lines} lines"
