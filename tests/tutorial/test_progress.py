"""Tutorial progress is saved with the settings and resumed where it was left."""

from __future__ import annotations

import json

from russian_bank.tutorial import Progress, load_lessons
from russian_bank.ui import settings as settings_mod


def test_progress_round_trips_through_the_settings_file(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    lessons = load_lessons()
    progress = Progress()
    assert progress.next_lesson(lessons) is lessons[0]
    progress.finish("table")
    progress.left_at("banks", 3)
    s, _ = settings_mod.load_settings()
    s.lessons = progress.to_json()
    settings_mod.save_settings(s)
    loaded, warning = settings_mod.load_settings()
    assert warning is None and loaded.coach is True
    back = Progress.from_json(loaded.lessons)
    assert back == progress
    assert back.resume_step("banks") == 3 and back.resume_step("tableau") == 0
    assert back.next_lesson(lessons) is lessons[1]
    back.finish("banks")
    assert back.at is None and back.next_lesson(lessons) is lessons[2]


def test_broken_progress_counts_as_none(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert Progress.from_json("nonsense") == Progress()
    assert Progress.from_json({"done": [1, 2], "at": 5, "step": -3}) == Progress()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    folder = tmp_path / "russian-bank"
    folder.mkdir()
    (folder / "settings.json").write_text(json.dumps({"lessons": [1, 2]}), encoding="utf-8")
    s, warning = settings_mod.load_settings()
    assert warning is not None and s.lessons == {}
