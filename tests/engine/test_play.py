"""What the Player may do (RULES.md §3): the Table, turning, spaces, the Discard,
building on the adversary, weaving. Sections of the 1920 rule book in the names."""

from __future__ import annotations

import pytest

from russian_bank.engine import IllegalAction, find_play, parse_action
from russian_bank.engine.plays import legal_plays
from russian_bank.game.places import Place

from .helpers import act, legal, why
from .scenario import pile, scenario

BANK_H5 = {0: "AHb 2Hb 3Hb 4Hb 5Hb"}


def full_table(**over: str) -> dict[int, str]:
    """Eight occupied spaces with nothing bankable and few moves; override by index."""
    t = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}
    for k, v in over.items():
        t[int(k[1:])] = v
    return t


def reason_of(pos, text: str) -> str:
    a = parse_action(text)
    with pytest.raises(IllegalAction) as exc:
        find_play(pos, a.src, a.dst, a.count)
    return exc.value.reason


# ---------------------------------------------------------------- §6, §7 Table


def test_s6_s7_table_one_lower_other_colour():
    pos = scenario(table=full_table(t3="7Ca"), stockA="3Ca | 8Ha")
    acts = legal(pos)
    assert "play table3 table1" in acts  # black seven on red eight
    assert "play stockA table0" in acts  # red eight on black nine
    r = reason_of(pos, "play stockA table1")  # red eight on red eight
    assert "§6" in r and "§7" in r
    r = reason_of(pos, "play table3 table0")  # seven on nine
    assert "§6" in r


def test_s7_black_on_red_and_red_on_black():
    pos = scenario(table=full_table(t2="7Ca"), stockA="3Ca | 9Da")
    act(pos, "play table2 table1")  # black seven on red eight
    assert pile(pos, "table1") == "8Da 7Ca"
    r = reason_of(pos, "play stockA table1")
    assert "§6" in r


def test_s7_king_only_into_a_space():
    pos = scenario(table=full_table(t0="", t1="QHa"), stockA="3Ca | KSa")
    assert "play stockA table0" in legal(pos)
    assert not any(
        a.startswith("play stockA table") and a != "play stockA table0" for a in legal(pos)
    )
    act(pos, "play table1 table2")  # red Queen on black King (§7)
    assert pile(pos, "table2") == "KCb QHa"


# ---------------------------------------------------------------- turning §8-§12


def test_s9_stock_top_before_hand():
    pos = scenario(table=full_table(), stockA="3Ca 7Ca |")
    assert "turn hand" not in legal(pos)
    assert "§9" in why(pos, "turn hand")
    act(pos, "turn stock")
    assert "turn hand" in legal(pos)


def test_s10_stock_top_already_face_up_cannot_be_turned_again():
    pos = scenario(table=full_table(), stockA="3Ca | 7Ca")
    assert "turn stock" not in legal(pos)
    assert "§10" in why(pos, "turn stock")


def test_s10_s12_turn_next_stock_card_after_playing_the_top_and_resume_after_hand():
    pos = scenario(table=full_table(), stockA="4Ca QCa | 5Ca", discardB="6Cb")
    # 5Ca unplayable except by building on B's Discard
    act(pos, "turn hand")
    held = pos.held
    assert held is not None
    # the Player resumes with his Stock while holding his Hand card (§12)
    act(pos, "play stockA discardB")
    assert "turn stock" in legal(pos)
    act(pos, "turn stock")
    assert pos.stock_top(0) is not None and str(pos.stock_top(0)) == "QCa"
    assert pos.held == held


def test_s11_option_to_leave_a_table_playable_stock_card_and_hand_card():
    pos = scenario(table=full_table(), stockA="3Ca | 7Ca", handA="| 7Sa")
    assert "play stockA table1" in legal(pos)
    act(pos, "turn hand")  # not obliged to play 7Ca on 8Da
    assert pos.fault is None
    assert "play held table1" in legal(pos)
    act(pos, "discard")  # nor the held 7Sa
    assert pos.player == 1


