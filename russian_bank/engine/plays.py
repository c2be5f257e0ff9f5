"""Every legal play, generated quickly for the legal actions, the bots and the
random soak (RULES.md §3, §58), and kept with the position until its cards move.

The rules themselves are the predicates of :mod:`.moves` (``space_source_rules``,
``space_side_rules``, ``side_refusal``, ``build_refusal`` through ``_sources``,
the Table fit through ``_UNDER``), which ``refusals.play_reason`` also uses to explain a
refusal; the property tests check that the two agree for every registered rule set.

How it is quick (docs/engine.md, "Speed"): the piles that take each card are
worked out once per generation as bit masks (one bit per Bank, one per Table
pile, by the key of the card they take), and the plays of one source onto the
piles of one mask are a row of ``Play`` actions made once for the whole program
(``_ROWS``); a generation joins rows. The plays as (source, destination, count)
are made from the actions only when asked for (``KeptPlays.plays``)."""

from __future__ import annotations

from ..game.cards import CARDS, KEY_OF, RANK_OF, Card
from ..game.memo import Memo
from ..game.places import (
    BANK,
    BANKS,
    DISCARD,
    DISCARDS,
    HELD,
    HELD_PLACE,
    STOCK,
    STOCKS,
    TABLE,
    TABLES,
    Place,
)
from .actions import PLAYS, RAISES, Play, Raise, TurnHand
from .kept import Fit, KeptPlays
from .masks import _FIT, _bank_masks, _refit
from .moves import (
    _sources,
    refuses,
    source_cards,
    space_side_rules,
)
from .position import ARRANGING, Position
from .weaves import Row, _may_bring_back, _not_repeated

# every source of a play by number: Table 0-7, the Stocks 8-9, the Discards 10-11, held 12
SOURCES: tuple[Place, ...] = (*TABLES, *STOCKS, *DISCARDS, HELD_PLACE)
_RAISE_ONE: tuple[Raise, ...] = tuple(RAISES[src, 1] for src in SOURCES)
_LINES = (0b1111, 0b11110000)  # each seat's own line of the Table (0-3, 4-7) as a mask
# _TABLE_RAISES[mask]: a raise of one card from each Table pile of the mask, in order
_TABLE_RAISES = tuple(
    tuple(_RAISE_ONE[i] for i in range(8) if mask >> i & 1) for mask in range(256)
)
# _PAIRS[s * 104 + card]: the (source, card) of ``moves.bankable_available``, made once
_PAIRS: tuple[tuple[Place, Card], ...] = tuple((src, c) for src in SOURCES for c in CARDS)


# _BITS[mask]: the piles of the mask (0-7), in order
_BITS = tuple(tuple(j for j in range(8) if mask >> j & 1) for mask in range(256))


def _row(at: int) -> Row:
    count = at >> 13
    if count:  # several cards of a Table pile
        src = TABLES[at >> 8 & 7]
        return tuple([PLAYS[src, TABLES[j], count] for j in _BITS[at & 255]])
    src = SOURCES[at >> 9]
    piles = TABLES if at & 256 else BANKS
    return tuple([PLAYS[src, piles[j], 1] for j in _BITS[at & 255]])


# _ROWS[s << 9 | m]: the plays of source s onto the Banks of mask m, in index order;
# _ROWS[s << 9 | 256 | m]: onto the Table piles of mask m. Made when first needed
# (``_made_row``): a list read by number (quicker than a ``Memo``'s look-up by 1 % of a
# game's instructions, docs/benchmarks.md), written by this module alone.
_ROWS: list[Row | None] = [None] * (len(SOURCES) << 9)
# _MULTI[count << 13 | i << 8 | m]: ``count`` cards (2 or more) of Table pile i onto the
# Table piles of mask m; a game meets a few hundred (the bound keeps ``sim`` flat)
_MULTI: Memo[int, Row] = Memo(_row, limit=4_096)


def _made_row(at: int) -> Row:
    row = _ROWS[at] = _row(at)
    return row


