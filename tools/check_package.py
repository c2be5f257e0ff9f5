"""Check the built game as a player gets it: the wheel in a fresh venv, and the one-file build.

    python tools/check_package.py wheel   [--work DIR] [--require-validators]
    python tools/check_package.py onefile [--work DIR] [--require-validators] [--exe FILE]

``wheel`` builds the sdist and, from it, the wheel (``python -m build``), runs ``twine
check``, installs the wheel into a new virtual environment (dependencies from the package
index) and then, from an empty folder far from the checkout, runs the installed
``russian-bank``: ``--version``, a ``--screenshot`` (timed: start to first frame written),
a short ``sim``, ``--install-desktop`` into a temporary XDG data folder with both
freedesktop validators, and a look inside the installed package: every image, sound, font,
lesson and data file of the checkout is there, the lessons load, the sounds open.

``onefile`` builds packaging/russian-bank.spec with PyInstaller (or takes ``--exe``), lists
the data inside the executable against the checkout, and runs the same program checks.

Each step prints one line with its time; the last lines give sizes and times. Any failure
stops with a message and status 1. .ci/run calls both.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.russianbank.RussianBank"


class Failed(Exception):
    pass


def step(label: str, cmd: Sequence[str | Path], **kw: object) -> tuple[str, float]:
    """Run one command; print its time; return its output."""
    start = time.perf_counter()
    done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)  # type: ignore[call-overload]
    took = time.perf_counter() - start
    print(f"  {took:7.2f} s  {label}", flush=True)
    if done.returncode != 0:
        raise Failed(f"{label} failed (status {done.returncode}):\n{done.stdout}\n{done.stderr}")
    return done.stdout + done.stderr, took


def shipped_files() -> list[str]:
    """Every non-Python file of the checkout the installed game needs, as a package path."""
    try:
        names = subprocess.run(
            ["git", "ls-files", "images", "sounds", "russian_bank"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        names = [str(p.relative_to(ROOT)) for p in ROOT.glob("*/**/*") if p.is_file()]
    out = []
    for name in names:
        if name.endswith(".py") or "__pycache__" in name:
            continue
        top = name.split("/", 1)[0]
        if top in ("images", "sounds"):
            out.append(f"russian_bank/{name}")
        elif top == "russian_bank":
            out.append(name)
    return sorted(out)


INSIDE = r"""
import sys, wave
from pathlib import Path
import russian_bank
from russian_bank.resources import fonts_dir, images_dir, sounds_dir
from russian_bank.tutorial.lesson import load_lessons

site = Path(russian_bank.__file__).resolve().parent
assert Path(sys.argv[1]).resolve() in site.parents, f"imported from {site}, not the venv"
for folder in (images_dir(), sounds_dir(), fonts_dir()):
    assert folder.resolve().is_relative_to(site), folder
missing = [n for n in sys.argv[2:] if not (site.parent / n).is_file()]
assert not missing, f"not installed: {missing[:10]} ({len(missing)} in all)"
lessons = load_lessons()
from russian_bank import i18n
for lang, word in (("fr", "Langue"), ("de", "Sprache")):  # the compiled catalogues load
    assert i18n.set_language(lang) == lang
    assert i18n._("Language: {language}").startswith(word), lang
    assert lessons[0].title != lessons[0].titled, lang
i18n.set_language("en")
sounds = sorted(sounds_dir().glob("*.wav"))
for s in sounds:
    with wave.open(str(s)) as w:
        assert w.getnframes() > 0, s
print(f"package at {site}: {len(sys.argv) - 2} data files, {len(lessons)} lessons, "
      f"{len(sounds)} sounds, the fr and de catalogues")
