"""003's own examples, one test each (seeds/003_*.txt; readings in docs/one-pack.md)."""

from __future__ import annotations

import pytest

from russian_bank.onepack import action_reason, apply
from russian_bank.onepack.cards import cards_text

from .helpers import act, legal_texts, make


def test_003_eight_of_clubs_on_the_seven() -> None:
    pos = make({0: "7C", 1: "8C"})
    assert "move place1 place0" in legal_texts(pos)
    assert "move place0 place1" in legal_texts(pos)  # "or the seven on the eight"
    apply(pos, act("move place1 place0"))
    assert cards_text(pos.places[0]) == "7C 8C"
    assert pos.places[1] == []


def test_003_no_reversing_colours_build_in_suit_only() -> None:
    pos = make({0: "7C", 1: "8S", 2: "8H"})
    legal = legal_texts(pos)
    assert "move place1 place0" not in legal
    assert "move place2 place0" not in legal
    reason = action_reason(pos, act("move place1 place0"))
    assert reason is not None and "suit and sequence" in reason


def test_003_a_started_sequence_keeps_its_direction() -> None:
    # 7 8 goes up: the 9 continues it; the 6 fits only under the 7, never on top
    pos = make({0: "7C 8C", 1: "6C", 2: "9C"})
    legal = legal_texts(pos)
    assert "move place2 place0" in legal
    assert "move place1 place0" not in legal
    reason = action_reason(pos, act("move place1 place0"))
    assert reason is not None and "sequence" in reason


def test_003_spade_queen_on_the_opponents_jack() -> None:
    # The spade ten went on a pile; the opponent's Discard shows the spade jack.
    pos = make({0: "8S 9S TS"}, discards=("", "4H JS"), held="QS")
    legal = legal_texts(pos)
    assert "move held discard1" in legal  # the queen on his jack
    assert "move discard1 place0" in legal  # or take his jack to continue the sequence
    before = (pos.cards_left(0), pos.cards_left(1))
    apply(pos, act("move held discard1"))
    # "the queen is equally got rid of, but the opponent has ... more to get rid of"
    assert (pos.cards_left(0), pos.cards_left(1)) == (before[0] - 1, before[1] + 1)


def test_003_the_opponents_jack_need_not_be_taken() -> None:
    pos = make({0: "8S 9S TS"}, discards=("", "4H JS"))
    assert {"move discard1 place0", "turn"} <= legal_texts(pos)


def test_003_ace_on_the_deuce_or_in_the_discard() -> None:
    pos = make({0: "2S", 1: "9H", 2: "5D", 3: "KC", 4: "4C", 5: "7D", 6: "JH", 7: "3H"}, held="AS")
    held_moves = {t for t in legal_texts(pos) if t.startswith("move held")}
    assert held_moves == {"move held place0", "move held discard0"}


def test_003_king_on_the_under_side_is_unplayable_without_a_space() -> None:
    full = {0: "QD JD TD 9D", 1: "2C", 2: "5S", 3: "8H", 4: "3C", 5: "6S", 6: "TH", 7: "4C"}
    pos = make(full, discards=("", "7C"), held="KD")
    assert {t for t in legal_texts(pos) if t.startswith("move held")} == {"move held discard0"}


def test_003_king_on_the_opponents_ace_of_diamonds() -> None:
    # King and Ace are consecutive: the K may go on his Ace of diamonds.
    full = {0: "QD JD TD 9D", 1: "2C", 2: "5S", 3: "8H", 4: "3C", 5: "6S", 6: "TH", 7: "4C"}
    pos = make(full, discards=("", "AD"), held="KD")
    assert "move held discard1" in legal_texts(pos)


def test_003_king_into_the_space_and_the_sequence_lifted_onto_it() -> None:
    pos = make({0: "QD JD TD 9D", 1: "2C"}, held="KD")
    apply(pos, act("move held place2"))
    assert "lift place0 place2" in legal_texts(pos)
    apply(pos, act("lift place0 place2"))
    assert cards_text(pos.places[2]) == "KD QD JD TD 9D"
    assert pos.places[0] == []  # "still leaving a space"


def test_003_sequence_reversed_through_a_space_brings_the_king_on_top() -> None:
    pos = make({0: "QD JD TD 9D", 1: "2C"}, held="KD")
    for text in ("move place0 place2",) + ("move place0 place2",) * 3:
        apply(pos, act(text))
    assert cards_text(pos.places[2]) == "9D TD JD QD"  # reversed: the 9 at the bottom
    assert pos.places[0] == []
    apply(pos, act("move held place2"))
    assert cards_text(pos.places[2]) == "9D TD JD QD KD"


def test_003_a_sequence_is_not_lifted_into_a_space() -> None:
    pos = make({0: "QD JD TD 9D", 1: "2C"})
    reason = action_reason(pos, act("lift place0 place2"))
    assert reason is not None and "space" in reason


def test_003_space_is_filled_from_own_discard_before_turning() -> None:
    pos = make({0: "2C", 1: "5S", 2: "8H"}, discards=("KH 4D", ""))
    assert "turn" not in legal_texts(pos)
    reason = action_reason(pos, act("turn"))
    assert reason is not None and "Discard" in reason
    assert "move discard0 place3" in legal_texts(pos)


def test_003_space_filled_by_turning_when_the_discard_is_empty() -> None:
    pos = make({0: "2C", 1: "5S", 2: "8H"})
    assert "turn" in legal_texts(pos)
    apply(pos, act("turn"))
    assert pos.held is not None
    assert "move held place3" in legal_texts(pos)  # a turned card may fill the space


def test_003_the_opponents_discard_top_does_not_fill_a_space() -> None:
    pos = make({0: "2C"}, discards=("", "9H"))
    assert not any(t.startswith("move discard1") for t in legal_texts(pos))


def test_003_tableau_cards_do_not_go_on_the_opponents_discard() -> None:
    pos = make({0: "TS", 1: "2C"}, discards=("", "JS"))
    assert "move place0 discard1" not in legal_texts(pos)
    reason = action_reason(pos, act("move place0 discard1"))
    assert reason is not None and "Hand or your Discard" in reason


def test_003_unplayable_card_starts_the_discard_and_ends_the_turn() -> None:
    full = {0: "2C", 1: "5S", 2: "8H", 3: "3C", 4: "6S", 5: "TH", 6: "4C", 7: "QD"}
    pos = make(full, held="9D")
    events = apply(pos, act("move held discard0"))
    assert [e.why for e in events] == ["discard"]
    assert cards_text(pos.discards[0]) == "9D"
    assert pos.player == 1 and pos.held is None


@pytest.mark.parametrize("src", ["held", "discard0"])
def test_003_play_from_hand_or_discard_on_the_opponents_discard(src: str) -> None:
    full = {0: "2C", 1: "5S", 2: "8H", 3: "3C", 4: "6S", 5: "TH", 6: "4C", 7: "QD"}
    pos = make(full, discards=("7H 9S", "TS"), held="JS" if src == "held" else None)
    card = "JS" if src == "held" else "9S"
    apply(pos, act(f"move {src} discard1"))
    assert cards_text(pos.discards[1]) == f"TS {card}"
