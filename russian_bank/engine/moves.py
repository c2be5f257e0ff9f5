"""Where a card may go (RULES.md §3): the Banks, the Table, spaces, and building
on the adversary's Stock and Discard; multi-card weaving (§58).

``refusals.play_reason`` explains in one line why a play is refused; ``plays.legal_plays``
generates every legal play quickly for the bots and the random soak. Each rule
that differs between rule sets is one predicate below (``space_refusal``,
``side_refusal``, ``build_refusal``, ``file_refusal``) used by both, so the
generator and the explanation cannot drift apart; the property tests check the
two agree for every registered rule set. The same predicates name the rule a
play allowed as a British Bank error breaks (``play_error``, 000 §91.6).
"""

from __future__ import annotations

from ..game.cards import KEY_OF, RANK_OF, RED_OF, SUIT_OF, Card
from ..game.places import (
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
from ..i18n import N_, _
from .kept import KeptFacts
from .position import ARRANGING, Position

ACE_KEYS = frozenset(s * 16 + 1 for s in range(4))


def _facts(pos: Position) -> KeptFacts:
    """:func:`bank_accepts`, :func:`available` and :func:`bankable_available`:
    those the legal plays of these cards worked out on the way (``plays_memo``),
    else worked out now (kept apart, they saved no instructions: docs/benchmarks.md)."""
    kept: KeptFacts | None = pos.plays_memo
    if (  # ``kept.holds_for(pos)``, written out
        kept is None
        or kept.stamp != pos.stamp
        or kept.rules is not pos.rules
        or kept.player != pos.player
        or kept.phase != pos.phase
    ):
        kept = _work_out_facts(pos)
    return kept


def _work_out_facts(pos: Position) -> KeptFacts:
    # (apart from ``_facts``: a comprehension reading a local would make its every call
    # set up a cell for that local, Python 3.11)
    accepts = _work_out_accepts(pos)
    available = _work_out_available(pos)
    bankable = [pc for pc in available if KEY_OF[pc[1]] in accepts]
    return KeptFacts(pos, accepts, available, bankable)


def bankable_available(pos: Position) -> list[tuple[Place, Card]]:
    """Those of :func:`available` that some Bank takes now (kept: do not change it)."""
    return _facts(pos).bankable


def bank_accepts(pos: Position) -> set[int]:
    """Keys (suit * 16 + rank) that some Bank would take now (kept: do not change it)."""
    return _facts(pos).accepts


def _work_out_accepts(pos: Position) -> set[int]:
    accepts: set[int] = set()
    empty = False
    for b in pos.banks:
        if b:
            k = KEY_OF[b[-1]]
            if k % 16 < 13:
                accepts.add(k + 1)
        else:
            empty = True
    if empty:
        accepts |= ACE_KEYS
    return accepts


def fits_bank(pos: Position, card: Card, bank: int) -> bool:
    b = pos.banks[bank]
    if not b:
        return RANK_OF[card] == 1
    return KEY_OF[b[-1]] + 1 == KEY_OF[card]


def fits_table(pos: Position, card: Card, under: Card) -> bool:
    """May ``card`` go on the Table card ``under`` (one lower, other colour; §6)."""
    return KEY_OF[card] in _under_keys(under, pos.rules.table_in_suit)


def _under_rule(top: int, in_suit: bool) -> tuple[int, ...]:
    """Keys of the cards that go on the Table card ``top`` (the rule of :func:`fits_table`)."""
    r = RANK_OF[top]
    if r == 1:
        return ()
    if in_suit:
        return (SUIT_OF[top] * 16 + r - 1,)
    return tuple(s * 16 + r - 1 for s in ((1, 2) if not RED_OF[top] else (0, 3)))


# :func:`_under_rule` for every card, worked out once: ``_UNDER[in_suit][top]``
_UNDER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_under_rule(top, in_suit) for top in range(104)) for in_suit in (False, True)
)


