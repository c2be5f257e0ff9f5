"""What the Player may do now: the legal actions in a stable order, and the
one-line reason an action is refused."""

from __future__ import annotations

from collections.abc import Sequence

from ..game.cards import Card
from ..game.places import (
    BANK,
    HELD,
    HELD_PLACE,
    STOCK,
    TABLE,
    Place,
)
from ..i18n import _
from .actions import (
    BACK,
    BACK_BANKS,
    DISCARD_HELD,
    END_INNINGS,
    PLAYS,
    RAISES,
    STOP_OPTIONS,
    TURN_HAND,
    TURN_OVER,
    TURN_STOCK,
    Abandon,
    Action,
    AgreeDraw,
    Back,
    Compel,
    DiscardHeld,
    EndInnings,
    Play,
    Raise,
    Stand,
    Stop,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
)
from .kept import KeptActions, KeptPlays
from .moves import (
    NO_RULE,
    play_error,
    refusal,
    refuses,
    source_cards,
    space_rules,
)
from .plays import _kept, unit_has_destination
from .position import (
    ARRANGING,
    OVER,
    PENDING,
    PLAY,
    Position,
)
from .referee import _compel_target, compel_reason, may_stop, stop_options, stop_reason
from .refusals import play_reason


def legal_actions(pos: Position) -> list[Action]:
    """Every action the rules allow now, in a stable order.

    Player's actions first (plays, raises, turns, discard, turn over, end), then
    the adversary's Stop and Compel. Abandoning and agreeing a draw are always
    allowed and are not listed.

    The answer is kept with the position until its cards move (its stamp), one
    for each state of a raise (what is raised, the fault raising it opened), so
    raising a card and putting it back find their lists made. While the Player
    plays they are kept with the legal plays of the same stamp.
    """
    phase = pos.phase
    kept: KeptPlays | KeptActions | None
    if phase == PLAY or phase == ARRANGING:  # noqa: SIM109 (quicker than a tuple's contains)
        kept = pos.plays_memo  # ``plays.kept(pos)``, its check written out
        if (
            kept is None
            or kept.stamp != pos.stamp
            or kept.rules is not pos.rules
            or kept.player != pos.player
            or kept.phase != phase
        ):
            kept = _kept(pos, True)  # ``plays.kept(pos)``
    else:
        kept = pos.actions_memo
        if (
            kept is None
            or kept.stamp != pos.stamp
            or kept.rules is not pos.rules
            or kept.player != pos.player
            or kept.phase != phase
        ):
            kept = pos.actions_memo = KeptActions(pos)
    lists = kept.lists
    if lists is None:
        lists = kept.lists = {}
    fault = pos.fault
    if (
        fault is None
        and pos.compelled is None
        and pos.missed_play is None
        and not pos.error
        and not pos.fault_by
    ):
        raised = pos.raised  # no fault, error or compelled play: the raise alone is the key
        acts = lists.get(raised)
        if acts is None:
            if raised is None or type(kept) is not KeptPlays:
                acts = lists[raised] = _work_out_actions(pos, kept)
            else:  # ``_work_out_actions`` with a unit raised and nothing open, written out
                by_unit = kept.by_unit
                if by_unit is None:
                    by_unit = kept._units()
                acts = lists[raised] = [*by_unit.get(raised, ()), *_BACKS[raised[1] == 1]]
                if phase == PLAY and pos.rules.compels:
                    may = kept.compel  # ``_may_compel``: no fault nor compelled play open
                    if may is None:
                        may = _may_compel(pos, kept)
                    if may:
                        acts.append(_COMPELS[1 - pos.player])
        return acts[:]
    key = (pos.raised, fault, pos.fault_by, pos.missed_play, pos.error, pos.compelled)
    acts = lists.get(key)
    if acts is None:
        acts = lists[key] = _work_out_actions(pos, kept)
    return acts[:]


_BACKS = ((BACK,), (BACK, BACK_BANKS))  # after a raise of several cards, of one card


