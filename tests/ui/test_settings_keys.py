"""Issue 41, point 7: one value in settings.json this program cannot use goes back
to its default alone; every good setting is kept and the message names the bad key."""

from __future__ import annotations

import json

import pytest

from russian_bank.ui.settings import Settings, config_dir, load_settings

GOOD = {"pace": "fast", "deck": "bold", "card_scale": 1.5, "language": "fr", "coach": False}


@pytest.mark.parametrize(
    "key, bad",
    [
        ("sound", "yes"),
        ("pace", ["fast"]),
        ("opponent", {"level": 1}),
        ("text_scale", True),
        ("rules", "chess"),
        ("lessons", [1, 2]),
        ("mistakes", None),
    ],
)
def test_i41_7_one_bad_value_keeps_the_good_ones_and_names_its_key(key, bad) -> None:
    config_dir().mkdir(parents=True)
    data = dict(GOOD)
    data[key] = bad
    (config_dir() / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    settings, warning = load_settings()
    for name, value in GOOD.items():
        if name != key:
            assert getattr(settings, name) == value, name
    assert getattr(settings, key) == getattr(Settings(), key)
    assert warning is not None and key in warning and "other settings are kept" in warning
    assert settings.valid()


def test_i41_7_two_bad_values_are_both_named() -> None:
    config_dir().mkdir(parents=True)
    data = dict(GOOD, sound=3, pace="warp")
    (config_dir() / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    settings, warning = load_settings()
    assert settings.deck == "bold" and settings.sound is True and settings.pace == "normal"
    assert warning is not None and "sound, pace" in warning and "values of" in warning
