"""Reading a position's text form back (``Position.from_text``): every field is
checked and a mistake raises :class:`TextFormError` naming it (docs/formats.md)."""

from __future__ import annotations

from .cards import TEXT, Card, parse_cards
from .errors import TextFormError, quoted, whole_number
from .places import SEATS, Place
from .position import PHASES, PLAY, Outcome, Position
from .rules import rule_set

OUTCOME_REASONS = ("won", "abandoned", "agreed", "dead")


def read_fields(text: str) -> Position:
    """The position written in ``text`` (a TextFormError names the first mistake)."""
    return _read(_fields(text))


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
    p.outcome = _parse_outcome(get("outcome"))
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


def _parse_outcome(text: str) -> Outcome | None:
    if not text:
        return None
    words = text.split()
    if len(words) < 2 or len(words) > 7 or words[1] not in OUTCOME_REASONS:
        raise TextFormError(f"outcome: {quoted(text)} is not 'WINNER REASON POINTS...'")
    w, reason, *nums = words
    n = [whole_number(x, "outcome", 0) for x in nums] + [0] * (5 - len(nums))
    return Outcome(None if w == "-" else _seat(w, "outcome"), reason, *n)