def _work_out_actions(pos: Position, kept: KeptPlays | KeptActions | None = None) -> list[Action]:
    """The legal actions worked out (``kept``: what ``legal_actions`` keeps them
    with; None: worked out afresh, the plays read from ``plays.kept``)."""
    phase = pos.phase
    if phase == OVER:
        return []
    me = pos.player
    adv = 1 - me
    if phase == PENDING:
        stop = [Stop(adv)] if may_stop(pos, adv) else []
        return stop + [Stand(adv)]
    kp = _kept(pos, True) if kept is None else kept
    assert isinstance(kp, KeptPlays)  # the plays of these cards (``legal_actions``)
    acts: list[Action]
    comp = pos.compelled
    if comp is not None:
        comp = _active_compel(pos, kp.plays)
    raised = pos.raised
    if comp is not None:
        acts = _compelled_actions(pos, kp, comp, raised)
    elif raised is not None:
        acts = list(kp.unit_actions(raised))
    else:
        acts = list(kp.actions)
        acts += kp.raises
        stock = pos.stock[me]
        if stock and not pos.stock_up[me]:
            acts.append(TURN_STOCK)
        if phase == PLAY:
            held = pos.held
            if held is None and pos.hand[me]:
                keys = turn_hand_rules(pos)
                if not keys or not refuses(pos, keys):  # _turn_hand_reason(pos) is None
                    acts.append(TURN_HAND)
            if held is None and not pos.hand[me]:
                if pos.discard[me]:
                    acts.append(TURN_OVER)
                elif stock and pos.stock_up[me]:  # _end_reason(pos) is None
                    acts.append(END_INNINGS)
        if pos.held is not None:
            acts.append(DISCARD_HELD)
    if raised is not None:
        acts.append(BACK)
        if raised[1] == 1:
            acts.append(BACK_BANKS)
    if (pos.error or pos.fault is not None) and may_stop(pos, adv):  # neither: no Stop
        for options in stop_options(pos):  # (a loop: no cell for ``adv`` every call)
            acts.append(_STOPS[adv, options])
    if (
        phase == PLAY
        and pos.rules.compels
        and (_compel_target(pos) is not None if kept is None else _may_compel(pos, kp))
    ):
        acts.append(_COMPELS[adv])
    return acts


def _compelled_actions(
    pos: Position, kp: KeptPlays, comp: tuple[Card, str], raised: tuple[Place, int] | None
) -> list[Action]:
    """The Player's actions while a play is compelled (§38, §70): only the compelled
    play, or (to the Table) a Bank play first; with cards raised, their plays of those."""
    plays = [p for p in kp.plays if _compel_allows(pos, comp, *p)]
    if raised is not None:
        return [PLAYS[p] for p in plays if p[0] == raised[0] and p[2] == raised[1]]
    acts: list[Action] = list(map(PLAYS.__getitem__, plays))
    acts += [RAISES[s, 1] for s in dict.fromkeys(s for s, _, _ in plays) if s.kind != HELD]
    return acts


def _may_compel(pos: Position, kept: KeptPlays) -> bool:
    """``_compel_target(pos) is not None``, kept with the legal actions: besides the
    cards it reads only the open fault, the compelled play and (with a fault open,
    for §69's suspension) the raised cards, so a raise that opens no fault and the
    putting back find it worked out (with neither a fault nor a compelled play
    open, as ``KeptPlays.compel``)."""
    fault = pos.fault
    compelled = pos.compelled
    if fault is None and compelled is None:
        may = kept.compel
        if may is None:
            may = kept.compel = _compel_target(pos) is not None
        return may
    compels = kept.compels
    if compels is None:
        compels = kept.compels = {}
    key = (fault, compelled, None if fault is None else pos.raised)
    got = compels.get(key)
    if got is None:
        got = compels[key] = _compel_target(pos) is not None
    return got


_STOPS: dict[tuple[int, tuple[str, ...]], Stop] = {
    (seat, options): Stop(seat, options) for seat in (0, 1) for options in STOP_OPTIONS
}
_COMPELS = (Compel(0), Compel(1))


def _compelled_words(comp: tuple[Card, str]) -> str:
    if comp[1] == "bank":
        text = _("You have been compelled to play {card} to the Banks (§38, §70)")
    else:
        text = _("You have been compelled to play {card} to the Table (§38, §70)")
    return text.format(card=comp[0].label)


def _active_compel(
    pos: Position, plays: Sequence[tuple[Place, Place, int]]
) -> tuple[Card, str] | None:
    """The compelled play still in force: a compelled Table play lapses while the
    card has no place in the Table (it may have been taken by a Bank play)."""
    comp = pos.compelled
    if comp is None or comp[1] == "bank":
        return comp
    card = comp[0]
    for s, d, c in plays:
        if d.kind == TABLE and c == 1 and source_cards(pos, s, 1) == [card]:
            return comp
    return None


def _compel_allows(
    pos: Position, comp: tuple[Card, str], src: Place, dst: Place, count: int
) -> bool:
    card, kind = comp
    if dst.kind == BANK and kind == "table":
        return True
    cards = source_cards(pos, src, count)
    if cards != [card]:
        return False
    return dst.kind == (BANK if kind == "bank" else TABLE)


def _turn_hand_reason(pos: Position, errors: bool = True) -> str | None:
    """Why the Hand may not be turned now (None: it may). With ``errors`` a
    rule the rule set lets be broken as a §91.6 error does not refuse it."""
    me = pos.player
    if pos.phase == ARRANGING:
        return _("Turn your Stock first: the game begins with its top card (§8, §9)")
    if pos.held is not None:
        return _("You already hold a card from your Hand: play it or discard it (§76 j, k)")
    if not pos.hand[me]:
        if pos.discard[me]:
            return _("Your Hand is empty: turn over your Discard first (§19)")
        return _("Your Hand is empty")
    keys = turn_hand_rules(pos)
    return refusal(pos, keys, errors) if keys else None


