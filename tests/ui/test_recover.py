"""A bug inside the loop never loses the game: it is saved, logged, and play goes on."""

from __future__ import annotations

from russian_bank.ui.settings import config_dir

from .helpers import ctl


def test_unexpected_error_is_logged_saved_and_play_goes_on(make_app) -> None:
    app = make_app(autosave=True)
    ctl(app).act(ctl(app).game.legal_actions()[0])
    before = ctl(app).game.record_text()
    scene = app.game_scene
    real_update = scene.update
    calls = {"n": 0}

    def broken(dt: float) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("boom")
        real_update(dt)

    scene.update = broken  # type: ignore[method-assign]
    for _ in range(3):
        app.frame(1 / 60)
    log = (config_dir() / "crash.log").read_text(encoding="utf-8")
    assert "RuntimeError: boom" in log
    assert (config_dir() / "autosave.txt").read_text(encoding="utf-8").endswith(before)
    assert calls["n"] == 3  # the loop went on after the error
    assert app.running
    assert "Something went wrong" in ctl(app).messages[ctl(app).position.player].text
