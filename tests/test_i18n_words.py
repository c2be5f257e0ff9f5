"""Issue 23: the pseudo-language test for the words made outside ui/: seeded random
games under every rule set, and at each step the move-log lines the players read
(``history.narration.Narrator``, the table's log and the Replay), the
coach's words for every legal action, the refusal reason of plays the rules refuse,
the Stop referee's reasons and fault notes, the pile tips and the rules help. Every word must come
from the catalogue: nothing outside the ⟦…⟧ markers but card labels, numbers,
seat letters and punctuation (tests/pseudo_marks.py).

What a translated sentence takes in through a ``{field}`` sits inside the
sentence's markers; each such part is checked where it is made.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from russian_bank import i18n
from russian_bank.engine import Play, action_reason, deal_position, legal_actions
from russian_bank.engine.move_words import outcome_words, plan_words
from russian_bank.engine.pile_rules import pile_rule
from russian_bank.engine.position import OVER
from russian_bank.engine.queries import rules_in_brief, score_lines, waiting
from russian_bank.engine.referee import compel_reason, stop_reason
from russian_bank.engine.rulesets import every_spec, rule_set
from russian_bank.game.places import BANKS, DISCARDS, STOCKS, TABLES
from russian_bank.history.narration import Narrator
from russian_bank.tutorial.coach import _reason, action_words

from .pseudo_marks import recording_pseudo, unmarked
from .randomplay import random_action

STEPS = 160  # actions a game per rule set: enough to meet Stops, spaces and loads


LOOKED_UP: set[str] = set()


_Recording = recording_pseudo(LOOKED_UP)


@pytest.fixture
def pseudo(monkeypatch) -> Iterator[None]:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(i18n, "_Pseudo", _Recording)
    i18n.set_language(i18n.PSEUDO)
    yield
    i18n.set_language("en")


def _words_at(pos) -> list[str]:  # type: ignore[no-untyped-def]
    out = [stop_reason(pos, s) or "" for s in (0, 1)] + [compel_reason(pos, 1 - pos.player) or ""]
    out += [pos.fault_note, pos.error]  # the referee's notes, made in the language in force
    acts = legal_actions(pos)
    for a in acts[:12]:
        out += [action_words(pos, a), _reason(pos, a)]
    wait = waiting(pos)
    if wait is not None:
        out += [wait.what, wait.stakes]
    for src in (*TABLES[:3], STOCKS[pos.player], DISCARDS[pos.player], STOCKS[1 - pos.player]):
        for dst in (BANKS[0], TABLES[5], DISCARDS[1 - pos.player], STOCKS[pos.player]):
            out.append(action_reason(pos, Play(src, dst, 1)) or "")
    plays = [a for a in acts if isinstance(a, Play)][:3]
    if plays:
        out.append(plan_words(pos, plays[:1]))
    return out


@pytest.mark.parametrize("spec", every_spec())
def test_every_word_of_a_random_game_comes_from_the_catalogue(spec, pseudo) -> None:
    rng = random.Random(sum(map(ord, spec)))
    rules = rule_set(spec)
    pos = deal_position(rules, rng=rng)
    narrator = Narrator()
    lines = rules_in_brief(rules) + [pile_rule(rules, k) for k in ("stock", "hand", "discard")]
    lines += [pile_rule(rules, k) for k in ("table", "bank")] + [rules.title, rules.description]
    for _ in range(STEPS):
        if pos.phase == OVER:
            break
        lines += _words_at(pos)
        _events, told = narrator.tell(pos, random_action(pos, rng))  # carries it out
        lines += told
    if pos.outcome is not None:
        lines.append(outcome_words(pos.outcome))
        lines += score_lines(rules, pos.outcome, "B")
    shown = [ln for ln in lines if ln]
    assert len(shown) > STEPS
    assert unmarked(shown, LOOKED_UP) == []


def test_the_check_finds_an_english_word(pseudo) -> None:
    """The same check on a line built with English words fails."""
    line = "A: 7♥ from his Stock ⟦to a Bank⟧"
    assert unmarked([line], {"to a {bank}"}) == [line]
