"""What one person at the table can see (for bots).

An :class:`Observation` has no place for a face-down card: a face-down part of
a pile is only a number. What it holds is what has been shown face up:

* the Table, the Banks, the held card, the face-up top cards of each Stock;
* each Discard card for card. Every card reaches a Discard face up (turned from
  the Hand, or built on it openly, §45, §54), so a person who watches may
  remember the whole Discard, not only its top card. The adversary of a bot may
  do so; the bot does too, and nothing more;
* a Hand made by turning over a Discard (§19), known card for card in order,
  and a card put back on the Hand after a Stop; the unseen bottom part of a
  Hand (dealt face down) is a number;
* the referee's notes, which name only cards that were shown (the open fault,
  reserved and compelled cards, the cuts, how often each card was turned).

The unseen cards are "all 104 cards minus those shown" (:meth:`Observation.unseen`);
which face-down place holds which of them is not in the observation at all. A
bot that searches fills the hidden places itself (``russian_bank.ai.determinize``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game.cards import CARDS, Card
from ..game.places import SEATS, Place
from .position import Outcome, Position
from .rules import RuleSet

Pile = tuple[Card, ...]
Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Observation:
    """A Position as one seat sees it. Equal for two positions that differ only
    in their face-down cards."""

    seat: int  # who is looking
    rules: RuleSet
    phase: str
    player: int
    innings: int
    stock_down: Pair  # face-down cards at the bottom of each Stock (a count)
    stock_up: tuple[Pile, Pile]  # the face-up cards on top of each Stock
    hand_down: Pair  # unseen cards at the bottom of each Hand (a count)
    hand_known: tuple[Pile, Pile]  # the known cards above them, bottom .. top
    discard: tuple[Pile, Pile]
    held: Card | None
    table: tuple[Pile, ...]
    banks: tuple[Pile, ...]
    raised: tuple[Place, int] | None
    fault: frozenset[Card] | None
    fault_note: str
    fault_by: str  # the kind of action that opened the fault (Belgian Bank, §92)
    wrong_play: tuple[Place, Place, int] | None  # the play a Stop retracts (002, §91.6)
    missed_play: tuple[Place, Place, int] | None  # Crapette: the play a Stop makes (order 1, 2, 5)
    error: str  # British Bank: the open error the adversary may Stop (§91.6)
    second_turned: bool  # British Bank: the second Hand card was turned (§91.4)
    pre_raise_fault: frozenset[Card] | None
    reserved: Pile
    reserved_seat: int
    compelled: tuple[Card, str] | None
    pending: Place | None
    just_turned_over: bool
    turnovers: Pair
    hand_turned: tuple[int, ...]
    pass_disposals: tuple[tuple[int, ...], tuple[int, ...]]
    stock_top_pass: Pair
    seen: tuple[tuple[int, int], ...]  # Table arrangements seen this innings (keys, counts)
    low: Pair
    idle_innings: int
    idle_turnovers: Pair
    cuts: tuple[tuple[Card, Card], ...]
    undealt: int | None  # Crapette: whose layout waits for his first turn (002)
    outcome: Outcome | None

    def shown(self) -> list[Card]:
        """Every card in a place the observation shows."""
        out: list[Card] = []
        for s in (0, 1):
            out += self.stock_up[s]
            out += self.hand_known[s]
            out += self.discard[s]
        for pile in self.table + self.banks:
            out += pile
        if self.held is not None:
            out.append(self.held)
        return out

    def unseen(self) -> list[Card]:
        """The cards in face-down places, as a set (sorted): all cards minus those shown."""
        shown = set(self.shown())
        return [c for c in CARDS if c not in shown]

    def shown_only(self) -> Position:
        """A position with the shown cards in place and every face-down place empty
        (for drawing text; not a position to play on)."""
        p = Position(self.rules)
        for s in (0, 1):
            p.stock[s] = list(self.stock_up[s])
            p.stock_up[s] = len(self.stock_up[s])
            p.hand[s] = list(self.hand_known[s])
            p.discard[s] = list(self.discard[s])
        p.held = self.held
        p.table = [list(t) for t in self.table]
        p.banks = [list(b) for b in self.banks]
        for name in NOTES:
            setattr(p, name, getattr(self, name))
        for name in LIST_NOTES:
            setattr(p, name, list(getattr(self, name)))
        p.pass_disposals = [list(self.pass_disposals[0]), list(self.pass_disposals[1])]
        p.seen = dict(self.seen)
        return p

    def to_text(self) -> str:
        """The position's text form (docs/formats.md) with each face-down card as ``??``."""
        lines = [f"seat: {SEATS[self.seat]}"]
        for line in self.shown_only().to_text().splitlines():
            name, _, rest = line.partition(": ")
            for s in (0, 1):
                n = {f"stock{SEATS[s]}": self.stock_down[s], f"hand{SEATS[s]}": self.hand_down[s]}
                if n.get(name):
                    rest = " ".join(["??"] * n[name]) + " " + rest.lstrip()
                    line = f"{name}: {rest}".rstrip()
            lines.append(line)
        return "\n".join(lines) + "\n"


# The referee's notes, copied as they are (lists as tuples).
NOTES = (
    "phase",
    "player",
    "innings",
    "raised",
    "fault",
    "fault_note",
    "fault_by",
    "wrong_play",
    "missed_play",
    "error",
    "second_turned",
    "pre_raise_fault",
    "reserved",
    "reserved_seat",
    "compelled",
    "pending",
    "just_turned_over",
    "idle_innings",
    "cuts",
    "undealt",
    "outcome",
)
LIST_NOTES = ("turnovers", "hand_turned", "stock_top_pass", "low", "idle_turnovers")


def observe(pos: Position, seat: int) -> Observation:
    """What ``seat`` sees of ``pos``: face-down cards only as counts."""
    down = [len(pos.stock[s]) - pos.stock_up[s] for s in (0, 1)]
    unk = [pos.hand_unknown[s] for s in (0, 1)]
    notes = {name: getattr(pos, name) for name in NOTES}
    notes.update({name: tuple(getattr(pos, name)) for name in LIST_NOTES})
    return Observation(
        seat=seat,
        rules=pos.rules,
        stock_down=(down[0], down[1]),
        stock_up=(tuple(pos.stock[0][down[0] :]), tuple(pos.stock[1][down[1] :])),
        hand_down=(unk[0], unk[1]),
        hand_known=(tuple(pos.hand[0][unk[0] :]), tuple(pos.hand[1][unk[1] :])),
        discard=(tuple(pos.discard[0]), tuple(pos.discard[1])),
        held=pos.held,
        table=tuple(tuple(t) for t in pos.table),
        banks=tuple(tuple(b) for b in pos.banks),
        pass_disposals=(tuple(pos.pass_disposals[0]), tuple(pos.pass_disposals[1])),
        seen=tuple(sorted(pos.seen.items())),
        **notes,
    )


__all__ = ["Observation", "observe", "NOTES", "LIST_NOTES"]
