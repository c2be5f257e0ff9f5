"""Words in the player's language: gettext catalogues managed with Babel.

The catalogues are ``russian_bank/locale/<lang>/LC_MESSAGES/russian_bank.po``
(the translators' text) and ``.mo`` (compiled by ``tools/catalogues.py compile``,
shipped in the package); ``docs/translating.md`` says how they are made.

Code marks every string a person reads and looks it up when it is shown:

- ``_("Back")``: a word or sentence; ``_("{who} wins").format(who=...)`` for one
  with parts (named fields, so a translation may put them in its own order);
- ``ngettext("{n} card", "{n} cards", n).format(n=n)``: a count, with the plural
  forms of the language (French says "1 carte", "0 carte");
- ``pgettext("pile", "Stock")``: a term of the game, told apart by its context;
- ``N_("Back")`` marks a string kept in a table at import time; it is looked up
  with ``_()`` where it is drawn, so a change of language shows at once
  (``NC_(context, "Stock")`` likewise, looked up with ``pgettext``).

The language follows ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` (the
gettext order) unless Settings names one; :func:`set_language` switches it at
once. A game record never holds translated words (it holds action text forms).

The pseudo-language ``pseudo`` wraps every looked-up string in ``⟦…⟧``: the
tests draw every screen in it and look for visible text outside the markers.
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import os
import string
import sys
import threading
from pathlib import Path

DOMAIN = "russian_bank"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
# the languages a player may choose, each named in its own language (never translated)
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "de": "Deutsch"}
SYSTEM = "system"  # the Settings value: follow the system's locale
PSEUDO = "pseudo"  # every string as ⟦string⟧ (tests)
OPEN, CLOSE = "⟦", "⟧"
ENV_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class _Pseudo(_gettext.NullTranslations):
    """Every string wrapped in markers: untranslated text shows up outside them."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


class Said(str):
    """A message looked up on a thread that speaks in keys (the table server,
    :func:`speak_keys_here`). Its text is the English one, so the server reads and
    logs it as any string; it also keeps its message key (the msgid, its context,
    its plural and count) and, once formatted, its fields, so that it can be sent
    as data and worded by the reader's own program in the reader's language
    (``net.words``). Joining or an f-string makes a plain string again: code whose
    words go to the wire builds sentences with ``_(...).format(...)`` only."""

    key: str
    context: str | None = None
    plural: str | None = None
    n: int | None = None
    fields: dict[str, object] | None = None

    def format(self, *args: object, **fields: object) -> Said:
        out = Said(str.format(self, *args, **fields))
        out.key, out.context, out.plural, out.n = self.key, self.context, self.plural, self.n
        out.fields = fields
        return out


def _said(text: str, key: str, context: str | None = None) -> Said:
    out = Said(text)
    out.key, out.context = key, context
    return out


