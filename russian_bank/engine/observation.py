"""What one person at the table can see (for bots).

Face-down cards are hidden: the face-down part of each Stock, and the part of
each Hand nobody has seen. A Hand made by turning over a Discard is known card
for card (every card of it was seen face up, in order), as is a card put back
on the Hand after a Stop. Everything face up is shown: the Table, the Banks,
both Discards in full (each card was seen when it was turned, §45, §54), the
face-up top of each Stock, and the held card.

``Observation.sample`` fills the hidden places with the unseen cards at random,
giving a full :class:`Position` consistent with everything seen (for
determinized search).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CARDS, Card
from .position import Position


@dataclass(frozen=True)
class Observation:
    seat: int  # who is looking
    position: Position  # a copy in which hidden cards must not be read
    hidden_stock: tuple[int, int]  # face-down cards at the bottom of each Stock
    hidden_hand: tuple[int, int]  # unseen cards at the bottom of each Hand
    unseen: tuple[Card, ...]  # the cards in hidden places, sorted (as a set)

    def public_text(self) -> str:
        """The position's text with every hidden card written as ``??``."""
        pos = self.position
        hidden = {}
        for s, seat in enumerate("AB"):
            hidden[f"stock{seat}"] = self.hidden_stock[s]
            hidden[f"hand{seat}"] = self.hidden_hand[s]
        lines = []
        for line in pos.to_text().splitlines():
            name, _, rest = line.partition(": ")
            n = hidden.get(name, 0)
            if n:
                down, _, up = rest.partition(" | ")
                rest = " ".join(["??"] * n) + " |" + (f" {up}" if up else "")
                line = f"{name}: {rest}"
            lines.append(line)
        return "\n".join(lines) + "\n"

    def sample(self, rng: random.Random) -> Position:
        """A full position consistent with this observation."""
        cards = list(self.unseen)
        rng.shuffle(cards)
        return self.fill(self.position, cards)

    def fill(self, pos: Position, cards: Sequence[int]) -> Position:
        """A copy of ``pos`` (this observation's position, or one reached from it
        by plays, which never touch face-down cards) with the hidden places filled
        in order from ``cards``: the Stock of A, the Hand of A, then B's."""
        out = pos.clone()
        i = 0
        for s in (0, 1):
            n = self.hidden_stock[s]
            out.stock[s][:n] = [CARDS[c] for c in cards[i : i + n]]
            i += n
            n = self.hidden_hand[s]
            out.hand[s][:n] = [CARDS[c] for c in cards[i : i + n]]
            i += n
        return out


def observe(pos: Position, seat: int) -> Observation:
    """The observation of ``seat``: hidden cards are replaced by a fixed filler so
    that nothing about their identity or order can leak."""
    view = pos.clone()
    hidden_stock = tuple(len(pos.stock[s]) - pos.stock_up[s] for s in (0, 1))
    hidden_hand = tuple(pos.hand_unknown[s] for s in (0, 1))
    unseen: list[Card] = []
    for s in (0, 1):
        unseen += pos.stock[s][: hidden_stock[s]]
        unseen += pos.hand[s][: hidden_hand[s]]
    unseen.sort()
    # Fill the hidden places with the unseen cards in sorted order: the same
    # observation whatever the real (face-down) order is.
    fill = iter(unseen)
    for s in (0, 1):
        view.stock[s][: hidden_stock[s]] = [next(fill) for _ in range(hidden_stock[s])]
        view.hand[s][: hidden_hand[s]] = [next(fill) for _ in range(hidden_hand[s])]
    # How often each card was turned from a Hand is public; nothing else needs masking.
    return Observation(
        seat,
        view,
        (hidden_stock[0], hidden_stock[1]),
        (hidden_hand[0], hidden_hand[1]),
        tuple(unseen),
    )


__all__ = ["Observation", "observe", "CARDS"]
