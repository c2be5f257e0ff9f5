"""Issue 41, point 3: a damaged catalogue (truncated, empty, not a catalogue,
unreadable, a folder, a translation naming an unknown ``{field}``) never stops a
program: the words fall back to English and why is said once, on every entry
point (``--help``, the server's ``--help``, the table with the language set)."""

from __future__ import annotations

from pathlib import Path

import pytest

from russian_bank import i18n

REAL = i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / "russian_bank.mo"


def truncated(mo: Path) -> None:
    mo.write_bytes(REAL.read_bytes()[:300])


def empty(mo: Path) -> None:
    mo.write_bytes(b"")


def wrong_magic(mo: Path) -> None:
    mo.write_bytes(b"\x00\x01\x02\x03" + REAL.read_bytes()[4:])


def a_folder(mo: Path) -> None:
    mo.mkdir()


def unknown_field(mo: Path) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    cat = Catalog(locale="fr")
    cat.add("Back", "Retour")
    cat.add("{seat} wins", "{joueur} gagne")
    with mo.open("wb") as f:
        write_mo(f, cat)


def unreadable(mo: Path) -> None:
    mo.write_bytes(REAL.read_bytes())
    mo.chmod(0)


DAMAGES = [truncated, empty, wrong_magic, a_folder, unknown_field, unreadable]


@pytest.fixture
def damaged(request, tmp_path, monkeypatch):
    """The French catalogue damaged one way, in a private locale folder."""
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    mo = folder / "russian_bank.mo"
    request.param(mo)
    if request.param is unreadable:  # (root reads a file of mode 000: refuse as the OS would)
        real_open = open

        def refusing(path, *a, **kw):
            if Path(path) == mo:
                raise PermissionError(13, "Permission denied")
            return real_open(path, *a, **kw)

        monkeypatch.setattr(i18n, "open", refusing, raising=False)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setattr(i18n, "_told", set())
    monkeypatch.setenv("LANGUAGE", "fr")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    yield mo
    i18n.set_language("en")
    if mo.is_file():
        mo.chmod(0o644)


def said_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if "cannot be used" in line]


@pytest.mark.parametrize("damaged", DAMAGES, indirect=True, ids=lambda f: f.__name__)
def test_i41_3_a_damaged_catalogue_falls_back_to_english_said_once(damaged, capsys) -> None:
    assert i18n.set_language("fr") == "en"
    assert i18n._("Back") == "Back"
    assert i18n.catalogue_problem() is not None
    assert i18n.set_language(i18n.SYSTEM) == "en"  # again: said only the first time
    err = capsys.readouterr().err
    assert len(said_lines(err)) == 1, err
    assert "Traceback" not in err


@pytest.mark.parametrize("damaged", DAMAGES, indirect=True, ids=lambda f: f.__name__)
def test_i41_3_the_help_of_both_programs_is_english(damaged, capsys) -> None:
    from russian_bank.__main__ import main
    from russian_bank.net.server import main as server_main

    i18n.set_language(i18n.SYSTEM)  # what importing the program does
    for run in (main, server_main):
        with pytest.raises(SystemExit) as done:
            run(["--help"])
        assert done.value.code == 0
    out, err = capsys.readouterr()
    assert "show this help message and exit" in out
    assert len(said_lines(err)) == 1, err


@pytest.mark.parametrize("damaged", [truncated, unknown_field], indirect=True, ids=str)
def test_i41_3_the_table_in_a_damaged_language_starts_in_english(damaged, capsys) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from russian_bank.ui.app import App
    from russian_bank.ui.settings import Settings

    app = App((800, 600), seed=1, resume=False, autosave=False, settings=Settings(language="fr"))
    app.step(1 / 60)
    assert i18n.language() == "en"
    shown = app.game_scene.ctl.notes.by_seat[0].text
    assert "cannot be used" in shown and "English is shown" in shown
    assert len(said_lines(capsys.readouterr().err)) == 1


def test_i41_3_the_real_catalogues_are_used() -> None:
    for code in ("fr", "de"):
        assert i18n.set_language(code) == code and i18n.catalogue_problem() is None
    assert i18n._("Back") != "Back"
    i18n.set_language("en")
