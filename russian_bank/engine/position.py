"""A position: where every one of the 104 cards is, whose innings it is, and the
referee's notes (open fault, reserved Stop, compelled play, draw counters).

The text form (``Position.to_text`` / ``Position.from_text``) is documented in
``docs/formats.md``; it lists every pile with face-down order included and
round-trips exactly.
"""

from __future__ import annotations

from ..game.cards import CARDS, TEXT, Card, cards_text, parse_cards
from ..game.errors import TextFormError, quoted, whole_number
from ..game.outcome import Outcome, outcome_text, parse_outcome
from ..game.phases import ARRANGING, OVER, PENDING, PLAY
from ..game.places import SEATS, Place
from .kept import STAMPS, KeptActions, KeptPlays
from .rules import COMMITTEE, RuleSet, rule_set

PHASES = (ARRANGING, PLAY, PENDING, OVER)

# How long without progress before the game is dead (see docs/rules-readings.md, §38).
DEAD_TURNOVERS = 2
DEAD_INNINGS = 200

_copy = list.copy  # each pile copied without a Python loop (``Position.clone``)


class Position:
    """All the state of a game at one moment. Mutable; ``clone`` is cheap."""

    __slots__ = (
        "rules",
        "stock",
        "stock_up",
        "hand",
        "hand_unknown",
        "discard",
        "held",
        "table",
        "banks",
        "player",
        "phase",
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
        "turnovers",
        "hand_turned",
        "pass_disposals",
        "stock_top_pass",
        "seen",
        "low",
        "idle_innings",
        "idle_turnovers",
        "pending",
        "just_turned_over",
        "outcome",
        "cuts",
        "undealt",
        "stamp",
        "plays_memo",
        "lawful_memo",
        "actions_memo",
        "last_step",
        "twice",
    )

    def __init__(self, rules: RuleSet = COMMITTEE) -> None:
        self.rules = rules
        self.stock: list[list[Card]] = [[], []]
        self.stock_up = [0, 0]  # face-up cards at the top of each Stock (§40)
        self.hand: list[list[Card]] = [[], []]  # bottom .. top, face down
        self.hand_unknown = [0, 0]  # bottom cards of the Hand nobody has seen
        self.discard: list[list[Card]] = [[], []]  # bottom .. top, face up
        self.held: Card | None = None  # the card turned from the Hand and held
        self.table: list[list[Card]] = [[] for _ in range(8)]
        self.banks: list[list[Card]] = [[] for _ in range(8)]
        self.player = 0
        self.phase = ARRANGING
        self.innings = 1
        self.raised: tuple[Place, int] | None = None
        self.fault: frozenset[Card] | None = None  # cards the Player failed to bank
        self.fault_note = ""
        self.fault_by = ""  # the kind of action that opened the fault ("play", "turn hand", ...)
        self.wrong_play: tuple[Place, Place, int] | None = None  # what a Stop retracts (002, §91.6)
        self.missed_play: tuple[Place, Place, int] | None = None  # Crapette: order 1, 2 or 5
        self.error = ""  # British Bank: the open error the adversary may Stop (§91.6), in words
        self.second_turned = False  # British Bank: the second Hand card was turned (§91.4)
        self.pre_raise_fault: frozenset[Card] | None = None
        self.reserved: tuple[Card, ...] = ()  # §27: to be banked at once by the Player
        self.reserved_seat = 0  # whose cards are reserved
        self.compelled: tuple[Card, str] | None = None  # (card, "bank" | "table")
        self.turnovers = [0, 0]  # times each has turned over his Discard
        self.hand_turned = [0] * 104  # times each card has been turned from a Hand
        self.pass_disposals: list[list[int]] = [[0], [0]]  # disposals per pass of the Hand
        self.stock_top_pass = [0, 0]  # turnovers when the Stock top became exposed
        self.seen: dict[int, int] = {}  # Table arrangements seen this innings
        self.low = [52, 52]  # fewest cards each has held so far
        self.idle_innings = 0
        self.idle_turnovers = [0, 0]
        self.pending: Place | None = None  # where the last card was played (§68)
        self.just_turned_over = False  # the last definite action turned over the Discard
        self.outcome: Outcome | None = None
        self.cuts: tuple[tuple[Card, Card], ...] = ()
        self.undealt: int | None = None  # Crapette: whose layout waits for his first turn
        self.stamp = next(STAMPS)  # new whenever a card moves (``touch``)
        self.plays_memo: KeptPlays | None = None  # derived (``plays.legal_plays``)
        self.lawful_memo: KeptPlays | None = None  # the same, without §91.6 errors
        self.actions_memo: KeptActions | None = None  # derived (``legality.legal_actions``)
        # derived: the stamps before and after the last play or turn of a Hand card, and
        # that action (``laws.apply`` writes it, ``plays._kept`` reads it)
        self.last_step: tuple[int, int, object] = (0, 0, None)
        # derived: the arrangements of ``seen`` seen twice, by key (``weaves.seen_twice``)
        self.twice: dict[int, tuple[tuple[tuple[Card, ...], ...], int]] = {}

    def touch(self) -> None:
        """Say that cards have moved: what was kept for the old cards (the legal
        plays and actions) is not used again. ``apply`` does it; code that writes
        cards straight into a position's piles must call it too."""
        self.stamp = next(STAMPS)

    # -- copying ------------------------------------------------------------

    def clone(self) -> Position:
        p = Position.__new__(Position)
        p.rules = self.rules
        p.stock = [self.stock[0][:], self.stock[1][:]]
        p.stock_up = self.stock_up[:]
        p.hand = [self.hand[0][:], self.hand[1][:]]
        p.hand_unknown = self.hand_unknown[:]
        p.discard = [self.discard[0][:], self.discard[1][:]]
        p.held = self.held
        p.table = list(map(_copy, self.table))
        p.banks = list(map(_copy, self.banks))
        p.player = self.player
        p.phase = self.phase
        p.innings = self.innings
        p.raised = self.raised
        p.fault = self.fault
        p.fault_note = self.fault_note
        p.fault_by = self.fault_by
        p.wrong_play = self.wrong_play
        p.missed_play = self.missed_play
        p.error = self.error
        p.second_turned = self.second_turned
        p.pre_raise_fault = self.pre_raise_fault
        p.reserved = self.reserved
        p.reserved_seat = self.reserved_seat
        p.compelled = self.compelled
        p.turnovers = self.turnovers[:]
        p.hand_turned = self.hand_turned[:]
        p.pass_disposals = [self.pass_disposals[0][:], self.pass_disposals[1][:]]
        p.stock_top_pass = self.stock_top_pass[:]
        p.seen = dict(self.seen)
        p.low = self.low[:]
        p.idle_innings = self.idle_innings
        p.idle_turnovers = self.idle_turnovers[:]
        p.pending = self.pending
        p.just_turned_over = self.just_turned_over
        p.outcome = self.outcome
        p.cuts = self.cuts
        p.undealt = self.undealt
        p.stamp = self.stamp  # the same cards: the copy uses what the original worked out
        p.plays_memo = self.plays_memo
        p.lawful_memo = self.lawful_memo
        p.actions_memo = self.actions_memo
        p.last_step = self.last_step
        p.twice = self.twice  # (never changed in place: ``weaves.seen_twice``)
        return p

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.to_text() == other.to_text()

    __hash__ = None  # type: ignore[assignment]

    # -- simple questions ---------------------------------------------------

    @property
    def adversary(self) -> int:
        return 1 - self.player

    def cards_left(self, seat: int) -> int:
        """Cards the seat still has to dispose of (Stock, Hand, Discard, held)."""
        n = len(self.stock[seat]) + len(self.hand[seat]) + len(self.discard[seat])
        if seat == self.player and self.held is not None:
            n += 1
        return n

    def stock_top(self, seat: int) -> Card | None:
        """The exposed (face-up) top of a Stock, or None."""
        return self.stock[seat][-1] if self.stock_up[seat] else None

    def table_key(self) -> int:
        return hash(tuple(map(tuple, self.table)))

    def all_places(self) -> list[tuple[str, list[Card]]]:
        out: list[tuple[str, list[Card]]] = []
        for s in (0, 1):
            out += [
                (f"stock{SEATS[s]}", self.stock[s]),
                (f"hand{SEATS[s]}", self.hand[s]),
                (f"discard{SEATS[s]}", self.discard[s]),
            ]
        out.append(("held", [] if self.held is None else [self.held]))
        out += [(f"table{i}", t) for i, t in enumerate(self.table)]
        out += [(f"bank{i}", b) for i, b in enumerate(self.banks)]
        return out

    def check_invariants(self) -> None:
        """Raise AssertionError unless every card is in exactly one place."""
        seen = [0] * 104
        for _, pile in self.all_places():
            for c in pile:
                seen[c] += 1
        wrong = [TEXT[i] for i, n in enumerate(seen) if n != 1]
        assert not wrong, f"cards not in exactly one place: {wrong}"
        for s in (0, 1):
            assert 0 <= self.stock_up[s] <= len(self.stock[s])
            assert 0 <= self.hand_unknown[s] <= len(self.hand[s])
        assert self.phase in PHASES

    # -- text form ----------------------------------------------------------

    def to_text(self) -> str:
        lines = [
            "russian-bank position 1",
            f"rules: {self.rules.spec}",
            f"phase: {self.phase}",
            f"player: {SEATS[self.player]}",
            f"innings: {self.innings}",
        ]
        for s in (0, 1):
            st = self.stock[s]
            down, up = st[: len(st) - self.stock_up[s]], st[len(st) - self.stock_up[s] :]
            lines.append(f"stock{SEATS[s]}: {cards_text(down)} | {cards_text(up)}".rstrip())
            h = self.hand[s]
            unk = self.hand_unknown[s]
            lines.append(f"hand{SEATS[s]}: {cards_text(h[:unk])} | {cards_text(h[unk:])}".rstrip())
            lines.append(f"discard{SEATS[s]}: {cards_text(self.discard[s])}".rstrip())
        lines.append(f"held: {'' if self.held is None else TEXT[self.held]}".rstrip())
        for i, t in enumerate(self.table):
            lines.append(f"table{i}: {cards_text(t)}".rstrip())
        for i, b in enumerate(self.banks):
            lines.append(f"bank{i}: {cards_text(b)}".rstrip())
        raised = "" if self.raised is None else f"{self.raised[0]}/{self.raised[1]}"
        lines.append(f"raised: {raised}".rstrip())
        lines.append(f"fault: {_fault_text(self.fault)}".rstrip())
        lines.append(f"fault note: {self.fault_note}".rstrip())
        lines.append(f"fault by: {self.fault_by}".rstrip())
        lines.append(f"wrong play: {_play_text(self.wrong_play)}".rstrip())
        lines.append(f"missed play: {_play_text(self.missed_play)}".rstrip())
        lines.append(f"error: {self.error}".rstrip())
        lines.append(f"second card: {'yes' if self.second_turned else 'no'}")
        lines.append(f"fault before raise: {_fault_text(self.pre_raise_fault)}".rstrip())
        res = f"{SEATS[self.reserved_seat]} {cards_text(self.reserved)}" if self.reserved else ""
        lines.append(f"reserved: {res}".rstrip())
        comp = "" if self.compelled is None else f"{TEXT[self.compelled[0]]} {self.compelled[1]}"
        lines.append(f"compelled: {comp}".rstrip())
        lines.append(f"pending: {'' if self.pending is None else self.pending}".rstrip())
        lines.append(f"just turned over: {'yes' if self.just_turned_over else 'no'}")
        lines.append(f"turnovers: {self.turnovers[0]} {self.turnovers[1]}")
        turned = " ".join(f"{TEXT[i]}={n}" for i, n in enumerate(self.hand_turned) if n)
        lines.append(f"hand turned: {turned}".rstrip())
        lines.append(
            "pass disposals: "
            + " / ".join(" ".join(str(n) for n in self.pass_disposals[s]) for s in (0, 1))
        )
        lines.append(f"stock top pass: {self.stock_top_pass[0]} {self.stock_top_pass[1]}")
        seen = " ".join(f"{k}={n}" for k, n in sorted(self.seen.items()))
        lines.append(f"seen: {seen}".rstrip())
        lines.append(f"low: {self.low[0]} {self.low[1]}")
        lines.append(f"idle: {self.idle_innings} {self.idle_turnovers[0]} {self.idle_turnovers[1]}")
        cuts = " ".join(f"{TEXT[a]}/{TEXT[b]}" for a, b in self.cuts)
        lines.append(f"cuts: {cuts}".rstrip())
        undealt = "" if self.undealt is None else SEATS[self.undealt]
        lines.append(f"undealt: {undealt}".rstrip())
        lines.append(f"outcome: {outcome_text(self.outcome)}".rstrip())
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        return self.to_text()

    @staticmethod
    def from_text(text: str) -> Position:
        """Read the text form back; TextFormError (a ValueError) names the first
        thing wrong. Every field is checked, and the cards must be the 104 of
        the two packs, each in exactly one place."""
        if not isinstance(text, str):
            raise TextFormError(f"a position is text, not {type(text).__name__}")
        try:
            return _read(_fields(text))
        except TextFormError:
            raise
        except ValueError as e:  # e.g. an unknown rule set
            raise TextFormError(str(e)) from None


