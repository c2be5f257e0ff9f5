"""Gestures to engine actions, timers, and the animations that follow.

The rule book's gestures are the engine's vocabulary (DESIGN.md): pressing on an
exposed card raises it (``Raise``), letting it go on a place plays it (``Play``),
letting it go where it may not go puts it back (``Back``; on a Bank where a single
card does not fit, ``Back(tried_bank=True)``, which shows the intention to bank,
000 §71, §88), a click on a face-down Stock or Hand turns it, a click on the empty
Hand turns the Discard over. The engine alone decides what is legal and what is a
fault; this module never judges a rule.

Timers live here too: the grace period for a Stop after a win by a faulty last
card (§68), the automatic referee, and the pace of a computer opponent.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from ..engine import (
    ARRANGING,
    OVER,
    PENDING,
    PLAY,
    Abandon,
    Action,
    AgreeDraw,
    Back,
    Card,
    Compel,
    DiscardHeld,
    EndInnings,
    Game,
    IllegalAction,
    Place,
    Play,
    Raise,
    Stand,
    Stop,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
    bank_for,
    compel_offered,
    observe,
    stop_reason,
)
from ..engine.events import (
    CardsMoved,
    Compelled,
    Event,
    FaultOpened,
    GameOver,
    InningsEnded,
    StopCalled,
    WinPending,
)
from ..engine.places import BANK, DISCARD, HAND, HELD, HELD_PLACE, SEATS, STOCK, TABLE
from . import words
from .layout import Layout

# actions by the Player at the table: the only ones Undo takes back
PLAYER_ACTIONS = (Raise, Back, Play, TurnStock, TurnHand, DiscardHeld, TurnOverDiscard, EndInnings)

GRACE = 3.0  # seconds the adversary has to Stop a win by a faulty last card (§68)
AUTO_STOP_DELAY = 0.7  # the automatic referee calls Stop after this long
DOUBLE_CLICK = 0.4
DRAG_THRESHOLD = 5
MESSAGE_TIME = 6.0
PACE = {"slow": 1.6, "normal": 1.0, "fast": 0.55, "instant": 0.0}
FLIGHT_TIME = 0.2
BOT_DELAY = 0.65  # seconds between a computer Player's definite actions (normal pace)

FAULT_MODES = ("manual", "automatic", "beginner")


@dataclass
class Flight:
    """A card travelling from one rectangle to another (or turning over in place)."""

    card: Card
    start: pygame.Rect
    end: pygame.Rect
    face_up: bool
    was_up: bool
    left: bool
    duration: float
    delay: float = 0.0
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        x = min(1.0, max(0.0, (self.t - self.delay) / self.duration))
        return 1 - (1 - x) ** 3  # ease out

    def rect(self) -> pygame.Rect:
        p = self.progress()
        x = self.start.x + (self.end.x - self.start.x) * p
        y = self.start.y + (self.end.y - self.start.y) * p
        return pygame.Rect(round(x), round(y), self.end.w, self.end.h)

    def showing(self) -> tuple[bool, float]:
        """(face up?, horizontal squash 0..1) for a card turning over in flight."""
        if self.face_up == self.was_up:
            return self.face_up, 1.0
        p = self.progress()
        if p < 0.5:
            return self.was_up, 1 - 2 * p
        return self.face_up, 2 * p - 1


@dataclass
class Drag:
    src: Place
    count: int
    cards: list[Card]
    grab: tuple[int, int]  # mouse offset from the first card's top-left
    start: tuple[int, int]
    pos: tuple[int, int]
    rects: list[pygame.Rect]  # where the cards lay when the drag began
    raised: bool  # the engine was told (Raise); the held card needs no raise
    moved: bool = False

    def card_rects(self) -> list[pygame.Rect]:
        x0 = self.pos[0] - self.grab[0]
        y0 = self.pos[1] - self.grab[1]
        first = self.rects[0]
        return [r.move(x0 - first.x, y0 - first.y) for r in self.rects]


@dataclass
class Message:
    text: str
    until: float
    kind: str = "info"  # info, refuse, stop, fault


@dataclass
class Placed:
    rect: pygame.Rect
    face_up: bool
    left: bool = False


@dataclass
class Options:
    fault_mode: str = "manual"
    pace: str = "normal"
    grace: float = GRACE
    motion: bool = True  # False: reduced motion, cards move at once (no flights)


@dataclass
class TableController:
    game: Game
    layout: Layout
    options: Options = field(default_factory=Options)
    play_sound: Callable[[str], None] = lambda name: None
    bots: dict[int, Any] = field(default_factory=dict)
    on_change: Callable[[], None] = lambda: None

    def __post_init__(self) -> None:
        self.clock = 0.0
        self.flights: list[Flight] = []
        self.drag: Drag | None = None
        self.spread: Place | None = None
        self.messages: dict[int, Message] = {}
        self.pending_left: float | None = None
        self.auto_timer = 0.0
        self.bot_timer = 0.0
        self.over_timer = 0.0
        self.reported = False
        self.version = 0
        self.last_reason: str | None = None
        self.last_click: tuple[float, Place] | None = None
        self.log: list[str] = []
        self._buttons_cache: tuple[int, dict[str, bool]] | None = None

    # -- state for the renderer ----------------------------------------------

    @property
    def position(self):  # noqa: ANN201 - Position
        return self.game.position

    def pace(self) -> float:
        return PACE.get(self.options.pace, 1.0)

    def hidden(self) -> set[Card]:
        """Cards not drawn in their pile this frame (flying or dragged)."""
        out = {f.card for f in self.flights}
        if self.drag is not None:
            out.update(self.drag.cards)
        return out

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def shown_phase(self) -> str:
        return self.position.phase

    def grace_left(self) -> float | None:
        return self.pending_left if self.position.phase == PENDING else None

    def controls(self) -> dict[str, bool]:
        """Which optional buttons to show (cached per position version).

        The Compel button is shown only when the engine offers a Compel (§38, §70;
        judged without looking at an open fault, which the screen never shows);
        End innings depends only on the Player's own cards (§53)."""
        if self._buttons_cache is None or self._buttons_cache[0] != self.version:
            pos = self.position
            shown = {
                "end": pos.phase == PLAY and self.game.reason(EndInnings()) is None,
                "compel": compel_offered(pos, pos.adversary),
            }
            self._buttons_cache = (self.version, shown)
        return self._buttons_cache[1]

    def placed_cards(self) -> dict[Card, Placed]:
        """Where every card lies now (the dragged ones where the mouse holds them)."""
        pos = self.position
        L = self.layout
        out: dict[Card, Placed] = {}
        lift = L.card_size[1] // 10
        raised_cards: set[Card] = set()
        if pos.raised is not None and self.drag is None:
            src, count = pos.raised
            if src.kind == TABLE:
                raised_cards.update(pos.table[src.index][-count:])
            elif src.kind == STOCK and pos.stock[src.index]:
                raised_cards.add(pos.stock[src.index][-1])
            elif src.kind == DISCARD and pos.discard[src.index]:
                raised_cards.add(pos.discard[src.index][-1])
        toward = -lift if pos.player == 0 else lift
        for s in (0, 1):
            r = L.rects[Place(STOCK, s)]
            n, up = len(pos.stock[s]), pos.stock_up[s]
            for i, c in enumerate(pos.stock[s]):
                out[c] = Placed(r, i >= n - up)
            r = L.rects[Place(HAND, s)]
            for c in pos.hand[s]:
                out[c] = Placed(r, False)
            r = L.rects[Place(DISCARD, s)]
            for c in pos.discard[s]:
                out[c] = Placed(r, True)
        if pos.held is not None:
            out[pos.held] = Placed(L.held_rects[pos.player], True)
        for i, col in enumerate(pos.table):
            left = L.fans_left(i)
            last = len(col) - 1
            for k, (c, r) in enumerate(zip(col, L.table_card_rects(i, len(col)), strict=True)):
                # only covered cards need the second index (the top card shows whole)
                out[c] = Placed(r, True, left and k < last)
        for i, bank in enumerate(pos.banks):
            r = L.rects[Place(BANK, i)]
            for c in bank:
                out[c] = Placed(r, True)
        for c in raised_cards:
            p = out[c]
            out[c] = Placed(p.rect.move(0, toward), True, p.left)
        if self.drag is not None:
            last = len(self.drag.cards) - 1
            for k, (c, r) in enumerate(zip(self.drag.cards, self.drag.card_rects(), strict=True)):
                left = out[c].left if c in out else False
                out[c] = Placed(r, True, left and k < last)
        return out

    # -- hit testing ------------------------------------------------------------

    def hit(self, pos: tuple[int, int]) -> tuple[Place, int] | None:
        """The place under the mouse and, for a Table fan, the card index."""
        L = self.layout
        p = self.position
        if p.held is not None and L.held_rects[p.player].collidepoint(pos):
            return HELD_PLACE, 0
        for place, rect in L.rects.items():
            if place.kind == TABLE:
                col = p.table[place.index]
                rects = L.table_card_rects(place.index, len(col))
                for k in range(len(rects) - 1, -1, -1):
                    if rects[k].collidepoint(pos):
                        return place, k
                if not col and rect.collidepoint(pos):
                    return place, 0
            elif rect.collidepoint(pos):
                return place, 0
        return None

    # -- messages -----------------------------------------------------------------

    def say(self, seat: int, text: str, kind: str = "info") -> None:
        self.messages[seat] = Message(text, self.clock + MESSAGE_TIME, kind)
        self.log.append(f"{SEATS[seat]}: {text}")
        del self.log[:-200]

    def refuse(self, seat: int, reason: str) -> None:
        self.last_reason = reason
        self.say(seat, reason, "refuse")
        self.play_sound("refuse")

    # -- applying actions -----------------------------------------------------------

    def act(self, action: Action | str, seat: int | None = None) -> bool:
        """Apply one action through the engine; animate, sound and report what happened.
        Returns False (and shows the reason) when the engine refuses it."""
        game = self.game
        pos = game.position
        actor = pos.player if seat is None else seat
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except ValueError as e:
                self.refuse(actor, str(e))
                return False
        before = self.placed_cards()
        try:
            events = game.apply(action)
        except IllegalAction as e:
            self.refuse(actor, e.reason)
            return False
        d = self.drag
        if d is not None:
            now = game.position
            gone = now.raised is None if d.raised else now.held != d.cards[0]
            if gone:
                self.drag = None
        self.version += 1
        self.last_reason = None
        if action.definite:
            for s in (0, 1):  # a new action makes old notices and refusals stale
                m = self.messages.get(s)
                if m is not None and m.kind in ("info", "refuse"):
                    del self.messages[s]
        self._animate(before, self.placed_cards())
        self._report(events, actor)
        self.on_change()
        return True

    def _animate(self, before: dict[Card, Placed], after: dict[Card, Placed]) -> None:
        scale = self.pace()
        if scale <= 0 or not self.options.motion:
            return
        flying = {f.card: f for f in self.flights}
        n = 0
        for card, a in after.items():
            b = before.get(card)
            if b is None:
                continue
            if self.drag is not None and card in self.drag.cards:
                continue
            if b.rect.topleft == a.rect.topleft and b.face_up == a.face_up:
                continue
            start = b.rect
            old = flying.get(card)
            if old is not None:
                start = old.rect()
                self.flights.remove(old)
            dist = math.hypot(a.rect.x - start.x, a.rect.y - start.y)
            dur = (0.12 + min(0.22, dist / 4000)) * scale
            if b.face_up != a.face_up:
                dur = max(dur, 0.25 * scale)
            delay = min(n, 12) * 0.025 * scale
            self.flights.append(
                Flight(card, start, a.rect, a.face_up, b.face_up, a.left, dur, delay)
            )
            n += 1

    def _report(self, events: list[Event], actor: int) -> None:
        sound = None
        for ev in events:
            if isinstance(ev, CardsMoved):
                if ev.dst.kind == BANK:
                    sound = sound or "bank"
                elif ev.why in ("turn", "turn over"):
                    sound = sound or "turn"
                elif ev.why != "stop":
                    sound = sound or "play"
            elif isinstance(ev, StopCalled):
                sound = "stop"
                text = words.stop_words(ev)
                self.say(0, text, "stop")
                self.say(1, text, "stop")
            elif isinstance(ev, Compelled):
                self.say(ev.seat, words.compel_words(ev), "stop")
                self.say(1 - ev.seat, words.compel_words(ev), "stop")
            elif isinstance(ev, FaultOpened):
                self.log.append(f"fault: {ev.note}")
            elif isinstance(ev, InningsEnded):
                nxt = ev.next_player
                if ev.reason != "stop":
                    self.say(nxt, f"{SEATS[nxt]} to play: your innings begins")
            elif isinstance(ev, WinPending):
                self.pending_left = self.options.grace
                adv = 1 - ev.seat
                self.say(adv, f"{SEATS[ev.seat]} played the last card", "fault")
            elif isinstance(ev, GameOver):
                sound = "win"
                self.say(0, f"Game over: {words.outcome_words(ev.outcome)}")
                self.say(1, f"Game over: {words.outcome_words(ev.outcome)}")
        if sound:
            self.play_sound(sound)

    def _beginner_blocks(self, action: Action, seat: int) -> bool:
        if self.options.fault_mode != "beginner":
            return False
        note = self.game.would_fault(action)
        if note:
            self.refuse(seat, f"Beginner mode: not allowed, it would be a fault: {note}")
            return True
        return False

    def player_act(self, action: Action) -> bool:
        """An action by the Player from the table (beginner mode may refuse it)."""
        seat = self.position.player
        if self._beginner_blocks(action, seat):
            return False
        return self.act(action, seat)

    # -- gestures -----------------------------------------------------------------------

    def human_turn(self) -> bool:
        p = self.position
        return p.phase in (ARRANGING, PLAY) and not self.is_bot(p.player)

    def press(self, mouse: tuple[int, int], button: int = 1) -> None:
        if button == 3:
            self._spread_at(mouse)
            return
        if button != 1 or self.drag is not None:
            return
        hit = self.hit(mouse)
        if hit is None:
            return
        place, k = hit
        p = self.position
        me = p.player
        if self.shown_phase() == OVER:
            return
        if self.shown_phase() == PENDING:
            self.refuse(me, "The last card is played; the adversary may call Stop (§68)")
            return
        if self.is_bot(me):
            self.say(1 - me, f"Wait: it is {SEATS[me]}'s innings")
            return
        # double click on an exposed card: to a Bank if it fits
        last = self.last_click
        self.last_click = None
        double = last is not None and last[1] == place and self.clock - last[0] <= DOUBLE_CLICK
        if double and place.kind in (TABLE, STOCK, DISCARD, HELD):
            self._double_click(place)
            return
        kind = place.kind
        if kind == BANK:
            if p.banks[place.index]:
                self.refuse(me, "Cards on the Banks stay there (§76 d)")
            return
        if kind in (STOCK, HAND, DISCARD) and place.index != me:
            owner = SEATS[place.index]
            if kind == HAND or (kind == STOCK and not p.stock_up[place.index]):
                self.refuse(me, f"That is {owner}'s {kind.title()}; it is {SEATS[me]}'s innings")
            else:
                self.refuse(me, f"You may build on {owner}'s {kind.title()} but not take from it")
            return
        if kind == TABLE:
            col = p.table[place.index]
            if col:
                self._start_drag(place, len(col) - k, mouse)
        elif kind == STOCK:
            if not p.stock[me]:
                return
            if p.stock_up[me]:
                self._start_drag(place, 1, mouse)
            else:
                self.player_act(TurnStock())
        elif kind == DISCARD:
            if p.discard[me]:
                self._start_drag(place, 1, mouse)
        elif kind == HAND:
            if p.hand[me]:
                self.player_act(TurnHand())
            elif p.discard[me]:
                self.player_act(TurnOverDiscard())
            else:
                self.refuse(me, "Your Hand and Discard are empty")
        elif kind == HELD:
            self._start_drag(HELD_PLACE, 1, mouse)

    def _start_drag(self, place: Place, count: int, mouse: tuple[int, int]) -> None:
        raised = place.kind != HELD
        if raised:
            action = Raise(place, count)
            if self._beginner_blocks(action, self.position.player):
                return
            if not self.act(action):
                return
        placed = self.placed_cards()
        cards = self._cards_at(place, count)
        rects = [placed[c].rect for c in cards]
        grab = (mouse[0] - rects[0].x, mouse[1] - rects[0].y)
        self.drag = Drag(place, count, cards, grab, mouse, mouse, rects, raised)

    def _cards_at(self, place: Place, count: int) -> list[Card]:
        p = self.position
        if place.kind == TABLE:
            return p.table[place.index][-count:]
        if place.kind == STOCK:
            return [p.stock[place.index][-1]]
        if place.kind == DISCARD:
            return [p.discard[place.index][-1]]
        assert p.held is not None
        return [p.held]

    def motion(self, mouse: tuple[int, int]) -> None:
        d = self.drag
        if d is None:
            return
        d.pos = mouse
        if abs(mouse[0] - d.start[0]) + abs(mouse[1] - d.start[1]) > DRAG_THRESHOLD:
            d.moved = True

    def release(self, mouse: tuple[int, int], button: int = 1) -> None:
        if button == 3:
            self.spread = None
            return
        d = self.drag
        if button != 1 or d is None:
            return
        d.pos = mouse
        p = self.position
        me = p.player
        dst = self.layout.drop_target(mouse, me)
        if dst is None or dst == d.src or dst.kind in (HELD, HAND):
            if dst is not None and dst.kind == HAND and dst != d.src and d.moved:
                self._put_back(d, "Cards never go to a Hand (§19)")
            else:
                self._put_back(d, None)
            if not d.moved:
                self.last_click = (self.clock, d.src)
            return
        action: Action
        if d.src.kind == HELD and dst == Place(DISCARD, me):
            action = DiscardHeld()
        else:
            try:
                action = self.game.find_play(d.src, dst, d.count)
            except IllegalAction as e:
                self._put_back(d, e.reason, tried_bank=dst.kind == BANK and d.count == 1)
                return
        if self._beginner_blocks(action, me):
            self._put_back(d, None)
            return
        if not self.act(action):
            self._put_back(d, None)

    def _put_back(self, d: Drag, reason: str | None, tried_bank: bool = False) -> None:
        me = self.position.player
        if d.raised and self.position.raised is not None:
            self.act(Back(tried_bank))
        else:
            before = self.placed_cards()
            self.drag = None
            self._animate(before, self.placed_cards())
        self.drag = None
        if reason:
            self.refuse(me, reason)

    def _double_click(self, place: Place) -> None:
        p = self.position
        target = bank_for(p, place)
        if target is None:
            self.refuse(p.player, "That card does not fit on any Bank")
            return
        count = 1
        if place.kind == TABLE and not p.table[place.index]:
            return
        self.player_act(self.game.find_play(place, target, count))

    def _spread_at(self, mouse: tuple[int, int]) -> None:
        """§40, §45-47: a Stock or Discard may be looked through at any time (no fault)."""
        hit = self.hit(mouse)
        if hit is None:
            return
        place = hit[0]
        if place.kind in (STOCK, DISCARD):
            self.spread = place

    def spread_cards(self) -> list[Card]:
        if self.spread is None:
            return []
        p = self.position
        s = self.spread.index
        if self.spread.kind == STOCK:
            up = p.stock_up[s]
            return p.stock[s][len(p.stock[s]) - up :] if up else []
        return list(p.discard[s])

    # -- buttons and keys ---------------------------------------------------------------

    def call_stop(self, seat: int) -> bool:
        if self.is_bot(seat):
            return False
        return self.act(Stop(seat), seat)

    def call_compel(self, seat: int) -> bool:
        return self.act(Compel(seat), seat)

    def end_innings(self) -> bool:
        if not self.human_turn():
            return False
        return self.player_act(EndInnings())

    # -- abandoning, draws, undo (menu) -------------------------------------------

    def humans(self) -> list[int]:
        return [s for s in (0, 1) if not self.is_bot(s)]

    def abandon(self, seat: int) -> bool:
        """§34: ``seat`` abandons the game (and pays the penalty)."""
        if self.is_bot(seat):
            return False
        self._drop_drag()
        return self.act(Abandon(seat), seat)

    def agree_draw(self) -> bool:
        """§37: both players agree to a draw."""
        self._drop_drag()
        return self.act(AgreeDraw())

    def ask_bot_draw(self, seat: int) -> bool:
        """``seat`` (a human) offers a draw to the computer; True if it accepts."""
        other = 1 - seat
        bot = self.bots.get(other)
        if bot is None or self.position.phase == OVER:
            return False
        try:
            yes = bool(bot.accepts_draw(observe(self.position, other)))
        except Exception as e:  # a bot bug must not end the game
            self.log.append(f"bot {SEATS[other]} accepts_draw failed: {e!r}")
            yes = False
        if yes:
            done = self.agree_draw()
            self.say(seat, f"Computer {SEATS[other]} accepts: the game is drawn by agreement")
            return done
        self.say(seat, f"Computer {SEATS[other]} declines the draw: play on")
        return False

    def _drop_drag(self) -> None:
        if self.drag is not None:
            self._put_back(self.drag, None)

    def undo_reason(self) -> str | None:
        """None if Undo may take back the last action now, else why not.

        Casual play only: never in automatic referee mode, never past a Stop, a
        Compel, a Stand or the end of the game; against a computer only the human's
        own actions within his own innings."""
        if self.options.fault_mode == "automatic":
            return "No Undo with the automatic referee (Settings: Faults)"
        game = self.game
        pos = self.position
        if self.shown_phase() == OVER:
            return "The game is over"
        if self.shown_phase() == PENDING:
            return "The last card is played: it cannot be taken back"
        steps = self._undo_steps()
        if not steps:
            return "Nothing to undo"
        acts = game.actions[-steps:]
        if any(not isinstance(a, PLAYER_ACTIONS) for a in acts):
            last = next(a for a in reversed(acts) if not isinstance(a, PLAYER_ACTIONS))
            return f"Undo stops at {words.action_name(last)}: it cannot be taken back"
        if self.bots:
            if self.is_bot(pos.player):
                return f"It is {SEATS[pos.player]}'s innings: only your own actions can be undone"
            if any(isinstance(a, DiscardHeld | EndInnings) for a in acts):
                return "Only actions of your present innings can be undone"
        return None

    def _undo_steps(self) -> int:
        """How many recorded actions one Undo takes back: the last definite action
        with the raise that began it, and any raise/put-back after it."""
        acts = self.game.actions
        i = len(acts)
        while i > 0 and not acts[i - 1].definite:
            i -= 1
        if i == 0:
            return 0
        i -= 1  # the definite action
        while i > 0 and isinstance(acts[i - 1], Raise):
            i -= 1
        return len(acts) - i

    def undo(self) -> bool:
        """Take back the last action (Ctrl+Z); the cards fly back."""
        if self.drag is not None:
            self._put_back(self.drag, None)
        reason = self.undo_reason()
        if reason is not None:
            me = self.position.player
            self.refuse(1 - me if self.is_bot(me) else me, reason)
            return False
        before = self.placed_cards()
        taken = []
        for _ in range(self._undo_steps()):
            a = self.game.undo()
            if a is not None:
                taken.append(a)
        definite = next((a for a in taken if a.definite), None)
        self.version += 1
        self.pending_left = None
        self.auto_timer = 0.0
        self.bot_timer = 0.0
        self.last_click = None
        self.messages.clear()
        self._animate(before, self.placed_cards())
        said = "Undid a raise" if definite is None else words.undo_words(self.position, definite)
        self.say(self.position.player, said)
        self.play_sound("turn")
        self.on_change()
        return True

    # -- time -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        for f in self.flights:
            f.t += dt
        if self.flights:
            self.flights = [f for f in self.flights if not f.done]
        for seat in list(self.messages):
            if self.messages[seat].until < self.clock:
                del self.messages[seat]
        p = self.position
        adv = p.adversary
        # the grace period after a win by a faulty last card (§68)
        if p.phase == PENDING:
            if self.pending_left is None:
                self.pending_left = self.options.grace
            self.pending_left -= dt
            if self.options.fault_mode == "automatic" and not self.is_bot(adv):
                self.pending_left = min(self.pending_left, self.options.grace - AUTO_STOP_DELAY)
            if self.pending_left <= 0 and not self.is_bot(adv):
                self.pending_left = None
                if self.options.fault_mode == "automatic":
                    self.act(Stop(adv), adv)
                else:
                    self.act(Stand(adv), adv)
        else:
            self.pending_left = None
        # the automatic referee: the adversary always stops
        if (
            self.options.fault_mode == "automatic"
            and p.phase == PLAY
            and not self.is_bot(adv)
            and p.fault is not None
            and stop_reason(p, adv) is None
        ):
            self.auto_timer += dt
            if self.auto_timer >= AUTO_STOP_DELAY * max(self.pace(), 0.2):
                self.auto_timer = 0.0
                self.act(Stop(adv), adv)
        else:
            self.auto_timer = 0.0
        self._run_bots(dt)
        if self.shown_phase() == OVER and not self.flights:
            self.over_timer += dt

    def _run_bots(self, dt: float) -> None:
        p = self.position
        if not self.bots or p.phase == OVER:
            return
        for seat, bot in self.bots.items():
            if seat != p.player or p.phase == PENDING:
                try:
                    act = bot.react(observe(p, seat), self.clock)
                except Exception as e:  # a bot bug must not end the game
                    self.log.append(f"bot {SEATS[seat]} react failed: {e!r}")
                    act = None
                if act is not None:
                    self.act(act, seat)
                    return
        me = p.player
        bot = self.bots.get(me)
        if bot is None or p.phase not in (ARRANGING, PLAY) or self.flights:
            self.bot_timer = 0.0
            return
        self.bot_timer += dt
        wait = BOT_DELAY * self.pace()
        if p.raised is not None:
            wait *= 0.6
        if self.bot_timer < wait:
            return
        self.bot_timer = 0.0
        try:
            action = bot.choose(observe(p, me))
        except Exception as e:
            self.log.append(f"bot {SEATS[me]} failed: {e!r}")
            action = None
        if action is None or not self.act(action, me):
            legal = self.game.legal_actions()
            mine = [a for a in legal if not isinstance(a, Stop | Compel | Stand)]
            if mine:
                self.act(mine[0], me)

    def settle(self) -> None:
        """Finish every animation at once (tests, screenshots)."""
        self.flights.clear()
