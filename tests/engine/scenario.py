"""Build a test Position from only the piles that matter.

``scenario(...)`` writes the position's text form and reads it back with
``Position.from_text`` (which checks that all 104 cards are present once).

Every card that the scenario does not mention is a *spare* card, and where the
spares go is explicit (``spare=``):

* ``"hands"`` (default): pack a spares go face down, unseen, at the bottom of
  A's Hand, pack b spares at the bottom of B's Hand. A Hand given as ``""`` is
  then *not* empty; pass another ``spare`` when a test needs an empty Hand.
* a pile name such as ``"stockB"`` or ``"handB"``: every spare goes face down
  at the bottom of that pile (for a Stock, under its face-down part; for a
  Hand, into its unseen part).
* ``None``: no spares allowed; the scenario must list all 104 cards.

Pile strings use the text form of ``docs/formats.md``: a Stock is
``"down cards | up cards"`` (``"| 7Ha"`` is one face-up card), a Hand is
``"unseen | known"`` (bottom .. top), a Discard, a Table space and a Bank are
cards bottom .. top. Extra referee lines (``fault``, ``turnovers``, ``hand
turned``, ``pass disposals``, ``idle``, ...) go in ``extra``; ``rules`` names
the rule set (a spec such as ``"french+one-side"``).
"""

from __future__ import annotations

from russian_bank.engine import CARDS, Position
from russian_bank.game.cards import TEXT, parse_cards

SEAT_PILES = ("stockA", "handA", "discardA", "stockB", "handB", "discardB")


def _split(text: str) -> tuple[list[str], list[str]]:
    down, bar, up = text.partition("|")
    if not bar:
        return down.split(), []
    return down.split(), up.split()


def scenario(
    player: str = "A",
    phase: str = "play",
    table: dict[int, str] | None = None,
    banks: dict[int, str] | None = None,
    stockA: str = "",
    handA: str = "",
    discardA: str = "",
    stockB: str = "",
    handB: str = "",
    discardB: str = "",
    held: str = "",
    spare: str | None = "hands",
    extra: dict[str, str] | None = None,
    rules: str = "committee",
) -> Position:
    table = table or {}
    banks = banks or {}
    piles = {
        "stockA": _split(stockA),
        "handA": _split(handA),
        "stockB": _split(stockB),
        "handB": _split(handB),
    }
    flat = {
        "discardA": discardA.split(),
        "discardB": discardB.split(),
        "held": held.split(),
        **{f"table{i}": table.get(i, "").split() for i in range(8)},
        **{f"bank{i}": banks.get(i, "").split() for i in range(8)},
    }
    used: list[str] = []
    for down, up in piles.values():
        used += down + up
    for cards in flat.values():
        used += cards
    parse_cards(" ".join(used))  # every name must be a card
    dup = sorted({c for c in used if used.count(c) > 1})
    assert not dup, f"cards listed twice: {dup}"
    spares = [TEXT[c] for c in CARDS if TEXT[c] not in set(used)]
    if spares:
        if spare is None:
            raise AssertionError(f"cards not placed: {spares}")
        if spare == "hands":
            for seat, pack in (("A", "a"), ("B", "b")):
                mine = [c for c in spares if c.endswith(pack)]
                down, up = piles["hand" + seat]
                piles["hand" + seat] = (mine + down, up)
        elif spare in piles:
            down, up = piles[spare]
            piles[spare] = (spares + down, up)
        else:
            raise ValueError(f"spare must be 'hands', None or one of {list(piles)}")
    lines = ["russian-bank position 1", f"rules: {rules}", f"phase: {phase}", f"player: {player}"]
    for name, (down, up) in piles.items():
        lines.append(f"{name}: {' '.join(down)} | {' '.join(up)}")
    for name, cards in flat.items():
        lines.append(f"{name}: {' '.join(cards)}")
    for name, value in (extra or {}).items():
        lines.append(f"{name}: {value}")
    return Position.from_text("\n".join(lines) + "\n")


def pile(pos: Position, name: str) -> str:
    """The cards of one pile as text (bottom .. top), e.g. ``pile(pos, "table3")``."""
    for n, cards in pos.all_places():
        if n == name:
            return " ".join(TEXT[c] for c in cards)
    raise KeyError(name)
