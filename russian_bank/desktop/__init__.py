"""The game on the desktop: launcher, icon and AppStream metainfo (freedesktop.org).

``russian-bank --install-desktop`` copies the files of this folder into the
user's XDG data folder (``$XDG_DATA_HOME``, by default ``~/.local/share``):

    applications/ID.desktop                    the launcher (Desktop Entry spec)
    icons/hicolor/NxN/apps/ID.png, scalable/   the icon (Icon Theme spec)
    metainfo/ID.metainfo.xml                   the software-centre entry (AppStream)

The launcher's ``Exec`` names the program that did the installing (the console
script, a one-file build, or ``python -m russian_bank``), so the menu starts the
same game even when it lives in a virtual environment that is not on ``PATH``.
``--uninstall-desktop`` removes exactly those files.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from ..i18n import _, ngettext

APP_ID = "io.github.russianbank.RussianBank"
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)

HERE = Path(__file__).resolve().parent
DESKTOP_FILE = HERE / f"{APP_ID}.desktop"
METAINFO_FILE = HERE / f"{APP_ID}.metainfo.xml"
ICONS = HERE / "icons" / "hicolor"


def data_home(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset, empty or relative."""
    env = os.environ if env is None else env
    value = env.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    home = env.get("HOME") or os.path.expanduser("~")
    return Path(home) / ".local" / "share"


def icon_files() -> list[tuple[Path, str]]:
    """(source, path under icons/hicolor) for every shipped icon."""
    found = [(p, p.relative_to(ICONS).as_posix()) for p in sorted(ICONS.rglob(f"{APP_ID}.*"))]
    if not found:
        raise FileNotFoundError(f"no icons under {ICONS}")
    return found


def targets(root: Path) -> dict[str, Path]:
    """Where each installed file goes, by a short name."""
    out = {
        "launcher": root / "applications" / f"{APP_ID}.desktop",
        "metainfo": root / "metainfo" / f"{APP_ID}.metainfo.xml",
    }
    for _src, rel in icon_files():
        out[f"icon {rel}"] = root / "icons" / "hicolor" / rel
    return out


def _quote(arg: str) -> str:
    """One argument of an Exec key (Desktop Entry spec, "The Exec key")."""
    if arg and not any(c in arg for c in " \t\n\"'\\><~|&;$*?#()`%="):
        return arg
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return '"' + escaped.replace("%", "%%") + '"'


def launch_command() -> list[str]:
    """The command that starts this same program."""
    if getattr(sys, "frozen", False):  # a one-file build (PyInstaller)
        return [os.path.abspath(sys.executable)]
    script = sys.argv[0]
    if os.path.basename(script) == "russian-bank" and os.path.isfile(script):  # console script
        return [os.path.abspath(script)]
    return [os.path.abspath(sys.executable), "-m", "russian_bank"]


def launcher_text(command: list[str]) -> str:
    """The shipped .desktop entry with Exec and TryExec naming ``command``."""
    lines = []
    for line in DESKTOP_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + " ".join(_quote(a) for a in command)
        elif line.startswith("TryExec="):
            line = "TryExec=" + command[0]
        lines.append(line)
    return "\n".join(lines) + "\n"


def _refresh(root: Path) -> None:
    """Tell desktops the menu and icons changed (best effort; both tools are optional)."""
    icons = root / "icons" / "hicolor"
    if icons.is_dir():
        os.utime(icons)  # an icon cache older than its folder is ignored
    tool = shutil.which("update-desktop-database")
    if tool:
        subprocess.run([tool, "-q", str(root / "applications")], check=False)


def install(root: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Copy the launcher, icons and metainfo under ``root``; returns the files written."""
    root = data_home() if root is None else root
    where = targets(root)
    for dst in where.values():
        dst.parent.mkdir(parents=True, exist_ok=True)
    where["launcher"].write_text(launcher_text(command or launch_command()), encoding="utf-8")
    shutil.copyfile(METAINFO_FILE, where["metainfo"])
    for src, rel in icon_files():
        shutil.copyfile(src, where[f"icon {rel}"])
    _refresh(root)
    return list(where.values())


def uninstall(root: Path | None = None) -> list[Path]:
    """Remove what ``install`` wrote under ``root``; returns the files removed."""
    root = data_home() if root is None else root
    removed = []
    for path in targets(root).values():
        if path.is_file():
            path.unlink()
            removed.append(path)
    _refresh(root)
    return removed


def window_icon() -> None:
    """Before the window opens: name it after the launcher and give it the icon.

    The window class (X11) and app id (Wayland) equal the launcher's name, so a desktop
    matches the running game to its menu entry; the 64 px icon is for desktops that
    take a window's own icon.
    """
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", APP_ID)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)
    import pygame

    with contextlib.suppress(pygame.error, OSError):  # without its icon it is still the game
        pygame.display.set_icon(pygame.image.load(str(ICONS / "64x64" / "apps" / f"{APP_ID}.png")))


def main(action: str) -> int:
    """``--install-desktop`` / ``--uninstall-desktop``: do it and say what was done."""
    root = data_home()
    try:
        if action == "install":
            files = install(root)
            text = ngettext(
                "installed the launcher, icon and metainfo ({n} file) under {folder}",
                "installed the launcher, icon and metainfo ({n} files) under {folder}",
                len(files),
            )
            print(text.format(n=len(files), folder=root))
            print(f"  {files[0]}")
        else:
            files = uninstall(root)
            if files:
                text = ngettext(
                    "removed {n} file of Russian Bank from {folder}",
                    "removed {n} files of Russian Bank from {folder}",
                    len(files),
                )
                print(text.format(n=len(files), folder=root))
            else:
                print(_("nothing of Russian Bank to remove under {folder}").format(folder=root))
    except OSError as e:
        if action == "install":
            text = _("cannot install the desktop files: {why}")
        else:
            text = _("cannot uninstall the desktop files: {why}")
        print(f"russian-bank: {text.format(why=e)}", file=sys.stderr)
        return 1
    return 0
