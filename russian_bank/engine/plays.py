"""Every legal play, generated quickly for the legal actions, the bots and the
random soak (RULES.md §3, §58), and kept with the position until its cards move.

The rules themselves are the predicates of :mod:`.moves` (``space_source_rules``,
``space_side_rules``, ``side_refusal``, ``build_refusal`` through ``_building``,
the Table fit through ``_UNDER``), which ``refusals.play_reason`` also uses to explain a
refusal; the property tests check that the two agree for every registered rule set.
"""

from __future__ import annotations

from .cards import KEY_OF, RANK_OF
from .kept import KeptPlays
from .moves import (
    _UNDER,
    _building,
    _weave_key,
    available,
    own_line,
    refuses,
    source_cards,
    space_side_rules,
    space_source_rules,
)
from .places import (
    BANKS,
    DISCARD,
    DISCARDS,
    HELD,
    STOCK,
    STOCKS,
    TABLE,
    TABLES,
    Place,
)
from .position import ARRANGING, Position


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


def _kept(pos: Position, errors: bool) -> KeptPlays:
    lawful = not errors and bool(pos.rules.errors)  # else the same plays either way
    kept = pos.lawful_memo if lawful else pos.plays_memo
    head = (pos.rules, pos.player, pos.phase)
    if kept is not None and kept.stamp == pos.stamp and kept.head == head:
        return kept
    kept = KeptPlays(pos.stamp, head, tuple(_generate_plays(pos, errors)))
    if lawful:
        pos.lawful_memo = kept
    else:
        pos.plays_memo = kept
    return kept