def test_s11_never_obliged_to_build_on_the_adversary():
    pos = scenario(table=full_table(), stockA="3Ca | 7Ca", discardB="8Cb", handA="| 2Da")
    assert "play stockA discardB" in legal(pos)
    act(pos, "turn hand")
    act(pos, "discard")
    assert pos.fault is None and pos.player == 1


# ---------------------------------------------------------------- §15 discard


def test_s15_discard_ends_the_innings():
    pos = scenario(table=full_table(), stockA="3Ca | 7Ca", held="2Da", discardA="JDa")
    innings = pos.innings
    act(pos, "discard")
    assert pile(pos, "discardA") == "JDa 2Da"
    assert pos.held is None and pos.player == 1 and pos.innings == innings + 1


# ---------------------------------------------------------------- spaces §16-§20, §76


def test_s16_s20_s76a_discard_never_into_a_space():
    pos = scenario(table=full_table(t3=""), stockA="", discardA="KHa", spare="stockB")
    assert not any(a.startswith("play discardA table") for a in legal(pos))
    r = reason_of(pos, "play discardA table3")
    assert "A Discard card may not go into a space (§16" in r


def test_s16_discard_may_go_on_a_sequence_or_the_adversary():
    pos = scenario(table=full_table(t3=""), stockA="3Ca | 2Ca", discardA="7Ca", discardB="8Cb")
    acts = legal(pos)
    assert "play discardA table1" in acts and "play discardA discardB" in acts
    assert "play discardA table3" not in acts


def test_s17_no_hand_turn_with_space():
    pos = scenario(table=full_table(t3=""), stockA="3Ca | QCa")
    assert "turn hand" not in legal(pos)
    assert "§17" in why(pos, "turn hand")


def test_s17_fill_the_space_from_the_table_to_get_a_look():
    pos = scenario(table=full_table(t3=""), stockA="3Ca | QCa")
    act(pos, "play table1 table3")  # 8Da into the space: now table1 is the space
    assert "turn hand" not in legal(pos)
    act(pos, "play table3 table0")  # 8Da on 9Sa: table1 and table3 empty
    pos2 = scenario(table=full_table(t0="9Sa 8Da", t1="", t3="QCa"), stockA="3Ca | JCa")
    assert "turn hand" not in legal(pos2)
    act(pos2, "play table0 table1")  # fill the last space from the Table
    assert "turn hand" in legal(pos2)


def test_s17_hand_turn_with_space_once_stock_is_empty():
    pos = scenario(table=full_table(t3=""), stockA="")
    assert "turn hand" in legal(pos)


def test_s18_s76b_hand_card_into_space_only_when_stock_empty():
    # (a space made after the Hand card was turned: Decision VI)
    pos = scenario(table=full_table(t3=""), stockA="3Ca | QCa", held="KHa")
    assert "play held table3" not in legal(pos)
    r = reason_of(pos, "play held table3")
    assert "§18" in r
    pos = scenario(table=full_table(t3=""), stockA="", held="KHa")
    assert "play held table3" in legal(pos)
    act(pos, "play held table3")
    assert pile(pos, "table3") == "KHa"


def test_s18_stock_card_may_always_fill_a_space():
    pos = scenario(table=full_table(t3=""), stockA="3Ca | QCa")
    act(pos, "play stockA table3")
    assert pile(pos, "table3") == "QCa"