class _Keys(_gettext.NullTranslations):
    """English text that remembers its message keys (:class:`Said`)."""

    def gettext(self, message: str) -> str:
        return _said(message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        out = _said(msgid1 if n == 1 else msgid2, msgid1)
        out.plural, out.n = msgid2, n
        return out

    def pgettext(self, context: str, message: str) -> str:
        return _said(message, message, context)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        out = _said(msgid1 if n == 1 else msgid2, msgid1, context)
        out.plural, out.n = msgid2, n
        return out


KEYS = "keys"  # the language code of a thread that speaks in keys
_keys = _Keys()
_english = _gettext.NullTranslations()
_state: dict[str, object] = {"code": "en", "tr": _english}


class _Speaking(threading.local):
    """A thread's own way of speaking (``speak_keys_here``); None: the language in
    force. The defaults are the class's, so reading them raises nothing to catch."""

    speaks: object = None
    tr: object = None


_thread = _Speaking()  # a thread that speaks in keys (``speak_keys_here``)


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: the first of
    ``LANGUAGE`` (a colon list), ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set;
    the first of its languages we have, else English. ``C``/``POSIX`` mean English."""
    env = os.environ if environ is None else environ
    for var in ENV_VARS:
        value = env.get(var, "")
        if not value:
            continue
        for item in value.split(":"):
            code = item.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            if code in LANGUAGES or code == PSEUDO:
                return code
        if var != "LANGUAGE":
            return "en"  # LC_ALL or LANG names a locale we have no catalogue for
    return "en"


def resolve(choice: str | None) -> str:
    """The language of a Settings value (``system`` or a code)."""
    if choice is None or choice == SYSTEM or (choice not in LANGUAGES and choice != PSEUDO):
        return system_language()
    return choice


def set_language(choice: str | None = SYSTEM) -> str:
    """Switch every later look-up to ``choice`` (a code of :data:`LANGUAGES`,
    ``system`` or ``pseudo``); returns the language now in force."""
    code = resolve(choice)
    tr: _gettext.NullTranslations
    if code == PSEUDO:
        tr = _Pseudo()
    elif code == "en":
        tr = _english
    else:
        found = _catalogue(code)
        if found is None:  # damaged: English, said once (never a traceback)
            code, tr = "en", _english
        else:
            tr = found
    _state["code"], _state["tr"] = code, tr
    return code


MAX_CATALOGUE_BYTES = 16 * 1024 * 1024  # a real one is about 100 KB
_catalogues: dict[tuple[str, int, int], _gettext.GNUTranslations | str] = {}
_told: set[str] = set()


def _catalogue(code: str) -> _gettext.GNUTranslations | None:
    """The compiled catalogue of ``code``, or None when it cannot be used: missing,
    unreadable, a folder, truncated, empty, not a catalogue, too big, or with a
    translation that names a field its message does not have (its ``.format``
    would fail where it is shown). Why is printed once on stderr (in English: the
    catalogue that would word it is the broken one)."""
    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        st = path.stat()
        key = (str(path), st.st_mtime_ns, st.st_size)
        if key not in _catalogues:
            _catalogues[key] = _read_catalogue(path, st.st_size)
        found = _catalogues[key]
    except OSError as e:
        found = e.strerror or str(e)
    if isinstance(found, str):
        said = f"the catalogue of {code!r} ({path}) cannot be used ({found}); English is shown"
        if said not in _told:
            _told.add(said)
            with contextlib.suppress(OSError, ValueError):
                print(f"russian-bank: {said}", file=sys.stderr)
        _state["problem"] = said
        return None
    _state["problem"] = None
    return found


def _read_catalogue(path: Path, size: int) -> _gettext.GNUTranslations | str:
    """The catalogue at ``path``, or why it is damaged."""
    if size > MAX_CATALOGUE_BYTES:
        return f"{size} bytes is too big for a catalogue"
    try:
        with open(path, "rb") as f:
            tr = _gettext.GNUTranslations(f)
    except OSError as e:
        return e.strerror or str(e)
    except Exception as e:  # a damaged file: struct, Unicode, index errors…
        return f"damaged: {type(e).__name__}"
    if not getattr(tr, "_catalog", None):
        return "it holds no words"
    for key, text in getattr(tr, "_catalog", {}).items():
        msgid = str(key[0] if isinstance(key, tuple) else key).split("\x04")[-1]
        bad = _bad_fields(msgid, str(text), isinstance(key, tuple))
        if bad:
            return f"the translation of {msgid[:60]!r} names {bad}"
    return tr


def _fields(text: str) -> set[str]:
    out = set()
    for _lit, name, _spec, _conv in string.Formatter().parse(text):
        if name is not None:
            out.add(name.split(".")[0].split("[")[0])
    return out


def _bad_fields(msgid: str, text: str, plural: bool) -> str:
    """What of ``text`` (a translation) ``msgid.format`` would not fill: a field
    it does not name, or a broken ``{``; "" when nothing. (A plural form may name
    the count ``{n}`` that its singular message leaves out.)"""
    try:
        want = _fields(msgid)
    except ValueError:
        return ""  # not a format string: the code never formats it
    try:
        extra = _fields(text) - want - ({"n"} if plural else set())
    except ValueError as e:
        return f"a broken field ({e})"
    return ", ".join("{" + f + "}" for f in sorted(extra))


def catalogue_problem() -> str | None:
    """Why the language chosen last could not be used (English is shown), or None."""
    problem = _state.get("problem")
    return problem if isinstance(problem, str) else None


def language() -> str:
    """The code of the language in force (``en``, ``fr``, ``de`` or ``pseudo``; on
    the server's thread ``keys``, so that words cached per language stay apart)."""
    speaks = getattr(_thread, "speaks", None)
    return str(_state["code"] if speaks is None else speaks)


def speak_keys_here() -> tuple[object, object]:
    """Every later look-up made by the calling thread is English that keeps its
    message keys (:class:`Said`): the table server's thread, whose reasons and
    notes go to players of any language as keys and fields (``net.words``,
    docs/protocol.md), worded by each player's program in his own language.
    Returns how the thread spoke before (for :func:`speak_here`)."""
    before = (getattr(_thread, "speaks", None), getattr(_thread, "tr", None))
    _thread.speaks, _thread.tr = KEYS, _keys
    return before


def speak_here(before: tuple[object, object]) -> None:
    """The calling thread speaks again as it did (``speak_keys_here``'s answer)."""
    _thread.speaks, _thread.tr = before


def _tr() -> _gettext.NullTranslations:
    tr = getattr(_thread, "tr", None) or _state["tr"]
    assert isinstance(tr, _gettext.NullTranslations)
    return tr


def _(message: str) -> str:
    """``message`` in the language in force."""
    return _tr().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted phrase for ``n``, in the language in force."""
    return _tr().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in its ``context`` (a term of the game), in the language in force."""
    return _tr().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _tr().npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue; it is looked up with ``_()`` where shown."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for the catalogue (a term kept in a table);
    it is looked up with ``pgettext(context, message)`` where shown."""
    return message


set_language(SYSTEM)
