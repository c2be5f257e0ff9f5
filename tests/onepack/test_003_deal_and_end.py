"""003's deal and turns, and the readings that end a game (docs/one-pack.md)."""

from __future__ import annotations

import random

import pytest

from russian_bank.game.events import GameOver
from russian_bank.onepack import (
    RULES,
    Position,
    action_reason,
    apply,
    cut,
    deal_position,
    legal_actions,
)
from russian_bank.onepack.cards import PACK, cards_text

from .helpers import act, legal_texts, make

FULL = {0: "2C", 1: "5S", 2: "8H", 3: "3C", 4: "6S", 5: "TH", 6: "4C", 7: "QD"}


def test_003_lower_cut_deals_and_the_non_dealer_begins() -> None:
    for seed in range(40):
        dealer, cuts = cut(random.Random(seed))
        a, b = cuts[-1]
        assert a.rank != b.rank
        assert dealer == (0 if a.rank < b.rank else 1)
        assert all(x.rank == y.rank for x, y in cuts[:-1])  # ties cut again
        pos = deal_position(RULES, random.Random(seed))
        assert pos.dealer == dealer and pos.player == 1 - dealer


def test_003_deal_two_then_threes_twenty_six_each() -> None:
    pos = deal_position(RULES, random.Random(7))
    first = pos.player
    assert len(pos.hands[first]) == 22  # 26 less the four laid out
    assert len(pos.hands[pos.dealer]) == 26
    assert sorted(pos.all_cards()) == list(PACK)
    # the deal order: rebuild it from the same shuffle
    rng = random.Random(7)
    cut(rng)
    pack = list(PACK)
    rng.shuffle(pack)
    assert pos.hands[pos.dealer][:2] == pack[2:4]  # the dealer's first packet: two cards
    assert pos.hands[pos.dealer][2:5] == pack[7:10]  # then three at a time


def test_003_non_dealer_lays_out_four_left_to_right() -> None:
    rng = random.Random(3)
    dealer, _ = cut(rng)
    pack = list(PACK)
    rng.shuffle(pack)
    first = 1 - dealer
    hand = pack[0:2] + [c for k in range(8) for c in pack[4 + 6 * k : 7 + 6 * k]]
    pos = deal_position(RULES, random.Random(3))
    assert [pos.places[first * 4 + k] for k in range(4)] == [[hand[-1 - k]] for k in range(4)]
    assert pos.hands[first] == hand[:-4]
    assert not any(pos.places[dealer * 4 + k] for k in range(4))
    assert pos.laid[first] and not pos.laid[dealer]


def test_003_dealers_row_is_closed_until_he_lays_out() -> None:
    pos = make({0: "2C", 1: "5S", 2: "8H", 3: "3C"}, laid=(True, False), held="9D")
    assert not any("place4" in t or "place7" in t for t in legal_texts(pos))
    reason = action_reason(pos, act("move held place5"))
    assert reason is not None and "laid out" in reason
    events = apply(pos, act("move held discard0"))
    assert [e.why for e in events] == ["discard"] + ["lay out"] * 4
    assert pos.laid == [True, True] and all(len(pos.places[i]) == 1 for i in range(4, 8))


def test_003_going_out_wins_thirty_and_a_point_a_card() -> None:
    # South's last card, the held 9D, goes on the 8D: he has got rid of all his cards.
    pos = make({0: "8D", 1: "2C"}, held="9D", hands=("", "KH"), discards=("", "4S 5S"))
    loser_cards = pos.cards_left(1)
    events = apply(pos, act("move held place0"))
    assert isinstance(events[-1], GameOver)
    assert pos.outcome is not None
    assert (pos.outcome.winner, pos.outcome.reason) == (0, "won")
    assert pos.outcome.points == RULES.game_points + loser_cards
    assert legal_actions(pos) == []


