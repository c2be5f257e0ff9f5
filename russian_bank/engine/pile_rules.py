"""What each kind of pile is for under a rule set, in words, for the table's
hover tips. Made from the same :class:`RuleSet` fields the engine plays by, so a
tip never states another set's rule. Players read plain words: the tips carry no
citation (the sources stay in the rules help and the refusals, issue 19); the
catalogues' sentences keep their ``{cite}`` field, which :func:`uncited` drops."""

from __future__ import annotations

from ..game.places import BANK, DISCARD, HAND, STOCK, TABLE
from ..i18n import _
from .rules import RuleSet

CITATIONS = ("cite", "second")  # the fields of a translated sentence that cite a source


def uncited(text: str, **fields: object) -> str:
    """``text`` (a translated sentence) filled in with ``fields``, its citation
    fields dropped with the space before them: "... face up {cite}." -> "... face up."."""
    for name in CITATIONS:
        text = text.replace(" {" + name + "}", "")
    return text.format(**fields, **{name: "" for name in CITATIONS if name not in fields})


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
        return f"{uncited(turn)} {building}"
    if kind == HAND:
        text = _(
            "Click to turn its top card; when it is empty, click to turn the {discard} over"
            " as a new {hand} {cite}."
        )
        return uncited(text, discard=w.discard, hand=w.hand)
    if kind == DISCARD:
        if rules.second_hand_card:
            text = _(
                "A {held} that is not played goes here and ends the turn {cite}, unless it has"
                " no place at all, once a turn {second}."
            )
        else:
            text = _("A {held} that is not played goes here and ends the turn {cite}.")
        text = uncited(text, held=w.held)
        if not rules.discard_playable:
            own = _("Its owner may not play from it {cite}.")
            text += " " + uncited(own)
        return f"{text} {_building(rules, 'build on discard', rules.build_on_discard)}"
    if kind == TABLE:
        if rules.table_in_suit:
            text = _("Built down in suit {cite}.")
        else:
            text = _("Built down in alternate colours {cite}.")
        text = uncited(text)
        if rules.whole_file_moves:
            text += " " + _(
                "The exposed card moves alone; a covered card only with every card on it."
            )
        if rules.own_side_spaces:
            more = _("You fill only the spaces on your side {cite}.")
            text += " " + uncited(more)
        elif not rules.table_to_space:
            more = _("Spaces are filled from the {stock} {cite}.")
            text += " " + uncited(more, stock=w.stock)
        return text
    if kind == BANK:
        return uncited(_("Built up in suit from the Ace to the King {cite}."))
    raise ValueError(f"no such kind of pile: {kind!r}")


def _building(rules: RuleSet, key: str, allowed: bool) -> str:
    """May the adversary build on this pile: yes, no, or only as an error (§91.6)."""
    if allowed:
        text = _("The adversary may build on it {cite}.")
    elif key in rules.errors:
        text = _("Building on it is an error the adversary may Stop {cite}.")
    else:
        text = _("Nothing is built on it {cite}.")
    return uncited(text)