"""


def program_checks(program: list[str], work: Path, validators: bool) -> dict[str, float]:
    """Run the installed program from an empty folder; return the timings."""
    here = work / "elsewhere"
    here.mkdir()
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        HOME=str(work / "home"),
        XDG_CONFIG_HOME=str(work / "config"),
        XDG_DATA_HOME=str(work / "data"),
        PYTHONDONTWRITEBYTECODE="1",
    )
    env.pop("PYTHONPATH", None)
    run = {"cwd": here, "env": env, "timeout": 600}
    version, _ = step("--version", [*program, "--version"], **run)
    print(f"             {version.strip()}")
    step("--help", [*program, "--help"], **run)
    times = {}
    for label in ("first", "second"):
        shot = here / f"table-{label}.png"
        _, times[f"screenshot ({label} run)"] = step(
            f"--screenshot ({label} run: start to first frame written)",
            [*program, "--screenshot", shot, "--seed", "3", "--size", "1280x800"],
            **run,
        )
        if shot.read_bytes()[:8] != b"\x89PNG\r\n\x1a\n":
            raise Failed(f"{shot} is not a PNG")
    _, times["sim"] = step(
        "sim: 2 games novice against novice",
        [*program, "sim", "--a", "novice", "--b", "novice", "--games", "2", "--seed", "1"],
        **run,
    )
    step("--install-desktop", [*program, "--install-desktop"], **run)
    data = work / "data"
    launcher = data / "applications" / f"{APP_ID}.desktop"
    metainfo = data / "metainfo" / f"{APP_ID}.metainfo.xml"
    icon = data / "icons" / "hicolor" / "48x48" / "apps" / f"{APP_ID}.png"
    for path in (launcher, metainfo, icon):
        if not path.is_file():
            raise Failed(f"--install-desktop did not write {path}")
    exec_line = next(ln for ln in launcher.read_text().splitlines() if ln.startswith("Exec="))
    print(f"             {exec_line}")
    for tool, args in (
        ("desktop-file-validate", [launcher]),
        ("appstreamcli", ["validate", "--no-net", metainfo]),
    ):
        if shutil.which(tool):
            out, _ = step(f"{tool} on the installed file", [tool, *args])
            for line in out.strip().splitlines():
                print(f"             | {line}")
        elif validators:
            raise Failed(f"{tool} is not installed (Debian: desktop-file-utils / appstream)")
        else:
            print(f"             ({tool} not on PATH: skipped)")
    step("--uninstall-desktop", [*program, "--uninstall-desktop"], **run)
    if launcher.exists():
        raise Failed("--uninstall-desktop left the launcher")
    return times


def check_wheel(work: Path, validators: bool, system_site: bool) -> None:
    dist = work / "dist"
    step(
        "python -m build (sdist, then the wheel from the sdist)",
        [sys.executable, "-m", "build", "--outdir", dist, ROOT],
    )
    wheel = next(dist.glob("*.whl"))
    sdist = next(dist.glob("*.tar.gz"))
    out, _ = step("twine check", [sys.executable, "-m", "twine", "check", "--strict", wheel, sdist])
    venv = work / "venv"
    venv_cmd = [sys.executable, "-m", "venv", venv]
    step(
        "python -m venv" + (" --system-site-packages" if system_site else ""),
        venv_cmd + (["--system-site-packages"] if system_site else []),
    )
    py = venv / "bin" / "python"
    step(
        "pip install the wheel (and its dependencies) into the venv",
        [py, "-m", "pip", "install", "-q", wheel],
    )
    files = shipped_files()
    out, _ = step(
        "inside the installed package: data files, lessons, sounds",
        [py, "-I", "-c", INSIDE, venv, *files],
        cwd=work,
    )
    print(f"             {out.strip()}")
    times = program_checks([str(venv / "bin" / "russian-bank")], work, validators)
    print(
        f"wheel: {wheel.name} {wheel.stat().st_size / 1e6:.2f} MB;"
        f" sdist: {sdist.name} {sdist.stat().st_size / 1e6:.2f} MB"
    )
    for label, took in times.items():
        print(f"wheel program {label}: {took:.2f} s")


def bundled_names(exe: Path) -> set[str]:
    """The file names stored in a PyInstaller one-file executable."""
    from PyInstaller.archive.readers import CArchiveReader

    return {name.replace("\\", "/") for name in CArchiveReader(str(exe)).toc}


def check_onefile(work: Path, validators: bool, exe: Path | None) -> None:
    if exe is None:
        dist = work / "onefile"
        step(
            "PyInstaller: packaging/russian-bank.spec",
            [
                sys.executable,
                "-m",
                "PyInstaller",
                "--noconfirm",
                "--clean",
                "--log-level",
                "WARN",
                "--distpath",
                dist,
                "--workpath",
                work / "pyi-build",
                ROOT / "packaging" / "russian-bank.spec",
            ],
            cwd=ROOT,
        )
        exe = dist / "russian-bank"
    names = bundled_names(exe)
    missing = [n for n in shipped_files() if n not in names]
    if missing:
        raise Failed(f"not inside {exe}: {missing[:10]} ({len(missing)} in all)")
    print(f"             {len(shipped_files())} data files inside the executable")
    times = program_checks([str(exe)], work, validators)
    print(f"one-file: {exe.name} {exe.stat().st_size / 1e6:.1f} MB")
    for label, took in times.items():
        print(f"one-file program {label}: {took:.2f} s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("wheel", "onefile"))
    ap.add_argument(
        "--work", type=Path, help="folder for the build and the venv (default: a temporary one)"
    )
    ap.add_argument(
        "--require-validators",
        action="store_true",
        help="fail if a freedesktop validator is missing",
    )
    ap.add_argument(
        "--system-site-packages",
        action="store_true",
        help="let the venv see this Python's packages (no package index reachable)",
    )
    ap.add_argument(
        "--exe", type=Path, help="onefile: check this executable instead of building one"
    )
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="rb-check-") as tmp:
        work = (args.work or Path(tmp)).resolve()
        work.mkdir(parents=True, exist_ok=True)
        print(f"checking the {args.what} in {work}", flush=True)
        try:
            if args.what == "wheel":
                check_wheel(work, args.require_validators, args.system_site_packages)
            else:
                check_onefile(work, args.require_validators, args.exe)
        except (Failed, StopIteration) as e:
            print(f"check_package {args.what}: FAILED: {e}", file=sys.stderr)
            return 1
    print(f"check_package {args.what}: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
