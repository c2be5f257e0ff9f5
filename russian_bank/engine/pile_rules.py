"""What each kind of pile is for under a rule set, in words, for the table's
hover tips. Made from the same :class:`RuleSet` fields the engine plays by, and
cited in the set's own source (``RuleSet.cite``), so a tip never states another
set's rule."""

from __future__ import annotations

from ..i18n import _
from .places import BANK, DISCARD, HAND, STOCK, TABLE
from .rules import RuleSet


def pile_rule(rules: RuleSet, kind: str, top_up: bool = False) -> str:
    """One or two short sentences on the piles of ``kind`` (a ``places`` kind), in the
    language in force; ``top_up``: the pile's top card is face up (a Stock then has
    nothing to turn)."""
    w = rules.words.local()
    if kind == STOCK:
        if top_up:
            turn = _("Its top card is face up: play it from here {cite}.")
        elif rules.stock_auto_turn:
            turn = _("Its next card turns face up by itself {cite}.")
        else:
            turn = _("Click to turn its top card face up {cite}.")
        building = _building(rules, "build on stock", rules.build_on_stock)
        return f"{turn.format(cite=rules.cite('turn stock'))} {building}"
    if kind == HAND:
        text = _(
            "Click to turn its top card; when it is empty, click to turn the {discard} over"
            " as a new {hand} {cite}."
        )
        return text.format(discard=w.discard, hand=w.hand, cite=rules.cite("turn over"))
    if kind == DISCARD:
        if rules.second_hand_card:
            text = _(
                "A {held} that is not played goes here and ends the turn {cite}, unless it has"
                " no place at all, once a turn {second}."
            )
        else:
            text = _("A {held} that is not played goes here and ends the turn {cite}.")
        text = text.format(
            held=w.held, cite=rules.cite("discard"), second=rules.cite("second card")
        )
        if not rules.discard_playable:
            own = _("Its owner may not play from it {cite}.")
            text += " " + own.format(cite=rules.cite("own discard"))
        return f"{text} {_building(rules, 'build on discard', rules.build_on_discard)}"
    if kind == TABLE:
        if rules.table_in_suit:
            text = _("Built down in suit {cite}.")
        else:
            text = _("Built down in alternate colours {cite}.")
        text = text.format(cite=rules.cite("table fit"))
        if rules.whole_file_moves:
            text += " " + _(
                "The exposed card moves alone; a covered card only with every card on it."
            )
        if rules.own_side_spaces:
            more = _("You fill only the spaces on your side {cite}.")
            text += " " + more.format(cite=rules.cite("space side"))
        elif not rules.table_to_space:
            more = _("Spaces are filled from the {stock} {cite}.")
            text += " " + more.format(stock=w.stock, cite=rules.cite("space from hand"))
        return text
    if kind == BANK:
        return _("Built up in suit from the Ace to the King {cite}.").format(
            cite=rules.cite("bank")
        )
    raise ValueError(f"no such kind of pile: {kind!r}")


def _building(rules: RuleSet, key: str, allowed: bool) -> str:
    """May the adversary build on this pile: yes, no, or only as an error (§91.6)."""
    if allowed:
        text = _("The adversary may build on it {cite}.")
    elif key in rules.errors:
        text = _("Building on it is an error the adversary may Stop {cite}.")
    else:
        text = _("Nothing is built on it {cite}.")
    return text.format(cite=rules.cite(key))
