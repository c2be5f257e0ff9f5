"""The coach's pure parts: the hint with its reason, the warning before a fault,
the explanation after a Stop (issue 7)."""

from __future__ import annotations

import re

from russian_bank.engine import Game, parse_action
from russian_bank.tutorial import explain_stop, fault_warning, hint
from russian_bank.tutorial.coach import action_words, explain_missed, where_is
from russian_bank.tutorial.lesson import complete_position

NOTATION = re.compile(r"\b(stock|hand|discard)[AB]\b|\b(table|bank)[0-7]\b")

BANKABLE = [
    "player: A",
    "stockA: 8Sa TCa 5Da 9Sa 4Ha 7Sa | 3Ha",
    "stockB: 2Cb 9Db TSb 3Sb 7Cb QDb 6Hb 8Hb 4Cb JSb KDb | 5Sb",
    "handA: 9Da",
    "bank0: AHa 2Ha",
    "table0: KSa",
    "table1: 7Hb",
    "table2: 7Ca",
    "table3: JHa",
    "table4: 5Cb",
    "table5: 8Db",
    "table6: 3Ca",
    "table7: 9Hb",
]


def game() -> Game:
    return Game(complete_position(BANKABLE))


def test_s21_hint_banks_first_with_its_reason() -> None:
    g = game()
    advice = hint(g.position, 0)
    assert advice is not None and advice.action == parse_action("play stockA bank0")
    assert advice.text == (
        "Put the 3♥ on the Banks first: the duty to bank comes before anything else (§21)."
    )
    assert [str(p) for p in advice.places] == ["stockA", "bank0"]


def test_hint_is_legal_and_in_words_after_the_bank() -> None:
    g = game()
    g.apply("play stockA bank0")
    advice = hint(g.position, 0)
    assert advice is not None and advice.action is not None
    assert g.reason(advice.action) is None
    assert not NOTATION.search(advice.text) and "§" in advice.text


def test_no_hint_for_the_seat_not_on_turn() -> None:
    assert hint(game().position, 1) is None


def test_s67_warning_before_a_fault_names_the_card() -> None:
    g = game()
    warning = fault_warning(g, parse_action("turn hand"))
    assert warning is not None and "3♥" in warning and "§67" in warning
    assert fault_warning(g, parse_action("play stockA bank0")) is None
    g.apply("play stockA bank0")
    assert fault_warning(g, parse_action("turn hand")) is None  # nothing left to bank


def test_s24_explain_stop_to_the_stopped_player_and_to_the_caller() -> None:
    g = game()
    g.apply("turn hand")
    before = g.position.clone()
    to_player = explain_stop(before, 0)
    assert "3♥" in to_player.text and "§26" in to_player.text  # the held card goes back
    assert to_player.places == (where_is(before, before.stock[0][-1]),)
    to_caller = explain_stop(before, 1)
    assert to_caller.text.startswith("Well caught") and "3♥" in to_caller.text
    missed = explain_missed(before)
    assert missed.text.startswith("Missed") and "3♥" in missed.text


def test_action_words_use_card_symbols() -> None:
    pos = game().position
    assert action_words(pos, parse_action("play table2 table5")) == (
        "Put the 7♣ on the 8♦ in the Table"
    )
    assert action_words(pos, parse_action("play stockA bank0")) == "Put the 3♥ on the Banks"
    assert action_words(pos, parse_action("turn hand")) == "Turn a card from your Hand"


def test_hints_along_a_random_game_are_legal_or_none() -> None:
    import random

    from russian_bank.engine import Back, Compel, Raise, Stand, Stop

    g = Game.new(3)
    rng = random.Random(3)
    given = 0
    for i in range(160):
        if g.over:
            break
        if i % 10 == 0:
            advice = hint(g.position, g.position.player)
            if advice is not None:
                assert advice.action is not None and g.reason(advice.action) is None
                assert not NOTATION.search(advice.text)
                given += 1
        legal = [
            a for a in g.legal_actions() if not isinstance(a, Stop | Stand | Compel | Raise | Back)
        ]
        if not legal:
            break
        g.apply(rng.choice(legal))
    assert given >= 10


def test_no_hint_with_a_card_in_the_fingers() -> None:
    g = game()
    g.apply("raise table2")
    assert hint(g.position, 0) is None


def test_002_order_5_the_coach_warns_before_the_stock_card_is_laid_aside() -> None:
    from tests.engine.scenario import scenario

    table = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb TDb", 7: "JSb"}
    pos = scenario(rules="crapette", table=table, stockA="4Sa | 3Ca", held="9Ca")
    warning = fault_warning(Game(pos, 1), parse_action("discard"))
    assert warning is not None and "9♣ could go from his stock to the files" in warning
    assert "(002, order 5)" in warning and "Bank" not in warning


def test_002_order_2_the_coach_names_the_missed_play_in_the_engines_words() -> None:
    from tests.engine.scenario import scenario

    table = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb TDb", 7: "JSb"}
    game = Game(scenario(rules="crapette", table=table, stockA="3Ca | 7Ca"), 1)
    wrong = parse_action("play table0 table6")
    warning = fault_warning(game, wrong)
    assert warning is not None and "7♣ could go from his depot to the files" in warning
    assert "Bank" not in warning
    assert fault_warning(game, parse_action("play stockA table1")) is None
    game.apply(wrong)
    before = game.position.clone()
    for learner, start in ((0, "Stopped:"), (1, "Well caught:")):
        text = explain_stop(before, learner).text
        assert text.startswith(start) and "(002, order 2)" in text and "Bank" not in text
    assert "7♣ could go from his depot" in explain_missed(before).text


def crapette_bankable() -> Game:
    from tests.engine.scenario import scenario

    table = {0: "9Sa", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}
    pos = scenario(rules="crapette", table=table, banks={0: "AHa 2Ha"}, stockA="7Ca | 3Ha")
    return Game(pos, 1)


def test_002_order_4_the_coach_speaks_crapettes_words_and_cites_crapette() -> None:
    """A Crapette hint and warning name the foundations and the depot and cite 002,
    never the Committee's Banks, Stock or sections (issue 17)."""
    game = crapette_bankable()
    advice = hint(game.position, 0)
    assert advice is not None and advice.action == parse_action("play stockA bank0")
    assert advice.text == (
        "Put the 3♥ on the foundations first: the duty to bank comes before anything else"
        " (002, order 4)."
    )
    assert action_words(game.position, parse_action("turn stock")) == (
        "Turn the top card of your depot"
    )
    texts = [advice.text]
    for action in game.legal_actions():
        warning = fault_warning(game, action)
        if warning is not None:
            texts.append(warning)
    assert len(texts) > 1  # some action was warned against
    for text in texts:
        assert not re.search(r"\b(Bank|Banks|Stock|Hand|Discard|Table)\b", text), text
        assert not re.search(r"(?<!000 )§", text), text  # a Committee section only as 000's
