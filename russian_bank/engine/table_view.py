"""The two-pack game's *table view*: what the table draws and what a gesture asks.

The table (``ui/table``) draws any game from its view (``game.protocol.TableView``)
and never judges a rule. The view says which piles the game lays out, in the
places of Diagram I (``engine.places``: Stocks, Hands, Discards, the held card, the
Table and the Banks); what cards each holds and which lie face up; and what a
press, a drop, a double click or a key asks of the game: one action, judged
once by the rules (the table then applies it without asking again), or the
rules' one-line reason for refusing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..game.events import Event
from ..game.places import (
    BANK,
    BANKS,
    DISCARD,
    DISCARDS,
    HAND,
    HANDS,
    HELD,
    HELD_PLACE,
    SEATS,
    STOCK,
    STOCKS,
    TABLE,
    TABLES,
    Place,
    place_words,
)
from ..game.protocol import GameSession
from ..game.view import NOTHING, Pile, Press
from ..i18n import _, ngettext
from .actions import (
    Action,
    Back,
    DiscardHeld,
    EndInnings,
    Play,
    Raise,
    TurnHand,
    TurnOverDiscard,
    TurnStock,
)
from .game import bank_for
from .laws import action_reason, compel_offered
from .observation import Observation
from .pile_rules import pile_rule, uncited
from .position import OVER, PENDING, PLAY, Position
from .queries import rules_in_brief, waiting
from .rules import RuleSet


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


class TwoPackView:
    """The table view of a two-pack game under one rule set."""

    places: tuple[Place, ...] = (*STOCKS, *HANDS, *DISCARDS, HELD_PLACE, *TABLES, *BANKS)

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.words = rules.words

    # -- what lies where ------------------------------------------------------------

    def piles(self, pos: Position) -> dict[Place, Pile]:
        out: dict[Place, Pile] = {}
        for s in (0, 1):
            st = pos.stock[s]
            out[STOCKS[s]] = Pile(tuple(st), len(st) - pos.stock_up[s])
            out[HANDS[s]] = Pile(tuple(pos.hand[s]), len(pos.hand[s]))
            out[DISCARDS[s]] = Pile(tuple(pos.discard[s]))
        out[HELD_PLACE] = Pile(() if pos.held is None else (pos.held,))
        for i, col in enumerate(pos.table):
            out[TABLES[i]] = Pile(tuple(col))
        for i, bank in enumerate(pos.banks):
            out[BANKS[i]] = Pile(tuple(bank))
        return out

    def raised(self, pos: Position) -> tuple[Place, int] | None:
        """The cards the Player has taken hold of (000 §56), as the engine knows it."""
        return pos.raised

    def events(self, events: Sequence[Event]) -> list[Event]:
        """The game's events with their places in the table's terms (already so)."""
        return list(events)

    # -- what a gesture asks ---------------------------------------------------------

    def press(self, pos: Position, place: Place, index: int) -> Press:
        """Pressing on card ``index`` of ``place`` (a Table fan: the run from it up)."""
        me = pos.player
        if pos.phase == OVER:
            return NOTHING
        if pos.phase == PENDING:
            wait = waiting(pos)
            what = wait.what if wait is not None else _("Last card played")
            cite = wait.cite if wait is not None else pos.rules.cite("stand")
            text = _("{what}; the adversary may call Stop {cite}")
            return Press(refuse=text.format(what=what, cite=cite))
        kind = place.kind
        if (kind == BANK and pos.banks[place.index]) or (
            kind in (STOCK, HAND, DISCARD) and place.index != me
        ):
            # a pile that is not his to take from: the rules say why, in their words
            return Press(refuse=action_reason(pos, Raise(place, 1)) or "")
        if kind == TABLE and pos.table[place.index]:
            n = len(pos.table[place.index]) - index
            return Press(Raise(place, n), n)
        if kind == STOCK and pos.stock[me]:
            return Press(Raise(place, 1), 1) if pos.stock_up[me] else Press(TurnStock())
        if kind == DISCARD and pos.discard[me]:
            return Press(Raise(place, 1), 1)
        if kind == HAND:
            return self.turn_press(pos)
        if kind == HELD and pos.held is not None:
            return Press(take=1)  # the card turned from the Hand needs no raise
        return NOTHING

    def turn_press(self, pos: Position) -> Press:
        me = pos.player
        if pos.hand[me]:
            return Press(TurnHand())
        if pos.discard[me]:
            return Press(TurnOverDiscard())
        w = self.words.local()
        return Press(
            refuse=_("Your {hand} and {discard} are empty").format(hand=w.hand, discard=w.discard)
        )

    def more(self, pos: Position, src: Place, count: int) -> Press | None:
        """Pressing again on the cards held: one card more of a Table run."""
        if src.kind != TABLE or action_reason(pos, Raise(src, count + 1)) is not None:
            return None
        return Press(Raise(src, count + 1), count + 1)

    def drop(
        self, pos: Position, src: Place, count: int, dst: Place | None, moved: bool = True
    ) -> Action | str | None:
        """Letting the held cards go on ``dst``: the one legal action it asks, the
        rules' reason against it, or None (they simply go back)."""
        if dst is None or dst == src or dst.kind in (HELD, HAND):
            if dst is not None and dst.kind == HAND and dst != src and moved:
                return _("Cards never go to a {hand} (§19)").format(hand=self.words.local().hand)
            return None
        held = src.kind == HELD and dst == DISCARDS[pos.player]
        action: Action = DiscardHeld() if held else Play(src, dst, count)
        return action_reason(pos, action) or action

    def back(self, pos: Position, dst: Place | None, count: int) -> Action | None:
        """What letting go where the cards may not go asks: ``back`` if they were
        raised; on a Bank a single card shows the intention to bank (§71, §88)."""
        if pos.raised is None:
            return None
        return Back(dst is not None and dst.kind == BANK and count == 1)

    def quick(self, pos: Position, place: Place) -> Action | str | None:
        """A double click: the card to the first Bank it fits (None: not here)."""
        if place.kind not in (TABLE, STOCK, DISCARD, HELD):
            return None
        if place.kind == TABLE and not pos.table[place.index]:
            return ""
        target = bank_for(pos, place)
        if target is None:
            return _("That card does not fit on any {bank}").format(bank=self.words.local().bank)
        return Play(place, target, 1)  # bank_for judged it

    def turn(self, pos: Position) -> Action | str:
        """The turn key: the Stock's top if face down, else the Hand (or Discard over)."""
        me = pos.player
        if pos.stock[me] and not pos.stock_up[me]:
            action: Action = TurnStock()
        elif pos.hand[me] or pos.discard[me]:
            action = TurnHand() if pos.hand[me] else TurnOverDiscard()
        else:
            w = self.words.local()
            text = _(
                "Nothing to turn: your {stock} top is face up and {hand} and {discard} are empty"
            )
            return text.format(stock=w.stock, hand=w.hand, discard=w.discard)
        return action_reason(pos, action) or action

    def discard(self, pos: Position) -> Action | str:
        action = DiscardHeld()
        return action_reason(pos, action) or action

    def offers(self, pos: Position) -> dict[str, bool]:
        """Which of the game's own buttons to show: End innings (§53), Compel (§38, §70)."""
        return {
            "end": pos.phase == PLAY and action_reason(pos, EndInnings()) is None,
            "compel": compel_offered(pos, pos.adversary),
        }

    def spread(self, place: Place, by_computer: bool) -> tuple[bool, str]:
        """The right button on a Stock or Discard: its owner spreads it openly, at
        any time, no fault (§45-47, §66, §79). (may it, what the table says)"""
        owner = SEATS[place.index]
        w = self.words.local()
        if by_computer:
            if place.kind == STOCK:
                text = _("Only {seat} may spread his {stock} (§45-47, §79)")
            else:
                text = _("Only {seat} may spread his {discard} (§45-47, §79)")
            return False, text.format(seat=owner, stock=w.stock, discard=w.discard)
        if place.kind == STOCK:
            text = _("{seat} spreads his {stock} for both to see (§45-47)")
        else:
            text = _("{seat} spreads his {discard} for both to see (§45-47)")
        return True, text.format(seat=owner, stock=w.stock, discard=w.discard)

    def spreads(self, place: Place) -> bool:
        return place.kind in (STOCK, DISCARD)

    def hint_line(self, pos: Position) -> str:
        """The line shown to a person on move."""
        w = self.words.local()
        if pos.phase == "arranging":
            text = _(
                "Play Aces to the {banks} and arrange the {table} if you like;"
                " click your {stock} to begin"
            )
            return text.format(banks=w.banks, table=w.table, stock=w.stock)
        if pos.phase == PLAY:
            text = _(
                "Drag cards to play \u00b7 click {stock} or {hand} to turn \u00b7"
                " double-click sends to the {banks} \u00b7 hold the right button on your"
                " {stock} or {discard} to spread it"
            )
            return text.format(stock=w.stock, hand=w.hand, banks=w.banks, discard=w.discard)
        return ""

    def help(self, pos: Position) -> list[str]:
        """The Help: the rules in brief (the set's own words and sections), how the
        table is worked and its keys, in the same words."""
        w = self.words.local()
        controls = _(
            "At the table: drag cards to play; click your {stock} or {hand} to turn;"
            " double-click sends a card to a {bank}; hold the right button on a {stock}"
            " or {discard} to look through it. H gives a hint; F1 or ? opens this help;"
            " Esc opens the menu."
        ).format(stock=w.stock, hand=w.hand, bank=w.bank, discard=w.discard)
        keys = _(
            "Keyboard: Tab or the arrow keys move the ring over the piles; Enter raises the"
            " card under it (again on a {table} fan: one card more) and Enter on another"
            " place plays it there; Esc puts it back. T turns the {stock} or {hand},"
            " D discards, E ends the innings, S and K call Stop for A and B, C compels, U or"
            " Ctrl+Z undoes, L shows the move log, H gives a hint, F1 or ? opens the help,"
            " F11 full screen, Ctrl+N a new game."
        ).format(table=w.table, stock=w.stock, hand=w.hand)
        return [*rules_in_brief(self.rules), controls, keys]

    def first_words(self) -> str:
        return _("turn your {stock} to begin").format(stock=self.words.local().stock)

    def counts(self, pos: Position, seat: int) -> str:
        w = self.words.local()
        return (
            f"{w.stock} {len(pos.stock[seat])}  {w.hand} {len(pos.hand[seat])}  "
            f"{w.discard} {len(pos.discard[seat])}"
        )

    def tip(self, pos: Position, place: Place) -> str:
        """A hover tooltip naming a pile in the rule book's words, with what it holds
        and what it is for under the rule set being played."""
        if place.kind == HELD:
            return self.held_tip(pos, pos.player)
        words = pos.rules.words
        w = words.local()
        name = place_words(place, pos.player, words)
        if place.kind == STOCK:
            n, up = len(pos.stock[place.index]), pos.stock_up[place.index]
            rule = pile_rule(pos.rules, STOCK, top_up=up > 0)  # nothing to turn if face up
            text = _("{place}: {cards}, {up} face up. {rule}")
            return text.format(place=name, cards=_cards(n), up=up, rule=rule)
        rule = pile_rule(pos.rules, place.kind)
        if place.kind == HAND:
            text = _("{place}: {cards} face down. {rule}")
            return text.format(place=name, cards=_cards(len(pos.hand[place.index])), rule=rule)
        if place.kind == DISCARD:
            text = _("{place}: {cards}. {rule}")
            return text.format(place=name, cards=_cards(len(pos.discard[place.index])), rule=rule)
        if place.kind == TABLE:  # a pile holding cards is not a space
            pile = pos.table[place.index]
            if not pile:
                return _("An empty space in the {table}. {rule}").format(table=w.table, rule=rule)
            text = _("In the {table}: {cards}, {card} on top. {rule}")
            return text.format(
                table=w.table, cards=_cards(len(pile)), card=pile[-1].label, rule=rule
            )
        bank = pos.banks[place.index]
        if bank:
            text = _("A {bank} (up to {card}). {rule}")
            return text.format(bank=w.bank, card=bank[-1].label, rule=rule)
        return _("A {bank} (empty). {rule}").format(bank=w.bank, rule=rule)

    def held_tip(self, pos: Position, seat: int) -> str:
        """The slot where ``seat`` holds the card turned from his Hand."""
        w = pos.rules.words.local()
        mine = pos.held is not None and pos.player == seat
        card = pos.held.label if mine and pos.held is not None else _("empty now")
        text = _(
            "Held ({card}): the card turned from {seat}'s {hand} lies here. Play it,"
            " or put it on the {discard} to end the turn {cite}."
        )
        return uncited(text, card=card, seat=SEATS[seat], hand=w.hand, discard=w.discard)

    # -- undo --------------------------------------------------------------------------

    def undo_steps(self, game: GameSession[Position, Action, Observation]) -> int:
        """How many recorded actions one Undo takes back (0: none): the last
        definite action with the raise that began it and any raise / put-back after."""
        acts = game.actions
        i = len(acts)
        while i > 0 and not acts[i - 1].definite:
            i -= 1
        if i == 0:
            return 0
        i -= 1  # the definite action
        while i > 0 and isinstance(acts[i - 1], Raise):
            i -= 1
        return len(acts) - i

    def undo_reason(
        self, game: GameSession[Position, Action, Observation], computers: frozenset[int]
    ) -> str | None:
        """None if one Undo may take back the last actions now, else why not: never
        past a Stop, a Compel, a Stand or the end of the game; against a computer
        only the person's own actions of his present innings; and a card once
        turned stays turned (000 §48, §54, the engine's ``Game.undo_reason``)."""
        pos = game.position
        if pos.phase == OVER:
            return _("The game is over")
        if pos.phase == PENDING:
            wait = waiting(pos)
            what = wait.what if wait else _("Last card played")
            return _("{what}: it cannot be taken back").format(what=what)
        steps = self.undo_steps(game)
        if not steps:
            return _("Nothing to undo")
        acts = game.actions[-steps:]
        if any(not isinstance(a, PLAYER_ACTIONS) for a in acts):
            last = next(a for a in reversed(acts) if not isinstance(a, PLAYER_ACTIONS))
            text = _("Undo stops at {action}: it cannot be taken back")
            return text.format(action=action_name(last, self.words))
        if computers:
            if pos.player in computers:
                text = _("It is {seat}'s innings: only your own actions can be undone")
                return text.format(seat=SEATS[pos.player])
            if any(isinstance(a, DiscardHeld | EndInnings) for a in acts):
                return _("Only actions of your present innings can be undone")
        return game.undo_reason(steps)