def test_003_going_out_scores_thirty_plus_one_a_card_by_the_numbers() -> None:
    """The count written out, not read from the code's constant: South goes out with
    the 9D on the 8D; the Table holds 8D 9D and 2C, so North still has the other 49
    cards of the pack to get rid of (003 "pay for"): 30 for the game and 49 (000 §31)."""
    pos = make({0: "8D", 1: "2C"}, held="9D", hands=("", "KH"), discards=("", "4S 5S"))
    assert pos.cards_left(1) == 52 - 3
    apply(pos, act("move held place0"))
    assert pos.outcome is not None
    assert (pos.outcome.winner, pos.outcome.points) == (0, 79)
    # one card fewer for North, one point fewer
    pos = make({0: "8D", 1: "2C", 2: "KH"}, held="9D", hands=("", "QH"), discards=("", "4S"))
    apply(pos, act("move held place0"))
    assert pos.outcome is not None and pos.outcome.points == 30 + 48


def test_003_hand_out_turns_the_discard_over() -> None:
    pos = make(FULL, discards=("9D 4H KS", ""), hands=("", "QC"))
    events = apply(pos, act("turn"))
    assert [e.why for e in events] == ["turn over", "turn"]
    assert pos.held is not None and pos.held.face == "9D"  # the first discarded comes up first
    assert cards_text(pos.hands[0]) == "KS 4H"
    assert pos.turnovers[0] == 1


def test_003_blocked_when_a_pass_puts_nothing_on_the_table() -> None:
    pos = make(FULL, discards=("9D 4H", ""), hands=("", "QC"))
    pos.turnovers[0] = 1
    pos.marks[0] = pos.table_size()  # nothing went to the Table since the last turn-over
    events = apply(pos, act("turn"))
    assert [type(e) for e in events] == [GameOver]
    assert pos.outcome is not None and pos.outcome.reason == "dead"
    # South has 2 cards, North the rest: South wins the difference
    assert pos.outcome.winner == 0
    assert pos.outcome.points == pos.cards_left(1) - pos.cards_left(0)


def test_003_turn_over_allowed_again_after_the_table_grew() -> None:
    pos = make(FULL, discards=("9D 4H", ""), hands=("", "QC"))
    pos.turnovers[0] = 1
    pos.marks[0] = pos.table_size() - 1
    apply(pos, act("turn"))
    assert pos.outcome is None and pos.turnovers[0] == 2


def test_003_position_text_round_trips_and_rejects_a_bad_pack() -> None:
    pos = deal_position(RULES, random.Random(11))
    text = pos.to_text()
    assert Position.from_text(text).to_text() == text
    bad = make(FULL).to_text().replace("place0: 2C", "place0: 2C 3C")
    with pytest.raises(ValueError, match="52 cards"):
        Position.from_text(bad)
    with pytest.raises(ValueError, match="missing"):
        Position.from_text("one-pack\ndealer 0\n")


def test_003_taking_the_opponents_last_card_makes_him_win() -> None:
    # North's only card is his Discard top 9S; South takes it onto his 8S.
    pos = make({0: "7S 8S", 1: "2C"}, discards=("", "9S"))
    pos.hands = [pos.hands[0] + pos.hands[1], []]
    events = apply(pos, act("move discard1 place0"))
    assert isinstance(events[-1], GameOver)
    assert pos.outcome is not None and pos.outcome.winner == 1


def test_backstop_no_endless_shifting_within_a_turn() -> None:
    from russian_bank.onepack.rules import SHIFT_LIMIT

    pos = make({0: "7C", 1: "8C", 2: "2D"}, held="9C")
    assert "move place1 place0" in legal_texts(pos)
    pos.shifts = SHIFT_LIMIT
    legal = legal_texts(pos)
    assert "move place1 place0" not in legal
    assert "move held place1" in legal  # plays from the Hand go on
    reason = action_reason(pos, act("move place1 place0"))
    assert reason is not None and str(SHIFT_LIMIT) in reason
    apply(pos, act("move held discard0"))
    assert pos.shifts == 0  # counted afresh in the next turn
