"""Rules that must hold whichever way the engine works out its answers (issue 40):
through a kept answer or afresh, by the quick path of the legal actions or the
full one. Each test walks the path where a kept answer could go stale: a raise
(which moves no card and keeps the answers of the cards as they lie), a Hand
card turned (whose plays are added to those kept from before the turn)."""

from __future__ import annotations

from russian_bank.engine import Game, compel_reason, parse_action, stop_reason
from russian_bank.game.cards import parse_cards
from russian_bank.game.events import FaultOpened

from .helpers import act, legal, why
from .scenario import pile, scenario

BANK_H5 = {0: "AHb 2Hb 3Hb 4Hb 5Hb"}  # 6♥ goes on the Banks
# nothing bankable but what a test adds; 6♥ (table6) has a Table place on 7♣ (table7)
TABLE = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "6Ha", 7: "7Cb"}


def test_s38_s70_a_compelled_play_stays_compelled_after_the_card_is_raised():
    """§70: compelled to bank 6♥, the Player may raise it, but then only bank it:
    its Table play (onto 7♣) stays refused while it is in his fingers."""
    pos = scenario(table=TABLE, banks=BANK_H5, stockA="3Ca | 7Sa", extra={"turnovers": "1 0"})
    act(pos, "raise table1")  # 8♦ raised while 6♥ could be banked: a fault
    assert "compel B" in legal(pos)
    act(pos, "compel B")
    assert legal(pos) == {"play table6 bank0", "raise table6"}
    act(pos, "raise table6")
    assert legal(pos) == {"play table6 bank0", "back", "back banks"}
    assert "(§38, §70)" in why(pos, "play table6 table7")
    act(pos, "back")
    assert legal(pos) == {"play table6 bank0", "raise table6"}
    act(pos, "raise table6")
    act(pos, "play table6 bank0")
    assert pos.compelled is None


def test_s38_a_compelled_table_play_stays_compelled_after_the_card_is_raised():
    """§38: the Stock's 7♣, stuck for two passes, compelled to the Table: raised,
    it may go on 8♦ only, not on the adversary's Discard (7♣ on 8♣)."""
    t = {**TABLE, 6: "JCb", 7: "JSb"}
    extra = {"turnovers": "2 0", "stock top pass": "0 0"}
    pos = scenario(table=t, stockA="3Ca | 7Ca", handA="| 2Da", discardB="8Cb", extra=extra)
    assert "play stockA discardB" in legal(pos)
    act(pos, "compel B")
    act(pos, "raise stockA")
    assert legal(pos) == {"play stockA table1", "back", "back banks"}
    assert "(§38, §70)" in why(pos, "play stockA discardB")


def test_s69_no_compel_nor_stop_while_another_bankable_card_is_raised():
    """§69: the right is suspended while the Player holds in his fingers another
    card playable on the Banks, for a Compel (§70) as for a Stop."""
    t = {**TABLE, 1: "ACa 8Da", 7: "JSb"}
    pos = scenario(table=t, banks=BANK_H5, stockA="3Ca | 7Sa", extra={"turnovers": "1 0"})
    act(pos, "play table1 table0")  # uncovers A♣; 6♥ neglected
    assert {"compel B", "stop B"} <= legal(pos)
    act(pos, "raise table1")  # A♣ in his fingers
    assert not {"compel B", "stop B"} & legal(pos)
    assert compel_reason(pos, 1) is not None
    assert "§69" in (stop_reason(pos, 1) or "")
    act(pos, "back")
    assert {"compel B", "stop B"} <= legal(pos)


def _fault_notes(game: Game, *actions: str) -> list[str]:
    notes: list[str] = []
    for text in actions:
        events = game.apply(parse_action(text))
        notes += [e.note for e in events if isinstance(e, FaultOpened)]
    return notes


def test_s67_b_a_hand_card_turned_bankable_then_discarded_is_named_as_turned_from_his_hand():
    """§67 B: 6♥ turned from the Hand, bankable, then discarded: the note says where
    it was (turned from his Hand), whether the plays were worked out after the turn
    from those kept before it or afresh with the card already held."""
    t = {**TABLE, 6: "JCb", 7: "JSb"}
    game = Game(scenario(table=t, banks=BANK_H5, handA="| 6Ha", spare="stockB"), 1)
    assert "turn hand" in legal(game.position)  # the plays kept before the turn
    notes = _fault_notes(game, "turn hand", "discard")
    expected = "A discarded 6♥ while 6♥ turned from his Hand could go on the Banks (§67 B)"
    assert notes == [expected]
    assert [str(c) for c in game.position.reserved] == ["6Ha"]  # §27
    game = Game(scenario(table=t, banks=BANK_H5, held="6Ha", spare="stockB"), 1)
    assert _fault_notes(game, "discard") == [expected]


RUN = {**TABLE, 0: "TDa 9Sa 8Ha 7Ca", 1: "9Ca", 6: "JCb", 7: ""}
BANK_H7 = {0: "AHa 2Ha 3Ha 4Ha 5Ha 6Ha 7Ha"}  # 8♥, inside the run 8♥ 7♣, goes on the Banks


