"""Build one-pack positions for rule tests: name the piles that matter, the rest
of the pack is shared out between the two Hands."""

from __future__ import annotations

from russian_bank.onepack import Action, Position, legal_actions, parse_action
from russian_bank.onepack.cards import PACK, parse_card, parse_cards


def make(
    places: dict[int, str] | None = None,
    discards: tuple[str, str] = ("", ""),
    held: str | None = None,
    player: int = 0,
    hands: tuple[str, str] | None = None,
    laid: tuple[bool, bool] = (True, True),
) -> Position:
    piles = [parse_cards((places or {}).get(i, "")) for i in range(8)]
    disc = [parse_cards(d) for d in discards]
    card_held = parse_card(held) if held else None
    used = {c for p in piles for c in p} | {c for d in disc for c in d}
    if card_held is not None:
        used.add(card_held)
    if hands is not None:
        hand = [parse_cards(h) for h in hands]
        used |= {c for h in hand for c in h}
        hand[1] = [c for c in PACK if c not in used] + hand[1]  # the rest: under B's Hand
    else:
        rest = [c for c in PACK if c not in used]
        hand = [rest[: len(rest) // 2], rest[len(rest) // 2 :]]
    pos = Position(
        dealer=1,
        player=player,
        hands=hand,
        discards=disc,
        places=piles,
        laid=list(laid),
        held=card_held,
    )
    assert sorted(pos.all_cards()) == list(PACK)
    return pos


def legal_texts(pos: Position) -> set[str]:
    return {str(a) for a in legal_actions(pos)}


def act(text: str) -> Action:
    return parse_action(text)
