"""What one rule set is, as data, and what every rule-set module shares.

A rule set (:class:`RuleSet`) is a frozen value: the fields the engine reads at the
few places where the sets differ, its words (the names of its piles,
:class:`Words`), the citation of each rule in its own source (``cites``), the rules
reminder and the words of its score breakdown. An option (:class:`Option`) is a
flag with help text and the fields it changes. Each set's module in this folder
holds one ``RULES`` value and its ``OPTIONS``; ``rulesets/__init__.py`` names them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import NamedTuple

from ... import i18n
from ...game.words import Words  # the names of piles, every game's
from ...i18n import _, pgettext

# a rule book's citation inside a sentence: "(§67 D)", "(§21, §67)", "(000 §91.6)",
# "(001, law D)", "(002, The Play ¶5)" (the words of any language keep the numbers)
_CITATION = re.compile(r"\s*\((?:§|00\d[ ,])[^()]*\)")


def without_citations(text: str) -> str:
    """``text`` without its citations of the rule books: the rule said in words
    only, as a Stop is told at the table (the sections are in the help)."""
    return _CITATION.sub("", text)


# The Committee rules' citation of each rule the engine explains (000 §n).
COMMITTEE_CITES: Mapping[str, str] = MappingProxyType(
    {
        "bank": "§5",
        "table fit": "§6, §7",
        "space from discard": "§16, §20",
        "space from hand": "§18",
        "space side": "§17",
        "table side": "§6",
        "build": "§29",
        "build from table": "§30",
        "build on stock": "§29",
        "build on discard": "§29",
        "build from discard": "§30",
        "build from hand": "§30",
        "own discard": "§16",
        "weave": "§58",
        "turn hand space": "§17",
        "turn stock first": "§9",
        "stop": "§21, §66",
        "duty": "§67",
        "second card": "§15",
        "discard": "§15",
        "turn over": "§19, §20",
        "turn stock": "§8, §12",
        "abandon": "§34",
        "end innings": "§53",
        "stand": "§68",
        "draw": "§37",
        # the coach's reasons and explanations (tutorial/coach.py)
        "bank first": "§21",
        "fault": "§21, §67",
        "missed": "§21, §24",
        "stopped": "§24",
        "stop held": "§26",
        "turn back": "§68",
        "load": "§29, §51",
        "score": "§31",
        "held": "§12",
        "spaces": "§58",
        "table play": "§49",
        # the table's words (ui/)
        "blocked": "§38",
        "compel": "§38, §70",
        "stop section": "§21-28",
    }
)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One rule set; the defaults are the Committee rules of 000 (1920)."""

    name: str
    title_en: str  # the name players see, in English (``title``: in the language in force)
    source: str = "000"
    description_en: str = ""
    options: tuple[str, ...] = ()
    words: Words = Words()
    cites: Mapping[str, str] = field(
        default_factory=lambda: COMMITTEE_CITES, hash=False, compare=False
    )
    reminder: tuple[str, ...] = ()  # whole sentences, each a message of the catalogue
    # the Help screen's rules in brief, one paragraph each (the reminder's sentences
    # when empty: ``queries.rules_in_brief``)
    help_text: tuple[str, ...] = ()
    # the deal (000 §2-4)
    stock_size: int = 12
    table_per_player: int = 4
    stock_top_up_at_deal: bool = False
    first_player: str = "cut"  # "cut" (§4) or "stock top" (§93)
    late_layout: bool = False  # 002: the second player lays out at his first turn
    # the Table
    table_in_suit: bool = False
    hand_to_space_before_stock_empty: bool = False
    own_side_spaces: bool = False  # spaces only on the Player's own line (§91.3)
    own_side_table: bool = False  # every Table play on the Player's own line (§90)
    whole_file_moves: bool = False  # a covered Table card moves with all packed on it (002)
    table_to_space: bool = True
    # sources
    discard_playable: bool = True  # False: the Mat is dead to its owner (001 law D)
    stock_auto_turn: bool = False  # the next Stock card turns by itself (002)
    # building on the adversary (§29, §30)
    build_on_stock: bool = True
    build_on_discard: bool = True
    build_from_table: bool = True
    build_from_discard: bool = True
    build_from_hand: bool = True
    build_any_suit: bool = False  # 002: "irrespective of suit"
    # the referee
    stops: bool = True
    reserved_stop: bool = True  # §27: bankable cards left at the end of an innings
    compels: bool = True  # §38, §70: the adversary may compel instead of stopping
    belgian_options: bool = False
    stop_retracts: bool = False  # 002: the caller retracts the wrong play, makes the missed one
    order_of_play: bool = False  # 002 orders 2 and 5 (depot first, files before a waste heap)
    held_to_discard_on_stop: bool = False  # 001: a Stock card not let go goes on the Mat
    second_hand_card: bool = False
    # rules whose breach is allowed, as an error the adversary may Stop (British
    # Bank, 000 §91.6), named by their keys in ``cites``; the rest are refused
    errors: frozenset[str] = frozenset()
    # the score (§31, §34)
    game_points: int = 30
    stock_card_points: int = 2
    hand_card_points: int = 1
    abandon_points: int = 20
    # answers the engine derives from the fields above, kept per rule set
    citations: dict[str, str] = field(
        default_factory=dict, init=False, hash=False, compare=False, repr=False
    )
    # what each kind of source may do (fill a space, build on the adversary): the
    # answers of the engine's predicates on the fields above, kept by ``moves._sources``
    sources: dict[int, tuple[dict[str, bool], dict[str, bool], dict[str, bool]]] = field(
        default_factory=dict, init=False, hash=False, compare=False, repr=False
    )

    @property
    def title(self) -> str:
        """The rule set's title in the language in force."""
        return _(self.title_en)

    @property
    def description(self) -> str:
        return _(self.description_en) if self.description_en else ""

    @property
    def spec(self) -> str:
        """The name with its options, as typed: ``french+no-building``."""
        return "+".join((self.name, *self.options))

    def __post_init__(self) -> None:
        keys = set(COMMITTEE_CITES) | set(self.cites)
        object.__setattr__(self, "citations", {k: self._cite(k) for k in keys})

    def cite(self, rule: str) -> str:
        """Where this rule set's source says ``rule``, e.g. ``(001, law D)``.

        Where the set's source is silent the Committee rule applies and is cited.
        A source's own section names (``law D``, ``The Play``) are in the language
        in force."""
        cited = self.citations[rule]  # (a rule no source names: KeyError)
        if i18n.language() == "en":
            return cited
        return self._cite(rule, True)  # (a key's words stay keys: net.words)

    def _cite(self, rule: str, translate: bool = False) -> str:
        own = self.cites.get(rule)
        if own is not None:
            if self.cites is COMMITTEE_CITES:
                return f"({own})"
            if not own.startswith("§") and translate:
                # TRANSLATORS: a section of a rule book, e.g. "law D", "The Play", "order 4"
                section = pgettext("rule book section", own)
                # TRANSLATORS: a citation: the rule book's number (002) and its section
                return _("({source}, {section})").format(source=self.source, section=section)
            return f"({self.source}{' ' if own.startswith('§') else ', '}{own})"
        return f"(000 {COMMITTEE_CITES.get(rule, '')})".replace(" )", ")")

    def with_options(self, options: tuple[str, ...], overrides: Mapping[str, object]) -> RuleSet:
        return replace(self, options=options, **overrides)  # type: ignore[arg-type]


class Option(NamedTuple):
    help: str
    overrides: Mapping[str, object]
