"""The one-pack position (003): two Hands, two Discards, eight Table places.

Places 0-3 are the row laid out by seat 0, places 4-7 the row of seat 1; once a
row is laid out its places are common to both players (003: "using any of the
eight places"). Every pile is a list with its top card last. The card turned
from the Hand and not yet let go is ``held``.

The text form (``to_text`` / ``from_text``) lists every field, one per line, and
round-trips exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import ClassVar

from ..game.cards import RANK_OF
from ..game.errors import TextFormError
from ..game.outcome import Outcome
from ..game.phases import OVER, PLAY
from ..game.shuffle import Deal, check_packs
from .cards import PACK, Card, cards_text, parse_card, parse_cards
from .ruleset import RULES, OnePackRules

PLACES = 8
ROW = 4


def row_of(place: int) -> int:
    """The seat whose lay-out opened this place."""
    return place // ROW


OUTCOME_WORDS = {"won": "out", "dead": "blocked", "abandoned": "abandoned", "agreed": "agreed"}


def outcome_text(o: Outcome) -> str:
    """The outcome in the position's text form: ``winner points out|blocked|abandoned|agreed``."""
    w = "-" if o.winner is None else str(o.winner)
    return f"{w} {o.points} {OUTCOME_WORDS[o.reason]}"


def parse_outcome(text: str) -> Outcome:
    w, p, r = text.split()
    winner, points = (None if w == "-" else int(w)), int(p)
    if r in ("out", "abandoned"):
        left = points - RULES.game_points
        reason = "won" if r == "out" else "abandoned"
        return Outcome(winner, reason, points, RULES.game_points, hand_cards=left)
    if r == "agreed":
        return Outcome(None, "agreed")
    if r != "blocked":
        raise ValueError(f"not a one-pack outcome: {text!r}")
    return Outcome(winner, "dead", points, hand_cards=points)


@dataclass
class Position:
    dealer: int
    player: int
    hands: list[list[Card]]  # face down, top last
    discards: list[list[Card]]  # face up, top last
    places: list[list[Card]]  # eight piles, bottom first
    laid: list[bool]  # has this seat laid out his row of four?
    held: Card | None = None
    shifts: int = 0  # Table-to-Table moves in this innings
    turnovers: list[int] = field(default_factory=lambda: [0, 0])
    marks: list[int] = field(default_factory=lambda: [-1, -1])  # Table size at last turnover
    outcome: Outcome | None = None
    rules: ClassVar[OnePackRules] = RULES

    @property
    def phase(self) -> str:
        """``play`` or ``over`` (the two-pack game's words; 003 has no Stop to wait for)."""
        return PLAY if self.outcome is None else OVER

    def hand_size(self, seat: int) -> int:
        return len(self.hands[seat])

    def cards_left(self, seat: int) -> int:
        """Cards the seat still has to get rid of (or pay for)."""
        n = len(self.hands[seat]) + len(self.discards[seat])
        if seat == self.player and self.held is not None:
            n += 1
        return n

    def table_size(self) -> int:
        return sum(len(p) for p in self.places)

    def key(self) -> tuple[object, ...]:
        """Everything a move can change, for a bot's search (hashable)."""
        return (
            self.player,
            self.held,
            tuple(tuple(d) for d in self.discards),
            tuple(tuple(p) for p in self.places),
        )

    def clone(self) -> Position:
        return Position(
            self.dealer,
            self.player,
            [list(h) for h in self.hands],
            [list(d) for d in self.discards],
            [list(p) for p in self.places],
            list(self.laid),
            self.held,
            self.shifts,
            list(self.turnovers),
            list(self.marks),
            self.outcome,
        )

    def all_cards(self) -> list[Card]:
        out: list[Card] = []
        for piles in (self.hands, self.discards, self.places):
            for pile in piles:
                out += pile
        if self.held is not None:
            out.append(self.held)
        return out

    def to_text(self) -> str:
        lines = [
            "one-pack",
            f"dealer {self.dealer}",
            f"player {self.player}",
            f"laid {int(self.laid[0])} {int(self.laid[1])}",
            f"held {'-' if self.held is None else self.held.face}",
            f"shifts {self.shifts}",
            f"turnovers {self.turnovers[0]} {self.turnovers[1]}",
            f"marks {self.marks[0]} {self.marks[1]}",
            f"outcome {'-' if self.outcome is None else outcome_text(self.outcome)}",
        ]
        for s in (0, 1):
            lines.append(f"hand{s}: {cards_text(self.hands[s])}".rstrip())
        for s in (0, 1):
            lines.append(f"discard{s}: {cards_text(self.discards[s])}".rstrip())
        for i, pile in enumerate(self.places):
            lines.append(f"place{i}: {cards_text(pile)}".rstrip())
        return "\n".join(lines) + "\n"

    @staticmethod
    def from_text(text: str) -> Position:
        rows = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
        if not rows or rows[0] != "one-pack":
            raise ValueError("a one-pack position starts with the line 'one-pack'")
        kv: dict[str, str] = {}
        for ln in rows[1:]:
            if ":" in ln:
                k, _, v = ln.partition(":")
            else:
                k, _, v = ln.partition(" ")
            kv[k.strip()] = v.strip()
        try:

            def pair(key: str) -> list[int]:
                a, b = kv[key].split()
                return [int(a), int(b)]

            held = None if kv["held"] == "-" else parse_card(kv["held"])
            pos = Position(
                dealer=int(kv["dealer"]),
                player=int(kv["player"]),
                hands=[parse_cards(kv[f"hand{s}"]) for s in (0, 1)],
                discards=[parse_cards(kv[f"discard{s}"]) for s in (0, 1)],
                places=[parse_cards(kv[f"place{i}"]) for i in range(PLACES)],
                laid=[bool(x) for x in pair("laid")],
                held=held,
                shifts=int(kv["shifts"]),
                turnovers=pair("turnovers"),
                marks=pair("marks"),
                outcome=None if kv["outcome"] == "-" else parse_outcome(kv["outcome"]),
            )
        except KeyError as e:
            raise ValueError(f"one-pack position is missing the line {e.args[0]!r}") from None
        if sorted(pos.all_cards()) != list(PACK):
            raise ValueError("a one-pack position must hold each of the 52 cards exactly once")
        return pos