def turn_hand_rules(pos: Position) -> tuple[str, ...]:
    """The rules turning the Hand now would break: the Stock's top first (§9),
    and a space the Stock could fill first (§17; the spaces he may use)."""
    me = pos.player
    if not pos.stock[me]:
        return NO_RULE
    if not pos.stock_up[me]:
        return ("turn stock first",)
    r = pos.rules
    if not r.hand_to_space_before_stock_empty and not all(pos.table):  # a space somewhere
        for i in range(8):  # (a loop: a generator would need a cell for ``pos`` every call)
            if not pos.table[i] and not space_rules(pos, STOCK, i):
                return ("turn hand space",)
    return NO_RULE


def action_error(pos: Position, action: Action) -> str | None:
    """The rule (its key in ``RuleSet.cites``) that ``action``, allowed now,
    breaks as an error the adversary may Stop (British Bank, 000 §91.6); None
    for a lawful action. Ask only of an action :func:`action_reason` allows."""
    if not pos.rules.errors or pos.phase != PLAY:
        return None
    if isinstance(action, Play):
        return play_error(pos, action.src, action.dst, action.count)
    if isinstance(action, TurnHand):
        keys = turn_hand_rules(pos)
        return keys[0] if keys else None
    return None


def _end_reason(pos: Position) -> str | None:
    me = pos.player
    if pos.phase != PLAY:
        return _("The game has not begun")
    if pos.held is not None:
        return _("Discard the card you hold to end your innings (§15)")
    if pos.hand[me] or pos.discard[me]:
        return _("You still have a Hand or Discard: your innings ends when you discard (§15, §53)")
    if not pos.stock[me]:
        return _("You have no cards left")
    if not pos.stock_up[me]:
        return _("Turn the top card of your Stock first (§10, §12)")
    return None


def action_reason(pos: Position, action: Action) -> str | None:
    """None if ``action`` is legal now, else a one-line reason (for the table)."""
    if isinstance(action, Abandon):
        return _("The game is over") if pos.phase == OVER else None
    if isinstance(action, AgreeDraw):
        return _("The game is over") if pos.phase == OVER else None
    if pos.phase == OVER:
        return _("The game is over")
    if isinstance(action, Stop):
        reason = stop_reason(pos, action.seat)
        if reason is None and action.options and action.options not in stop_options(pos):
            return _("That option of the Stop does not apply now (§92)")
        return reason
    if isinstance(action, Compel):
        return compel_reason(pos, action.seat)
    if isinstance(action, Stand):
        if pos.phase != PENDING or action.seat != pos.adversary:
            return _("There is no win waiting for a Stop")
        return None
    if pos.phase == PENDING:
        return _("The Player has played his last card; the adversary may call Stop (§68)")
    if action in legal_actions(pos):
        return None
    me = pos.player
    if isinstance(action, Play):
        if pos.raised is not None and (action.src, action.count) != pos.raised:
            return _("Play or put back the card you have raised first (§76 j)")
        if pos.raised is None and action.src.kind == HELD and pos.held is None:
            return _("You are not holding a card from your Hand")
        reason = play_reason(pos, action.src, action.dst, action.count)
        if reason:
            return reason
        comp = pos.compelled
        if comp is not None:
            return _compelled_words(comp)
        return _("That play is not allowed now")
    if pos.raised is not None:
        return _("Play or put back the card you have raised first")
    if pos.compelled is not None:
        comp = pos.compelled
        return _compelled_words(comp)
    if isinstance(action, Raise):
        if action.src.kind == HELD:
            return _("The card turned from your Hand is already in your fingers")
        cards = source_cards(pos, action.src, action.count)
        if cards is None:
            from .refusals import _source_reason

            return _source_reason(pos, action.src, action.count)
        return _("Those cards cannot be moved together now (§58)")
    if isinstance(action, Back):
        if pos.raised is None:
            return _("Nothing is raised")
        return _("Only one card can show a Bank play")
    if isinstance(action, TurnStock):
        if pos.phase == PLAY and pos.held is not None and not pos.stock[me]:
            return _("Your Stock is empty")
        if not pos.stock[me]:
            return _("Your Stock is empty")
        return _("The top card of your Stock is already face up (§10)")
    if isinstance(action, TurnHand):
        return _turn_hand_reason(pos) or _("You cannot turn your Hand now")
    if isinstance(action, DiscardHeld):
        return _("You hold no card to discard (§15)")
    if isinstance(action, TurnOverDiscard):
        if pos.held is not None:
            return _("Play or discard the card you hold first")
        if pos.hand[me]:
            return _("Your Hand still has cards (§19)")
        return _("Your Discard is empty")
    if isinstance(action, EndInnings):
        return _end_reason(pos) or _("You cannot end your innings now")
    return _("Not allowed now")


def _second_card_allowed(pos: Position) -> bool:
    """British Bank (§91.4): once an innings, a Hand card that cannot be disposed
    of anywhere may be discarded and another turned (a reading: docs/rulesets)."""
    if not pos.rules.second_hand_card or pos.second_turned or not pos.hand[pos.player]:
        return False
    return not unit_has_destination(pos, HELD_PLACE, 1)
