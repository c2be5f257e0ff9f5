"""F11: the window full screen and back, laid out for the size it really has.

A desktop full screen is a request to the window manager. Where none runs (an X11
display with no window manager, as under Xvfb or a bare X session) nobody honours
it: SDL still reports the window at the desktop's size, the window stays as it was,
and a table laid out for the reported size is cropped. There the window is made to
cover the screen itself instead (no border, at the screen's corner, the desktop's
size), which an X server does at once, and SDL then reports the size it really has.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util

import pygame

DESKTOP = "desktop"  # full screen granted by the window manager
COVER = "cover"  # a borderless window covering the screen (no window manager)
SUBSTRUCTURE_REDIRECT = 1 << 20  # X11's SubstructureRedirectMask: a window manager


class _Attributes(ctypes.Structure):
    """X11's ``XWindowAttributes`` (Xlib.h), as far as ``all_event_masks`` and a
    little beyond."""

    _fields_ = [
        ("x", ctypes.c_int),
        ("y", ctypes.c_int),
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("border_width", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("visual", ctypes.c_void_p),
        ("root", ctypes.c_ulong),
        ("c_class", ctypes.c_int),
        ("bit_gravity", ctypes.c_int),
        ("win_gravity", ctypes.c_int),
        ("backing_store", ctypes.c_int),
        ("backing_planes", ctypes.c_ulong),
        ("backing_pixel", ctypes.c_ulong),
        ("save_under", ctypes.c_int),
        ("colormap", ctypes.c_ulong),
        ("map_installed", ctypes.c_int),
        ("map_state", ctypes.c_int),
        ("all_event_masks", ctypes.c_long),
        ("your_event_mask", ctypes.c_long),
        ("do_not_propagate_mask", ctypes.c_long),
        ("override_redirect", ctypes.c_int),
        ("screen", ctypes.c_void_p),
        ("spare", ctypes.c_byte * 64),  # room, should a library's struct be longer
    ]


def _x11_attributes(window: int | None) -> _Attributes | None:
    """The X server's attributes of ``window`` (the root window for None), asked on
    a connection of our own; None where there is no X11 or it does not answer."""
    if pygame.display.get_init() and pygame.display.get_driver() != "x11":
        return None
    name = ctypes.util.find_library("X11")
    if name is None:
        return None
    try:
        x11 = ctypes.CDLL(name)
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XDefaultRootWindow.restype = ctypes.c_ulong
        x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x11.XGetWindowAttributes.argtypes = [
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.POINTER(_Attributes),
        ]
        x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    except (OSError, AttributeError):
        return None
    display = x11.XOpenDisplay(None)
    if not display:
        return None
    try:
        attrs = _Attributes()
        target = x11.XDefaultRootWindow(display) if window is None else window
        if not x11.XGetWindowAttributes(display, target, ctypes.byref(attrs)):
            return None
        return attrs
    finally:
        x11.XCloseDisplay(display)


def window_manager_missing() -> bool:
    """True on an X11 display where no window manager runs (no client redirects
    the root window's children): a full-screen request would not be honoured."""
    attrs = _x11_attributes(None)
    return attrs is not None and not attrs.all_event_masks & SUBSTRUCTURE_REDIRECT


def real_window_rect() -> pygame.Rect | None:
    """Where the X server has the window and how large (None off X11): what the
    screen really shows, whatever SDL was told."""
    info = pygame.display.get_wm_info()
    window = info.get("window")
    if not isinstance(window, int):
        return None
    attrs = _x11_attributes(window)
    if attrs is None:
        return None
    return pygame.Rect(attrs.x, attrs.y, attrs.width, attrs.height)


def enter(window: pygame.Window) -> str:
    """Make ``window`` full screen; the way it was done (``leave`` undoes it)."""
    if window_manager_missing():
        window.borderless = True
        window.position = (0, 0)
        window.size = pygame.display.get_desktop_sizes()[0]
        return COVER
    window.set_fullscreen(desktop=True)
    return DESKTOP


def leave(window: pygame.Window, mode: str, size: tuple[int, int]) -> None:
    """Back to a window of ``size`` from the full screen ``enter`` made."""
    if mode == COVER:
        window.borderless = False
    else:
        window.set_windowed()
    window.size = size
    if mode == COVER:
        with contextlib.suppress(pygame.error):
            window.position = pygame.WINDOWPOS_CENTERED


__all__ = ["COVER", "DESKTOP", "enter", "leave", "real_window_rect", "window_manager_missing"]
