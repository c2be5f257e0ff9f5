"""The referee of the one-pack game (003): what may be played, why not, and what happens.

Every rule is answered by one predicate, :func:`action_reason`, which returns ``None``
for a legal action or a one-line reason in words citing 003 (or the reading in
docs/one-pack.md that fills a gap). :func:`legal_actions` is the list of
actions it accepts, in a fixed order. No rule reads a Hand's cards, only its size, so
the same functions answer for a bot's working position (``observation.working_position``:
the Hands hold stand-ins) and bots ask the engine, never re-derive it.
"""

from __future__ import annotations

from ..game.actions import Abandon, AgreeDraw
from ..game.cards import Card
from ..game.events import CardsMoved, Event, GameOver
from ..game.memo import Memo
from ..game.outcome import Outcome
from ..game.places import SEATS
from ..i18n import _
from .actions import DISCARDS, HELD, PILES, PLACE_NAMES, Action, Lift, Move, Turn, place_index
from .cards import STEP, step
from .position import Position, lay_out, row_of
from .ruleset import RULES

SHIFT_LIMIT = 40  # Table-to-Table moves per innings (backstop, docs/one-pack.md)


def too_many_shifts() -> str:
    text = _("No more than {n} moves within the Table in one turn (no endless shifting).")
    return text.format(n=SHIFT_LIMIT)


def fits_pile(card: Card, pile: list[Card]) -> str | None:
    """Why ``card`` may not go on top of the non-empty ``pile`` (None if it may).

    003 keeps a started sequence in its direction; with one pack that needs no
    check of its own: the card that would turn a pile back is the one already
    under its top (docs/one-pack.md)."""
    if step(pile[-1], card) == 0:
        text = _("003: the {card} is not next to the {under} in suit and sequence.")
        return text.format(card=card.label, under=pile[-1].label)
    return None


def open_space(t: Position) -> bool:
    return any(not p and t.laid[row_of(i)] for i, p in enumerate(t.places))


def top(t: Position, pile: str) -> Card | None:
    if pile == HELD:
        return t.held
    if pile in DISCARDS:
        d = t.discards[DISCARDS.index(pile)]
        return d[-1] if d else None
    p = t.places[place_index(pile) or 0]
    return p[-1] if p else None


def action_reason(t: Position, action: Action) -> str | None:
    if t.outcome is not None:
        return _("The game is over.")
    if isinstance(action, Abandon | AgreeDraw):  # at any time (000 §34, §37, read into 003)
        return None
    if not isinstance(action, Turn | Move | Lift):
        return _("There is no {action} in the one-pack game (003).").format(action=action)
    me = t.player
    mine, theirs = DISCARDS[me], DISCARDS[1 - me]
    if isinstance(action, Turn):
        if t.held is not None:
            return _("Play the card you turned, or put it on your Discard, before turning another.")
        if t.hand_size(me) == 0 and not t.discards[me]:
            return _("You have no card left to turn.")
        if t.discards[me] and open_space(t):
            return _("003: a space must be filled from your Discard before you turn another card.")
        return None
    src, dst = action.src, action.dst
    card = top(t, src)
    if card is None:
        return _("There is no card there to move.")
    if src == dst:
        return _("The card is already there.")
    di = place_index(dst)
    if isinstance(action, Lift):
        si = place_index(src)
        if si is None or di is None:
            return _(
                "Only a whole pile of the Table can be lifted, onto another pile of the Table."
            )
        return _why_not_lift(t, t.places[si], t.places[di])
    if dst == theirs:
        if src not in (HELD, mine):
            return _(
                "003: you build on your opponent's Discard only from your Hand or your Discard."
            )
        if not t.discards[1 - me]:
            return _("Your opponent's Discard is empty: there is nothing to build on.")
        if step(t.discards[1 - me][-1], card) == 0:
            return _("003: on your opponent's Discard a card goes only in suit and sequence.")
        return None
    if dst == mine:
        if src != HELD:
            return _("Only the card you have just turned goes on your Discard (003).")
        return None
    if di is None:
        return _("A card cannot go there.")
    if not t.laid[row_of(di)]:
        return _("{seat} has not laid out his row yet (003).").format(seat=SEATS[row_of(di)])
    pile = t.places[di]
    si = place_index(src)
    if si is not None and t.shifts >= SHIFT_LIMIT:
        return too_many_shifts()
    if pile:
        return fits_pile(card, pile)
    if src == theirs:
        return _("Your opponent's Discard top may only continue a sequence, not fill a space.")
    if si is not None and len(t.places[si]) == 1:
        return _("Moving a lone card into another space changes nothing.")
    return None


