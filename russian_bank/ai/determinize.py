"""From an observation to positions a bot can search (determinization).

An :class:`~russian_bank.engine.Observation` has no face-down cards, only their
number. To use the engine's move generator a bot needs a full
:class:`~russian_bank.engine.Position`, so it deals the unseen cards into the
face-down places itself:

* :func:`working_position` -- in a fixed order (the unseen cards sorted). The
  bot's plays never touch a face-down card, so which card lies where does not
  matter to them; the order is fixed so that the result depends on the
  observation alone.
* :func:`sample_cards` then :func:`fill` -- in an order drawn with the bot's own
  ``random.Random``, for looking past the turn of a card.

Each seat's face-down cards come from its own pack (the deal, §2-3; a card of
the other pack only ever reaches a Hand face up), so each pack's unseen cards
go to its owner's places.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import Observation, Position
from ..game.cards import Card


def _groups(obs: Observation) -> list[list[Card]]:
    """The unseen cards in groups to deal from in order (Stock of A, Hand of A,
    Stock of B, Hand of B): each seat's own pack for it, or one group of all of
    them when the counts do not allow it (a made-up position)."""
    cards = obs.unseen()
    need = [obs.stock_down[s] + obs.hand_down[s] for s in (0, 1)]
    mine = [[c for c in cards if c.pack == s] for s in (0, 1)]
    return mine if [len(m) for m in mine] == need else [cards]


def fill(obs: Observation, base: Position, cards: Sequence[Card]) -> Position:
    """A copy of ``base`` with its face-down places filled in order from ``cards``.

    ``base`` is a position made from ``obs`` or reached from it by plays (which
    never move a face-down card)."""
    out = base.clone()
    i = 0
    for s in (0, 1):
        n = obs.stock_down[s]
        out.stock[s][:n] = cards[i : i + n]
        i += n
        n = obs.hand_down[s]
        out.hand[s][:n] = cards[i : i + n]
        i += n
    return out


def _build(obs: Observation, cards: Sequence[Card]) -> Position:
    p = obs.shown_only()
    i = 0
    for s in (0, 1):
        n = obs.stock_down[s]
        p.stock[s][:0] = cards[i : i + n]
        i += n
        n = obs.hand_down[s]
        p.hand[s][:0] = cards[i : i + n]
        p.hand_unknown[s] = n
        i += n
    return p


def working_position(obs: Observation) -> Position:
    """The observation as a full position, face-down cards in a fixed order."""
    return _build(obs, [c for g in _groups(obs) for c in g])


def sample_cards(obs: Observation, rng: random.Random) -> list[Card]:
    """The unseen cards in an order drawn with ``rng``, ready for :func:`fill`."""
    out: list[Card] = []
    for group in _groups(obs):
        rng.shuffle(group)
        out += group
    return out