def _under_keys(top: int, in_suit: bool) -> tuple[int, ...]:
    """Keys of the cards that go on the Table card ``top``."""
    return _UNDER[in_suit][top]


def table_accepts(pos: Position) -> set[int]:
    """Keys (suit * 16 + rank) of the cards that some Table card would take now."""
    in_suit = pos.rules.table_in_suit
    out: set[int] = set()
    for t in pos.table:
        if t:
            out.update(_under_keys(t[-1], in_suit))
    return out


def fits_build(pos: Position, card: Card, on: Card) -> bool:
    """Building on the adversary: same suit, one higher or lower (§29, §50);
    in Crapette any suit by default (002)."""
    if pos.rules.build_any_suit:
        return RANK_OF[card] - RANK_OF[on] in (1, -1)
    return KEY_OF[card] - KEY_OF[on] in (1, -1)


def own_line(pos: Position) -> range:
    """The Player's own line of four Table spaces (0-3 for A, 4-7 for B)."""
    return range(4, 8) if pos.player else range(0, 4)


def side_refusal(pos: Position, dst: int) -> str | None:
    """French Bank's option: each Player plays to one side of the Table only (§90)."""
    r = pos.rules
    if r.own_side_table and dst not in own_line(pos):
        text = _("You play to the {table} on your own side only")
        rule = text.format(table=r.words.local().table)
        return _("{rule} {cite}").format(rule=rule, cite=r.cite("table side"))
    return None


# Each rule below is named by its key in ``RuleSet.cites``. A predicate lists the
# keys of the rules a play would break; the rule set says which of those are
# refused and which are allowed as an error the adversary may Stop (British
# Bank, 000 §91.6: ``RuleSet.errors``). ``errors=False`` asks for lawful plays
# only (no error at all), as the bots and the referee's own questions do.

NO_RULE: tuple[str, ...] = ()
_NONE: frozenset[str] = frozenset()


_RULE_WORDS = {
    "space side": N_("You may use only the spaces on your own side"),
    "space from discard": N_("A {discard} card may not go into a space"),
    "space from table": N_(
        "A space is filled from your {stock}, or your {hand} once the {stock} is empty"
    ),
    "space from hand": N_(
        "A card from your {hand} may go into a space only once your {stock} is empty"
    ),
    "build on stock": N_("In this game you may not build on the adversary's {stock}"),
    "build on discard": N_("In this game you may not build on the adversary's {discard}"),
    "build from table": N_("You may not build on the adversary from the {table}"),
    "build from discard": N_("You may not build on the adversary from your {discard}"),
    "build from hand": N_("You may not build on the adversary from your {hand}"),
    # TRANSLATORS: Crapette (002): the second player lays out his files at his first turn
    "layout": N_(
        "Those {table} are not laid out yet: their player deals them at the start of his first turn"
    ),
    "turn stock first": N_("Turn the top card of your {stock} before your {hand}"),
    "turn hand space": N_("Fill the space in the {table} before turning your {hand}"),
}


def rule_words(pos: Position, key: str) -> str:
    """The one-line reason a rule gives, in the rule set's words, with its cite."""
    r = pos.rules
    w = r.words.local()
    text = _(_RULE_WORDS[key]).format(stock=w.stock, hand=w.hand, discard=w.discard, table=w.table)
    # TRANSLATORS: a rule's reason and where the rule book says it, e.g. "(§16, §20)"
    return _("{rule} {cite}").format(rule=text, cite=r.cite(key))


def refuses(pos: Position, keys: tuple[str, ...], errors: bool = True) -> bool:
    """Whether a rule in ``keys`` refuses the play (see :func:`refusal`)."""
    if not keys:
        return False
    allowed = pos.rules.errors if errors else _NONE
    return not allowed.issuperset(keys)  # some key not allowed


def refusal(pos: Position, keys: tuple[str, ...], errors: bool = True) -> str | None:
    """The reason of the first rule in ``keys`` that refuses the play (with
    ``errors``, a rule the rule set lets be broken as a §91.6 error does not)."""
    allowed = pos.rules.errors if errors else _NONE
    for key in keys:
        if key not in allowed:
            return rule_words(pos, key)
    return None


