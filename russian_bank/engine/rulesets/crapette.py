"""Crapette (002): depot, file, stock and waste heap, with a strict order of play."""

from __future__ import annotations

from types import MappingProxyType

from ...game.words import Words
from ...i18n import N_, NC_
from .base import Option, RuleSet

RULES = RuleSet(
    name="crapette",
    title_en=N_("Crapette"),
    source="002",
    description_en=N_("Depot and files; a Stop retracts the wrong play."),
    words=Words(
        stock=NC_("Stock pile", "depot"),
        hand=NC_("Hand pile", "stock"),
        discard=NC_("Discard pile", "waste heap"),
        table=NC_("the Table", "files"),
        bank=NC_("one Bank", "foundation"),
        banks=NC_("the Banks", "foundations"),
        held=NC_("the card held", "card turned from the stock"),
    ),
    cites=MappingProxyType(
        {
            "bank": NC_("rule book section", "The Play"),
            "table fit": NC_("rule book section", "The Play"),
            "space from discard": NC_("rule book section", "order 1"),
            "space from hand": NC_("rule book section", "order 1"),
            "space from table": NC_("rule book section", "order 1"),
            "build": NC_("rule book section", "The Play"),
            "build on stock": NC_("rule book section", "The Play"),
            "build on discard": NC_("rule book section", "The Play"),
            "build from discard": NC_("rule book section", "The Play"),
            "build from hand": NC_("rule book section", "The Play"),
            "weave": NC_("rule book section", "The Play"),
            "duty": NC_("rule book section", "order 4"),
            "bank first": NC_("rule book section", "order 4"),
            "fault": NC_("rule book section", "order 4"),
            "missed": NC_("rule book section", "Stop"),
            "stopped": NC_("rule book section", "Stop"),
            "space first": NC_("rule book section", "order 1"),
            "depot first": NC_("rule book section", "order 2"),
            "file first": NC_("rule book section", "order 5"),
            "stop": NC_("rule book section", "Stop"),
            "discard": NC_("rule book section", "The Play"),
            "turn over": NC_("rule book section", "The Play"),
            "turn stock": NC_("rule book section", "order 3"),
            "layout": NC_("rule book section", "The Play ¶5"),
        }
    ),
    stock_top_up_at_deal=True,
    late_layout=True,
    stock_auto_turn=True,
    whole_file_moves=True,
    table_to_space=False,
    build_on_stock=False,
    build_from_discard=False,
    build_from_hand=False,
    build_any_suit=True,
    stop_retracts=True,
    order_of_play=True,
    compels=False,
    reserved_stop=False,
    reminder=(
        N_("Crapette (002): empty your depot, stock and waste heap first."),
        N_(
            "Foundations: Aces, then up in suit. Files: down, colours alternating; the exposed "
            "file card moves alone, a covered one with all packed on it."
        ),
        N_("Spaces are filled from the depot (from the stock once the depot is empty)."),
        N_("Load the adversary's waste heap from your depot or files, one up or down."),
        N_(
            "Order of play: a foundation before anything else; then fill your spaces; then your "
            "depot before your files or waste heap; a file before the adversary's waste heap."
        ),
        N_(
            "Break it and the adversary may call STOP before your next play: he takes back your "
            "wrong play, makes the play you missed, and plays on."
        ),
    ),
)

OPTIONS = {
    "in-suit": Option(
        N_("loading the waste heap keeps to the suit"),
        {"build_any_suit": False},
    ),
}
