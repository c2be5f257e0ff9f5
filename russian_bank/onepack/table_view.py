"""The one-pack game's *table view* (``game.protocol.TableView``): its piles in the
places of the two-pack table, and what a press, a drop or a key asks of 003.

Each player's Hand and Discard sit where a two-pack player's Hand and Discard sit
(Diagram I), the card just turned where the held card lies, and the eight places
of 003 on the eight spaces of the Table: the row laid out by A (``place0-3``) in
the right-hand column, B's row (``place4-7``) in the left-hand one. There are no
Stocks and no Banks. A press on one's own Hand turns a card; the top card of a
pile, or a whole Table pile taken by its bottom card, may be dragged; the drop is
judged once by the rules (``action_reason``) and comes back as one legal action or
the rules' reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game.events import CardsMoved, Event, InningsEnded
from ..game.phases import OVER
from ..game.places import (
    DISCARD,
    DISCARDS,
    HAND,
    HANDS,
    HELD,
    HELD_PLACE,
    SEATS,
    TABLE,
    TABLES,
    Place,
    place_words,
)
from ..game.protocol import GameSession
from ..game.view import NOTHING, Pile, Press
from ..i18n import _, ngettext
from . import actions as A
from .actions import Action, Lift, Move, Turn
from .observation import Observation
from .position import Position
from .rules import action_reason
from .ruleset import RULES

PLACE_OF: dict[str, Place] = {
    **{f"hand{s}": HANDS[s] for s in (0, 1)},
    **{A.DISCARDS[s]: DISCARDS[s] for s in (0, 1)},
    **{A.PLACE_NAMES[i]: TABLES[i] for i in range(8)},
    A.HELD: HELD_PLACE,
}
PILE_OF: dict[Place, str] = {place: pile for pile, place in PLACE_OF.items()}


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


class OnePackView:
    """The table view of the one-pack game (003)."""

    places: tuple[Place, ...] = (*HANDS, *DISCARDS, HELD_PLACE, *TABLES)
    words = RULES.words
    rules = RULES

    def piles(self, pos: Position) -> dict[Place, Pile]:
        out: dict[Place, Pile] = {}
        for s in (0, 1):
            out[HANDS[s]] = Pile(tuple(pos.hands[s]), len(pos.hands[s]))
            out[DISCARDS[s]] = Pile(tuple(pos.discards[s]))
        out[HELD_PLACE] = Pile(() if pos.held is None else (pos.held,))
        for i, pile in enumerate(pos.places):
            out[TABLES[i]] = Pile(tuple(pile))
        return out

    def raised(self, pos: Position) -> tuple[Place, int] | None:
        return None  # 003 has no raising: a card is only moved

    def events(self, events: Sequence[Event]) -> list[Event]:
        """The game's events in the table's places; the discard that ends a turn
        also says whose innings begins."""
        out: list[Event] = []
        for ev in events:
            if not isinstance(ev, CardsMoved):
                out.append(ev)
                continue
            out.append(CardsMoved(ev.cards, PLACE_OF[ev.src], PLACE_OF[ev.dst], ev.face_up, ev.why))
            if ev.why == "discard":
                seat = int(ev.dst[-1])
                out.append(InningsEnded(seat, "discard", 1 - seat))
        return out

    # -- what a gesture asks ---------------------------------------------------------

    def press(self, pos: Position, place: Place, index: int) -> Press:
        if pos.phase == OVER:
            return NOTHING
        me = pos.player
        if place.kind == HAND:
            if place.index != me:
                text = _("That is {seat}'s {hand}: turn your own")
                return Press(refuse=text.format(seat=SEATS[1 - me], hand=self.words.local().hand))
            return Press(Turn())
        n = len(self.piles(pos)[place].cards)
        if n == 0:
            return NOTHING
        if place.kind == TABLE and index < n - 1:
            if index != 0:
                return Press(refuse=_("Take the top card, or the whole pile by its bottom card"))
            return Press(take=n)
        return Press(take=1)

    def turn_press(self, pos: Position) -> Press:
        return Press(Turn())

    def more(self, pos: Position, src: Place, count: int) -> Press | None:
        """Pressing again on a Table card held: the whole pile (a lift)."""
        n = len(pos.places[src.index]) if src.kind == TABLE else 0
        return Press(take=n) if n > count else None

    def drop(
        self, pos: Position, src: Place, count: int, dst: Place | None, moved: bool = True
    ) -> Action | str | None:
        if dst is None or dst == src or dst.kind in (HAND, HELD):
            return None
        s, d = PILE_OF[src], PILE_OF[dst]
        action: Action = Lift(s, d) if count > 1 else Move(s, d)
        return action_reason(pos, action) or action

    def back(self, pos: Position, dst: Place | None, count: int) -> None:
        return None  # nothing was raised: the cards simply go back

    def quick(self, pos: Position, place: Place) -> None:
        return None  # no double click in 003 (there are no Banks)

    def turn(self, pos: Position) -> Action | str:
        action = Turn()
        return action_reason(pos, action) or action

    def discard(self, pos: Position) -> Action | str:
        action = Move(A.HELD, A.DISCARDS[pos.player])
        return action_reason(pos, action) or action

    def offers(self, pos: Position) -> dict[str, bool]:
        return {"end": False, "compel": False}

    def spreads(self, place: Place) -> bool:
        return False  # every Discard card was seen face up; nothing to spread

    def spread(self, place: Place, by_computer: bool) -> tuple[bool, str]:
        return False, ""

    def hint_line(self, pos: Position) -> str:
        w = self.words.local()
        if pos.phase == OVER:
            return ""
        if pos.held is not None:
            text = _(
                "Play the card you turned, or drop it on your {discard} to end your turn"
                " \u00b7 drag the top card of a pile, or a whole pile by its bottom card"
            )
            return text.format(discard=w.discard)
        return _("Click your {hand} to turn a card \u00b7 drag a card to play it").format(
            hand=w.hand
        )

    def help(self, pos: Position) -> list[str]:
        """The Help: 003 in brief (docs/one-pack.md has the readings), how the table
        is worked and its keys."""
        w = self.words.local()
        return [
            _(
                "One pack: each player has 26 cards face down in his {hand}. The non-dealer"
                " lays out four face up in a row and begins; the dealer lays out his row at"
                " his first turn. The eight places are then open to both (003)."
            ).format(hand=w.hand),
            _(
                "Turn the top card of your {hand} and play it, or any top card, onto a pile"
                " of the {table} one above or below it in the same suit (King and Ace meet);"
                " a started sequence keeps its direction. A whole pile may be lifted onto"
                " another pile. A space is filled from your {discard} first. You may also"
                " play from your {hand} or {discard} onto your opponent's {discard}, in suit"
                " and sequence. A card you cannot play goes on your {discard} and your turn"
                " ends."
            ).format(hand=w.hand, table=w.table, discard=w.discard),
            _(
                "When your {hand} is used up your {discard} is turned over to make a new"
                " one. Whoever gets rid of all his cards first wins 30 and a point for each"
                " card the other still has. There are no Stops."
            ).format(hand=w.hand, discard=w.discard),
            _(
                "At the table: click your {hand} to turn; drag a top card to play it, or a"
                " whole pile by its bottom card to lift it; drop the turned card on your"
                " {discard} to end your turn. H gives a hint; Ctrl+Z undoes a play (a card"
                " turned stays turned); F1 or ? opens this help; Esc opens the menu."
            ).format(hand=w.hand, discard=w.discard),
            _(
                "Keyboard: Tab or the arrow keys move the ring over the piles; Enter takes"
                " the card under it (again on a pile: the whole pile) and Enter on another"
                " pile plays it there; Esc puts it back. T turns your {hand}, D puts the"
                " turned card on your {discard}, U or Ctrl+Z undoes, L shows the move log,"
                " F11 full screen, Ctrl+N a new game."
            ).format(hand=w.hand, discard=w.discard),
        ]

    def first_words(self) -> str:
        return _("click your {hand} to turn its top card").format(hand=self.words.local().hand)

    def counts(self, pos: Position, seat: int) -> str:
        w = self.words.local()
        left = _("left {n}").format(n=pos.cards_left(seat))
        return f"{w.hand} {len(pos.hands[seat])}  {w.discard} {len(pos.discards[seat])}  {left}"

    def tip(self, pos: Position, place: Place) -> str:
        w = self.words.local()
        if place.kind == HELD:
            card = pos.held.label if pos.held is not None else _("empty now")
            text = _(
                "Held ({card}): the card just turned from the {hand}. Play it, or put it"
                " on your {discard} to end your turn."
            )
            return text.format(card=card, hand=w.hand, discard=w.discard)
        name = place_words(place, pos.player, self.words)
        if place.kind == HAND:
            n = len(pos.hands[place.index])
            text = _("{place}: {cards} face down. Click your own to turn its top card.")
            return text.format(place=name, cards=_cards(n))
        if place.kind == DISCARD:
            n = len(pos.discards[place.index])
            text = _(
                "{place}: {cards}. Its top fills a space first; you may"
                " build on your opponent's in suit and sequence."
            )
            return text.format(place=name, cards=_cards(n))
        n = len(pos.places[place.index])
        text = _(
            "A place of the {table}: {cards}. Build up or down in suit and"
            " sequence; a whole pile lifts onto another."
        )
        return text.format(table=w.table, cards=_cards(n))

    def held_tip(self, pos: Position, seat: int) -> str:
        return self.tip(pos, HELD_PLACE)

    # -- undo --------------------------------------------------------------------------

    def undo_steps(self, game: GameSession[Position, Action, Observation]) -> int:
        return 1 if game.actions else 0

    def undo_reason(
        self, game: GameSession[Position, Action, Observation], computers: frozenset[int]
    ) -> str | None:
        """Never after the end; against a computer only the person's own actions of
        his present turn; a card once turned stays turned (``undo_reason``)."""
        pos = game.position
        if pos.phase == OVER:
            return _("The game is over")
        if not game.actions:
            return _("Nothing to undo")
        if pos.player in computers:
            text = _("It is {seat}'s turn: only your own actions can be undone")
            return text.format(seat=SEATS[pos.player])
        return game.undo_reason(1)
