"""Issue 23: the catalogues (russian_bank/locale) are current and complete, the
language follows the system and switches at once, and records stay language-neutral."""

from __future__ import annotations

import gettext
import importlib.util
import shutil
import subprocess
from pathlib import Path

import pytest

from russian_bank import i18n
from russian_bank.engine import Game
from russian_bank.tutorial.lesson import load_lessons

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
assert _spec is not None and _spec.loader is not None
catalogues = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogues)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def test_catalogues_are_current_and_complete() -> None:
    """Extract the sources afresh: the .pot and every .po hold exactly their
    messages, each translated, none fuzzy, the named fields kept, the .mo compiled
    from the .po. A string added to the code without a translation fails here."""
    assert catalogues.languages() == ["de", "fr"]
    assert catalogues.problems() == []


def test_a_message_missing_from_the_catalogues_is_found(monkeypatch) -> None:
    fresh = catalogues.fresh_catalog()
    fresh.add("A sentence nobody translated", None, [("russian_bank/x.py", 1)])
    monkeypatch.setattr(catalogues, "fresh_catalog", lambda: fresh)
    found = catalogues.problems()
    assert any("behind the sources" in p for p in found)
    assert any(p.startswith("fr: 1 messages missing") for p in found)
    assert any(p.startswith("de: 1 messages missing") for p in found)


def test_a_translation_must_keep_the_named_fields() -> None:
    assert catalogues.fields_differ("Language: {language}", ("Langue : {language}",)) == []
    assert catalogues.fields_differ("Language: {language}", ("Langue : {langue}",))
    assert catalogues.fields_differ("{n} card", ("{n} carte {x}",))
    # a plural form may leave the count out ("une carte")
    assert catalogues.fields_differ(("{n} card", "{n} cards"), ("une carte", "{n} cartes")) == []


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt not installed")
@pytest.mark.parametrize("lang", ["fr", "de"])
def test_msgfmt_statistics_all_translated(lang) -> None:
    po = ROOT / "russian_bank" / "locale" / lang / "LC_MESSAGES" / "russian_bank.po"
    out = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
        capture_output=True,
        text=True,
        check=True,
    ).stderr
    assert "translated messages." in out
    assert "fuzzy" not in out and "untranslated" not in out, out


@pytest.mark.parametrize(
    ("env", "want"),
    [
        ({"LANGUAGE": "fr_FR:de", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LANGUAGE": "pt:de", "LANG": "C"}, "de"),
        ({"LC_ALL": "de_AT.UTF-8", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LANG": "fr_CA.UTF-8"}, "fr"),
        ({"LANG": "pt_BR.UTF-8"}, "en"),
        ({"LC_ALL": "C.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_follows_the_system_locale(env, want) -> None:
    assert i18n.system_language(env) == want


def test_a_change_of_language_shows_at_once() -> None:
    """Words are looked up when shown: the same lesson object speaks the new language."""
    lesson = load_lessons()[0]
    assert i18n.set_language("en") == "en"
    english = lesson.steps[0].say
    i18n.set_language("fr")
    french = lesson.steps[0].say
    i18n.set_language("de")
    german = lesson.steps[0].say
    assert english.startswith("Welcome") and french.startswith("Bienvenue")
    assert german.startswith("Willkommen")
    i18n.set_language("pseudo")
    assert lesson.title == f"⟦{lesson.titled}⟧"


def test_the_compiled_catalogues_load_with_plain_gettext() -> None:
    """The .mo files are what the standard library reads: French plurals are n > 1."""
    fr = gettext.translation(i18n.DOMAIN, str(i18n.LOCALE_DIR), languages=["fr"])
    assert fr.gettext("Language: {language}") == "Langue : {language}"
    assert fr.plural(0) == 0 and fr.plural(1) == 0 and fr.plural(2) == 1  # type: ignore[attr-defined]
    de = gettext.translation(i18n.DOMAIN, str(i18n.LOCALE_DIR), languages=["de"])
    assert de.plural(0) == 1 and de.plural(1) == 0  # type: ignore[attr-defined]


def test_a_game_record_is_the_same_in_every_language() -> None:
    """Records hold action text forms, never words: a game played in French replays in German."""
    records = []
    for lang in ("en", "fr", "de"):
        i18n.set_language(lang)
        game = Game.new(7)
        for _ in range(30):
            acts = game.legal_actions()
            if not acts:
                break
            game.apply(acts[0])
        records.append(game.record_text())
    assert records[0] == records[1] == records[2]
    i18n.set_language("de")
    assert Game.from_record(records[1]).record_text() == records[0]
