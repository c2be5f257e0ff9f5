"""images/, sounds/ and fonts are found from a source checkout and from a built wheel."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_resources_found_from_checkout() -> None:
    from russian_bank.resources import fonts_dir, images_dir, sounds_dir

    assert (images_dir() / "cards" / "AS.png").is_file()
    assert (sounds_dir() / "bank.wav").is_file()
    assert (fonts_dir() / "DejaVuSans.ttf").is_file()


def test_resources_found_from_built_wheel(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")
    out = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    wheel = next(out.glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "russian_bank/images/cards/KH.png" in names
    assert "russian_bank/sounds/stop.wav" in names
    assert "russian_bank/fonts/DejaVuSans.ttf" in names
    # issue 24: the desktop files ship in the wheel, for --install-desktop
    app = "russian_bank/desktop/io.github.russianbank.RussianBank"
    assert {f"{app}.desktop", f"{app}.metainfo.xml"} <= names
    assert (
        "russian_bank/desktop/icons/hicolor/512x512/apps/io.github.russianbank.RussianBank.png"
        in names
    )
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from russian_bank.resources import images_dir, sounds_dir;"
        "print(images_dir()); print(sounds_dir())"
    )
    found = subprocess.run(
        [sys.executable, "-I", "-c", code, str(site)], capture_output=True, text=True, check=True
    ).stdout.split()
    assert all(Path(p).resolve().is_relative_to(site.resolve()) for p in found), found
