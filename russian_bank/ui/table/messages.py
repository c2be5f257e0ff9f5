"""The one-line notices in each seat's zone, the log, and the sounds of events.

:meth:`Messages.report` turns what the engine says happened (its events) into
words and a sound; the words come from the events themselves, never from a
second reading of the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...game.events import (
    CardsMoved,
    Compelled,
    DiscardPending,
    ErrorOpened,
    Event,
    FaultOpened,
    GameOver,
    InningsEnded,
    StopCalled,
    WinPending,
)
from ...game.outcome import Outcome
from ...game.places import BANK, SEATS
from ...history.narration import compel_words, outcome_words, stop_words
from ...i18n import _

MESSAGE_TIME = 6.0
BANNER_TIME = 2.5  # seconds a Stop's or the game's end's banner stays across the table


@dataclass
class Message:
    text: str
    until: float
    kind: str = "info"  # info, refuse, stop, fault


@dataclass
class Messages:
    play_sound: Callable[[str], None] = lambda name: None
    by_seat: dict[int, Message] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    last_reason: str | None = None
    clock: float = 0.0
    banner: Message | None = None  # a Stop or the game's end, large across the table
    # a seat played by the computer: its box is never told what to do
    computer: Callable[[int], bool] = lambda seat: False
    # does the game's end play the win's sound (a person's win, motion on)?
    fanfare: Callable[[Outcome], bool] = lambda outcome: True

    def say(self, seat: int, text: str, kind: str = "info") -> None:
        self.by_seat[seat] = Message(text, self.clock + MESSAGE_TIME, kind)
        self.log.append(f"{SEATS[seat]}: {text}")
        del self.log[:-200]

    def both(self, text: str, kind: str = "info") -> None:
        self.say(0, text, kind)
        self.say(1, text, kind)

    def refuse(self, seat: int, reason: str) -> None:
        self.last_reason = reason
        self.say(seat, reason, "refuse")
        self.play_sound("refuse")

    def tick(self, dt: float) -> None:
        self.clock += dt
        if self.banner is not None and self.banner.until < self.clock:
            self.banner = None
        for seat in list(self.by_seat):
            if self.by_seat[seat].until < self.clock:
                del self.by_seat[seat]

    def drop_stale(self) -> None:
        """A new definite action makes old notices and refusals stale."""
        for s in (0, 1):
            m = self.by_seat.get(s)
            if m is not None and m.kind in ("info", "refuse"):
                del self.by_seat[s]

    def report(self, events: list[Event] | tuple[Event, ...]) -> None:
        sound = None
        for ev in events:
            if isinstance(ev, CardsMoved):  # (in the table's places: the view's events)
                if ev.dst.kind == BANK:
                    sound = sound or "bank"
                elif ev.why in ("turn", "turn over"):
                    sound = sound or "turn"
                elif ev.why != "stop":
                    sound = sound or "play"
            elif isinstance(ev, StopCalled):
                sound = "stop"
                self.both(stop_words(ev), "stop")
                who = _("Stop! {seat} stops {other}").format(
                    seat=SEATS[ev.seat], other=SEATS[1 - ev.seat]
                )
                self.banner = Message(who, self.clock + BANNER_TIME, "stop")
            elif isinstance(ev, Compelled):
                self.both(compel_words(ev), "stop")
            elif isinstance(ev, FaultOpened | ErrorOpened):
                if isinstance(ev, ErrorOpened):
                    self.log.append(_("error: {note}").format(note=ev.note))
                else:
                    self.log.append(_("fault: {note}").format(note=ev.note))
            elif isinstance(ev, InningsEnded):
                nxt = ev.next_player
                if ev.reason != "stop" and not self.computer(nxt):
                    said = _("{seat} to play: your innings begins").format(seat=SEATS[nxt])
                    self.say(nxt, said)
            elif isinstance(ev, DiscardPending):  # Crapette (002): Stop or let it stand
                self.say(1 - ev.seat, ev.note, "fault")
            elif isinstance(ev, WinPending):
                # the same words whether or not the last card was a fault (§68)
                said = _("{seat} played the last card").format(seat=SEATS[ev.seat])
                self.say(1 - ev.seat, said, "fault")
            elif isinstance(ev, GameOver):
                sound = "win" if self.fanfare(ev.outcome) else sound
                said = _("Game over: {outcome}").format(outcome=outcome_words(ev.outcome))
                self.both(said)
                self.banner = Message(said, self.clock + BANNER_TIME, "over")
        if sound:
            self.play_sound(sound)