def _play_text(play: tuple[Place, Place, int] | None) -> str:
    return "" if play is None else " ".join(str(x) for x in play)


def _fault_text(fault: frozenset[Card] | None) -> str:
    return "" if fault is None else cards_text(sorted(fault))


# -- reading the text form back (``Position.from_text``) ----------------------------


def _field_names() -> frozenset[str]:
    lines = Position().to_text().splitlines()[1:]
    return frozenset(line.partition(":")[0] for line in lines)


def _fields(text: str) -> dict[str, str]:
    known = _field_names()
    fields: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("russian-bank position"):
            continue
        name, sep, value = line.partition(":")
        name = name.strip()
        if not sep:
            raise TextFormError(f"position line without ':': {quoted(raw)}")
        if name not in known:
            raise TextFormError(f"unknown position line {name!r}")
        if name in fields:
            raise TextFormError(f"position line {name!r} appears twice")
        fields[name] = value.strip()
    return fields


def _seat(text: str, what: str) -> int:
    if text not in ("A", "B"):
        raise TextFormError(f"{what}: {quoted(text)} is not a seat (A or B)")
    return SEATS.index(text)


def _numbers(
    text: str, what: str, count: int | None, low: int = 0, high: int | None = None
) -> list[int]:
    """Whole numbers split by spaces: exactly ``count`` of them (None: one or more)."""
    words = text.split()
    if len(words) != count if count is not None else not words:
        raise TextFormError(f"{what}: expected {count or 'some'} numbers, not {quoted(text)}")
    return [whole_number(w, what, low, high) for w in words]