def test_s19_s20_worked_example_king_of_hearts_and_queen_of_spades():
    """§20: one space, Discard = Queen of Spades under the King of Hearts (face up)."""
    pos = scenario(
        table=full_table(t3="", t4="2Cb", t7="6Db"),
        stockA="",
        handA="",
        discardA="QSa KHa",
        spare="stockB",
    )
    assert "play discardA table3" not in legal(pos)  # may not play the King
    assert "turn over" in legal(pos)
    act(pos, "turn over")
    # the top card of the Discard becomes the bottom of the Hand (§19)
    assert [str(c) for c in pos.hand[0]] == ["KHa", "QSa"]  # bottom .. top
    assert pos.discard[0] == []
    act(pos, "turn hand")
    assert str(pos.held) == "QSa"
    assert "play held table3" in legal(pos)  # may (not must) go into the space
    act(pos, "play held table3")
    act(pos, "turn hand")
    assert str(pos.held) == "KHa"


def test_s19_turn_over_only_when_hand_empty_and_nothing_held():
    pos = scenario(table=full_table(), stockA="", handA="| 2Da", discardA="QSa")
    assert "turn over" not in legal(pos)
    assert "§19" in why(pos, "turn over")
    act(pos, "turn hand")
    assert "turn over" not in legal(pos)  # holding 2Da


def test_s19_last_hand_card_not_disposed_of_becomes_the_discard_top():
    pos = scenario(
        table=full_table(), stockA="", handA="", held="2Da", discardA="QSa", spare="stockB"
    )
    act(pos, "discard")
    assert pile(pos, "discardA") == "QSa 2Da"
    assert pos.hand[0] == []


# ---------------------------------------------------------------- §29, §30, §50 building


@pytest.mark.parametrize("card", ["5Ca", "7Ca"])
def test_s29_build_on_adversary_stock_up_or_down_in_suit(card):
    pos = scenario(table=full_table(), stockA=f"3Ca | {card}", stockB="2Cb | 6Cb")
    act(pos, "play stockA stockB")
    assert pile(pos, "stockB").endswith(f"6Cb {card}")
    assert pos.stock_up[1] == 2


def test_s29_alternate_higher_then_lower_on_the_discard():
    pos = scenario(table=full_table(t2="7Ca"), stockA="3Ca | 5Ca", held="6Ca", discardB="6Cb")
    act(pos, "play table2 discardB")  # 7 on 6
    act(pos, "play held discardB")  # 6 on 7
    act(pos, "play stockA discardB")  # 5 on 6
    assert pile(pos, "discardB") == "6Cb 7Ca 6Ca 5Ca"


def test_s29_not_in_suit_or_not_in_sequence_is_refused():
    pos = scenario(table=full_table(), stockA="3Ca | 7Ha", stockB="2Cb | 6Cb", discardB="9Hb")
    r = reason_of(pos, "play stockA stockB")
    assert "§29" in r
    r = reason_of(pos, "play stockA discardB")
    assert "§29" in r


def test_s29_no_building_on_a_face_down_stock():
    pos = scenario(table=full_table(), stockA="3Ca | 5Ca", stockB="2Cb 6Cb |")
    r = reason_of(pos, "play stockA stockB")
    assert "§29" in r


def test_s30_build_from_stock_hand_discard_and_table():
    pos = scenario(
        table=full_table(t2="5Sa"),
        stockA="3Ca | 5Ca",
        held="7Ca",
        discardA="7Da",
        discardB="6Cb",
        stockB="2Cb | 6Db",
    )
    acts = legal(pos)
    for a in ("play stockA discardB", "play held discardB", "play discardA stockB"):
        assert a in acts
    pos = scenario(table=full_table(t2="5Ca"), stockA="3Ca | QCa", discardB="6Cb")
    assert "play table2 discardB" in legal(pos)


# ---------------------------------------------------------------- §48, §76 c, d


def test_s48_no_play_back_to_own_piles():
    pos = scenario(table=full_table(t2="5Ca"), stockA="3Ca | 6Ca", held="4Ca", discardA="7Ca")
    for text in (
        "play table2 stockA",
        "play table2 discardA",
        "play stockA discardA",
        "play discardA stockA",
    ):
        assert "§48" in why(pos, text), text
    assert "§15" in why(pos, "play held discardA")  # the held card is discarded, not played