def cut(rng: random.Random) -> tuple[int, tuple[tuple[Card, Card], ...]]:
    """003: "The players cut for deal and seats. The lower cut wins" the deal.

    Each seat cuts a card (Ace lowest, King highest, 003's order); equal ranks
    cut again. Returns the dealer and the cuts made, in order."""
    cuts: list[tuple[Card, Card]] = []
    while True:
        a, b = rng.sample(PACK, 2)
        cuts.append((a, b))
        if RANK_OF[a] != RANK_OF[b]:
            return (0 if RANK_OF[a] < RANK_OF[b] else 1), tuple(cuts)


def shuffle(rules: OnePackRules, rng: random.Random) -> Deal:
    """Cut for deal, then shuffle the pack (003), as a :class:`Deal`."""
    assert rules == RULES
    _, cuts = cut(rng)
    pack = list(PACK)
    rng.shuffle(pack)
    return Deal((tuple(pack),), cuts)


def deal_position(rules: OnePackRules, rng: random.Random) -> Position:
    """Cut, shuffle and deal (``lay_out_deal``); ``rules`` is the one rule set of
    003 (the same call as the two-pack ``deal_position(rules, rng)``)."""
    return lay_out_deal(rules, shuffle(rules, rng))


def lay_out_deal(rules: OnePackRules, deal: Deal) -> Position:
    """Deal as 003 says: two cards to each (non-dealer first), then three at a
    time to each until the pack is gone; each player gathers his 26 face down (the
    first packet at the bottom). The non-dealer then lays out four cards, one at a
    time, left to right, and begins. TextFormError (a ValueError) if ``deal`` is
    not one pack and a cut whose last pair alone differs in rank."""
    assert rules == RULES
    check_packs(deal, (PACK,))
    if not deal.cuts or any(
        (RANK_OF[a] == RANK_OF[b]) != (i < len(deal.cuts) - 1) or a == b
        for i, (a, b) in enumerate(deal.cuts)
    ):
        raise TextFormError("the deal's cut must end in two cards of different rank")
    a, b = deal.cuts[-1]
    dealer = 0 if RANK_OF[a] < RANK_OF[b] else 1
    pack = list(deal.packs[0])
    first = 1 - dealer
    hands: list[list[Card]] = [[], []]
    i = 0
    for size in [2] + [3] * 8:
        for seat in (first, dealer):
            hands[seat] += pack[i : i + size]
            i += size
    pos = Position(
        dealer=dealer,
        player=first,
        hands=hands,
        discards=[[], []],
        places=[[] for _ in range(PLACES)],
        laid=[False, False],
    )
    lay_out(pos, first)
    return pos


def lay_out(pos: Position, seat: int) -> list[Card]:
    """The seat's first innings opens with four cards from his Hand laid face up
    in his row, left to right (003). Returns the cards laid."""
    laid = []
    for k in range(ROW):
        card = pos.hands[seat].pop()
        pos.places[seat * ROW + k].append(card)
        laid.append(card)
    pos.laid[seat] = True
    return laid


def deal_text(deal: Deal) -> str:
    """The deal's line in a record (one-pack card texts, ``8C``)."""
    return deal.text(cards_text)


def read_deal(text: str) -> Deal:
    """The deal of a record's ``deal:`` line (TextFormError if it cannot be read)."""
    return Deal.parse(text, parse_cards)