# actions by the Player at the table: the only ones Undo takes back
PLAYER_ACTIONS = (Raise, Back, Play, TurnStock, TurnHand, DiscardHeld, TurnOverDiscard, EndInnings)


def action_name(action: Action, w: Any) -> str:
    """A short name of an action kind, for 'cannot be taken back' and the like."""
    from .actions import Abandon, AgreeDraw, Compel, Stand, Stop

    if isinstance(action, Stop):
        return _("{seat}'s Stop").format(seat=SEATS[action.seat])
    if isinstance(action, Compel):
        return _("{seat}'s Compel").format(seat=SEATS[action.seat])
    if isinstance(action, Stand):
        return _("{seat} letting the card stand").format(seat=SEATS[action.seat])
    if isinstance(action, Abandon):
        return _("{seat} abandoning the game").format(seat=SEATS[action.seat])
    if isinstance(action, AgreeDraw):
        return _("the agreed draw")
    if isinstance(action, Play):
        return _("a play")
    local = w.local()
    if isinstance(action, TurnStock):
        return _("turning the {stock}").format(stock=local.stock)
    if isinstance(action, TurnHand):
        return _("turning the {hand}").format(hand=local.hand)
    if isinstance(action, DiscardHeld):
        return _("the discard")
    if isinstance(action, TurnOverDiscard):
        return _("turning the {discard} over").format(discard=local.discard)
    if isinstance(action, EndInnings):
        return _("ending the innings")
    return _("a raise")


__all__ = ["NOTHING", "Pile", "Press", "TwoPackView"]
