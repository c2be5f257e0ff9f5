"""A game in progress: a position plus the deal, the record of actions and undo.

The game record (``Game.record_text``) is the rule set, the seed or the deal card
by card, and the actions in order; ``Game.from_record`` replays it to the same final
position. The format is documented in ``docs/formats.md``.
"""

from __future__ import annotations

from ..game.errors import TextFormError
from ..game.events import ErrorOpened, Event, FaultOpened
from ..game.places import BANKS, TABLES, Place
from ..game.record import RECORD_HEADER, read_record
from ..game.session import Session
from ..i18n import N_
from .actions import Action, Back, Raise, TurnHand, TurnStock, parse_action
from .deal import deal_text, lay_out_deal, read_deal, shuffle
from .laws import IllegalAction, action_reason, apply, legal_actions
from .moves import source_cards
from .observation import observe
from .position import Position
from .refusals import play_reason
from .rules import COMMITTEE, RuleSet, rule_set


class Game(Session[Position, Action]):
    """One game: ``apply`` actions, read ``position``, ``undo`` the last ones."""

    stops = True  # the match runner keeps the grace and the referee (§68)
    turned_stays = N_("A card once turned stays turned: Undo cannot take back a turn (§48, §54)")
    legal = legal_actions
    why_not = action_reason
    carry_out = apply
    see = observe
    parse = parse_action
    shuffle = shuffle
    lay_out = lay_out_deal
    deal_text = deal_text
    read_deal = read_deal
    turns = (TurnStock, TurnHand)  # 000 §54, §48: no peeking by undo

    @classmethod
    def new(cls, seed: int | None = None, rules: RuleSet = COMMITTEE) -> Game:
        return cls.dealt(seed, rules)

    def raised(self) -> bool:
        """A raised card waits to be played (the computer plays it sooner)."""
        return self.position.raised is not None

    def apply(self, action: Action | str, check: bool = True) -> list[Event]:
        """Carry out ``action`` (IllegalAction if the rules refuse it; ``check=False``
        only for an action the rules have just judged legal).

        A card raised and put straight back (``back``) that changed nothing is
        forgotten, raise and all: the record and the undo history stay short
        however often a drag snaps back (§26)."""
        events = super().apply(action, check)
        if isinstance(self.actions[-1], Back) and self._no_op_raise():
            self._forget_last()
            self._forget_last()
        return events

    def _no_op_raise(self) -> bool:
        """True if the last action was a back after a raise, and the position is now
        the same as before the raise."""
        return (
            len(self.actions) >= 2
            and len(self._history) >= 2
            and isinstance(self.actions[-2], Raise)
            and self.position == self._history[-2]
        )

    def find_play(self, src: Place, dst: Place, count: int = 1) -> Action:
        return find_play(self.position, src, dst, count)

    def would_fault(self, action: Action, check: bool = True) -> str | None:
        """The fault note if ``action`` would open a fault, or an error the
        adversary may Stop (British Bank, §91.6), for beginner mode (``check=False``
        for an action already judged legal)."""
        probe = self.position.clone()
        try:
            events = apply(probe, action, check)
        except IllegalAction:
            return None
        for event in events:
            if isinstance(event, FaultOpened | ErrorOpened):
                return event.note
        return None

    # -- record --------------------------------------------------------------

    @classmethod
    def from_record(cls, text: str) -> Game:
        """Replay a record (``record_text``). TextFormError if a line cannot be
        read, IllegalAction if an action is against the rules; both are
        ValueErrors naming the line."""
        spec, seed, deal, texts = read_record(text)
        try:
            rules = rule_set(spec)
        except ValueError as e:
            raise TextFormError(str(e)) from None
        known: dict[str, Action] = {}  # a long record repeats the same few actions
        actions = []
        for act in texts:
            if act not in known:
                known[act] = parse_action(act)
            actions.append(known[act])
        game = cls.started(rules, seed, deal)
        game._replay(actions)
        return game

    def _replay(self, actions: list[Action]) -> None:
        """Apply the actions in order. A raise put back without effect returns
        to the very same position, so the same raise and ``back`` from there
        again are skipped without working them out anew."""
        no_ops: set[tuple[Action, Action]] = set()  # (raise, back) undone at this position
        i = 0
        while i < len(actions):
            action, number = actions[i], i + 1
            back = actions[i + 1] if i + 1 < len(actions) else None
            pair = (action, back) if isinstance(action, Raise) and isinstance(back, Back) else None
            if pair in no_ops:
                i += 2
                continue
            kept = len(self.actions)
            try:
                self.apply(action)
                if pair is not None:
                    number += 1
                    self.apply(pair[1])
            except IllegalAction as e:
                raise IllegalAction(
                    f"record action {number} '{actions[number - 1]}': {e.reason}"
                ) from None
            if pair is not None and len(self.actions) == kept:
                no_ops.add(pair)
            else:
                no_ops.clear()
            i += 2 if pair is not None else 1


def find_play(pos: Position, src: Place, dst: Place, count: int = 1) -> Action:
    """The legal play of the cards at ``src`` onto ``dst`` (for drag and drop),
    or IllegalAction with a one-line reason."""
    from .actions import Play

    action = Play(src, dst, count)
    reason = action_reason(pos, action)
    if reason is not None:
        raise IllegalAction(reason)
    return action


def bank_for(pos: Position, src: Place) -> Place | None:
    """The first Bank the card at ``src`` fits (for double-click)."""
    if source_cards(pos, src, 1) is None:
        return None
    for b in BANKS:
        if play_reason(pos, src, b) is None:
            return b
    return None


__all__ = ["RECORD_HEADER", "Game", "find_play", "bank_for", "TABLES"]
