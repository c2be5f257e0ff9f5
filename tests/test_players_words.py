"""Issue 41 point 16: French and German as players of the game speak them.

The catalogues are read against the words card players use: the pile names and the
call are those of the glossary in docs/translating.md (checked row by row here), and
words a player of this game would not use are kept out (a chess draw, a computer's
"seed", a coach left in English, a "held" card, "weaving").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "russian_bank" / "locale"

# (language, a pattern no translation may hold, why)
NOT_SAID = [
    ("fr", r"\b(la|une|aucune) nulle\b|\bNulle\b|Proposer la nulle", "a chess word: partie nulle"),
    ("fr", r"\b[Gg]raine\b", "a programmer's word: the deal's number (donne n°)"),
    ("fr", r"\b[Cc]oach\b", "English: l'entraîneur"),
    ("fr", r"\bMatch \{", "English on the table: Score"),
    ("fr", r"vos doigts", "a card is held in hand (en main)"),
    ("fr", r"\bun rang\b.*\brangée?\b|\bson rang\b", "a rank is a card's value; a row is a rangée"),
    ("fr", r"[Cc]rapette manuelle", "the call is not a setting: l'adversaire crie"),
    ("fr", r"\bAllure\b", "Vitesse"),
    ("de", r"\b[Rr]emis\b", "a chess word: unentschieden"),
    ("de", r"\b[Gg]ehalten\b", "the card turned from the Talon is the Handkarte"),
    ("de", r"\bWeben\b|\bWebe\b", "Umschichten"),
    ("de", r"\bStartwert\b", "a programmer's word: the game's number"),
    ("de", r"Muster klassisch|Muster kräftig|Muster \{", "Kartenbild"),
    ("de", r"\bNetzwerkspiel\b", "one word for it: Netzspiel"),
]


def catalogue(lang: str):  # type: ignore[no-untyped-def]
    with (LOCALE / lang / "LC_MESSAGES" / "russian_bank.po").open("rb") as f:
        return read_po(f, locale=lang)


def translations(lang: str) -> list[tuple[str, str]]:
    out = []
    for m in catalogue(lang):
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        out += [(str(m.id if isinstance(m.id, str) else m.id[0]), s) for s in strings]
    return out


@pytest.mark.parametrize(("lang", "pattern", "why"), NOT_SAID)
def test_i41_no_translation_uses_a_word_players_do_not_use(lang, pattern, why) -> None:
    found = [(i, s) for i, s in translations(lang) if re.search(pattern, s)]
    assert found == [], f"{lang}: {why}: {found[:3]}"


def glossary() -> dict[str, tuple[str, str]]:
    """English -> (French, German) from the glossary table of docs/translating.md."""
    text = (ROOT / "docs" / "translating.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.split("## The terms of the game", 1)[1].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0] and not set(cells[0]) <= set("-"):
            # a cell's term, without its note in brackets ("partie nulle (the ...)")
            rows[cells[0]] = (cells[1].split(" (")[0], cells[2].split(" (")[0])
    return rows


# the glossary's rows that are the Committee rules' pile names: (context, msgid)
PILES = {
    "Stock": ("Stock pile", "Stock"),
    "Hand": ("Hand pile", "Hand"),
    "Discard": ("Discard pile", "Discard"),
    "Table": ("the Table", "Table"),
    "Bank": ("one Bank", "Bank"),
    "Banks": ("the Banks", "Banks"),
}


@pytest.mark.parametrize("english", sorted(PILES))
def test_i41_the_pile_names_are_the_glossary_s(english) -> None:
    terms = glossary()
    french, german = terms[english]
    context, msgid = PILES[english]
    assert catalogue("fr").get(msgid, context).string == french
    assert catalogue("de").get(msgid, context).string == german


def test_i41_the_call_and_the_draw_are_the_glossary_s() -> None:
    terms = glossary()
    fr, de = catalogue("fr"), catalogue("de")
    call_fr, call_de = terms["Stop (the call)"]
    assert call_fr in fr.get("{seat} calls Stop, and may add:").string
    assert call_de.rstrip("!") in de.get("{seat} calls Stop, and may add:").string
    draw_fr, draw_de = terms["draw (agreed)"]
    assert draw_fr in fr.get("Offer a draw").string
    assert draw_de.capitalize() in de.get("Offer a draw").string
    coach_fr, coach_de = terms["coach"]
    assert fr.get("Coach").string == coach_fr.capitalize()
    assert de.get("Coach").string == coach_de