def test_s76c_adversary_cards_are_never_a_source():
    pos = scenario(table=full_table(), stockA="3Ca | 6Ca", stockB="2Cb | 7Hb", discardB="7Sb")
    for text in ("play stockB table1", "play discardB table1", "raise discardB"):
        assert "§76 c" in why(pos, text), text


def test_s76d_banks_are_never_a_source():
    pos = scenario(table=full_table(t2="7Ca"), banks=BANK_H5, stockA="3Ca | 6Ca")
    assert "§76 d" in why(pos, "play bank0 table1")
    assert "§76 d" in why(pos, "raise bank0")


# ---------------------------------------------------------------- §58, §59 weaving


def test_s58_two_cards_with_one_space_not_three():
    pos = scenario(table=full_table(t0="TSa 9Ha 8Sa", t1="", t2="JDa"), stockA="3Ca | QCa")
    # one space, destination not a space: 2 cards may move together, not 3
    r = reason_of(pos, "play table0/3 table2")
    assert "§58" in r
    pos = scenario(table=full_table(t0="9Ha 8Sa", t1="", t2="TCb"), stockA="3Ca | QCa")
    act(pos, "play table0/2 table2")
    assert pile(pos, "table2") == "TCb 9Ha 8Sa"


def test_s58_four_cards_with_two_spaces_eight_with_three():
    t = full_table(t0="TSa 9Ha 8Sa 7Ha", t1="", t2="", t3="JDa")
    pos = scenario(table=t, stockA="3Ca | QCa")
    assert "play table0/4 table3" in legal(pos)
    t = full_table(t0="JSa THa 9Sa 8Ha 7Sa", t1="", t2="", t3="QDa")
    pos = scenario(table=t, stockA="3Ca | QCa")
    assert "§58" in why(pos, "play table0/5 table3")
    # into a space: s counts the other spaces (here 2 others): at most 4 cards
    t = full_table(t0="KHa QSa JHa TSa 9Ha", t1="", t2="", t3="")
    pos = scenario(table=t, stockA="3Ca | QCa")
    assert "play table0/4 table1" in legal(pos)
    assert "§58" in why(pos, "play table0/5 table1")
    # three spaces and a Table card as destination: 8 cards
    t = full_table(t0="QHa JSa THa 9Sa 8Ha 7Sa 6Ha 5Sa", t1="", t2="", t3="", t4="KCa")
    pos = scenario(table=t, stockA="3Ca | QCa")
    assert "play table0/8 table4" in legal(pos)
    act(pos, "play table0/8 table4")
    assert pile(pos, "table4") == "KCa QHa JSa THa 9Sa 8Ha 7Sa 6Ha 5Sa"


def test_s58_moving_a_run_with_a_bankable_card_inside_is_at_the_players_risk():
    t = full_table(t0="9Sa 8Ha 7Sa", t1="", t2="9Cb")
    pos = scenario(table=t, banks={0: "AHb 2Hb 3Hb 4Hb 5Hb 6Hb 7Hb"}, stockA="3Ca | QCa")
    act(pos, "play table0/2 table2")  # 8♥ inside the run could go on the Banks
    assert pos.fault is not None
    assert "stop B" in legal(pos)


def test_s58_weaving_back_to_an_arrangement_seen_twice_is_refused():
    """Weaving a card to and fro: once the Table has shown both arrangements twice,
    the weave that would bring the first back a third time is refused (no endless
    weaving). The generation hashes only the weaves that might bring one back: with
    the arrangements it kept, and with none kept (hashing every weave), the same plays."""
    pos = scenario(table=full_table(t0="8Sa 7Ha", t1="8Cb"), stockA="3Ca | QCa")
    for text in ("play table0 table1", "play table1 table0", "play table0 table1"):
        assert text in legal(pos)
        act(pos, text)
    assert "play table1 table0" not in legal(pos)
    assert "twice before" in (why(pos, "play table1 table0") or "")
    kept = legal_plays(pos)
    pos.twice = {}  # the arrangements seen twice are no longer known
    pos.touch()
    assert legal_plays(pos) == kept


