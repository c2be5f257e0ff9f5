"""The end of an innings and of the game: the next Player, the dead game
(000 §38), the win and its score (§31, §34), abandon and the agreed draw (§37)."""

from __future__ import annotations

from ..game.cards import KEY_OF
from ..game.events import (
    Event,
    GameOver,
    InningsEnded,
    StopReserved,
)
from .actions import (
    Abandon,
    Action,
)
from .deal import lay_out
from .moves import (
    bank_accepts,
)
from .position import (
    DEAD_INNINGS,
    DEAD_TURNOVERS,
    OVER,
    Outcome,
    Position,
)


def _end_innings(pos: Position, reason: str) -> list[Event]:
    me = pos.player
    events: list[Event] = []
    accepts = bank_accepts(pos)
    tops = (pos.stock_top(me), pos.discard[me][-1] if pos.discard[me] else None)
    left = tuple(c for c in tops if c is not None and KEY_OF[c] in accepts)
    if left and pos.rules.reserved_stop:  # §27: the Stop is reserved for his next innings
        pos.reserved = left
        pos.reserved_seat = me
        events.append(StopReserved(me, left))
    pos.fault = None
    pos.fault_note = ""
    pos.fault_by = ""
    pos.wrong_play = None
    pos.missed_play = None
    pos.error = ""
    pos.second_turned = False
    pos.pre_raise_fault = None
    pos.raised = None
    pos.compelled = None
    pos.pending = None
    pos.just_turned_over = False
    pos.player = 1 - me
    pos.innings += 1
    pos.idle_innings += 1
    pos.seen = {pos.table_key(): 1}
    events.append(InningsEnded(me, reason, pos.player))
    if pos.undealt == pos.player:  # 002, The Play ¶5: his first turn begins with his layout
        events += lay_out(pos, pos.player)
    dead = min(pos.idle_turnovers) >= DEAD_TURNOVERS or pos.idle_innings >= DEAD_INNINGS
    if dead:
        pos.phase = OVER
        pos.outcome = Outcome(None, "dead")
        events.append(GameOver(pos.outcome))
    return events


def _finish_win(pos: Position, winner: int) -> list[Event]:
    pos.outcome = score_for(pos, 1 - winner)
    pos.phase = OVER
    pos.raised = None
    pos.fault = None
    pos.error = ""
    return [GameOver(pos.outcome)]


def score_for(pos: Position, loser: int, abandoned: bool = False) -> Outcome:
    r = pos.rules
    stock = len(pos.stock[loser])
    hand = len(pos.hand[loser]) + len(pos.discard[loser])
    if pos.undealt == loser:  # beaten before his layout: counted as if laid out (002)
        stock = r.stock_size
        hand -= r.stock_size + r.table_per_player
    if loser == pos.player and pos.held is not None:
        hand += 1
    extra = r.abandon_points if abandoned else 0
    points = r.game_points + r.stock_card_points * stock + r.hand_card_points * hand + extra
    return Outcome(
        1 - loser,
        "abandoned" if abandoned else "won",
        points,
        r.game_points,
        stock,
        hand,
        extra,
    )


def _do_abandon(pos: Position, action: Action) -> list[Event]:
    assert isinstance(action, Abandon)
    pos.outcome = score_for(pos, action.seat, abandoned=True)
    pos.phase = OVER
    pos.raised = None
    return [GameOver(pos.outcome)]


def _do_agree(pos: Position, action: Action) -> list[Event]:
    pos.outcome = Outcome(None, "agreed")
    pos.phase = OVER
    pos.raised = None
    return [GameOver(pos.outcome)]
