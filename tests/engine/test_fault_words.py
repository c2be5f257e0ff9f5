"""The fault note names the missed card once when it is the card played elsewhere
(issue 25): "B played A♠, turned from his Hand, to the Table instead of a Bank"."""

from __future__ import annotations

from russian_bank.engine import Game
from russian_bank.game.events import FaultOpened
from tests.engine.scenario import scenario

TABLE = {0: "9Sa", 1: "8Da", 2: "7Sa", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}
BANKS = {0: "AHb 2Hb 3Hb 4Hb 5Hb"}


def _note(action: str, **kw: str) -> str:
    game = Game(scenario(table=TABLE, banks=BANKS, **kw), 1)
    notes = [e.note for e in game.apply(action) if isinstance(e, FaultOpened)]
    assert len(notes) == 1
    return notes[0]


def test_s67_b_the_held_card_played_to_the_table_is_named_once() -> None:
    note = _note("play held table2", held="6Ha", spare="stockB")
    assert note == "A played 6♥, turned from his Hand, to the Table instead of a Bank (§67 B)"
    assert note.count("6♥") == 1


def test_s67_c_the_stock_card_played_on_the_adversary_is_named_once() -> None:
    note = _note("play stockA discardB", stockA="3Ca | 6Ha", discardB="7Hb")
    assert note == (
        "A played 6♥ from his Stock to the adversary's Discard instead of a Bank (§67 C)"
    )


def test_s67_c_another_card_played_still_names_both() -> None:
    note = _note("play held table2", stockA="3Ca | 6Ha", held="6Da")
    assert note == "A played 6♦ to the Table while 6♥ on his Stock could go on the Banks (§67 C)"


def test_s67_the_fault_note_is_made_in_the_language_in_force() -> None:
    """Issue 23: the note the Stop reads out is in the player's language."""
    from russian_bank import i18n

    try:
        i18n.set_language("fr")
        fr = _note("play held table2", stockA="3Ca | 6Ha", held="6Da")
        i18n.set_language("de")
        de = _note("play stockA discardB", stockA="3Ca | 6Ha", discardB="7Hb")
    finally:
        i18n.set_language("en")
    assert fr == (
        "A a joué 6♦ sur le Tableau alors que 6♥ sur sa Crapette pouvait aller sur les"
        " Fondations (§67 C)"
    )
    assert (
        de
        == "A spielte 6♥ aus seiner Reserve auf die Ablage des Gegners statt auf eine Bank (§67 C)"
    )