def _why_not_lift(t: Position, moved: list[Card], onto: list[Card]) -> str | None:
    if len(moved) < 2:
        return _("Move a single card instead of lifting it.")
    if not onto:
        return _("003: a sequence is reversed into a space one card at a time, not lifted.")
    if t.shifts >= SHIFT_LIMIT:
        return too_many_shifts()
    return fits_pile(moved[0], onto)


def legal_actions(t: Position) -> list[Action]:
    """The legal actions in a stable order: moves by source (held card, own
    Discard, opponent's Discard, places 0-7; each to places 0-7, then the
    opponent's Discard, then one's own), then lifts, then turn.

    The same answers as :func:`action_reason` (a property test checks it over every
    action there is), computed without building the reasons: the places each
    card may go on are worked out once as a bit mask (one bit per place), and
    the moves of one source onto the places of one mask are a row made once
    (``_rows``). A card is moved only onto a place of a row laid out (``usable``);
    a lift is not asked about the row."""
    if t.outcome is not None:
        return []
    me = t.player
    places = t.places
    laid = t.laid
    usable = (15 if laid[0] else 0) | (240 if laid[1] else 0)
    fit = [0] * 52  # the places whose top each card goes on
    spaces = 0
    bit = 1
    for p in places:
        if p:
            for c in _NEIGHBOURS[p[-1]]:
                fit[c] |= bit
        elif usable & bit:
            spaces |= bit
        bit <<= 1
    can_shift = t.shifts < SHIFT_LIMIT
    their = t.discards[1 - me]
    their_top = their[-1] if their else None
    mine = t.discards[me]
    out: list[Action] = []
    held = t.held
    if held is not None:
        moves = _MOVES[HELD]
        m = (fit[held] & usable) | spaces
        if m:
            out += _ROWS[HELD, m]
        if their_top is not None and STEP[their_top * 52 + held]:
            out.append(moves[9 - me])
        out.append(moves[8 + me])
    if mine:
        name = DISCARDS[me]
        card = mine[-1]
        m = (fit[card] & usable) | spaces
        if m:
            out += _ROWS[name, m]
        if their_top is not None and STEP[their_top * 52 + card]:
            out.append(_MOVES[name][9 - me])
    if their_top is not None:
        m = fit[their_top] & usable  # never into a space
        if m:
            out += _ROWS[DISCARDS[1 - me], m]
    if can_shift:
        bit = 1
        for i in range(8):
            p = places[i]
            if p:
                m = ((fit[p[-1]] & usable) | (spaces if len(p) > 1 else 0)) & ~bit
                if m:
                    out += _ROWS[PLACE_NAMES[i], m]
            bit <<= 1
        bit = 1
        for i in range(8):
            p = places[i]
            if len(p) >= 2:
                m = fit[p[0]] & ~bit
                if m:
                    out += _lift_rows(i, m)
            bit <<= 1
    if held is None and (t.hand_size(me) or mine) and not (mine and open_space(t)):
        out.append(_TURN)
    return out


def _row(key: tuple[str, int]) -> tuple[Move, ...]:
    src, mask = key
    moves = _MOVES[src]
    return tuple([moves[j] for j in _BITS[mask]])


# _BITS[mask]: the places of the mask (0-7), in order
_BITS = tuple(tuple(j for j in range(8) if mask >> j & 1) for mask in range(256))
# _ROWS[src, mask]: the moves from ``src`` onto the places of ``mask``, in place order
_ROWS: Memo[tuple[str, int], tuple[Move, ...]] = Memo(_row)


def _lift_rows(i: int, mask: int) -> tuple[Lift, ...]:
    lifts = _LIFTS[i]
    return tuple([lifts[j] for j in _BITS[mask]])


# the cards that go on each card (in suit and sequence, either way: ``step``)
_NEIGHBOURS = tuple(tuple(b for b in range(52) if STEP[a * 52 + b]) for a in range(52))


