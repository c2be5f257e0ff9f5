"""Issue 23: the engine's words in French and German: refusal reasons, the Stop
referee's, place words in their roles, pile names and rules help of every rule set,
looked up in the language in force when they are asked for."""

from __future__ import annotations

import gettext
from collections.abc import Iterator

import pytest

from russian_bank import i18n
from russian_bank.engine import Place
from russian_bank.engine.pile_rules import pile_rule
from russian_bank.engine.queries import rules_in_brief
from russian_bank.engine.rules import COMMITTEE, rule_set
from russian_bank.engine.rulesets import RULE_SETS, every_spec
from russian_bank.game.places import (
    BANK,
    DISCARD,
    FROM,
    HELD,
    STOCK,
    TABLE,
    TO,
    YOUR,
    place_words,
)
from russian_bank.game.words import PILE_CONTEXTS

from .scenario import scenario
from .test_play import full_table, reason_of


@pytest.fixture
def lang() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_s29_a_refused_build_says_why_in_french_and_german(lang) -> None:
    pos = scenario(table=full_table(), stockA="3Ca | 7Ha", stockB="2Cb | 6Cb", discardB="9Hb")
    i18n.set_language("fr")
    fr = reason_of(pos, "play stockA stockB")
    i18n.set_language("de")
    de = reason_of(pos, "play stockA stockB")
    i18n.set_language("en")
    en = reason_of(pos, "play stockA stockB")
    assert en.startswith("You build on the adversary in suit")
    assert fr.startswith("On charge l'adversaire dans la couleur") and "7♥" in fr and "6♣" in fr
    assert de.startswith("Den Gegner belädt man in derselben Farbe") and "§29" in de


def test_s5_a_bank_refusal_names_the_french_and_german_pile(lang) -> None:
    pos = scenario(table=full_table(), stockA="3Ca | 7Ha")
    i18n.set_language("fr")
    assert (
        reason_of(pos, "play stockA bank0")
        == "Seul un As commence une Fondation ; 7♥ ne le peut pas (§5)"
    )
    i18n.set_language("de")
    assert (
        reason_of(pos, "play stockA bank0")
        == "Nur ein Ass eröffnet eine Bank; 7♥ kann das nicht (§5)"
    )


def test_place_words_in_their_roles(lang) -> None:
    w = COMMITTEE.words
    i18n.set_language("de")
    stock_b = Place(STOCK, 1)
    assert place_words(stock_b, 0, w) == "die Reserve von B"
    assert place_words(stock_b, 0, w, role=FROM) == "aus der Reserve von B"
    assert place_words(Place(TABLE, 3), 0, w, role=TO) == "in die Auslage"
    assert place_words(Place(DISCARD, 0), 0, w, YOUR, TO) == "auf deine Ablage"
    i18n.set_language("fr")
    assert place_words(Place(HELD, 0), 0, w, YOUR) == "la carte que vous tenez"
    assert place_words(Place(BANK, 2), 0, w, role=FROM) == "d'une Fondation"
    assert place_words(Place(DISCARD, 1), 0, w, YOUR, FROM) == "du Pot de votre adversaire"


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_rule_set_has_its_pile_names_in_the_catalogue(name, lang) -> None:
    """Each name is marked with the context its field is looked up in (``Words.local``)."""
    words = RULE_SETS[name].words
    for code in ("fr", "de"):
        tr = gettext.translation(i18n.DOMAIN, str(i18n.LOCALE_DIR), languages=[code])
        for field, context in PILE_CONTEXTS.items():
            key = f"{context}\x04{getattr(words, field)}"
            assert key in tr._catalog, (name, code, field)  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec", every_spec())
def test_every_rule_sets_help_and_tips_are_translated(spec, lang) -> None:
    rules = rule_set(spec)
    english = rules_in_brief(rules) + [pile_rule(rules, k) for k in ("stock", "hand", "table")]
    title = rules.title
    for code in ("fr", "de"):
        i18n.set_language(code)
        shown = rules_in_brief(rules) + [pile_rule(rules, k) for k in ("stock", "hand", "table")]
        assert len(shown) == len(english)
        assert all(a != b for a, b in zip(shown, english, strict=True)), (spec, code)
        if not rules.title.startswith("Crapette"):
            assert rules.title != title
