"""Make and check the translation catalogues with Babel (docs/translating.md).

    python tools/catalogues.py extract          # sources -> russian_bank/locale/russian_bank.pot
    python tools/catalogues.py update           # .pot -> every <lang>/LC_MESSAGES/russian_bank.po
    python tools/catalogues.py init LANG        # a new language's .po from the .pot
    python tools/catalogues.py compile          # every .po -> .mo (shipped in the package)
    python tools/catalogues.py all              # extract, update, compile
    python tools/catalogues.py check            # is every catalogue current and complete?

These are ``pybabel extract / update / init / compile`` with the project's options
(babel.cfg, the ``TRANSLATORS:`` comments, no line wrapping, no dates in the .pot,
so that a rerun changes nothing). ``check`` prints what tests/test_i18n_catalogues.py
asserts and exits 1 if a catalogue is behind the sources, has an untranslated or
fuzzy message, or a .mo is not the compiled .po.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the lesson extractor is imported from this checkout
LOCALE = ROOT / "russian_bank" / "locale"
POT = LOCALE / "russian_bank.pot"
DOMAIN = "russian_bank"
MAPPING = ROOT / "babel.cfg"
KEYWORDS = ["-k", "_", "-k", "N_", "-k", "ngettext:1,2", "-k", "pgettext:1c,2"]
KEYWORDS += ["-k", "npgettext:1c,2,3", "-k", "NC_:1c,2"]
# TRANSLATORS: comments name what a term means in the game
COMMENTS = ["--add-comments", "TRANSLATORS:"]


def pybabel(*args: str) -> None:
    import os

    here = os.getcwd()
    os.chdir(ROOT)  # babel.cfg's patterns are relative to the checkout
    try:
        CommandLineInterface().run(["pybabel", "-q", *args])
    finally:
        os.chdir(here)


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/russian_bank.po"))


def extract() -> None:
    pybabel(
        "extract", "-F", str(MAPPING), *KEYWORDS, *COMMENTS, "--no-wrap", "--sort-by-file",
        "--omit-header", "--project", "russian-bank", "-o", str(POT), ".",
    )  # fmt: skip


def update() -> None:
    pybabel(
        "update", "-i", str(POT), "-d", str(LOCALE), "-D", DOMAIN, "--no-wrap",
        "--no-fuzzy-matching", "--ignore-obsolete",
    )  # fmt: skip


def compile_all() -> None:
    for lang in languages():
        po = LOCALE / lang / "LC_MESSAGES" / "russian_bank.po"
        po.with_suffix(".mo").write_bytes(compiled(po))


def compiled(po: Path) -> bytes:
    """The .mo of ``po`` exactly as ``compile`` writes it (fuzzy messages left out)."""
    with po.open("rb") as f:
        catalog = read_po(f, locale=po.parent.parent.name)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def fresh_catalog() -> Catalog:
    """The messages the sources hold now (what ``extract`` would write)."""
    import re

    method_map, options_map = [], {}
    section = None
    extractors: dict[str, str] = {}
    for line in MAPPING.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        head = re.fullmatch(r"\[(.+)\]", line)
        if head:
            section = head.group(1)
            if section != "extractors":
                method, pattern = (p.strip() for p in section.split(":", 1))
                method_map.append((pattern, extractors.get(method, method)))
                options_map[pattern] = {}
        elif section == "extractors":
            name, _, target = line.partition("=")
            extractors[name.strip()] = target.strip()
    keywords = {"_": None, "N_": None, "ngettext": (1, 2)}
    keywords.update({"pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)})
    keywords["NC_"] = ((1, "c"), 2)
    catalog = Catalog(project="russian-bank")
    found = extract_from_dir(
        str(ROOT), method_map, options_map, keywords, ["TRANSLATORS:"], strip_comment_tags=True
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def problems() -> list[str]:
    """Everything that keeps the catalogues from being current and complete."""
    out = []
    keys = {(m.context, str(m.id)) for m in fresh_catalog() if m.id}
    pot = read(POT)
    pot_keys = {(m.context, str(m.id)) for m in pot if m.id}
    if pot_keys != keys:
        out.append(
            f"{POT.name} is behind the sources ({len(keys - pot_keys)} new, "
            f"{len(pot_keys - keys)} gone): run tools/catalogues.py all"
        )
    for lang in languages():
        po_path = LOCALE / lang / "LC_MESSAGES" / "russian_bank.po"
        po = read(po_path, lang)
        have = {(m.context, str(m.id)) for m in po if m.id}
        if have != keys:
            out.append(f"{lang}: {len(keys - have)} messages missing, {len(have - keys)} extra")
        for m in po:
            if not m.id:
                continue
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            if m.fuzzy:
                out.append(f"{lang}: fuzzy: {m.id!r}")
            elif not all(strings):
                out.append(f"{lang}: untranslated: {m.id!r}")
            else:
                out += [f"{lang}: {e}" for e in fields_differ(m.id, strings)]
        if po_path.with_suffix(".mo").read_bytes() != compiled(po_path):
            out.append(f"{lang}: the .mo is not the compiled .po: run tools/catalogues.py compile")
    return out


def fields_differ(msgid: str | tuple[str, ...], strings: tuple[str, ...]) -> list[str]:
    """A translation must keep the ``{named}`` fields of its message, no more, no fewer
    (a plural form may leave out ``{n}``, as French "une carte" might)."""
    import string

    def names(text: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}

    ids = (msgid,) if isinstance(msgid, str) else msgid
    want = set().union(*(names(i) for i in ids))
    out = []
    for s in strings:
        try:
            got = names(s)
        except ValueError as e:
            out.append(f"{ids[0]!r}: bad format in {s!r}: {e}")
            continue
        if not got <= want or (len(ids) == 1 and got != want):
            out.append(f"{ids[0]!r}: fields {sorted(got)} in {s!r}, want {sorted(want)}")
    return out


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command in ("extract", "all"):
        extract()
    if command in ("update", "all"):
        update()
    if command == "init":
        pybabel("init", "-i", str(POT), "-d", str(LOCALE), "-D", DOMAIN, "-l", argv[1])
    if command in ("compile", "all"):
        compile_all()
    if command == "check":
        found = problems()
        for line in found[:50]:
            print(line)
        print(f"{len(found)} problems in {', '.join(languages())}")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
