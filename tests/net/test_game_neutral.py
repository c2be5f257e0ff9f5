"""Issue 42: ``net/`` is game-neutral. It names no game: what it needs of one comes
through the registry (``russian_bank.games``) and the declared interface
(``game/protocol.py``); the shared vocabulary (``russian_bank.game``) is fine. And
its types are checked whole: no ``type: ignore`` in it."""

from __future__ import annotations

import ast
from pathlib import Path

import russian_bank.net

NET = Path(russian_bank.net.__file__).parent
GAMES = ("russian_bank.engine", "russian_bank.onepack")


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, relative imports made absolute, at any depth
    of the module (a function's own import too)."""
    package = "russian_bank.net"
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            out.add(name)
            out |= {f"{name}.{alias.name}" for alias in node.names}
    return out


def test_net_imports_no_game_package():
    found = {
        f"{path.name}: {name}"
        for path in sorted(NET.glob("*.py"))
        for name in imported(path)
        if any(name == g or name.startswith(g + ".") for g in GAMES)
    }
    assert found == set()


def test_the_scan_sees_every_way_of_importing_a_game(tmp_path):
    """(So the test above can fail: a relative, an absolute and a function's import.)"""
    module = tmp_path / "m.py"
    module.write_text(
        "from ..engine import Game\n"
        "import russian_bank.onepack.rules\n"
        "def f():\n    from ..onepack import observation\n",
        encoding="utf-8",
    )
    names = imported(module)
    assert {"russian_bank.engine", "russian_bank.onepack.rules"} <= names
    assert "russian_bank.onepack.observation" in names


def test_net_has_no_type_ignore():
    found = [
        f"{path.name}:{i}"
        for path in sorted(NET.glob("*.py"))
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "type: ignore" in line
    ]
    assert found == []