def test_s56_s58_s67_d_raising_a_run_with_a_bankable_card_inside_is_the_fault():
    """§56: a card is raised as soon as the Player takes hold of it; §58: moving
    several cards is at the risk of a Stop if one of them could be banked. So
    raising the run 8♥ 7♣ while 8♥ could go on the Banks is itself the fault
    (§67 D), open from the raise: the Stop may come before the run is played, and
    the raised cards go back (§68)."""
    pos = scenario(table=RUN, banks=BANK_H7)
    assert "raise table0/2" in legal(pos)
    events = act(pos, "raise table0/2")
    notes = [e.note for e in events if isinstance(e, FaultOpened)]
    assert notes == [
        "A raised 8♥ 7♣ from the Table while 8♥ inside the moved run could go on the Banks (§67 D)"
    ]
    assert stop_reason(pos, 1) is None and "stop B" in legal(pos)
    act(pos, "stop B")
    assert pile(pos, "table0") == "TDa 9Sa 8Ha 7Ca" and pos.player == 1
    # played without a raise first, the run is the same fault
    pos = scenario(table=RUN, banks=BANK_H7)
    act(pos, "play table0/2 table1")
    assert "8♥ inside the moved run" in pos.fault_note and stop_reason(pos, 1) is None
    # put back, the fault stays open: the raise was the definite action (§66, §67 D 1)
    pos = scenario(table=RUN, banks=BANK_H7)
    act(pos, "raise table0/2")
    act(pos, "back")
    assert pos.fault is not None and stop_reason(pos, 1) is None


def test_s69_banking_a_neglected_card_closes_the_fault_when_its_twin_can_no_longer_be_banked():
    """§69 (the right lasts until the neglected card is banked): 6♥ of both packs
    neglected, one Bank to take a 6♥; once one is banked the other cannot be, so the
    right ends. The Banks are read as they lie after the play, not as kept before it."""
    t = {**TABLE, 6: "6Ha", 7: "6Hb"}
    pos = scenario(table=t, banks=BANK_H5, stockA="3Ca | 7Sa")
    act(pos, "raise table1")
    assert pos.fault == set(parse_cards("6Ha 6Hb"))
    act(pos, "back")
    act(pos, "play table6 bank0")
    assert pos.fault is None and stop_reason(pos, 1) is not None


def test_s68_a_second_last_card_waits_for_the_stand_alone_when_it_is_clean():
    """§68: A's last card played while 6♥ could be banked waits for B's Stop; Stopped,
    it comes back as A's Discard. Played again later with nothing to bank, it waits
    for the Stand alone."""
    t = {**TABLE, 6: "6Ha", 7: "JSb"}
    pos = scenario(table=t, banks=BANK_H5, stockA="| 7Ca", stockB="| 2Cb", spare="stockB")
    act(pos, "play stockA table1")  # his last card, while 6♥ could be banked
    assert pos.phase == "pending" and legal(pos) == {"stop B", "stand B"}
    act(pos, "stop B")  # 7♣ goes back as A's Discard; B's innings
    assert pile(pos, "discardA") == "7Ca" and pos.player == 1
    act(pos, "play table6 bank0")
    act(pos, "end innings")  # B has no Hand nor Discard, and 2♣ on his Stock no place
    assert pos.player == 0
    act(pos, "play discardA table1")  # his last card again, nothing to bank now
    assert pos.phase == "pending" and legal(pos) == {"stand B"}


def test_s38_a_compel_made_while_a_card_is_raised_is_the_adversarys():
    """§38: the Stock's 7♣, stuck for two passes, may be compelled by the adversary
    whatever the Player holds raised: the Compel listed is B's, never A's."""
    extra = {"turnovers": "2 0", "stock top pass": "0 0"}
    pos = scenario(
        table=TABLE | {6: "JCb", 7: "JSb"}, stockA="3Ca | 7Ca", handA="| 2Da", extra=extra
    )
    assert "compel B" in legal(pos)
    act(pos, "raise table0")
    assert "compel B" in legal(pos) and "compel A" not in legal(pos)


def test_s38_a_compelled_table_play_lapses_once_a_bank_play_took_its_place():
    """§38: compelled to the Table, 7♣ may let a Bank play go first (§70); when that
    play banks the 8♦ it was to go on, 7♣ has no Table place left and the Compel
    lapses: the Player plays on as usual (he may turn his Hand, or play 9♠ on 10♦),
    though other cards still have Table plays."""
    t = {**TABLE, 1: "KSa 8Da", 6: "JCb TDb", 7: "JSb"}
    banks = {1: "ADb 2Db 3Db 4Db 5Db 6Db 7Db"}
    extra = {"turnovers": "2 0", "stock top pass": "0 0"}
    pos = scenario(table=t, banks=banks, stockA="3Ca | 7Ca", handA="| 2Da", extra=extra)
    act(pos, "compel B")
    assert legal(pos) == {"play stockA table1", "raise stockA", "play table1 bank1", "raise table1"}
    act(pos, "play table1 bank1")
    assert {"turn hand", "play table0 table6"} <= legal(pos) and why(pos, "turn hand") is None