# every action made once and shared (actions are immutable values): _MOVES[src][j] onto
# place j (0-7), discard0 (8) or discard1 (9); _LIFTS[i][j] lifts place i onto place j
_MOVES = {src: tuple(Move(src, dst) for dst in (*PLACE_NAMES, *DISCARDS)) for src in PILES}
_LIFTS = tuple(tuple(Lift(a, b) for b in PLACE_NAMES) for a in PLACE_NAMES)
_TURN = Turn()
_INDEX = {name: place_index(name) for name in PILES}


def _take(t: Position, src: str) -> Card:
    if src == HELD:
        card = t.held
        assert card is not None
        t.held = None
        return card
    if src in DISCARDS:
        return t.discards[DISCARDS.index(src)].pop()
    return t.places[_INDEX[src] or 0].pop()


def move_cards(t: Position, action: Move | Lift) -> CardsMoved[str]:
    """Carry out a move or lift on ``t`` (no checks); the cards only, no turn change.
    ``why`` is ``lift``, ``discard`` (the held card onto one's own Discard: the turn
    ends) or ``play``."""
    me = t.player
    di = _INDEX[action.dst]
    if isinstance(action, Lift):
        si = _INDEX[action.src]
        assert si is not None and di is not None
        cards = tuple(t.places[si])
        t.places[si] = []
        t.places[di] += cards
        t.shifts += 1
        return CardsMoved(cards, action.src, action.dst, why="lift")
    card = _take(t, action.src)
    if di is not None:
        t.places[di].append(card)
        if _INDEX[action.src] is not None:
            t.shifts += 1
    else:
        t.discards[DISCARDS.index(action.dst)].append(card)
    why = "discard" if action.dst == DISCARDS[me] else "play"
    return CardsMoved((card,), action.src, action.dst, why=why)


def apply(pos: Position, action: Action, check: bool = True) -> list[Event]:
    """Play ``action`` for the Player; return what happened. Raises ValueError
    with the reason if ``check`` and the action is not legal."""
    if check:
        reason = action_reason(pos, action)
        if reason:
            raise ValueError(reason)
    me = pos.player
    events: list[Event] = []
    if isinstance(action, Abandon):  # the other wins, as if he had gone out
        left = pos.cards_left(action.seat)
        points = RULES.game_points + left * RULES.card_points
        game = RULES.game_points
        pos.outcome = Outcome(1 - action.seat, "abandoned", points, game, hand_cards=left)
        return [GameOver(pos.outcome)]
    if isinstance(action, AgreeDraw):
        pos.outcome = Outcome(None, "agreed")
        return [GameOver(pos.outcome)]
    if isinstance(action, Turn):
        if not pos.hands[me]:
            if pos.turnovers[me] and pos.marks[me] == pos.table_size():
                pos.outcome = blocked_outcome(pos)
                events.append(GameOver(pos.outcome))
                return events
            turned = tuple(pos.discards[me])
            pos.hands[me] = pos.discards[me][::-1]
            pos.discards[me] = []
            pos.turnovers[me] += 1
            pos.marks[me] = pos.table_size()
            events.append(CardsMoved(turned, DISCARDS[me], f"hand{me}", False, "turn over"))
        pos.held = pos.hands[me].pop()
        events.append(CardsMoved((pos.held,), f"hand{me}", HELD, why="turn"))
        return events
    ev = move_cards(pos, action)
    events.append(ev)
    if ev.why == "discard":
        pos.player = 1 - me
        pos.shifts = 0
        if not pos.laid[pos.player]:
            cards = lay_out(pos, pos.player)
            laid = tuple(cards)
            events += [
                CardsMoved(
                    (c,), f"hand{pos.player}", PLACE_NAMES[pos.player * 4 + k], why="lay out"
                )
                for k, c in enumerate(laid)
            ]
    for seat in (me, 1 - me):
        if pos.cards_left(seat) == 0:
            left = pos.cards_left(1 - seat)
            points = RULES.game_points + left * RULES.card_points
            pos.outcome = Outcome(seat, "won", points, RULES.game_points, hand_cards=left)
            events.append(GameOver(pos.outcome))
            break
    return events


def blocked_outcome(pos: Position) -> Outcome:
    """Neither can go out (the game is dead, ``dead``): whoever has fewer cards left
    wins the difference, with no game points."""
    a, b = pos.cards_left(0), pos.cards_left(1)
    if a == b:
        return Outcome(None, "dead")
    return Outcome(0 if a < b else 1, "dead", abs(a - b), hand_cards=abs(a - b))
