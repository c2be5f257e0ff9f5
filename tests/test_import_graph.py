"""No import circle in russian_bank/: the graph is built from the sources with `ast`.

Every import counts, wherever it is written: at module level, inside a function, or under
`if TYPE_CHECKING:`. Relative imports are resolved, and `from pkg import name` counts as an
import of `pkg.name` when that is a module of the package (else of `pkg` itself). Importing
`pkg.mod` also runs `pkg/__init__.py`, so it counts as an import of `pkg` too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import russian_bank

ROOT = Path(russian_bank.__file__).resolve().parent
PACKAGE = "russian_bank"


def module_names(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package by dotted name (a package is its __init__)."""
    names: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        names[".".join([PACKAGE, *parts])] = path
    return names


def _absolute(module: str | None, level: int, here: str, is_package: bool) -> str:
    if level == 0:
        return module or ""
    base = here.split(".")
    if not is_package:
        base.pop()
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def _with_parents(name: str, modules: dict[str, Path]) -> set[str]:
    """`a.b.c` runs `a/__init__`, `a/b/__init__` and `a/b/c`: all that are ours."""
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts) + 1)} & modules.keys()


def imports_of(name: str, modules: dict[str, Path]) -> set[str]:
    """The package modules that `name` imports, anywhere in its source."""
    path = modules[name]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found |= _with_parents(alias.name, modules)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node.module, node.level, name, is_package)
            found |= _with_parents(base, modules)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in modules:
                    found.add(sub)
    found.discard(name)
    # a package's own __init__ is run before any of its modules: that is not an edge back
    return {m for m in found if not name.startswith(m + ".")}


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    modules = module_names(root)
    return {name: imports_of(name, modules) for name in modules}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Import circles, one found at a time: each is cut at its last edge and looked for again."""
    graph = {k: set(v) for k, v in graph.items()}
    found = []
    while (cycle := find_cycle(graph)) is not None:
        found.append(cycle)
        graph[cycle[-2]].discard(cycle[-1])
    return found


def test_the_package_has_no_import_cycle() -> None:
    graph = import_graph()
    assert len(graph) > 100  # the whole package was read, not an empty folder
    found = cycles(graph)
    assert not found, "import cycle: " + "\n".join(" -> ".join(c) for c in found)


# The engine's own workings: the rest of the program asks the engine through its public
# modules (the package, ``queries``, ``events``, ``places``, ``rules``, ``table_view`` ...)
ENGINE_INSIDE = {
    f"{PACKAGE}.engine.{m}"
    for m in [
        "deal",
        "laws",
        "legality",
        "moves",
        "order",
        "pile_rules",
        "piles",
        "plays",
        "referee",
        "stoppable",
        "stopping",
        "ending",
        "weaves",
        "masks",
    ]
}


def test_nothing_outside_the_engine_imports_its_workings() -> None:
    """ui/, ai/, tutorial/, history/ and net/ ask the engine's public query API
    (``engine.queries`` and the package) instead of its internal modules (issue 17)."""
    graph = import_graph()
    assert graph.keys() >= ENGINE_INSIDE
    outside = ("ui", "ai", "tutorial", "history", "net")
    found = sorted(
        f"{name} -> {m}"
        for name, deps in graph.items()
        if name.partition(".")[2].split(".")[0] in outside
        for m in deps & ENGINE_INSIDE
    )
    assert not found, "\n".join(found)


def test_the_ui_has_no_import_cycle_at_all() -> None:
    graph = import_graph()
    ui = {k: {m for m in v if m.startswith("russian_bank.ui")} for k, v in graph.items()}
    ui = {k: v for k, v in ui.items() if k.startswith("russian_bank.ui")}
    assert len(ui) > 30
    cycle = find_cycle(ui)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_graph_sees_every_kind_of_import(tmp_path: Path) -> None:
    """A cycle made only of a function-local import and a TYPE_CHECKING import is found."""
    pkg = tmp_path / PACKAGE
    (pkg / "ui" / "kit").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "ui" / "__init__.py").write_text("")
    (pkg / "ui" / "kit" / "__init__.py").write_text("")
    (pkg / "ui" / "app.py").write_text("def f():\n    from .kit import text\n")
    (pkg / "ui" / "kit" / "text.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..app import App\n"
    )
    (pkg / "ui" / "kit" / "plain.py").write_text("import russian_bank.ui.kit.text\n")
    graph = import_graph(pkg)
    assert graph[f"{PACKAGE}.ui.app"] == {f"{PACKAGE}.ui.kit", f"{PACKAGE}.ui.kit.text"}
    assert f"{PACKAGE}.ui.kit.text" in graph[f"{PACKAGE}.ui.kit.plain"]
    assert find_cycle(graph) == [
        f"{PACKAGE}.ui.app",
        f"{PACKAGE}.ui.kit.text",
        f"{PACKAGE}.ui.app",
    ]
