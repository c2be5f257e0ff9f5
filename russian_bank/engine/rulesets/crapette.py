"""Crapette (002): depot, file, stock and waste heap, with a strict order of play."""

from __future__ import annotations

from types import MappingProxyType

from .base import Option, RuleSet, Words

RULES = RuleSet(
    name="crapette",
    title="Crapette",
    source="002",
    description="Depot and files; a Stop retracts the wrong play.",
    words=Words(
        stock="depot",
        hand="stock",
        discard="waste heap",
        table="files",
        bank="foundation",
        banks="foundations",
        held="card turned from the stock",
    ),
    cites=MappingProxyType(
        {
            "bank": "The Play",
            "table fit": "The Play",
            "space from discard": "order 1",
            "space from hand": "order 1",
            "space from table": "order 1",
            "build": "The Play",
            "build on stock": "The Play",
            "build on discard": "The Play",
            "build from discard": "The Play",
            "build from hand": "The Play",
            "weave": "The Play",
            "duty": "order 4",
            "bank first": "order 4",
            "fault": "order 4",
            "missed": "Stop",
            "stopped": "Stop",
            "depot first": "order 2",
            "file first": "order 5",
            "stop": "Stop",
            "discard": "The Play",
            "turn over": "The Play",
            "turn stock": "order 3",
            "layout": "The Play ¶5",
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
        "Crapette (002): empty your depot, stock and waste heap first.",
        "Foundations: Aces, then up in suit. Files: down, colours alternating;",
        "the exposed file card moves alone, a covered one with all packed on it.",
        "Spaces are filled from the depot (from the stock once the depot is empty).",
        "Load the adversary's waste heap from your depot or files, one up or down.",
        "Order of play: a foundation before anything else; then your depot before",
        "your files or waste heap; a file before the adversary's waste heap.",
        "Break it and the adversary may call STOP before your next play: he takes",
        "back your wrong play, makes the play you missed, and plays on.",
    ),
)

OPTIONS = {
    "in-suit": Option(
        "loading the waste heap keeps to the suit",
        {"build_any_suit": False},
    ),
}
