"""Every legal play, generated quickly for the legal actions, the bots and the
random soak (RULES.md §3, §58), and kept with the position until its cards move.

The rules themselves are the predicates of :mod:`.moves` (``space_source_rules``,
``space_side_rules``, ``side_refusal``, ``build_refusal`` through ``_building``,
the Table fit through ``_UNDER``), which ``moves.play_reason`` also uses to explain a refusal; the
property tests check that the two agree for every registered rule set.
"""

from __future__ import annotations

from .cards import KEY_OF, RANK_OF
from .moves import (
    _UNDER,
    _building,
    _weave_key,
    available,
    own_line,
    refuses,
    side_refusal,
    source_cards,
    space_side_rules,
    space_source_rules,
    usable_spaces,
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
from .position import ARRANGING, KeptPlays, Position


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
    lawful = not errors and bool(pos.rules.errors)  # else the same plays either way
    kept = pos.lawful_memo if lawful else pos.plays_memo
    if kept is not None and kept.stamp == pos.stamp and kept.head == _head(pos):
        return list(kept.plays)
    plays = _generate_plays(pos, errors)
    kept = KeptPlays(pos.stamp, _head(pos), tuple(plays))
    if lawful:
        pos.lawful_memo = kept
    else:
        pos.plays_memo = kept
    return plays


def _head(pos: Position) -> tuple[object, ...]:
    """What the plays depend on besides the cards: the rule set, the Player and
    the phase (written straight into a position, as a tutorial sets up a game)."""
    return (pos.rules, pos.player, pos.phase)


def _generate_plays(pos: Position, errors: bool = True) -> list[tuple[Place, Place, int]]:
    rules = pos.rules
    table = pos.table
    # destinations indexed by the key of the card they accept
    by_key: dict[int, list[Place]] = {}
    empty_banks: list[Place] = []
    for i, b in enumerate(pos.banks):
        if b:
            k = KEY_OF[b[-1]]
            if k % 16 < 13:
                by_key.setdefault(k + 1, []).append(BANKS[i])
        else:
            empty_banks.append(BANKS[i])
    spaces: list[int] = []
    table_by_key: dict[int, list[int]] = {}
    under = _UNDER[rules.table_in_suit]
    one_side = rules.own_side_table
    for i, t in enumerate(table):
        if not t:
            spaces.append(i)
        elif not one_side or side_refusal(pos, i) is None:
            for k in under[t[-1]]:
                on = table_by_key.get(k)
                if on is None:
                    table_by_key[k] = [i]
                else:
                    on.append(i)
    # the spaces each kind of source may fill (one predicate: space_refusal)
    fill: dict[str, list[int]] = {}
    if spaces:
        usable = spaces
        if one_side:
            line = own_line(pos)
            usable = [j for j in spaces if j in line]
        elif rules.own_side_spaces or pos.undealt is not None:
            usable = [j for j in spaces if not refuses(pos, space_side_rules(pos, j), errors)]
        fill = {kind: usable if ok else [] for kind, ok in _space_sources(pos, errors).items()}
    build = _build_destinations(pos, errors)
    build_from = _building(pos, errors)[1]
    any_suit = rules.build_any_suit
    whole = rules.whole_file_moves
    # only when some arrangement has come twice can a weave be refused as a repeat
    seen = pos.seen if len(pos.seen) > 1 and max(pos.seen.values()) >= 2 else None
    cols = [tuple(t) for t in table] if seen else []
    out: list[tuple[Place, Place, int]] = []
    for src, card in available(pos):
        k = KEY_OF[card]
        if empty_banks and RANK_OF[card] == 1:
            for bank in empty_banks:
                out.append((src, bank, 1))
        for bank in by_key.get(k, ()):
            out.append((src, bank, 1))
        src_kind = src.kind
        dsts: list[int] | tuple[()] = table_by_key.get(k, ())
        if src_kind == TABLE:
            # in Crapette the exposed card moves alone onto a file card (the whole
            # file below), never into a space (002, order 1)
            if fill and fill[TABLE]:
                dsts = sorted([*dsts, *fill[TABLE]])
            for j in dsts:
                if j != src.index and not (
                    seen and seen.get(_weave_key(cols, src.index, j, 1), 0) >= 2
                ):
                    out.append((src, TABLES[j], 1))
        else:
            if fill and fill[src_kind]:
                dsts = sorted([*dsts, *fill[src_kind]])
            for j in dsts:
                out.append((src, TABLES[j], 1))
        if build and build_from[src_kind]:
            for d in build.get(RANK_OF[card] if any_suit else k, ()):
                out.append((src, d, 1))
    # multi-card weaving (§58): 2**s cards, s counting the spaces the Player may
    # use other than the destination (a space he may not use does not count, as
    # 000 §91.3 read with §58); in Crapette a whole file moves onto a file card (002)
    free = usable_spaces(pos)
    if free or whole:
        max_onto = 2 ** len(free)
        into = fill.get(TABLE, [])
        into_max = {j: max_onto // 2 if j in free else max_onto for j in into}
        for i, t in enumerate(table):
            n = len(t)
            counts = range(n, n + 1) if whole else range(2, min(n, max_onto) + 1)
            for count in counts:
                if count < 2:
                    continue
                onto = table_by_key.get(KEY_OF[t[n - count]])
                targets = [j for j in onto if j != i] if onto else []
                extra = [j for j in into if whole or count <= into_max[j]]
                if extra:
                    targets = sorted(targets + extra)
                for j in targets:
                    if seen and seen.get(_weave_key(cols, i, j, count), 0) >= 2:
                        continue
                    out.append((TABLES[i], TABLES[j], count))
    return out


def _space_sources(pos: Position, errors: bool) -> dict[str, bool]:
    """Which kinds of source may fill a space (:func:`space_source_rules`, which
    depends on the rule set and whether the Player's Stock is empty): asked
    once per rule set and kept with it."""
    r = pos.rules
    name = "space sources" + ("" if errors else ", lawful")
    name += "" if pos.stock[pos.player] else ", no stock"
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
    return any(s == src and c == count for s, _, c in legal_plays(pos, errors=False))
