"""The evaluation: how good a position is for one seat, in "cards" (one Hand card = 1).

Terms, each named after the rule book's advice:

* material -- cards still to dispose of; a Stock card counts double (it scores
  double against its owner, §31, and a stuck Stock blocks the Hand: "keep the
  Stock moving").
* spaces (§59, 001's notes) -- an empty Table space is worth a lot to whoever
  is about to play, and so costs the Player who leaves it to his adversary.
* exposed cards -- each pile top is judged by how easily its owner gets rid of
  it: bankable now, one or two cards from the Banks, fits the Table, fits a
  space, can load the other side. Cards the adversary can play when the innings
  passes to him count against us ("avoid giving the adversary plays").
* shape (§51) -- on the adversary's Stock an upward run, on his Discard a
  downward run (it comes back through his Hand in reverse order).
* §52 (do not load from the Table uselessly) is charged by the search per
  Table card built on the adversary, so that such a load pays only if it lets
  the Player dispose of his own cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from ..engine import OVER, Position
from ..engine.queries import builds_on, card_points, fits_build, table_accepts
from ..game.cards import KEY_OF, Card
from ..game.memo import Memo
from ..game.places import DISCARD, HAND, STOCK
from .util import bank_dist, tops_by_suit


@dataclass(frozen=True)
class Weights:
    stock_card: float = 1.0  # times what a Stock card left scores in this rule set (§31)
    hand_card: float = 1.0  # times what a Hand or Discard card left scores
    space: float = 0.9
    bankable: float = 1.2
    near_bank: float = 0.35
    fits_table: float = 0.6
    fits_space: float = 0.4
    fits_load: float = 0.5
    not_mover: float = 0.5  # exposed cards of the seat not on move matter less for it
    shape: float = 0.15  # §51
    table_load: float = 1.15  # §52, charged by the search
    mover: float = 0.5  # being on move is worth something
    stuck_stock: float = 0.4
    play_cost: float = 0.03  # per play in a plan: of two equal results, the shorter way


DEFAULT = Weights()
SIMPLE = Weights(
    space=0.3,
    bankable=0.5,
    near_bank=0.0,
    fits_table=0.2,
    fits_space=0.0,
    fits_load=0.0,
    shape=0.0,
    table_load=0.0,
    stuck_stock=0.0,
)


def load(pos: Position, seat: int, w: Weights) -> float:
    r = pos.rules
    return _load(pos, seat, w, card_points(r, STOCK), card_points(r, HAND))


def _load(pos: Position, seat: int, w: Weights, stock: int, hand: int) -> float:
    n = w.stock_card * stock * len(pos.stock[seat])
    n += w.hand_card * hand * (len(pos.hand[seat]) + len(pos.discard[seat]))
    if seat == pos.player and pos.held is not None:
        n += w.hand_card * hand
    return n


def _distances_of(tops: tuple[int, ...]) -> list[int]:
    by_suit = tops_by_suit(tops)
    return [bank_dist(c, by_suit) for c in range(104)]


# For each arrangement of the Banks' tops (a card, -1 for an empty Bank), how far
# each card is from the Banks (``util.bank_dist``): the tops change on few plays, so
# a search meets each arrangement many times (a game meets a few hundred: the bound
# keeps ``sim``'s memory flat)
_DISTANCES: Memo[tuple[int, ...], list[int]] = Memo(_distances_of, limit=1_024)


def _distances(pos: Position) -> list[int]:
    return _DISTANCES[tuple([b[-1] if b else -1 for b in pos.banks])]


def _ease(
    pos: Position,
    card: int,
    owner: int,
    from_stock: bool,
    distances: list[int],
    table_keys: set[int],
    spaces: int,
    builds: tuple[bool, bool],
    w: Weights,
) -> float:
    d = distances[card]
    if d == 0:
        return w.bankable
    e = w.near_bank if d == 1 else 0.0
    if KEY_OF[card] in table_keys:
        e += w.fits_table
    elif from_stock and spaces:
        e += w.fits_space
    other = 1 - owner
    on_stock, on_discard = builds
    pile = pos.stock[other]
    if on_stock and pile and pos.stock_up[other] and fits_build(pos, cast(Card, card), pile[-1]):
        return e + w.fits_load
    pile = pos.discard[other]
    if on_discard and pile and fits_build(pos, cast(Card, card), pile[-1]):
        return e + w.fits_load
    return e


def _run_pairs(cards: Sequence[int], upward: bool) -> int:
    n = 0
    for a, b in zip(cards, cards[1:], strict=False):
        if KEY_OF[b] - KEY_OF[a] == (1 if upward else -1):
            n += 1
    return n


def evaluate(pos: Position, me: int, w: Weights = DEFAULT) -> float:
    """Value of ``pos`` for ``me``; ``pos.player`` is the one to move next."""
    if pos.phase == OVER:
        o = pos.outcome
        if o is None or o.winner is None:
            return -5.0
        return 1000.0 + o.points if o.winner == me else -1000.0 - o.points
    adv = 1 - me
    mover = pos.player
    r = pos.rules
    stock, hand = card_points(r, STOCK), card_points(r, HAND)
    v = _load(pos, adv, w, stock, hand) - _load(pos, me, w, stock, hand)
    spaces = sum(1 for t in pos.table if not t)
    v += (w.space * spaces + w.mover) * (1 if mover == me else -1)
    distances = _distances(pos)
    table_keys = table_accepts(pos)
    builds = (builds_on(pos, STOCK), builds_on(pos, DISCARD))
    for seat, sign in ((me, 1.0), (adv, -1.0)):
        scale = 1.0 if seat == mover else w.not_mover
        st = pos.stock[seat]
        if st and pos.stock_up[seat]:
            e = _ease(pos, st[-1], seat, True, distances, table_keys, spaces, builds, w)
            if e == 0.0:
                e = -w.stuck_stock
            v += sign * scale * e
        dc = pos.discard[seat]
        if dc:
            e = _ease(pos, dc[-1], seat, False, distances, table_keys, 0, builds, w)
            v += sign * scale * e
    if w.shape:
        up = pos.stock_up[adv]
        if up > 1:
            v += w.shape * _run_pairs(pos.stock[adv][-up:], upward=True)
        v += w.shape * _run_pairs(pos.discard[adv][-4:], upward=False)
        up = pos.stock_up[me]
        if up > 1:
            v -= w.shape * _run_pairs(pos.stock[me][-up:], upward=True)
        v -= w.shape * _run_pairs(pos.discard[me][-4:], upward=False)
    return v