def legal_plays(pos: Position, errors: bool = True) -> list[tuple[Place, Place, int]]:
    """Every legal play as (source, destination, count), in a stable order.
    ``errors=False``: only the lawful ones, without the plays the rule set
    allows as errors the adversary may Stop (British Bank, 000 §91.6).

    Order: by source (Table 0-7, own Stock, own Discard, held card), then
    destination (Banks 0-7, Table 0-7, adversary's Stock, adversary's Discard),
    then multi-card Table moves by source, count and destination.

    The answer is kept with the position (``plays_memo``; ``lawful_memo`` for
    the lawful plays alone, where they differ) under the position's stamp,
    which changes whenever a card moves (``Position.touch``), so asking again
    before the cards move (raising a card and putting it back do not move
    any) costs a comparison.
    """
    return list(_kept(pos, errors).plays)


def kept_plays(pos: Position, errors: bool = True) -> tuple[tuple[Place, Place, int], ...]:
    """:func:`legal_plays` as the kept tuple itself (no copy), for the engine's own reading."""
    return _kept(pos, errors).plays


def kept(pos: Position, errors: bool = True) -> KeptPlays:
    """The kept plays with their ``Play`` actions and the raises they allow."""
    return _kept(pos, errors)


def _kept(pos: Position, errors: bool) -> KeptPlays:
    lawful = not errors and bool(pos.rules.errors)  # else the same plays either way
    kept = pos.lawful_memo if lawful else pos.plays_memo
    if (
        kept is not None
        and kept.stamp == pos.stamp
        and kept.rules is pos.rules
        and kept.player == pos.player
        and kept.phase == pos.phase
    ):
        return kept
    # after a turn of a Hand card the kept plays of the position before are this one's
    # but for the held card's own (the turn changes the held card and the Table's
    # history alone); after a play to no Bank its Banks' masks stand, and its Table
    # masks but for the piles the play took from and put on
    before, after, action = pos.last_step  # (``laws.apply`` writes it)
    if (  # ``kept`` is of the position this one came from by ``action``
        kept is not None
        and before == kept.stamp
        and after == pos.stamp
        and kept.rules is pos.rules
        and kept.player == pos.player
        and kept.phase == pos.phase
    ):
        if type(action) is TurnHand:  # only the held card's plays are new
            if kept.turn is not None and pos.held is not None:
                kept = _after_turn(pos, kept)
            else:
                kept = _generate(pos, errors)
        elif type(action) is Play and kept.fit is not None and action.dst.kind != BANK:
            kept = _generate(pos, errors, kept.fit, action)  # the Banks stand
        else:
            kept = _generate(pos, errors)
    else:
        kept = _generate(pos, errors)
    if lawful:
        pos.lawful_memo = kept
    else:
        pos.plays_memo = kept
    return kept


def _generate_plays(pos: Position, errors: bool = True) -> list[tuple[Place, Place, int]]:
    """The legal plays worked out afresh (nothing kept is read or written)."""
    return list(_generate(pos, errors).plays)


