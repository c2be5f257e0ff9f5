"""Issue 23: the Language setting follows the system by default, is changed in
Settings and takes effect at once (no restart), and is saved."""

from __future__ import annotations

import json

from russian_bank import i18n
from russian_bank.ui.scenes.dialogs import SettingsScene, language_label
from russian_bank.ui.scenes.tutorial import lessons, start_lesson
from russian_bank.ui.settings import config_dir, load_settings


def test_language_setting_cycles_and_shows_at_once(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("LANGUAGE", "de_DE")
    app = make_app()
    try:
        assert app.settings.language == "system" and i18n.language() == "de"
        scene = SettingsScene(app)
        labels = dict(scene.items())
        assert labels["language"] == "Sprache: wie das System (Deutsch)"
        seen = []
        for _ in range(4):
            scene.choose("language")
            seen.append((app.settings.language, i18n.language(), dict(scene.items())["language"]))
        assert seen == [
            ("en", "en", "Language: English"),
            ("fr", "fr", "Langue : Français"),
            ("de", "de", "Sprache: Deutsch"),
            ("system", "de", "Sprache: wie das System (Deutsch)"),
        ]
        scene.choose("language")
        scene.choose("language")  # French, and the lesson on the table speaks it now
        lesson = lessons()[0]
        sc = start_lesson(app, lesson, 0)
        assert sc.lesson.title == "Votre place à la table"
        saved = json.loads((config_dir() / "settings.json").read_text())
        assert saved["language"] == "fr"
        assert load_settings()[0].language == "fr"
    finally:
        i18n.set_language("en")


def test_an_unknown_language_in_the_settings_file_gives_defaults(make_app) -> None:  # type: ignore[no-untyped-def]
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"language": "klingon"}))
    settings, warning = load_settings()
    assert settings.language == "system" and warning is not None


def test_each_language_is_named_in_its_own_words() -> None:
    try:
        for lang in ("fr", "de", "en"):
            i18n.set_language(lang)
            assert language_label("fr").endswith("Français")
            assert language_label("de").endswith("Deutsch")
    finally:
        i18n.set_language("en")
