"""What each kind of pile is for under a rule set, in words, for the table's
hover tips. Made from the same :class:`RuleSet` fields the engine plays by, and
cited in the set's own source (``RuleSet.cite``), so a tip never states another
set's rule."""

from __future__ import annotations

from .places import BANK, DISCARD, HAND, STOCK, TABLE
from .rules import RuleSet


def pile_rule(rules: RuleSet, kind: str, top_up: bool = False) -> str:
    """One or two short sentences on the piles of ``kind`` (a ``places`` kind);
    ``top_up``: the pile's top card is face up (a Stock then has nothing to turn)."""
    w = rules.words
    if kind == STOCK:
        if top_up:
            turn = "Its top card is face up: play it from here"
        elif rules.stock_auto_turn:
            turn = "Its next card turns face up by itself"
        else:
            turn = "Click to turn its top card face up"
        building = _building(rules, "build on stock", rules.build_on_stock)
        return f"{turn} {rules.cite('turn stock')}. {building}"
    if kind == HAND:
        return (
            f"Click to turn its top card; when it is empty, click to turn the"
            f" {w.discard} over as a new {w.hand} {rules.cite('turn over')}."
        )
    if kind == DISCARD:
        text = f"A {w.held} that is not played goes here and ends the turn {rules.cite('discard')}"
        if rules.second_hand_card:
            text += f", unless it has no place at all, once a turn {rules.cite('second card')}"
        text += "."
        if not rules.discard_playable:
            text += f" Its owner may not play from it {rules.cite('own discard')}."
        return f"{text} {_building(rules, 'build on discard', rules.build_on_discard)}"
    if kind == TABLE:
        order = "in suit" if rules.table_in_suit else "in alternate colours"
        text = f"Built down {order} {rules.cite('table fit')}."
        if rules.whole_file_moves:
            text += " The exposed card moves alone; a covered card only with every card on it."
        if rules.own_side_spaces:
            text += f" You fill only the spaces on your side {rules.cite('space side')}."
        elif not rules.table_to_space:
            text += f" Spaces are filled from the {w.stock} {rules.cite('space from hand')}."
        return text
    if kind == BANK:
        return f"Built up in suit from the Ace to the King {rules.cite('bank')}."
    raise ValueError(f"no such kind of pile: {kind!r}")


def _building(rules: RuleSet, key: str, allowed: bool) -> str:
    """May the adversary build on this pile: yes, no, or only as an error (§91.6)."""
    if allowed:
        return f"The adversary may build on it {rules.cite(key)}."
    if key in rules.errors:
        return f"Building on it is an error the adversary may Stop {rules.cite(key)}."
    return f"Nothing is built on it {rules.cite(key)}."
