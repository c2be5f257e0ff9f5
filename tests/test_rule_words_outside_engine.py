"""No module outside the engine words a rule itself (issue 17): in ui/, ai/,
tutorial/ and history/ no string in the code (docstrings and comments aside) names a
rule set or cites a section (§). Such words come from the rule set being played
(``RuleSet.cite``, ``RuleSet.words``, ``engine.queries``), passed through.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import russian_bank
from russian_bank.games import every_name

ROOT = Path(russian_bank.__file__).resolve().parent
OUTSIDE = ("ui", "ai", "tutorial", "history")
NAMES = sorted({name.split("+")[0] for name in every_name()})  # one-pack included
RULE_WORDS = re.compile("§|" + "|".join(re.escape(n) for n in NAMES), re.IGNORECASE)


def rule_words_in(root: Path = ROOT) -> list[tuple[str, int, str]]:
    """(module path, line, string) of every code string naming a rule set or a §."""
    found = []
    for part in OUTSIDE:
        for path in sorted((root / part).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docs = {
                id(node.body[0].value)
                for node in ast.walk(tree)
                if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
                and node.body
                and isinstance(node.body[0], ast.Expr)
                and isinstance(node.body[0].value, ast.Constant)
            }
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Constant)
                    and isinstance(node.value, str)
                    and id(node) not in docs
                    and RULE_WORDS.search(node.value)
                ):
                    found.append((path.relative_to(root).as_posix(), node.lineno, node.value))
    return found


def test_no_rule_set_name_or_section_sign_is_written_outside_the_engine() -> None:
    assert {"committee", "crapette", "hassock", "one-pack"} <= set(NAMES)
    found = rule_words_in()
    assert not found, "\n".join(f"{p}:{n}: {s!r}" for p, n, s in found)


def test_the_search_finds_a_section_and_a_rule_set_name(tmp_path: Path) -> None:
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "x.py").write_text(
        '"""Docstrings may cite §21."""\n'
        'def f(rules):\n    """And so may this one (Crapette)."""\n'
        '    if rules.name == "crapette":\n        return "bank first (§21)"\n'
    )
    for part in OUTSIDE[1:]:
        (tmp_path / part).mkdir()
    assert [(n, s) for _p, n, s in rule_words_in(tmp_path)] == [
        (4, "crapette"),
        (5, "bank first (§21)"),
    ]
