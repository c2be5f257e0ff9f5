"""Issue 24: the launcher, icon and metainfo, ``--install-desktop``, ``--version`` and ``--help``.

The install test runs the real program into a temporary ``$XDG_DATA_HOME`` and then
looks for the launcher and the icon the way a desktop does (Desktop Entry spec:
``$XDG_DATA_HOME/applications``; Icon Theme spec: ``icons/hicolor/SIZE/apps/NAME.png``).
The freedesktop validators run on the installed files when they are on PATH (.ci/run
installs them and also runs them itself).
"""

from __future__ import annotations

import configparser
import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

from russian_bank import __main__ as game_main
from russian_bank import __version__, desktop

ROOT = Path(__file__).resolve().parent.parent


def run_game(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "russian_bank", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def read_entry(path: Path) -> dict[str, str]:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    entry.read(path, encoding="utf-8")
    return dict(entry["Desktop Entry"])


def find_icon(data_home: Path, name: str, size: int) -> Path | None:
    """The icon lookup of the Icon Theme spec, reduced to the hicolor theme of one data dir."""
    theme = data_home / "icons" / "hicolor"
    for folder in (f"{size}x{size}", "scalable"):
        for ext in ("png", "svg"):
            candidate = theme / folder / "apps" / f"{name}.{ext}"
            if candidate.is_file():
                return candidate
    return None


def test_i24_install_desktop_puts_launcher_and_icon_where_a_desktop_looks(tmp_path: Path) -> None:
    data = tmp_path / "data"
    env = dict(os.environ, XDG_DATA_HOME=str(data), HOME=str(tmp_path / "home"))
    done = run_game("--install-desktop", env=env)
    assert done.returncode == 0, done.stderr
    assert str(data) in done.stdout

    launcher = data / "applications" / f"{desktop.APP_ID}.desktop"
    entry = read_entry(launcher)
    assert entry["Type"] == "Application" and entry["Name"] == "Russian Bank"
    assert "CardGame" in entry["Categories"].split(";")
    # Exec names the program that installed it: this Python, running the game module
    assert shlex.split(entry["Exec"]) == [sys.executable, "-m", "russian_bank"]
    assert os.access(entry["TryExec"], os.X_OK)

    for size in (16, 32, 48, 64, 128, 256, 512):
        icon = find_icon(data, entry["Icon"], size)
        assert icon is not None and icon.suffix == ".png", size
        assert pygame.image.load(str(icon)).get_size() == (size, size)
    scalable = data / "icons" / "hicolor" / "scalable" / "apps" / f"{entry['Icon']}.svg"
    assert ET.parse(scalable).getroot().tag == "{http://www.w3.org/2000/svg}svg"

    metainfo = data / "metainfo" / f"{desktop.APP_ID}.metainfo.xml"
    component = ET.parse(metainfo).getroot()
    assert component.findtext("id") == desktop.APP_ID
    assert component.findtext("launchable") == launcher.name

    if shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate", str(launcher)], capture_output=True)
        assert check.returncode == 0 and not check.stdout.strip(), check.stdout
    if shutil.which("appstreamcli"):
        check = subprocess.run(
            ["appstreamcli", "validate", "--no-net", str(metainfo)], capture_output=True, text=True
        )
        assert check.returncode == 0, check.stdout

    gone = run_game("--uninstall-desktop", env=env)
    assert gone.returncode == 0, gone.stderr
    left = [p for p in data.rglob("*") if p.is_file()]
    assert left == [] or all(p.name.endswith(".cache") for p in left), left
    assert "nothing" in run_game("--uninstall-desktop", env=env).stdout


def test_i24_data_home_follows_xdg_and_ignores_a_relative_value(tmp_path: Path) -> None:
    assert desktop.data_home({"XDG_DATA_HOME": str(tmp_path), "HOME": "/h"}) == tmp_path
    default = Path("/h/.local/share")
    assert desktop.data_home({"HOME": "/h"}) == default
    assert desktop.data_home({"XDG_DATA_HOME": "", "HOME": "/h"}) == default
    assert desktop.data_home({"XDG_DATA_HOME": "rel/dir", "HOME": "/h"}) == default


def test_i24_exec_quotes_a_path_with_spaces(tmp_path: Path) -> None:
    text = desktop.launcher_text(["/opt/My Games/russian-bank", "--rules", "100%"])
    exec_line = next(line for line in text.splitlines() if line.startswith("Exec="))
    assert exec_line == 'Exec="/opt/My Games/russian-bank" --rules "100%%"'
    assert "TryExec=/opt/My Games/russian-bank" in text


def test_i24_install_writes_nothing_outside_its_folder(tmp_path: Path) -> None:
    written = desktop.install(tmp_path / "share", command=["/usr/bin/true"])
    assert all(p.resolve().is_relative_to((tmp_path / "share").resolve()) for p in written)
    assert {p.relative_to(tmp_path / "share").parts[0] for p in written} == {
        "applications",
        "metainfo",
        "icons",
    }
    assert len(written) == 2 + len(desktop.ICON_SIZES) + 1  # launcher, metainfo, PNGs, SVG
    assert sorted(desktop.uninstall(tmp_path / "share")) == sorted(written)


def test_i24_icon_pngs_are_the_sizes_their_folders_name() -> None:
    icons = desktop.ICONS
    for size in desktop.ICON_SIZES:
        png = icons / f"{size}x{size}" / "apps" / f"{desktop.APP_ID}.png"
        surf = pygame.image.load(str(png))
        assert surf.get_size() == (size, size)
        # transparent corners, opaque cards in the middle
        assert surf.get_at((0, 0)).a == 0
        assert surf.get_at((size // 2, size // 2)).a == 255


def test_i24_icons_are_what_the_project_script_draws(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_icon.py"), "--out", str(tmp_path / "hicolor")],
        check=True,
        capture_output=True,
        env=dict(os.environ, SDL_VIDEODRIVER="dummy"),
        timeout=120,
    )
    made = sorted(p.relative_to(tmp_path / "hicolor") for p in (tmp_path / "hicolor").rglob("*.*"))
    shipped = sorted(p.relative_to(desktop.ICONS) for p in desktop.ICONS.rglob("*.*"))
    assert made == shipped
    svg = Path("scalable") / "apps" / f"{desktop.APP_ID}.svg"
    assert (tmp_path / "hicolor" / svg).read_bytes() == (desktop.ICONS / svg).read_bytes()


def test_i24_metainfo_release_screenshots_and_version_agree() -> None:
    component = ET.parse(desktop.METAINFO_FILE).getroot()
    releases = [r.get("version") for r in component.iter("release")]
    assert releases[0] == __version__  # the newest release comes first
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" in project.get("dynamic", []), "the version lives in russian_bank/__init__"
    assert component.find("content_rating").get("type") == "oars-1.1"  # type: ignore[union-attr]
    for image in component.iter("image"):
        url = image.text or ""
        rel = url.split("/main/", 1)[1]
        shot = pygame.image.load(str(ROOT / rel))
        assert shot.get_size() == (int(image.get("width", 0)), int(image.get("height", 0)))


def test_i24_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        game_main.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"russian-bank {__version__}"


def test_i24_help_lists_every_option_on_one_line_each(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    parser = game_main.parser()
    text = parser.format_help()
    options = text.split("options:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert all(line.startswith("  -") for line in options), "a help line wrapped:\n" + text
    for action in parser._actions:
        start = re.compile(rf"  {re.escape(action.option_strings[0])}\b")
        lines = [ln for ln in options if start.match(ln)]
        assert len(lines) == 1, action.option_strings
        help_text = (action.help or "").strip()
        assert help_text and help_text in lines[0], (action.option_strings, lines)
    assert len(options) == len(parser._actions)


def test_i24_sim_command_runs_bot_games(capsys: pytest.CaptureFixture[str]) -> None:
    code = game_main.main(["sim", "--a", "novice", "--b", "novice", "--games", "2", "--seed", "1"])
    assert code == 0
    assert "games" in capsys.readouterr().out.lower()


LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def test_i41_launcher_and_metainfo_speak_french_and_german() -> None:
    """Issue 41 point 17: the menu entry and the software centre's page in fr and de."""
    entry = read_entry(desktop.DESKTOP_FILE)
    for key in ("Name", "GenericName", "Comment", "Keywords"):
        for lang in ("fr", "de"):
            said = entry.get(f"{key}[{lang}]", "")
            assert said and said != entry[key], (key, lang)
    component = ET.parse(desktop.METAINFO_FILE).getroot()
    description = component.find("description")
    assert description is not None
    for parent, tag in [
        (component, "name"),
        (component, "summary"),
        (description, "p"),
        (description.find("ul"), "li"),
        *((shot, "caption") for shot in component.iter("screenshot")),
    ]:
        assert parent is not None
        english = [e for e in parent.findall(tag) if e.get(LANG) is None]
        assert english, tag
        for lang in ("fr", "de"):
            translated = [e for e in parent.findall(tag) if e.get(LANG) == lang]
            assert len(translated) == len(english), (tag, lang)
            assert all((e.text or "").strip() for e in translated), (tag, lang)
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(
            ["desktop-file-validate", str(desktop.DESKTOP_FILE)], capture_output=True, text=True
        )
        assert check.returncode == 0 and not check.stdout.strip(), check.stdout
    if shutil.which("appstreamcli"):
        check = subprocess.run(
            ["appstreamcli", "validate", "--no-net", str(desktop.METAINFO_FILE)],
            capture_output=True,
            text=True,
        )
        assert check.returncode == 0, check.stdout