def test_s59_worked_example_keep_both_spaces():
    """Black eight, red seven, black six; two spaces; play a red nine and keep both."""
    t = full_table(t0="8Sa 7Ha 6Sa", t1="", t2="")
    pos = scenario(table=t, stockA="3Ca | 9Ha")
    for text in (
        "play table0 table1",  # the black six into one space
        "play table0 table2",  # the red seven into another
        "play table1 table2",  # the black six on the red seven
        "play stockA table1",  # the red nine into the Table
        "play table0 table1",  # the black eight on it
        "play table2 table0",  # the black six into the space
        "play table2 table1",  # the red seven on the black eight
        "play table0 table1",  # the black six on the red seven
    ):
        act(pos, text)
        assert pos.fault is None, text
    assert pile(pos, "table1") == "9Ha 8Sa 7Ha 6Sa"
    assert sum(1 for x in pos.table if not x) == 2


def test_s59_without_the_preparation_the_advantage_is_lost():
    t = full_table(t0="8Sa 7Ha 6Sa", t1="", t2="")
    pos = scenario(table=t, stockA="3Ca | 9Ha")
    act(pos, "play stockA table1")  # one space left: only 2 cards may follow
    assert "§58" in why(pos, "play table0/3 table1")


# ---------------------------------------------------------------- §66 spreading


def test_s66_there_is_no_spread_action():
    # Spreading (looking through) a Stock or Discard is never a fault; the engine
    # has no such action at all (the whole Discard is public, §45).
    with pytest.raises(ValueError):
        parse_action("spread discardA")
    pos = scenario(table=full_table(), stockA="3Ca | 6Ha", banks=BANK_H5)
    assert not any(a.startswith("spread") for a in legal(pos))


# ---------------------------------------------------------------- find_play reasons


def test_find_play_reasons_name_their_sections():
    pos = scenario(
        table=full_table(t3=""), banks=BANK_H5, stockA="3Ca | QCa", discardA="KHa", held="2Ca"
    )
    assert "§16" in reason_of(pos, "play discardA table3")
    assert "§18" in reason_of(pos, "play held table3")
    assert "§5" in reason_of(pos, "play stockA bank0")
    assert "§5" in reason_of(pos, "play stockA bank1")  # only an Ace starts a Bank
    assert "§6" in reason_of(pos, "play held table1")
    assert "§76 d" in reason_of(pos, "play bank0 table3")
    assert "§76 c" in reason_of(pos, "play stockB table3")
    assert "§48" in reason_of(pos, "play stockA discardA")
    assert find_play(pos, Place.parse("stockA"), Place.parse("table3")) == parse_action(
        "play stockA table3"
    )


# ---------------------------------------------------------------- engine readings


def test_reading_no_endless_weaving():
    # Not in the rule book: the engine refuses a Table arrangement a third time in
    # one innings so that every game ends (the reason cites docs/rules-readings.md).
    pos = scenario(table=full_table(t2="9Cb"), stockA="3Ca | QCa")
    act(pos, "play table1 table2")
    act(pos, "play table2 table1")
    act(pos, "play table1 table2")
    assert "play table2 table1" not in legal(pos)
    assert "weaving" in why(pos, "play table2 table1")


def test_observation_hides_face_down_order():
    from russian_bank.engine import observe

    a = scenario(table=full_table(), stockA="3Ca 4Ca | QCa", stockB="3Cb 4Cb |")
    b = scenario(table=full_table(), stockA="4Ca 3Ca | QCa", stockB="4Cb 3Cb |")
    oa, ob = observe(a, 1), observe(b, 1)
    assert oa == ob
    assert oa.to_text() == ob.to_text()
    assert "QCa" in oa.to_text()
    assert "3Ca" not in oa.to_text() and "3Cb" not in oa.to_text()
