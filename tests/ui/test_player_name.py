"""Issue 41 point 16: the player chooses the name the other player sees at a network
table. It is typed in Settings (or on the Join screen), remembered in the settings,
shown on the Host and Join screens and sent as his name; none typed: the login name."""

from __future__ import annotations

import json

import pygame
import pytest

from russian_bank.net.client import ThreadedClient
from russian_bank.ui import settings as ui_settings
from russian_bank.ui.kit.text import cuts_a_word, wrap
from russian_bank.ui.scenes import network, registry
from russian_bank.ui.scenes.network import HostScene, RemoteTableScene
from russian_bank.ui.settings import Settings, config_dir, load_settings

from .helpers import key, run_until


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    monkeypatch.setattr(network, "HOST", "127.0.0.1")
    monkeypatch.setattr(network, "INTERFACES", ["127.0.0.1"])
    monkeypatch.setattr(network, "PORT", 0)
    monkeypatch.setattr(network, "find_games", lambda *a, **k: [])


def type_text(app, text: str) -> None:
    for ch in text:
        key(app, pygame.key.key_code(ch) if ch.isascii() and ch.isalpha() else 0, unicode=ch)


def label(scene, name: str) -> str:
    return dict(scene.items())[name]


def test_i41_a_name_typed_in_settings_is_remembered_and_sent_when_hosting(make_app) -> None:
    app = make_app((1024, 700))
    settings = registry.push("settings", app)
    assert "(click to type)" in label(settings, "name")  # none yet: the login name
    settings.choose("name")
    type_text(app, "Amélie")
    key(app, pygame.K_RETURN)
    assert not settings.editing
    assert label(settings, "name") == "Your name: Amélie"
    saved, warning = load_settings()
    assert warning is None and saved.name == "Amélie"
    app.pop()
    host = registry.push("host", app)
    assert isinstance(host, HostScene)
    guest = None
    try:
        assert "You: Amélie" in host.lines()
        assert run_until(app, lambda: host.link is not None and bool(host.link.client.room))
        guest = ThreadedClient(f"ws://127.0.0.1:{host.hosted.server.port}", "Bob")
        guest.call("connect")
        guest.call("send", type="join", room=host.link.client.room, name="Bob")
        assert run_until(app, lambda: isinstance(app.top, RemoteTableScene))
        table = app.top
        assert table.remote.who(0) == "Amélie (A)"  # the name the server was given
    finally:
        if guest is not None:
            guest.shutdown()
        if isinstance(app.top, RemoteTableScene):
            app.top.leave()
        else:
            host.choose("cancel")


def test_i41_the_join_screen_shows_the_name_and_keeps_a_new_one(make_app) -> None:
    app = make_app((1024, 700), settings=Settings(name="Zoé"))
    join = registry.push("join", app)
    assert label(join, "name") == "Your name: Zoé"
    assert join.name == "Zoé"
    join.choose("name")
    for _ in range(3):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Max")
    assert join.name == "Max"  # what "join" sends
    assert json.loads((config_dir() / "settings.json").read_text())["name"] == "Max"
    join.choose("cancel")


def test_i41_no_name_given_means_the_login_name(make_app, monkeypatch) -> None:
    monkeypatch.setattr(network, "login_name", lambda: "Root")
    monkeypatch.setattr(ui_settings, "login_name", lambda: "Root")
    app = make_app((1024, 700))
    join = registry.push("join", app)
    assert label(join, "name") == "Your name: Root"
    join.fields["name"] = ""
    assert join.name == "Root"
    join.choose("cancel")


@pytest.mark.parametrize("bad", ["x" * 25, "a\nb", 7])
def test_i41_a_bad_name_in_the_settings_file_is_refused(bad) -> None:
    assert not Settings(name=bad).valid()  # type: ignore[arg-type]


def test_i41_a_french_line_never_begins_with_its_punctuation() -> None:
    """French sets a space before : ; ! ? » and after «: wrapping keeps each mark
    with its word (a line that began with ";" was seen on the table)."""
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    text = (
        "Fautes : l'adversaire crie « Crapette ! » (S pour A, K pour B) ; "
        "l'arbitre arrête ; à vous ? Oui !"
    )
    widths = [w for w in range(40, 600, 3) if not cuts_a_word(font, text, w)]
    assert len(widths) > 100
    for width in widths:
        lines = wrap(font, text, width)
        assert " ".join(lines).split() == text.split()  # nothing lost, nothing added
        for line in lines:
            assert line.split()[0] not in {":", ";", "!", "?", "»"}, (width, lines)
            assert line.split()[-1] != "«", (width, lines)