def _generate(
    pos: Position, errors: bool, fit: Fit | None = None, play: Play | None = None
) -> KeptPlays:
    """The legal plays (``fit``: the masks of the position ``play``, to no Bank, was
    made on: its Banks' stand, and only the Table piles it moved change)."""
    rules = pos.rules
    table = pos.table
    me = pos.player
    adv = 1 - me
    arranging = pos.phase == ARRANGING
    under, want = _FIT[rules.table_in_suit]
    line = _LINES[me] if rules.own_side_table else 255
    every_line = line == 255
    if fit is not None and play is not None:
        bm, accepts, tm, spaces = fit
        tm, spaces = _refit(pos, play, tm[:], spaces, under, line)
    else:
        # the Banks taking each key (a bit per Bank); the empty ones take the Aces
        tops = tuple([b[-1] if b else -1 for b in pos.banks])
        bm, accepts = _bank_masks(tops)
        # the Table piles taking each key (one side only: French, §90), and the spaces
        tm = [0] * 64  # by the number of the set of keys going on a Table card (``_FIT``)
        spaces = 0
        # (adding the bits, which 3.11 does quicker than or-ing them: each bit is
        # added once to a mask; tm[0] is a dump, for the Aces, which take no card)
        bit = 1
        for t in table:
            if not t:
                spaces += bit
            elif every_line or line & bit:  # side_refusal
                tm[under[t[-1]]] += bit
            bit += bit
    # what each kind of source may do (``moves._sources``, its kept answer read here)
    got = rules.sources.get(2 * errors + (not pos.stock[me]))
    if got is None:
        got = _sources(pos, errors)
    space, build_to, build_all = got
    build_from: dict[str, bool] | None = build_all
    # the spaces each kind of source may fill (one predicate: space_refusal), and
    # the spaces that count for moving several cards (usable_spaces)
    fill_table = fill_stock = fill_discard = fill_held = 0
    free = spaces
    if spaces:
        usable = spaces
        sided = rules.own_side_spaces or pos.undealt is not None
        if rules.own_side_table:
            usable = spaces & line
        elif sided:
            usable = 0
            for j in range(8):
                if spaces >> j & 1 and not refuses(pos, space_side_rules(pos, j), errors):
                    usable |= 1 << j
        if sided:
            free = 0
            for j in range(8):
                if spaces >> j & 1 and not space_side_rules(pos, j):
                    free |= 1 << j
        if usable:
            fill_table = usable if space[TABLE] else 0
            fill_stock = usable if space[STOCK] else 0
            fill_discard = usable if space[DISCARD] else 0
            fill_held = usable if space[HELD] else 0
    # building on the adversary's Stock and Discard (keys, or ranks in Crapette)
    any_suit = rules.build_any_suit
    on_stock = on_discard = -9  # no card is one away from these
    if arranging:
        build_from = None
    else:
        pile = pos.stock[adv]
        if pile and pos.stock_up[adv] and build_to[STOCK]:
            on_stock = RANK_OF[pile[-1]] if any_suit else KEY_OF[pile[-1]]
        pile = pos.discard[adv]
        if pile and build_to[DISCARD]:
            on_discard = RANK_OF[pile[-1]] if any_suit else KEY_OF[pile[-1]]
        if on_stock < 0 and on_discard < 0:
            build_from = None
    # the keys (ranks in Crapette) one away from a pile to build on; none below 0
    near = {on_stock - 1, on_stock + 1, on_discard - 1, on_discard + 1}
    # only when some arrangement has come twice can a weave be refused as a repeat
    seen = pos.seen
    twice = (
        {key for key, n in seen.items() if n >= 2}
        if len(seen) > 1 and sum(seen.values()) > len(seen)  # (each count is 1 or more)
        else None
    )
    cols = list(map(tuple, table)) if twice else []
    # the units (Table pile, count) whose weaves might bring one back; the others
    # need no hashing (None: an arrangement is not known, every weave is checked)
    back = _may_bring_back(pos, twice, cols) if twice else set()
    if not back and back is not None:
        twice = None  # no weave can bring one back: none is hashed
    acts: list[Play] = []
    raises = list(_TABLE_RAISES[255 & ~spaces])  # a card from each Table pile with cards
    bankable: list[tuple[Place, Card]] = []  # those a Bank takes
    add_acts = acts.extend
    rows = _ROWS
    pairs = _PAIRS
    # one card from the Table (in Crapette the exposed card moves alone onto a file
    # card, the whole file below, never into a space: 002, order 1)
    build_table = build_from is not None and build_from[TABLE]
    by = RANK_OF if any_suit else KEY_OF  # what building goes by
    for i, t in enumerate(table):
        if not t:
            continue
        card = t[-1]
        m = bm[KEY_OF[card]]
        if m:
            bankable.append(pairs[i * 104 + card])
            at = i * 512 + m
            add_acts(rows[at] or _made_row(at))
        m = tm[want[card]] + fill_table  # not pile i: no space, nor taking its own top's rank
        if m:
            at = i * 512 + 256 + m
            row = rows[at] or _made_row(at)
            if twice and (back is None or (i, 1) in back):
                row = _not_repeated(row, twice, cols, i)
            add_acts(row)
        if build_table and by[card] in near:
            _add_builds(acts, i, by[card], on_stock, on_discard, adv)
    if not arranging:
        source: tuple[int, Card | None, int, bool]
        for source in (
            (8 + me, pos.stock[me][-1] if pos.stock_up[me] else None, fill_stock, True),
            (
                10 + me,
                pos.discard[me][-1] if pos.discard[me] and rules.discard_playable else None,
                fill_discard,
                build_from is not None and build_from[DISCARD],
            ),
            (12, pos.held, fill_held, build_from is not None and build_from[HELD]),
        ):
            s, held, fill, may_build = source
            if held is None:
                continue
            card = held
            k = KEY_OF[card]
            base = s * 512
            m = bm[k]
            if m:
                bankable.append(pairs[s * 104 + card])
                row = rows[base + m] or _made_row(base + m)
                add_acts(row)
            m = tm[want[card]] + fill  # (the piles with cards, and spaces)
            if m:
                row = rows[base + 256 + m] or _made_row(base + 256 + m)
                add_acts(row)
            if may_build and build_from is not None:
                kk = RANK_OF[card] if any_suit else k
                if kk in near:
                    _add_builds(acts, s, kk, on_stock, on_discard, adv)
            if s != 12:
                raises.append(_RAISE_ONE[s])
    multi_at = len(acts)  # where the held card's plays would stand (``_after_turn``)
    # multi-card weaving (§58): 2**s cards, s counting the spaces the Player may
    # use other than the destination (a space he may not use does not count, as
    # 000 §91.3 read with §58); in Crapette a whole file moves onto a file card (002)
    whole = rules.whole_file_moves
    if free or whole:
        max_onto = 1 << free.bit_count()
        half = max_onto >> 1
        into_free = fill_table & free  # these spaces take half as many
        into_other = fill_table & ~free
        into_cap = max_onto if into_other else half if into_free else 0
        bit = 1
        for i, t in enumerate(table):
            n = len(t)
            if n < 2:
                bit += bit
                continue
            counts = range(n, n + 1) if whole else range(2, (n if n < max_onto else max_onto) + 1)
            for count in counts:
                onto = tm[want[t[n - count]]]
                if whole:
                    extra = fill_table
                elif count <= into_cap:
                    extra = into_other | (into_free if count <= half else 0)
                else:
                    if not onto:
                        continue
                    extra = 0
                m = (onto & ~bit) | extra
                if m:
                    row = _MULTI[count << 13 | i << 8 | m]
                    if twice and (back is None or (i, count) in back):
                        row = _not_repeated(row, twice, cols, i, count)
                    if row:
                        add_acts(row)
                        raises.append(RAISES[TABLES[i], count])
            bit += bit
    kept = KeptPlays(pos, accepts, bankable, tuple(acts), tuple(raises))
    kept.fit = (bm, accepts, tm, spaces)
    if twice is None and not arranging and pos.held is None:  # what ``_after_turn`` needs
        held_build = build_from is not None and build_from[HELD]
        kept.turn = (bm, tm, fill_held, held_build, near, on_stock, on_discard, multi_at)
    return kept