def _generate_plays(pos: Position, errors: bool = True) -> list[tuple[Place, Place, int]]:
    rules = pos.rules
    table = pos.table
    # the Banks by the key of the card they take; the empty ones take the Aces
    by_key: dict[int, list[Place]] = {}
    empty_banks: list[Place] = []
    for i, b in enumerate(pos.banks):
        if b:
            k = KEY_OF[b[-1]]
            if k % 16 < 13:
                on = by_key.get(k + 1)
                if on is None:
                    by_key[k + 1] = [BANKS[i]]
                else:
                    on.append(BANKS[i])
        else:
            empty_banks.append(BANKS[i])
    # the Table cards by the key of the cards they take (one side only: French, §90)
    spaces: list[int] = []
    table_by_key: dict[int, list[int]] = {}
    under = _UNDER[rules.table_in_suit]
    line = own_line(pos) if rules.own_side_table else None
    for i, t in enumerate(table):
        if not t:
            spaces.append(i)
        elif line is None or i in line:  # side_refusal
            for k in under[t[-1]]:
                tops = table_by_key.get(k)
                if tops is None:
                    table_by_key[k] = [i]
                else:
                    tops.append(i)
    # the spaces each kind of source may fill (one predicate: space_refusal), and
    # the spaces that count for moving several cards (usable_spaces)
    fill: dict[str, list[int]] = _NO_FILL
    free = spaces
    if spaces:
        usable = spaces
        sided = rules.own_side_spaces or pos.undealt is not None
        if line is not None:
            usable = [j for j in spaces if j in line]
        elif sided:
            usable = [j for j in spaces if not refuses(pos, space_side_rules(pos, j), errors)]
        if sided:
            free = [j for j in spaces if not space_side_rules(pos, j)]
        if usable:
            fill = {k: usable if ok else [] for k, ok in _space_sources(pos, errors).items()}
    build = _build_destinations(pos, errors)
    build_from = _building(pos, errors)[1] if build else None
    any_suit = rules.build_any_suit
    whole = rules.whole_file_moves
    # only when some arrangement has come twice can a weave be refused as a repeat
    seen = pos.seen if len(pos.seen) > 1 and max(pos.seen.values()) >= 2 else None
    cols = [tuple(t) for t in table] if seen else []
    out: list[tuple[Place, Place, int]] = []
    add = out.append
    merged: dict[tuple[str, int], list[int]] = {}  # Table destinations with the spaces
    for src, card in available(pos):
        k = KEY_OF[card]
        if empty_banks and RANK_OF[card] == 1:
            for bank in empty_banks:
                add((src, bank, 1))
        banks = by_key.get(k)
        if banks:
            for bank in banks:
                add((src, bank, 1))
        src_kind = src.kind
        dsts: list[int] | tuple[()] = table_by_key.get(k, ())
        spaces_in = fill[src_kind]
        if spaces_in:
            got = merged.get((src_kind, k))
            if got is None:
                got = merged[src_kind, k] = sorted([*dsts, *spaces_in])
            dsts = got
        if src_kind == TABLE:
            # in Crapette the exposed card moves alone onto a file card (the whole
            # file below), never into a space (002, order 1)
            at = src.index
            for j in dsts:
                if j != at and not (seen and seen.get(_weave_key(cols, at, j, 1), 0) >= 2):
                    add((src, TABLES[j], 1))
        else:
            for j in dsts:
                add((src, TABLES[j], 1))
        if build_from is not None and build_from[src_kind]:
            for d in build.get(RANK_OF[card] if any_suit else k, ()):
                add((src, d, 1))
    # multi-card weaving (§58): 2**s cards, s counting the spaces the Player may
    # use other than the destination (a space he may not use does not count, as
    # 000 §91.3 read with §58); in Crapette a whole file moves onto a file card (002)
    if free or whole:
        max_onto = 2 ** len(free)
        into = fill[TABLE]
        into_max = {j: max_onto // 2 if j in free else max_onto for j in into}
        into_cap = max(into_max.values(), default=0)  # no space takes more cards
        for i, t in enumerate(table):
            n = len(t)
            counts = range(n, n + 1) if whole else range(2, min(n, max_onto) + 1)
            for count in counts:
                if count < 2:
                    continue
                onto = table_by_key.get(KEY_OF[t[n - count]])
                if whole:
                    extra = into
                elif count <= into_cap:
                    extra = [j for j in into if count <= into_max[j]]
                else:
                    if not onto:
                        continue
                    extra = []
                targets = [j for j in onto if j != i] if onto else []
                if extra:
                    targets = sorted(targets + extra)
                for j in targets:
                    if seen and seen.get(_weave_key(cols, i, j, count), 0) >= 2:
                        continue
                    add((TABLES[i], TABLES[j], count))
    return out


_NO_FILL: dict[str, list[int]] = {TABLE: [], STOCK: [], DISCARD: [], HELD: []}
_SPACE_SOURCES = {
    (errors, empty): "space sources"
    + ("" if errors else ", lawful")
    + (", no stock" if empty else "")
    for errors in (True, False)
    for empty in (True, False)
}


def _space_sources(pos: Position, errors: bool) -> dict[str, bool]:
    """Which kinds of source may fill a space (:func:`space_source_rules`, which
    depends on the rule set and whether the Player's Stock is empty): asked
    once per rule set and kept with it."""
    r = pos.rules
    name = _SPACE_SOURCES[errors, not pos.stock[pos.player]]
    got = r.memo.get(name)
    if got is None:
        got = r.memo[name] = {
            kind: not refuses(pos, space_source_rules(pos, kind), errors)
            for kind in (TABLE, STOCK, DISCARD, HELD)
        }
    return got  # type: ignore[return-value]


def _build_destinations(pos: Position, errors: bool) -> dict[int, list[Place]]:
    """The adversary's piles the Player may build on now, indexed by the key
    (the rank, in Crapette's any-suit building) of the cards they take."""
    build: dict[int, list[Place]] = {}
    if pos.phase == ARRANGING:
        return build
    adv = 1 - pos.player
    any_suit = pos.rules.build_any_suit
    build_to = _building(pos, errors)[0]
    for dst_kind, pile, up in (
        (STOCK, pos.stock[adv], pos.stock_up[adv]),
        (DISCARD, pos.discard[adv], 1),
    ):
        if pile and up and build_to[dst_kind]:
            k = RANK_OF[pile[-1]] if any_suit else KEY_OF[pile[-1]]
            dst = STOCKS[adv] if dst_kind == STOCK else DISCARDS[adv]
            for kk in (k - 1, k + 1):
                build.setdefault(kk, []).append(dst)
    return build


def unit_has_destination(pos: Position, src: Place, count: int) -> bool:
    """Decision VII (§86): can these cards be played anywhere at all?"""
    if source_cards(pos, src, count) is None:
        return False
    kept = _kept(pos, False)
    if kept.units is None:
        kept.units = frozenset((s, c) for s, _, c in kept.plays)
    return (src, count) in kept.units
