"""Rule sets as data.

The Committee rules of 000 are one :class:`RuleSet`. The other rule sets of
RULES.md §6 plug in here by adding definitions, and where a field cannot say it,
by a small hook at one of the places named below (all in ``game.py`` and
``moves.py``):

* ``deal``             -- ``game.deal_position``: sizes of Stock/Table (fields
  ``stock_size``, ``table_per_player``); Italian Bank turns each Stock top up
  (``stock_top_up_at_deal``) and begins with the lower one (``first_player``).
* ``table fit``        -- ``moves.fits_table``: alternate colours or in suit
  (``table_in_suit``: British Bank, Hassock variation).
* ``space fill``       -- ``moves.space_allows``: which sources may fill a space
  (``hand_to_space_before_stock_empty``: French Bank; ``own_side_spaces``: British).
* ``building``         -- ``moves.build_targets``: which adversary piles take
  building (``build_on_stock``, ``build_on_discard``) and from where
  (``build_from_table``).
* ``referee``          -- ``referee.py``: whether Stops exist (``stops``) and the
  Belgian options on a Stop (``belgian_options``).
* ``innings end``      -- ``game._discard``: British Bank's second Hand card
  (``second_hand_card``).
* ``score``            -- ``game.score_for``: points per Stock card, per Hand and
  Discard card, and for the game.

Only the Committee rules are offered for play in this version; the fields exist
so that the variants are definitions, not forks.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RuleSet:
    name: str
    title: str
    stock_size: int = 12
    table_per_player: int = 4
    table_in_suit: bool = False
    hand_to_space_before_stock_empty: bool = False
    build_on_stock: bool = True
    build_on_discard: bool = True
    build_from_table: bool = True
    own_side_spaces: bool = False
    stops: bool = True
    belgian_options: bool = False
    second_hand_card: bool = False
    stock_top_up_at_deal: bool = False
    first_player: str = "cut"  # "cut" (§4) or "stock top" (§93)
    game_points: int = 30
    stock_card_points: int = 2
    hand_card_points: int = 1
    abandon_points: int = 20


COMMITTEE = RuleSet(name="committee", title="Russian Bank (Committee rules, 1920)")

RULE_SETS: dict[str, RuleSet] = {COMMITTEE.name: COMMITTEE}


def rule_set(name: str) -> RuleSet:
    try:
        return RULE_SETS[name]
    except KeyError:
        raise ValueError(f"unknown rule set {name!r}; known: {', '.join(RULE_SETS)}") from None