def _after_turn(pos: Position, kept: KeptPlays) -> KeptPlays:
    """The plays after the Hand's card is turned: those kept from before it (worked
    out with no arrangement seen twice, so no weave refused, as after a turn), with
    the held card's plays where the generation puts them, before several-card moves."""
    assert kept.turn is not None and pos.held is not None
    bm, tm, fill, may_build, near, on_stock, on_discard, at = kept.turn
    card = pos.held
    k = KEY_OF[card]
    base = 12 * 512
    acts: list[Play] = []
    bankable = kept.bankable
    m = bm[k]
    if m:
        bankable = [*bankable, _PAIRS[12 * 104 + card]]
        acts += _ROWS[base + m] or _made_row(base + m)
    m = tm[_FIT[pos.rules.table_in_suit][1][card]] + fill
    if m:
        acts += _ROWS[base + 256 + m] or _made_row(base + 256 + m)
    if may_build:
        kk = RANK_OF[card] if pos.rules.build_any_suit else k
        if kk in near:
            _add_builds(acts, 12, kk, on_stock, on_discard, 1 - pos.player)
    old = kept.actions
    new = KeptPlays(pos, kept.accepts, bankable, (*old[:at], *acts, *old[at:]), kept.raises)
    new.fit = kept.fit  # the Table and the Banks as before the turn
    return new


def _add_builds(
    acts: list[Play], s: int, kk: int, on_stock: int, on_discard: int, adv: int
) -> None:
    """The building plays of source ``s`` (key or rank ``kk``): Stock first, then Discard."""
    for on, dst in ((on_stock, STOCKS[adv]), (on_discard, DISCARDS[adv])):
        if kk - on in (1, -1):
            acts.append(PLAYS[SOURCES[s], dst, 1])


def unit_has_destination(pos: Position, src: Place, count: int) -> bool:
    """Decision VII (§86): can these cards be played anywhere at all?"""
    if source_cards(pos, src, count) is None:
        return False
    return _kept(pos, False).has_unit((src, count))
