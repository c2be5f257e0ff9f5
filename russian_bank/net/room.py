"""One room of the remote table: a match, its two seats, its events and its clock.

A :class:`Room` does no input or output: the server feeds it what arrived (with
its own clock, ``now``, in seconds) and sends what it leaves in :attr:`Room.outbox`
(``(seat, message)``; seat None means both seats). The game runs through the
match runner (``russian_bank.match``) exactly as at one table:

* a *real* room runs the runner on the server's clock; a person's intents are
  ``Match.act`` in their order of arrival, the grace (§68) runs on the server's
  clock and a person who lets it pass Stands;
* a *steps* room (bots at a remote table, tests, benchmarks) runs the runner on
  a virtual clock: where the runner asks a seat what a computer would be asked
  (``choose`` as the Player, ``react`` as the adversary), the room sends the seat
  an ``ask`` and the clock waits for the answer; the server's own computer thinks
  in the worker pool while the clock waits (``net.think.SteppedBot``). The same
  bots therefore play the same game through the wire as at one table, step for step.

Its save (written and read back) is ``net.saves``.

A face-down card never leaves the room: each seat is sent its own observation
(``GameType.observe``) and public events (``net.wire.event_wire``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..game.errors import IllegalAction
from ..game.places import SEATS
from ..game.protocol import GameSession, GameType
from ..game.record import record_text
from ..games import game_type
from ..i18n import N_, _
from ..match import LOOK, Match, Step
from .away import KeptSeats
from .protocol import ProtocolError, server
from .seats import (
    EVENTS_KEPT,
    PERSON,
    TICKS_PER_RUN,
    Ask,
    NeedAnswer,
    Refused,
    RemoteSeat,
    Seat,
    Settings,
    new_code,
    new_token,
    table_game,
    token_hash,
)
from .think import SteppedBot, Thinkers, Thinking, computer, think
from .watch import Watchers
from .wire import encode, event_wire

DRAW = "agree draw"  # the text form of a draw by agreement, in every game that has one


@dataclass(eq=False)
class Room(KeptSeats, Watchers):
    code: str
    settings: Settings
    seed: int | None  # None: each deal shuffled from the system's randomness (no seed)
    now: float = 0.0
    fixed_seed: bool = False  # the server let the host choose the seed (tests)
    seats: list[Seat] = field(default_factory=lambda: [Seat(), Seat()])
    game_no: int = 1
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    outbox: list[tuple[int | None, dict[str, Any]]] = field(default_factory=list)
    on_over: Callable[[Room], None] | None = None
    on_wake: Callable[[Room], None] | None = None  # a thought is back (any thread)
    dirty: bool = True  # changed since it was last saved
    thinkers: Thinkers | None = None  # where the server's computers think (None: here)
    watchers: list[Any] = field(default_factory=list)  # spectators' links (net.watch)

    def __post_init__(self) -> None:
        self.match = self.new_match(table_game(self.settings.rules, self.seed))
        self.asks: dict[int, Ask] = {}
        self.asked = 0
        self.draw_offer: int | None = None
        self._last = self.now
        self._views_due = False
        self._over_sent = False
        self._written: list[tuple[object, str]] = []  # the actions' text forms (``record``)

    def new_match(self, game: GameSession[Any, Any, Any]) -> Match[Any]:
        """The runner for ``game`` with this room's seats: the server's computers
        (``net.think.computer``) and, at a steps table, the people's seats."""
        bots: dict[int, Any] = {}
        steps = self.settings.clock == "steps"
        pooled = self.thinkers is not None and not steps
        for s, seat in enumerate(self.seats):
            if seat.kind != PERSON:
                seed = self.seed if self.fixed_seed else None
                bots[s] = computer(self.kind, seat.kind, s, self.thinkers, steps, seed)
            elif steps:
                bots[s] = RemoteSeat(s)
        return Match(
            game,
            bots,
            grace=self.settings.grace,
            action_time=self.settings.action_time,
            worker=pooled,
            think=think if pooled else None,
        )

    def thinking(self) -> bool:
        """Is a steps room's virtual clock waiting for its computer's thought?"""
        return any(isinstance(b, SteppedBot) and b.thinking() for b in self.match.bots.values())

    # -- seats -----------------------------------------------------------------------

    @property
    def kind(self) -> GameType[Any, Any, Any]:
        """The game played here, by its registry name (``russian_bank.games``)."""
        return game_type(self.settings.rules)

    @property
    def game(self) -> GameSession[Any, Any, Any]:
        game: GameSession[Any, Any, Any] = self.match.game
        return game

    def record(self) -> str:
        """The game's record, each action written once (a room is saved many times a
        game; a raise put back takes its action back, so the texts follow the actions)."""
        g, written = self.game, self._written
        same = 0
        for (action, _text), now in zip(written, g.actions, strict=False):
            if action is not now:
                break
            same += 1
        del written[same:]
        written += [(a, str(a)) for a in g.actions[same:]]
        texts = [text for _action, text in written]
        return record_text(self.kind.name, g.seed, texts, g.outcome, g.deal_line())

    @property
    def started(self) -> bool:
        return all(s.taken for s in self.seats)

    def seat_of(self, link: Any) -> int | None:
        for i, s in enumerate(self.seats):
            if s.link is link and link is not None:
                return i
        return None

    def free_seat(self) -> int | None:
        for i, s in enumerate(self.seats):
            if not s.taken:
                return i
        return None

    def set_opponent(self, seat: int, level: str) -> None:
        """Before the game starts: the server's computer takes ``seat``."""
        self.seats[seat].kind = level
        self.seats[seat].name = level.capitalize()
        self.match = self.new_match(self.game)

    def take(self, seat: int, name: str, link: Any) -> str:
        """A person sits at the free ``seat``; returns the seat token."""
        s = self.seats[seat]
        token = new_token()
        s.name, s.token, s.link, s.away = name, token_hash(token), link, None
        self._joined(seat, token)
        self.publish("seated", seat=SEATS[seat], name=name)
        if self.started:
            self._last = self.now
            self._views_due = True
        return token

    def resume(self, token: str, link: Any) -> tuple[int, str, Any]:
        """The seat of ``token`` comes back on ``link``: a fresh token (the old one
        no longer works) and the connection that held the seat, if any."""
        h = token_hash(token)
        for i, s in enumerate(self.seats):
            if s.token and secrets.compare_digest(s.token, h):
                old, fresh = s.link, new_token()
                s.token, s.link, s.away = token_hash(fresh), link, None
                self._joined(i, fresh)
                self.publish("back", seat=SEATS[i])
                self.tell_other(i)  # the clock runs again: no countdown
                return i, fresh, old
        raise Refused(N_("this seat token is not (or no longer) valid for this room"))

    def _joined(self, seat: int, token: str) -> None:
        self.dirty = True
        self.outbox.append(
            (seat, server("joined", **self.describe(), seat=SEATS[seat], token=token))
        )
        self.outbox.append((seat, self.view(seat)))

    def describe(self) -> dict[str, Any]:
        """The room as a joining player sees it before accepting."""
        kind = self.kind
        return {
            "room": self.code,
            "rules": kind.name,
            "rules_title": kind.title,
            "clock": self.settings.clock,
            "action_time": self.settings.action_time,
            "grace": self.settings.grace,
            "names": [s.name for s in self.seats],
            "kinds": [s.kind for s in self.seats],
            "free": [SEATS[i] for i, s in enumerate(self.seats) if not s.taken],
            "game": self.game_no,
        }

    # -- what is sent ------------------------------------------------------------------

    def publish(self, kind: str, **fields: Any) -> None:
        self.seq += 1
        event = {"seq": self.seq, "game": self.game_no, "kind": kind, **fields}
        self.events.append(event)
        del self.events[:-EVENTS_KEPT]
        self.outbox.append((None, server("event", event=event)))
        self.dirty = True

    def view(self, seat: int) -> dict[str, Any]:
        m, g = self.match, self.game
        to_act = m.to_act()
        ask = self.asks.get(seat)
        return server(
            "view",
            seat=SEATS[seat],
            game=self.game_no,
            seq=self.seq,
            actions=len(g.actions),
            obs=encode(g.observe(seat)),
            to_act=None if to_act is None else SEATS[to_act],
            grace_left=m.grace_left(),
            clock=m.clock,
            started=self.started,
            names=[s.name for s in self.seats],
            draw_offer=None if self.draw_offer is None else SEATS[self.draw_offer],
            ask=None if ask is None else ask.number,
            away=self.kept(),
        )

    def missed(self, seq: int) -> dict[str, Any]:
        """The events after ``seq`` that are still kept (``gap`` if some are not)."""
        first = self.events[0]["seq"] if self.events else self.seq + 1
        return server(
            "events",
            events=[e for e in self.events if e["seq"] > seq],
            gap=seq + 1 < first,
        )

    def _flush_views(self) -> None:
        if self._views_due:
            self._views_due = False
            for s in (0, 1):  # a seat with no connection is sent its view when it comes
                if self.seats[s].link is not None:
                    self.outbox.append((s, self.view(s)))
            self.watchers_due()

    def _published(self, steps: list[Step]) -> None:
        for bot in self.match.bots.values() if steps else ():
            if isinstance(bot, SteppedBot):
                bot.forget()  # (a thought the game did not wait for)
        for st in steps:
            self.publish(
                "step",
                seat=SEATS[st.seat],
                by=st.by,
                action=str(st.action),
                events=[event_wire(e) for e in st.events],
                clock=st.time,
                actions=len(self.game.actions),
            )
            self.draw_offer = None
            self._views_due = True
        if self.game.over and not self._over_sent:
            self._over_sent = True
            self._game_over()

    def _game_over(self) -> None:
        g = self.game
        self.asks.clear()
        self.publish(
            "over",
            outcome=encode(g.outcome),
            record=self.record(),
            names=[s.name for s in self.seats],
            kinds=[s.kind for s in self.seats],
        )
        if self.on_over is not None:
            self.on_over(self)

    # -- intents -------------------------------------------------------------------------

    def _check_open(self) -> None:
        if not self.started:
            raise Refused(N_("the game waits for the other player"))
        if self.game.over:
            raise Refused(N_("the game is over (rematch starts another)"))

    def act(self, seat: int, text: str) -> None:
        """A person's action, in its text form (already read by the protocol)."""
        self._check_open()
        if self.settings.clock == "steps":
            raise Refused(N_("this table plays by steps: answer the asks"))
        action = self._parse(text)
        why = self._not_yours(action, seat)
        if why:
            raise Refused(why)
        self._catch_up()
        if self.game.over:
            raise Refused(N_("the game is over (rematch starts another)"))
        try:
            self._do(action, seat, "person")
        except IllegalAction as e:
            raise Refused(e.reason) from None
        self._flush_views()

    def _do(self, action: object, seat: int, by: str) -> None:
        events = self.match.act(action, seat)
        self._published([Step(self.match.clock, seat, action, tuple(events), by)])

    def _parse(self, text: str) -> object:
        """An action of this room's game from its text form, read once here by the
        game's own parser (its error is the protocol's, in English: docs/protocol.md)."""
        try:
            return self.kind.parse_action(text)
        except ValueError as e:
            raise ProtocolError(f"action: {e}") from None

    def _not_yours(self, action: object, seat: int) -> str | None:
        caller = self.kind.caller(action)
        if caller is not None:
            return None if caller == seat else N_("you may call only for your own seat")
        if str(action) == DRAW:
            return N_("offer a draw instead; it is drawn when the other agrees")
        if self.game.player != seat:
            return N_("it is not your turn: your adversary is the Player")
        return None

    def answer(self, seat: int, number: int, text: str | None) -> None:
        """A steps room's seat answers its ask ``number`` (None: nothing to do)."""
        ask = self.asks.get(seat)
        if ask is None or ask.number != number:
            raise Refused(N_("there is no such ask waiting for your seat"))
        bot = self.match.bots.get(seat)
        assert isinstance(bot, RemoteSeat)
        action = None if text is None else self._parse(text)
        if action is not None and self._not_yours(action, seat):
            action = None  # an answer for the other seat is no answer
        bot.answers[(ask.kind, ask.clock)] = action
        del self.asks[seat]
        self.run_steps()

    def _agrees(self, text: str, refusal: str) -> object:
        """The action ``text`` of this room's game, refused if the game has none
        (003 has no draws, no abandoning: a one-pack game is played out)."""
        try:
            return self.kind.parse_action(text)
        except ValueError:
            raise Refused(_(refusal).format(game=self.kind.title)) from None

    def offer_draw(self, seat: int) -> None:
        self._check_open()
        draw = self._agrees(DRAW, N_("{game} has no draws by agreement"))
        other = 1 - seat
        if self.seats[other].kind != PERSON:
            self._catch_up()
            yes = self.match.offer_draw(seat)
            self.publish("draw", seat=SEATS[seat], answer=bool(yes))
            if yes:
                self._published([Step(self.match.clock, other, draw, (), "bot")])
            self._flush_views()
            return
        self.draw_offer = seat
        self.publish("draw", seat=SEATS[seat], answer=None)
        self._views_due = True
        self._flush_views()

    def answer_draw(self, seat: int, accept: bool) -> None:
        self._check_open()
        if self.draw_offer != 1 - seat:
            raise Refused(N_("no draw is offered to you"))
        self.draw_offer = None
        self.publish("draw", seat=SEATS[1 - seat], answer=accept)
        if accept:
            self._do(self._agrees(DRAW, N_("{game} has no draws by agreement")), seat, "person")
        self._views_due = True
        self._flush_views()

    def chat(self, seat: int, text: str) -> None:
        self.publish("chat", seat=SEATS[seat], name=self.seats[seat].name, text=text)

    def rematch(self, seat: int) -> None:
        """At the game's end: when both ask, a new deal with the seats swapped."""
        if not self.game.over:
            raise Refused(N_("a rematch is for a game that is over"))
        self.seats[seat].rematch = True
        self.publish("rematch", seat=SEATS[seat])
        if all(s.rematch or s.kind != PERSON for s in self.seats):
            self._rematch()

    def _rematch(self) -> None:
        self.seats.reverse()
        for s in self.seats:
            s.rematch = False
        self.game_no += 1
        if self.fixed_seed and self.seed is not None:
            self.seed += 1  # a chosen deal's rematch (tests); else the system's randomness
        self.match = self.new_match(table_game(self.settings.rules, self.seed))
        self.asks.clear()
        self.draw_offer = None
        self._over_sent = False
        self._last = self.now
        self.publish("new game", names=[s.name for s in self.seats])
        for i, s in enumerate(self.seats):
            if s.kind == PERSON:
                self.outbox.append((i, server("joined", **self.describe(), seat=SEATS[i])))
        self._views_due = True
        self._flush_views()

    # -- time ------------------------------------------------------------------------------

    def _catch_up(self) -> None:
        """A real room: let the runner's clock reach the server's before an intent
        (it stands still while a seat is kept for a person away: ``net.away``)."""
        if self.settings.clock == "real" and self.started and not (self.game.over or self.away()):
            dt, self._last = self.now - self._last, self.now
            if dt > 0:
                self._published(self.match.advance(dt))
        else:
            self._last = self.now

    def tick(self, now: float) -> None:
        """The server's clock moved on: run the room up to ``now``."""
        self.now = now
        if not self.started or self.game.over:
            self._last = now
            self._flush_views()
            return
        self._forfeits()
        if self.settings.clock == "real":
            self._catch_up()
        elif not self.asks:
            self.run_steps()
        self._flush_views()

    def run_steps(self) -> None:
        """A steps room: tick the runner's virtual clock until a seat must answer."""
        if not self.started or self.game.over or self.settings.clock != "steps":
            return
        m = self.match
        for _tick in range(TICKS_PER_RUN):
            if self.game.over or self.asks or self.thinking():
                break
            timers = m.timers()
            try:
                steps = m.advance(LOOK)
            except Thinking as q:  # the clock waits for the thought (net.think)
                m.set_timers(timers)
                self._wait_for(m.bots[q.seat])
                break
            except NeedAnswer as q:
                m.set_timers(timers)
                self._ask(q)
                break
            for bot in m.bots.values():
                if isinstance(bot, RemoteSeat):
                    bot.answers.clear()
            self._published(steps)
        self._flush_views()

    def _wait_for(self, bot: Any) -> None:
        wake, thought = self.on_wake, bot.thought
        if wake is not None and thought is not None:  # (called on the pool's thread)
            thought.add_done_callback(lambda _f: wake(self))

    def _ask(self, q: NeedAnswer) -> None:
        self.asked += 1
        self.asks[q.seat] = Ask(self.asked, q.kind, q.clock, self.now)
        self._flush_views()
        self.outbox.append((q.seat, self.ask_message(q.seat)))

    def ask_message(self, seat: int) -> dict[str, Any]:
        ask = self.asks[seat]
        return server("ask", ask=ask.number, kind=ask.kind, clock=ask.clock, seq=self.seq)


__all__ = ["NeedAnswer", "PERSON", "Refused", "RemoteSeat", "Room", "Settings", "new_code"]