def _pairs(text: str, what: str) -> list[tuple[str, str]]:
    out = []
    for item in text.split():
        a, sep, b = item.partition("=")
        if not sep:
            raise TextFormError(f"{what}: {quoted(item)} should look like key=number")
        out.append((a, b))
    return out


def _read(fields: dict[str, str]) -> Position:
    def get(name: str, default: str = "") -> str:
        return fields.get(name, default)

    p = Position(rule_set(get("rules", "committee")))
    p.phase = get("phase", PLAY)
    if p.phase not in PHASES:
        raise TextFormError(f"unknown phase {quoted(p.phase)}")
    p.player = _seat(get("player", "A"), "player")
    p.innings = whole_number(get("innings", "1"), "innings", 1)
    for s in (0, 1):
        down, _, up = get(f"stock{SEATS[s]}").partition("|")
        p.stock[s] = parse_cards(down) + parse_cards(up)
        p.stock_up[s] = len(parse_cards(up))
        unk, _, known = get(f"hand{SEATS[s]}").partition("|")
        p.hand[s] = parse_cards(unk) + parse_cards(known)
        p.hand_unknown[s] = len(parse_cards(unk))
        p.discard[s] = parse_cards(get(f"discard{SEATS[s]}"))
    held = get("held")
    p.held = Card.parse(held) if held else None
    for i in range(8):
        p.table[i] = parse_cards(get(f"table{i}"))
        p.banks[i] = parse_cards(get(f"bank{i}"))
    _check_cards(p)
    raised = get("raised")
    if raised:
        place, slash, count = raised.partition("/")
        src = Place.parse(place)
        n = whole_number(count, "raised card count", 1) if slash else 1
        if n > _pile_size(p, src):
            raise TextFormError(f"raised: {src} has fewer than {n} cards")
        p.raised = (src, n)
    p.fault = _parse_fault(get("fault"))
    p.fault_note = get("fault note")
    p.fault_by = get("fault by")
    p.wrong_play = _parse_play(get("wrong play"), "wrong play")
    p.missed_play = _parse_play(get("missed play"), "missed play")
    p.error = get("error")
    second = get("second card", "no")
    if second not in ("yes", "no"):
        raise TextFormError(f"second card: {quoted(second)} is not yes or no")
    p.second_turned = second == "yes"
    p.pre_raise_fault = _parse_fault(get("fault before raise"))
    res = get("reserved").split()
    if res:
        p.reserved_seat = _seat(res[0], "reserved")
        p.reserved = tuple(parse_cards(" ".join(res[1:])))
    comp = get("compelled").split()
    if comp:
        if len(comp) != 2 or comp[1] not in ("bank", "table"):
            raise TextFormError(f"compelled: expected a card and 'bank' or 'table', not {comp}")
        p.compelled = (Card.parse(comp[0]), comp[1])
    pending = get("pending")
    p.pending = Place.parse(pending) if pending else None
    jto = get("just turned over", "no")
    if jto not in ("yes", "no"):
        raise TextFormError(f"just turned over: {quoted(jto)} is not yes or no")
    p.just_turned_over = jto == "yes"
    p.turnovers = _numbers(get("turnovers", "0 0"), "turnovers", 2)
    for card, times in _pairs(get("hand turned"), "hand turned"):
        p.hand_turned[Card.parse(card)] = whole_number(times, "hand turned", 1)
    pd = get("pass disposals", "0 / 0").split("/")
    if len(pd) != 2:
        raise TextFormError("pass disposals: expected two lists of numbers split by '/'")
    for s in (0, 1):
        p.pass_disposals[s] = _numbers(pd[s], "pass disposals", None)
    p.stock_top_pass = _numbers(get("stock top pass", "0 0"), "stock top pass", 2)
    for key, times in _pairs(get("seen"), "seen"):
        p.seen[whole_number(key, "seen", -(2**64))] = whole_number(times, "seen", 1)
    if not p.seen:
        p.seen = {p.table_key(): 1}
    p.low = _numbers(get("low", "52 52"), "low", 2, 0, 52)
    idle = _numbers(get("idle", "0 0 0"), "idle", 3)
    p.idle_innings, p.idle_turnovers = idle[0], idle[1:3]
    cuts = []
    for item in get("cuts").split():
        a, _, b = item.partition("/")
        cuts.append((Card.parse(a), Card.parse(b)))
    p.cuts = tuple(cuts)
    undealt = get("undealt")
    if undealt:
        p.undealt = _seat(undealt, "undealt")
        line = range(4, 8) if p.undealt else range(4)
        if p.stock[p.undealt] or any(p.table[i] for i in line):
            raise TextFormError("undealt: that seat's depot and files must still be empty")
    p.outcome = parse_outcome(get("outcome"))
    return p


def _check_cards(p: Position) -> None:
    """Each of the 104 cards in exactly one place (checked without ``assert``)."""
    count = [0] * 104
    for _, pile in p.all_places():
        for c in pile:
            count[c] += 1
    twice = [TEXT[i] for i, n in enumerate(count) if n > 1]
    missing = [TEXT[i] for i, n in enumerate(count) if n == 0]
    if twice:
        raise TextFormError(f"cards in more than one place: {' '.join(twice)}")
    if missing:
        raise TextFormError(f"cards missing: {' '.join(missing)}")


def _pile_size(p: Position, place: Place) -> int:
    return next(len(pile) for name, pile in p.all_places() if name == str(place))


def _parse_play(text: str, name: str) -> tuple[Place, Place, int] | None:
    words = text.split()
    if not words:
        return None
    if len(words) != 3:
        raise TextFormError(f"{name}: expected source, destination and count, not {words}")
    count = whole_number(words[2], f"{name} count", 1)
    return (Place.parse(words[0]), Place.parse(words[1]), count)


def _parse_fault(text: str) -> frozenset[Card] | None:
    return frozenset(parse_cards(text)) if text else None


__all__ = ["Position", "Outcome", "ARRANGING", "PLAY", "PENDING", "OVER", "CARDS"]
