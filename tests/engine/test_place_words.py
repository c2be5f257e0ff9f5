"""One place-words function for everyone: the rule set's pile names, seen from a
point of view (the referee's "A's Stock", the move log's "his Stock", the coach's
"your Stock")."""

from __future__ import annotations

import pytest

from russian_bank.engine import HELD_PLACE, Place
from russian_bank.engine.rules import COMMITTEE, rule_set
from russian_bank.game.places import BANK, DISCARD, HAND, HIS, NAMED, STOCK, TABLE, YOUR
from russian_bank.game.places import place_words as words_of

CRAPETTE = rule_set("crapette").words


def test_committee_piles_from_each_point_of_view() -> None:
    w = COMMITTEE.words
    stock_a, discard_b = Place(STOCK, 0), Place(DISCARD, 1)
    assert words_of(stock_a, 0, w, NAMED) == "A's Stock"
    assert words_of(stock_a, 0, w, HIS) == "his Stock"
    assert words_of(discard_b, 0, w, HIS) == "B's Discard"
    assert words_of(stock_a, 0, w, YOUR) == "your Stock"
    assert words_of(discard_b, 0, w, YOUR) == "your adversary's Discard"
    assert words_of(Place(HAND, 1), 1, w, YOUR) == "your Hand"


def test_the_card_in_the_fingers_the_table_and_the_banks() -> None:
    w = COMMITTEE.words
    assert words_of(HELD_PLACE, 1, w, NAMED) == "the card turned from B's Hand"
    assert words_of(HELD_PLACE, None, w, NAMED) == "the card turned from the Hand"
    assert words_of(HELD_PLACE, 0, w, HIS) == "his Hand"
    assert words_of(HELD_PLACE, 0, w, YOUR) == "the card you hold"
    assert [words_of(Place(TABLE, 3), 0, w, v) for v in (NAMED, HIS, YOUR)] == ["the Table"] * 3
    assert words_of(Place(BANK, 2), 0, w, HIS) == "a Bank"
    assert words_of(Place(BANK, 2), 0, w, YOUR) == "the Banks"


def test_002_crapette_piles_in_crapettes_words_from_each_point_of_view() -> None:
    assert words_of(Place(STOCK, 1), 0, CRAPETTE, NAMED) == "B's depot"
    assert words_of(Place(STOCK, 0), 0, CRAPETTE, HIS) == "his depot"
    assert words_of(Place(HAND, 0), 0, CRAPETTE, YOUR) == "your stock"
    assert words_of(Place(DISCARD, 1), 0, CRAPETTE, YOUR) == "your adversary's waste heap"
    assert words_of(HELD_PLACE, 0, CRAPETTE, HIS) == "his stock"
    assert words_of(Place(TABLE, 5), 1, CRAPETTE, YOUR) == "the files"
    assert words_of(Place(BANK, 0), 1, CRAPETTE, NAMED) == "a foundation"
    assert words_of(Place(BANK, 0), 1, CRAPETTE, YOUR) == "the foundations"


def test_the_default_is_the_referees_view_in_the_committees_words() -> None:
    assert words_of(Place(STOCK, 1)) == "B's Stock"


def test_an_unknown_point_of_view_is_refused() -> None:
    with pytest.raises(ValueError, match="point of view"):
        words_of(Place(STOCK, 0), 0, COMMITTEE.words, "theirs")