def space_side_rules(pos: Position, dst: int) -> tuple[str, ...]:
    """British Bank: the spaces of one side only (§91.3); Crapette: the second
    player's files are no spaces before he lays them out (002, The Play ¶5)."""
    if pos.undealt is not None and dst // 4 == pos.undealt:
        return ("layout",)
    if pos.rules.own_side_spaces and dst not in own_line(pos):
        return ("space side",)
    return NO_RULE


def space_source_rules(pos: Position, src_kind: str) -> tuple[str, ...]:
    """Which sources may fill a space (§16-18, §20 and the sets), whatever the space."""
    r = pos.rules
    if src_kind == DISCARD:
        return ("space from discard",)
    if src_kind == TABLE and not r.table_to_space:
        return ("space from table",)
    if src_kind == HELD and pos.stock[pos.player] and not r.hand_to_space_before_stock_empty:
        return ("space from hand",)
    return NO_RULE


def space_rules(pos: Position, src_kind: str, dst: int) -> tuple[str, ...]:
    """The rules a card from ``src_kind`` into the empty space ``dst`` would break."""
    return space_side_rules(pos, dst) + space_source_rules(pos, src_kind)


def space_refusal(pos: Position, src_kind: str, dst: int, errors: bool = True) -> str | None:
    """Who may fill the empty space ``dst`` from ``src_kind`` (§16-18 and the sets)."""
    return refusal(pos, space_rules(pos, src_kind, dst), errors)


def build_rules(pos: Position, src_kind: str, dst_kind: str) -> tuple[str, ...]:
    """The rules building these cards on that adversary pile would break."""
    r = pos.rules
    out: list[str] = []
    if dst_kind == STOCK and not r.build_on_stock:
        out.append("build on stock")
    if dst_kind == DISCARD and not r.build_on_discard:
        out.append("build on discard")
    if src_kind == TABLE and not r.build_from_table:
        out.append("build from table")
    if src_kind == DISCARD and not r.build_from_discard:
        out.append("build from discard")
    if src_kind == HELD and not r.build_from_hand:
        out.append("build from hand")
    return tuple(out)


def build_refusal(pos: Position, src_kind: str, dst_kind: str, errors: bool = True) -> str | None:
    """Whether this rule set lets these cards be built on that adversary pile."""
    return refusal(pos, build_rules(pos, src_kind, dst_kind), errors)


# what a rule set lets each kind of source do: fill a space (by kind), build on the
# adversary's Stock and Discard (by kind of pile), build from (by kind of source)
Sources = tuple[dict[str, bool], dict[str, bool], dict[str, bool]]


def _sources(pos: Position, errors: bool = True) -> Sources:
    """:func:`space_source_rules` and :func:`build_refusal`'s answers, which depend on
    the rule set, ``errors`` and whether the Player's Stock is empty alone: asked once
    and kept with the rule set (``RuleSet.sources``, by ``2 * errors + empty``)."""
    kept = pos.rules.sources
    key = 2 * errors + (not pos.stock[pos.player])
    got = kept.get(key)
    if got is None:  # (loops, not comprehensions: no cell for ``pos`` every call)
        space: dict[str, bool] = {}
        for k in (TABLE, STOCK, DISCARD, HELD):
            space[k] = not refuses(pos, space_source_rules(pos, k), errors)
        to: dict[str, bool] = {}
        for k in (STOCK, DISCARD):
            to[k] = build_refusal(pos, STOCK, k, errors) is None
        fro: dict[str, bool] = {}
        for k in (TABLE, DISCARD, HELD):
            fro[k] = build_refusal(pos, k, DISCARD, errors) is None
        fro[STOCK] = True
        got = kept[key] = (space, to, fro)
    return got


