"""Where a deal's order comes from, and the deal kept as the order of the cards.

A deal a player may meet without having chosen it (a game over the network, a new
game at the table) is shuffled from the operating system's randomness
(``secrets.SystemRandom``): nothing a player sees can be worked back to a seed, for
there is none. A deal chosen by seed (``--seed``, tests, ``sim``) is shuffled by
``random.Random(seed)`` and stays reproducible. Either way the game keeps the
:class:`Deal` itself, so that its record replays without a seed (docs/network.md).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import Card
from .errors import TextFormError, quoted

CUT = "cut"


def shuffler(seed: int | None) -> random.Random:
    """The source of a shuffle: ``random.Random(seed)`` for a chosen seed, the
    operating system's randomness (``secrets.SystemRandom``) when there is none."""
    return secrets.SystemRandom() if seed is None else random.Random(seed)


@dataclass(frozen=True)
class Deal:
    """A deal as the cards fell: each pack in its shuffled order, and the cuts
    made for the first Player or the dealer (pairs of cards, A's then B's), in
    order. Each game lays a ``Deal`` out in its own way (``lay_out_deal``)."""

    packs: tuple[tuple[Card, ...], ...]
    cuts: tuple[tuple[Card, Card], ...] = ()

    def text(self, write: Callable[[tuple[Card, ...]], str]) -> str:
        """One line: each pack's cards from the first dealt, then ``cut`` and the
        cuts as ``A's/B's`` pairs, with `` | `` between (``write`` is the game's
        card text)."""
        parts = [write(pack) for pack in self.packs]
        if self.cuts:
            parts.append(" ".join([CUT] + [write(pair).replace(" ", "/") for pair in self.cuts]))
        return " | ".join(parts)

    @classmethod
    def parse(cls, text: str, read: Callable[[str], list[Card]]) -> Deal:
        """The deal of ``text`` (``Deal.text``); TextFormError if it cannot be read.
        Whether the cards make a whole deal is the game's to judge (``lay_out_deal``)."""
        if not isinstance(text, str):
            raise TextFormError(f"a deal is text, not {type(text).__name__}")
        packs: list[tuple[Card, ...]] = []
        cuts: list[tuple[Card, Card]] = []
        for part in text.split("|"):
            words = part.split()
            if words[:1] != [CUT]:
                packs.append(tuple(read(part)))
                continue
            if len(words) == 1:
                raise TextFormError("the deal's cut names no cards")
            for pair in words[1:]:
                cut = read(pair.replace("/", " "))
                if len(cut) != 2:
                    raise TextFormError(f"a cut is two cards, A's/B's: {quoted(pair)}")
                cuts.append((cut[0], cut[1]))
        return cls(tuple(packs), tuple(cuts))


def check_packs(deal: Deal, packs: Sequence[Sequence[Card]]) -> None:
    """TextFormError unless ``deal`` holds each of ``packs`` once, in some order."""
    if len(deal.packs) != len(packs):
        raise TextFormError(f"a deal of {len(packs)} pack(s), not {len(deal.packs)}")
    for got, whole in zip(deal.packs, packs, strict=True):
        if sorted(got) != sorted(whole):
            raise TextFormError("a pack of the deal does not hold each of its cards once")


__all__ = ["Deal", "check_packs", "shuffler"]
