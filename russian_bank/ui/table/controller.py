"""The table: one game at the screen, put together from parts with one job each.

* :mod:`.gestures` turns the mouse into the rule book's actions;
* :mod:`.animation` flies the cards from where they lay to where they lie;
* :mod:`.messages` puts the engine's events into words and sounds;
* :class:`russian_bank.match.Match` owns the clocks: the computer's pace and
  reactions, the last-card grace (§68), the automatic referee, draws offered.

:class:`TableController` is the thin façade the scenes and the renderer use: it
hands people's actions to the match runner, drives the runner with the frame
time, and keeps the Undo policy of casual play. It plays any game of the
registry through the game's *table view* (``game.protocol.TableView``): the view
says what lies where and what a gesture asks; the controller judges no rule.
An action the view has judged legal is applied without being judged again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...engine import (
    ARRANGING,
    OVER,
    PLAY,
    Abandon,
    AgreeDraw,
    Card,
    Compel,
    IllegalAction,
    Place,
    Stop,
)
from ...engine.queries import error_reason, stop_options
from ...game.events import Event
from ...game.outcome import Outcome
from ...game.places import SEATS
from ...game.protocol import GameSession, TableView
from ...game.view import Pile
from ...games import game_type
from ...history.narration import events_words
from ...i18n import _, pgettext
from ...match import GRACE, PACE, Match, Step
from ..kit import words
from .animation import Animator, Flight, Placed, placed_cards
from .gestures import Drag, Gestures
from .layout import Layout
from .messages import Message, Messages


@dataclass
class Options:
    fault_mode: str = "manual"
    pace: str = "normal"
    grace: float = GRACE
    motion: bool = True  # False: reduced motion, cards move at once (no flights)
    think_aside: bool = False  # the computer thinks in a worker thread (the live table)


class TableController:
    def __init__(
        self,
        game: GameSession[Any, Any, Any],
        layout: Layout,
        options: Options | None = None,
        play_sound: Callable[[str], None] = lambda name: None,
        bots: Mapping[int, Any] | None = None,
        on_change: Callable[[], None] = lambda: None,
        vet: Callable[[Any, int], str | None] | None = None,
    ) -> None:
        self.kind = game_type(game.position.rules.spec)
        self.table_view: TableView[Any, Any, Any] = self.kind.table_view
        self.layout = layout
        # asked before every person's action (the lesson's step, the coach's warning):
        # a reason refuses the action as the engine would; None lets it through
        self.vet = vet
        self.options = options or Options()
        self.play_sound = play_sound
        self.bots: dict[int, Any] = dict(bots or {})
        self.on_change = on_change
        self.match = Match(game, self.bots, worker=self.options.think_aside)
        self.notes = Messages(play_sound)
        # the time left to call Stop on the computer's last action, and the whole of it
        # (the Settings' "Time to call Stop", and lesson 7); None: not shown
        self.stop_clock: Callable[[], tuple[float, float] | None] = lambda: None
        # A's and B's chance of winning, for the win-chance bar (ui/table/winbar.py);
        # None: no bar (the setting is off, or the value does not judge this game)
        self.win_chance: Callable[[], tuple[float, float] | None] = lambda: None
        self.notes.computer = lambda seat: not self.told(seat)
        self.scripted: frozenset[int] = frozenset()  # seats the computer plays by a script
        self.notes.fanfare = self.celebrates
        self.animator = Animator()
        self.gestures = Gestures(self)
        self.clock = 0.0
        self.over_timer = 0.0
        self.version = 0
        self._buttons_cache: tuple[int, dict[str, bool]] | None = None
        self.judged = False  # the action being vetted is legal (the rules judged it)

    # -- state for the scenes and the renderer --------------------------------------

    @property
    def game(self) -> Any:
        return self.match.game

    @property
    def position(self) -> Any:
        return self.match.game.position

    def piles(self) -> dict[Place, Pile]:
        """Every pile of the game, in the places of the table (its table view)."""
        return self.table_view.piles(self.position)

    def raised(self) -> tuple[Place, int] | None:
        return self.table_view.raised(self.position)

    @property
    def messages(self) -> dict[int, Message]:
        return self.notes.by_seat

    @property
    def log(self) -> list[str]:
        return self.notes.log + self.match.log

    @property
    def last_reason(self) -> str | None:
        return self.notes.last_reason

    @property
    def flights(self) -> list[Flight]:
        return self.animator.flights

    @property
    def drag(self) -> Drag | None:
        return self.gestures.drag

    @drag.setter
    def drag(self, value: Drag | None) -> None:
        self.gestures.drag = value

    @property
    def spread(self) -> Place | None:
        return self.gestures.spread

    def spread_cards(self) -> list[Card]:
        return self.gestures.spread_cards()

    def pace(self) -> float:
        return PACE.get(self.options.pace, 1.0)

    def hidden(self) -> set[Card]:
        """Cards not drawn in their pile this frame (flying or dragged)."""
        out = self.animator.flying()
        if self.drag is not None:
            out.update(self.drag.cards)
        return out

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def celebrates(self, outcome: Outcome) -> bool:
        """Is ``outcome`` a person's win, to be celebrated (sparks and the win's
        sound)? Not a computer's win, a draw or an abandoned game; never under
        reduced motion (the moment is quiet)."""
        w = outcome.winner
        return self.options.motion and w is not None and outcome.reason == "won" and self.told(w)

    def told(self, seat: int) -> bool:
        """Is a person at ``seat``, to be told what to do (not a computer, nor the
        lessons' scripted adversary)?"""
        return seat not in self.bots and seat not in self.scripted

    def who(self, seat: int) -> str:
        """The seat's name on its zone: ``A``, or ``Computer B (club)``."""
        if not self.is_bot(seat):
            return SEATS[seat]
        level = getattr(self.bots.get(seat), "level", None)
        if level:
            text = _("Computer {seat} ({level})")
            return text.format(seat=SEATS[seat], level=pgettext("level", level))
        return _("Computer {seat}").format(seat=SEATS[seat])

    def humans(self) -> list[int]:
        return [s for s in (0, 1) if not self.is_bot(s)]

    def shown_phase(self) -> str:
        return str(self.game.phase)

    def grace_left(self) -> float | None:
        return self.match.grace_left()

    def controls(self) -> dict[str, bool]:
        """Which optional buttons to show (cached per position version).

        The Compel button is shown only when the engine offers a Compel (§38, §70;
        judged without looking at an open fault, which the screen never shows);
        End innings depends only on the Player's own cards (§53)."""
        if self._buttons_cache is None or self._buttons_cache[0] != self.version:
            self._buttons_cache = (self.version, self.table_view.offers(self.position))
        return self._buttons_cache[1]

    def placed_cards(self) -> dict[Card, Placed]:
        pos = self.position
        return placed_cards(self.piles(), self.raised(), pos.player, self.layout, self.drag)

    # -- gestures (see gestures.py) ------------------------------------------------------

    def press(self, mouse: tuple[int, int], button: int = 1) -> None:
        self.gestures.press(mouse, button)

    def motion(self, mouse: tuple[int, int]) -> None:
        self.gestures.motion(mouse)

    def release(self, mouse: tuple[int, int], button: int = 1) -> None:
        self.gestures.release(mouse, button)

    def say(self, seat: int, text: str, kind: str = "info") -> None:
        self.notes.say(seat, text, kind)

    def refuse(self, seat: int, reason: str) -> None:
        self.notes.refuse(seat, reason)

    def animate(self, before: dict[Card, Placed]) -> None:
        skip = frozenset(self.drag.cards) if self.drag is not None else frozenset()
        scale = self.pace() if self.options.motion else 0.0
        self.animator.animate(before, self.placed_cards(), scale, skip)

    # -- actions -------------------------------------------------------------------------

    def act(self, action: Any, seat: int | None = None, legal: bool = False) -> bool:
        """A person's action through the runner; animate, sound and report it.
        Returns False (and shows the reason) when the rules refuse it. ``legal``:
        the rules have just judged it (the table view's answer), so it is applied
        without being judged again."""
        actor = self.position.player if seat is None else seat
        if isinstance(action, str):
            try:
                action = self.kind.parse_action(action)
            except ValueError as e:
                self.refuse(actor, str(e))
                return False
        why = None if legal else self.game.reason(action)  # the one judgement
        if not self._vetted(action, actor, why):
            return False
        before = self.placed_cards()
        try:
            events = self.match.act(action, actor, check=False)
        except IllegalAction as e:  # (a game that judges on apply only)
            self.refuse(actor, e.reason)
            return False
        self._show(before, [(action, events)])
        return True

    def _vetted(self, action: Any, actor: int, why: str | None) -> bool:
        """Ask the vet (a lesson's step, the coach) first, then refuse with the rules'
        reason ``why`` if they refuse it; True if the action may go ahead."""
        self.judged = why is None
        veto = self.vet(action, actor) if self.vet is not None else None
        if veto is not None or why is not None:
            self.refuse(actor, veto or why or "")
            return False
        return True

    def _show(self, before: dict[Card, Placed], done: list[tuple[Any, list[Event]]]) -> None:
        self.gestures.lost()
        self.version += 1
        self.notes.last_reason = None
        if any(a.definite for a, _ in done):
            self.notes.drop_stale()
        self.animate(before)
        for _action, events in done:
            self.notes.report(self.table_view.events(events))
        self.on_change()

    def player_act(self, action: Any, legal: bool = False) -> bool:
        """An action by the Player from the table (beginner mode may refuse it),
        judged once by the rules (not again when ``legal``: the view judged it).
        An error the rule set allows (British Bank, §91.6) is accepted with a
        line saying the adversary may Stop it."""
        seat = self.position.player
        if not legal:
            why = self.game.reason(action)
            if why is not None:
                return self._vetted(action, seat, why)  # refused (the vet speaks first)
        stops = self.game.stops
        if stops and self.options.fault_mode == "beginner":
            note = self.game.would_fault(action, check=False)
            if note:
                said = _("Beginner mode: not allowed, it would be a fault: {note}")
                self.refuse(seat, said.format(note=note))
                return False
        error = error_reason(self.position, action) if stops else None
        if not self.act(action, seat, legal=True):
            return False
        if error is not None:
            self.say(seat, error, "fault")
        return True

    def human_turn(self) -> bool:
        p = self.position
        return p.phase in (ARRANGING, PLAY) and not self.is_bot(p.player)

    def call_stop(self, seat: int, options: tuple[str, ...] = ()) -> bool:
        if self.is_bot(seat) or not self.game.stops:
            return False
        return self.act(Stop(seat, options), seat)

    def stop_options(self) -> list[tuple[str, ...]]:
        """The options the rule set lets the adversary add to a Stop now (§92)."""
        return stop_options(self.position) if self.game.stops else []

    def call_compel(self, seat: int) -> bool:
        return self.game.stops and self.act(Compel(seat), seat)

    def end_innings(self) -> bool:
        from ...engine import EndInnings

        return self.human_turn() and self.controls()["end"] and self.player_act(EndInnings())

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
        self._drop_drag()
        before = self.placed_cards()
        n = len(self.game.actions)
        answer = self.match.offer_draw(seat)
        if answer:
            self._show(before, [(a, []) for a in self.game.actions[n:]])
            said = _("Computer {seat} accepts: the game is drawn by agreement")
            self.say(seat, said.format(seat=SEATS[other]))
            return True
        if answer is False:
            self.say(
                seat, _("Computer {seat} declines the draw: play on").format(seat=SEATS[other])
            )
        return False

    def _drop_drag(self) -> None:
        if self.drag is not None:
            self.gestures.put_back(None)

    # -- undo (casual play: the game's view says what one Undo takes back) ------------

    def undo_reason(self) -> str | None:
        """None if Undo may take back the last action now, else why not: never with
        the automatic referee, and otherwise as the game's view says."""
        if self.options.fault_mode == "automatic" and self.game.stops:
            return _("No Undo with the automatic referee (Settings: Faults)")
        return self.table_view.undo_reason(self.game, frozenset(self.bots))

    def undo(self) -> bool:
        """Take back the last action (Ctrl+Z); the cards fly back."""
        self._drop_drag()
        reason = self.undo_reason()
        if reason is not None:
            me = self.position.player
            self.refuse(1 - me if self.is_bot(me) else me, reason)
            return False
        before = self.placed_cards()
        taken: list[tuple[Any, list[Event]]] = []  # each action taken back, its events
        for _step in range(self.table_view.undo_steps(self.game)):
            if not self.game.actions:
                break
            events = self.game.taken(len(self.game.actions) - 1)[1]
            action = self.game.undo()
            if action:
                taken.append((action, events))
        definite = next(((a, ev) for a, ev in taken if a.definite), None)
        self.version += 1
        self.match.undone()
        self.gestures.last_click = None
        self.messages.clear()
        self.animate(before)
        said = _("Undid a raise")
        if definite is not None:  # told from the events it made (not carried out again)
            action, events = definite[0], self.table_view.events(definite[1])
            me = self.position.player
            said = words.undone(events_words(events, me, self.table_view.words, action))
        self.say(self.position.player, said)
        self.play_sound("turn")
        self.on_change()
        return True

    # -- time: the frame clock drives the match runner ----------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        self.animator.update(dt)
        self.notes.tick(dt)
        m = self.match
        m.pace = self.pace()
        m.grace = self.options.grace
        auto = self.options.fault_mode == "automatic"
        m.referee = frozenset(self.humans()) if auto else frozenset()
        before = self.placed_cards()
        steps: list[Step] = m.advance(dt, hold=bool(self.flights))
        if steps:
            self._show(before, [(s.action, list(s.events)) for s in steps])
        if self.position.phase == OVER and not self.flights:
            self.over_timer += dt

    def settle(self) -> None:
        """Finish every animation at once (tests, screenshots)."""
        self.animator.settle()