def play_error(pos: Position, src: Place, dst: Place, count: int = 1) -> str | None:
    """The rule (its key) that an allowed play breaks as an error the adversary
    may Stop (British Bank, 000 §91.6), or None for a lawful play. Ask only of a
    play :func:`play_reason` allows."""
    if not pos.rules.errors:
        return None
    if dst.kind == TABLE and not pos.table[dst.index]:
        keys = space_rules(pos, src.kind, dst.index)
    elif dst.kind in (STOCK, DISCARD) and dst.index != pos.player:
        keys = build_rules(pos, src.kind, dst.kind)
    else:
        return None
    return keys[0] if keys else None


def file_refusal(pos: Position, src: int, count: int) -> str | None:
    """Crapette (002, The Play): the exposed card of a file moves alone; a card
    with cards packed on it moves only with all of them, read as the whole file
    (docs/rulesets/crapette.md: a card of the middle does not move)."""
    r = pos.rules
    if r.whole_file_moves and count not in (1, len(pos.table[src])):
        text = _(
            "Only the exposed card of the {table} moves alone; a card with cards"
            " packed on it moves only with every one of them"
        )
        rule = text.format(table=r.words.local().table)
        return _("{rule} {cite}").format(rule=rule, cite=r.cite("weave"))
    return None


def source_cards(pos: Position, src: Place, count: int) -> list[Card] | None:
    """The cards the Player would take hold of at ``src``, or None if not available."""
    me = pos.player
    kind = src.kind
    if kind == TABLE:
        col = pos.table[src.index]
        if count < 1 or count > len(col):
            return None
        return col[len(col) - count :]
    if count != 1:
        return None
    if kind == STOCK:
        if src.index != me or not pos.stock_up[me]:
            return None
        return [pos.stock[me][-1]]
    if kind == DISCARD:
        if src.index != me or not pos.discard[me] or not pos.rules.discard_playable:
            return None
        return [pos.discard[me][-1]]
    if kind == HELD:
        return None if pos.held is None else [pos.held]
    return None


def available(pos: Position) -> list[tuple[Place, Card]]:
    """The exposed cards the Player may play (§49 and the held card); kept with
    the position until a card moves: do not change the list."""
    facts = _facts(pos)
    got = facts.available
    if got is None:  # the legal plays were generated without it
        got = facts.available = _work_out_available(pos)
    return got


def _work_out_available(pos: Position) -> list[tuple[Place, Card]]:
    me = pos.player
    out = [(TABLES[i], t[-1]) for i, t in enumerate(pos.table) if t]
    if pos.phase == ARRANGING:
        return out
    if pos.stock_up[me]:
        out.append((STOCKS[me], pos.stock[me][-1]))
    if pos.discard[me] and pos.rules.discard_playable:
        out.append((DISCARDS[me], pos.discard[me][-1]))
    if pos.held is not None:
        out.append((HELD_PLACE, pos.held))
    return out


def bankable(pos: Position, accepts: set[int] | None = None) -> list[Card]:
    """Available cards that could be played on a Bank now."""
    if accepts is None:
        accepts = bank_accepts(pos)
    return [c for _, c in available(pos) if KEY_OF[c] in accepts]


def usable_spaces(pos: Position) -> list[int]:
    """The empty Table spaces the Player may use without error: the ones that
    count for moving several cards at once (§58; in British Bank and French
    Bank's one-side option only those of his own side, 000 §91.3, §90)."""
    return [i for i, t in enumerate(pos.table) if not t and not space_side_rules(pos, i)]


def after_weave_key(pos: Position, src: int, dst: int, count: int) -> int:
    """:meth:`Position.table_key` once ``count`` cards go from Table ``src`` to ``dst``."""
    return _weave_key([tuple(t) for t in pos.table], src, dst, count)


def _weave_key(table: list[tuple[Card, ...]], src: int, dst: int, count: int) -> int:
    cols = table[:]
    moving = cols[src][len(cols[src]) - count :]
    cols[src] = cols[src][: len(cols[src]) - count]
    cols[dst] = cols[dst] + moving
    return hash(tuple(cols))
