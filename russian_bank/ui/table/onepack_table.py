"""The one-pack table's controller: gestures to engine actions, bots, messages.

A press on one's own Hand turns a card; a drag raises the top card of a pile (or a
whole Table pile, taken by its bottom card) and the drop plays it. A drop the
engine refuses puts the cards back with the engine's one-line reason. The game runs
through the match runner (``russian_bank.match``) like the two-pack table: people's
actions go in through ``Match.act``, and ``Match.advance`` lets a seat played by the
computer act by itself, one action per ``pace`` seconds. Nothing here draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ...engine.events import CardsMoved, Event, GameOver
from ...engine.position import OVER
from ...match import Match, fresh_rng
from ...onepack import Action, Lift, Move, Position, Turn, action_reason
from ...onepack.actions import DISCARDS, HELD
from ...onepack.bots import Bot, make_bot
from ...onepack.cards import Card
from ...onepack.game import OnePackGame
from ...onepack.position import SEAT_NAMES
from .onepack_layout import OnePackLayout

OPPONENTS = ("human", "novice", "club", "expert")
FLIGHT = 0.22  # seconds a card takes from one pile to another


@dataclass
class Flight:
    """Cards on their way to the top of ``dst`` (drawn between ``start`` and ``end``)."""

    cards: tuple[Card, ...]
    dst: str
    start: tuple[int, int]
    end: tuple[int, int]
    t: float = 0.0

    def at(self) -> tuple[int, int]:
        f = min(1.0, self.t / FLIGHT)
        f = f * f * (3 - 2 * f)  # ease in and out
        x = self.start[0] + (self.end[0] - self.start[0]) * f
        y = self.start[1] + (self.end[1] - self.start[1]) * f
        return round(x), round(y)


@dataclass
class Drag:
    src: str
    count: int  # cards raised (a whole pile for a lift)
    grab: tuple[int, int]  # the pointer's offset inside the lowest raised card
    at: tuple[int, int]


@dataclass
class Message:
    text: str
    kind: str = "info"  # info, refuse, end


@dataclass
class OnePackTable:
    layout: OnePackLayout
    seed: int
    opponent: str = "human"  # who plays North
    pace: float = 0.45
    game: OnePackGame | None = None  # a game to go on with (resumed), else a new deal
    match: Match[OnePackGame] = field(init=False)
    drag: Drag | None = None
    messages: list[Message] = field(default_factory=list)
    flights: list[Flight] = field(default_factory=list)

    def __post_init__(self) -> None:
        game = OnePackGame.new(self.seed) if self.game is None else self.game
        bots: dict[int, Bot] = {}
        if self.opponent != "human":
            bots[1] = make_bot(self.opponent, 1, fresh_rng())  # never from the deal
        self.match = Match(game, bots, action_time=self.pace)
        if game.actions:
            self.say(f"The game goes on: {SEAT_NAMES[self.pos.player]} to play")
            return
        first = SEAT_NAMES[self.pos.player]
        dealer = SEAT_NAMES[self.pos.dealer]
        self.say(f"{dealer} cut lower and dealt; {first} has laid out four and begins")

    @property
    def pos(self) -> Position:
        return self.match.game.position

    @pos.setter
    def pos(self, pos: Position) -> None:  # tests set up positions
        self.match.game.position = pos

    # -- words -----------------------------------------------------------------------

    def say(self, text: str, kind: str = "info") -> None:
        self.messages.append(Message(text, kind))
        del self.messages[:-6]

    def pile_words(self, pile: str, seat: int) -> str:
        if pile in DISCARDS:
            owner = DISCARDS.index(pile)
            return "his own Discard" if owner == seat else f"{SEAT_NAMES[owner]}'s Discard"
        return "the Table"

    def describe(self, ev: Event, seat: int) -> str | None:
        """``ev`` in words; ``seat`` made the action (a lay-out is the other's)."""
        if not isinstance(ev, CardsMoved):
            return None
        if ev.why == "lay out":
            seat = int(ev.src[-1])
        who = SEAT_NAMES[seat]
        cards = " ".join(c.label for c in ev.cards)
        if ev.why == "turn":
            return f"{who} turns {cards}"
        if ev.why == "turn over":
            return f"{who}'s Hand is used up: his Discard is turned over"
        if ev.why == "lay out":
            return f"{who} lays out {cards}"
        if ev.why == "discard":
            return f"{who} puts {cards} on his Discard; {SEAT_NAMES[1 - seat]} to play"
        if ev.why == "lift":
            return f"{who} lifts {cards} onto another pile"
        return f"{who} plays {cards} on {self.pile_words(ev.dst, seat)}"

    def outcome_words(self) -> str:
        o = self.pos.outcome
        if o is None:
            return ""
        if o.winner is None:
            return "Blocked with equal cards: a draw"
        how = "got rid of all his cards" if o.reason == "won" else "has fewer cards (blocked)"
        return f"{SEAT_NAMES[o.winner]} wins {o.points}: {how}"

    # -- acting --------------------------------------------------------------------------

    def is_bot(self, seat: int) -> bool:
        return self.match.is_bot(seat)

    def act(self, action: Action) -> bool:
        reason = self.match.reason(action)
        if reason is not None:
            self.say(reason, "refuse")
            return False
        # a dropped card is where it goes already; a turned card flies from the Hand
        seat = self.pos.player
        self.tell(self.match.act(action, seat), seat, fly=isinstance(action, Turn))
        return True

    def tell(self, events: list[Event], seat: int, fly: bool = True) -> None:
        for ev in events:
            if fly:
                self.fly(ev, seat)
            text = self.describe(ev, seat)
            if text:
                self.say(text)
        if self.pos.phase == OVER and any(isinstance(ev, GameOver) for ev in events):
            self.say(self.outcome_words(), "end")

    def sizes(self) -> dict[str, int]:
        pos = self.pos
        out = {f"hand{s}": len(pos.hands[s]) for s in (0, 1)}
        out.update({DISCARDS[s]: len(pos.discards[s]) for s in (0, 1)})
        out.update({f"place{i}": len(p) for i, p in enumerate(pos.places)})
        out[HELD] = 0 if pos.held is None else 1
        return out

    def human_to_move(self) -> bool:
        return self.pos.phase != OVER and not self.is_bot(self.pos.player)

    def press(self, at: tuple[int, int]) -> None:
        if not self.human_to_move():
            return
        me = self.pos.player
        pile, index = self.layout.pick(at, self.sizes(), me)
        if not pile:
            return
        if pile.startswith("hand"):
            if pile == f"hand{me}":
                self.act(Turn())
            else:
                self.say(f"That is {SEAT_NAMES[1 - me]}'s Hand: turn your own", "refuse")
            return
        n = self.sizes()[pile]
        if n == 0:
            return
        count = 1
        if pile.startswith("place") and index < n - 1:
            if index != 0:
                self.say("Take the top card, or the whole pile by its bottom card", "refuse")
                return
            count = n
        rects = self.held_or_pile_rects(pile, n)
        lowest = rects[n - count]
        self.drag = Drag(pile, count, (at[0] - lowest.x, at[1] - lowest.y), at)

    def held_or_pile_rects(self, pile: str, n: int) -> list[pygame.Rect]:
        if pile == HELD:
            return [self.layout.held_rects[self.pos.player]]
        return self.layout.pile_rects(pile, n)

    def motion(self, at: tuple[int, int]) -> None:
        if self.drag is not None:
            self.drag.at = at

    def drag_action(self, dst: str) -> Action | None:
        """What dropping the dragged cards on ``dst`` would ask of the engine."""
        drag = self.drag
        if drag is None or not dst or dst == drag.src or dst.startswith("hand"):
            return None
        return Lift(drag.src, dst) if drag.count > 1 else Move(drag.src, dst)

    def targets(self) -> list[str]:
        """The piles where the dragged cards may be dropped (the engine says so)."""
        out = []
        for pile in self.layout.rects:
            action = self.drag_action(pile)
            if action is not None and action_reason(self.pos, action) is None:
                out.append(pile)
        return out

    def release(self, at: tuple[int, int]) -> None:
        action = self.drag_action(self.layout.drop_target(at))
        self.drag = None
        if action is not None:  # else the cards go back where they were
            self.act(action)

    def fly(self, ev: Event, seat: int) -> None:
        """Start the flight of the cards an event moved (they are at ``ev.dst``)."""
        if not isinstance(ev, CardsMoved) or ev.why not in ("play", "discard", "lift", "turn"):
            return
        n = len(ev.cards)
        sizes = self.sizes()
        start = self.card_rect(ev.src, sizes[ev.src] + n, sizes[ev.src], seat)
        end = self.card_rect(ev.dst, sizes[ev.dst], sizes[ev.dst] - n, seat)
        self.flights.append(Flight(ev.cards, ev.dst, start.topleft, end.topleft))

    def card_rect(self, pile: str, size: int, index: int, seat: int) -> pygame.Rect:
        """Where card ``index`` of ``pile`` lies when the pile holds ``size`` cards."""
        if pile == HELD:
            return self.layout.held_rects[seat]
        return self.layout.pile_rects(pile, max(1, size))[max(0, min(index, size - 1))]

    def flying(self) -> dict[str, int]:
        """Cards still in the air, by the pile they are flying to."""
        out: dict[str, int] = {}
        for f in self.flights:
            out[f.dst] = out.get(f.dst, 0) + len(f.cards)
        return out

    def update(self, dt: float) -> None:
        for f in self.flights:
            f.t += dt
        self.flights = [f for f in self.flights if f.t < FLIGHT]
        # the computer waits while cards are still flying
        for step in self.match.advance(dt, hold=bool(self.flights)):
            self.tell(list(step.events), step.seat)

    def hint(self) -> str:
        if self.pos.phase == OVER:
            return self.outcome_words()
        who = SEAT_NAMES[self.pos.player]
        if self.is_bot(self.pos.player):
            return f"{who} (computer, {self.opponent}) is playing"
        if self.pos.held is not None:
            return f"{who}: play the turned card, or drop it on your Discard to end your turn"
        return f"{who}: click your Hand to turn a card, or drag a card to play it"
