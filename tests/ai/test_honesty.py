"""Fair play by construction (issue 10): no bot can know a face-down card.

The observation has no place a face-down card could be kept in, and every bot
entry point (``choose``, ``react`` with its Stops and Compels, ``accepts_draw``)
answers the same, at every level, for two real positions that differ only in
their face-down cards. The twin positions are made from the engine's text form
of the real position, never from an observation.
"""

from __future__ import annotations

import functools
import random
import typing
from dataclasses import fields, replace

import pytest

from russian_bank.ai import LEVELS, Master, MasterNext, make_bot
from russian_bank.ai.determinize import fill, sample_cards, working_position
from russian_bank.engine import (
    OVER,
    PENDING,
    PLAY,
    Card,
    Observation,
    Position,
    Stand,
    TurnHand,
    TurnStock,
    apply,
    compel_reason,
    deal_position,
    observe,
    parse_action,
)
from russian_bank.engine.observation import LIST_NOTES, NOTES
from russian_bank.game.cards import TEXT
from tests.engine.scenario import scenario

HIDDEN_LINES = ("stockA", "handA", "stockB", "handB")


def face_down(pos: Position) -> list[str]:
    """The face-down cards of ``pos``, read from its text form."""
    out = []
    for line in pos.to_text().splitlines():
        name, _, rest = line.partition(": ")
        if name in HIDDEN_LINES:
            out += rest.partition("|")[0].split()
    return out


def twin(pos: Position, seed: int) -> Position:
    """``pos`` with its face-down cards dealt again at random, all four face-down
    places mixed: written as text, reordered there, read back."""
    cards = face_down(pos)
    random.Random(seed).shuffle(cards)
    deal = iter(cards)
    lines = []
    for line in pos.to_text().splitlines():
        name, _, rest = line.partition(": ")
        if name in HIDDEN_LINES:
            down, bar, up = rest.partition("|")
            new = " ".join(next(deal) for _ in down.split())
            line = f"{name}: {new} {bar}{up}"
        lines.append(line)
    return Position.from_text("\n".join(lines) + "\n")


def _collect() -> dict[str, list[Position]]:
    """Positions from two games of Novices (who fault on purpose): the Player to
    move, a fault open with the adversary watching, and the same after a
    turnover of the Discard (where a fault may be compelled, §70)."""
    found: dict[str, list[Position]] = {"move": [], "fault": [], "compel": []}
    for seed in (3, 8):
        pos = deal_position(rng=random.Random(seed))
        bots = {s: make_bot("novice", s, random.Random(100 + s)) for s in (0, 1)}
        for step in range(2500):
            if pos.phase == OVER:
                break
            if pos.phase == PENDING:
                apply(pos, Stand(pos.adversary))
                continue
            me = pos.player
            if step % 41 == 7 and pos.compelled is None and face_down(pos):
                found["move"].append(pos.clone())
            apply(pos, bots[me].choose(observe(pos, me)))
            if pos.fault is not None and pos.phase == PLAY and pos.player == me:
                kind = "compel" if compel_reason(pos, pos.adversary) is None else "fault"
                found[kind].append(pos.clone())
    return found


@functools.cache
def _positions() -> dict[str, list[Position]]:
    found = _collect()
    # a fault after a turnover of the Discard, where a Compel is allowed (§70)
    for pos in found["fault"][:4]:
        q = pos.clone()
        q.turnovers[q.player] = max(1, q.turnovers[q.player])
        if compel_reason(q, q.adversary) is None:
            found["compel"].append(q)
    return found


def positions(kind: str, n: int) -> list[Position]:
    return [p.clone() for p in _positions()[kind][:n]]


@pytest.fixture
def quick_master(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Master with a smaller look-ahead (the same code) to keep the tests quick."""
    monkeypatch.setattr(Master, "samples", 2)
    monkeypatch.setattr(Master, "candidates", 3)
    monkeypatch.setattr(Master, "depth", 1)
    monkeypatch.setattr(Master, "budget", 900)
    quick = replace(MasterNext.settings, budget=900, candidates=4, samples=2)
    monkeypatch.setattr(MasterNext, "settings", quick)


# every level, and issue 22's Master on trial (the search past the innings)
ALL = (*LEVELS, "master-next", "master-value")


# ------------------------------------------------------------ the observation type

SHOWN = {
    "stock_up",
    "hand_known",
    "discard",
    "held",
    "table",
    "banks",
    "fault",
    "pre_raise_fault",
    "reserved",
    "compelled",
    "cuts",
}


def _holds_card(tp: object) -> bool:
    if tp is Card:
        return True
    return any(_holds_card(a) for a in typing.get_args(tp))


def test_observation_has_no_field_a_face_down_card_could_hide_in() -> None:
    hints = typing.get_type_hints(Observation)
    names = [f.name for f in fields(Observation)]
    # only the shown places can hold a card; the face-down parts are counts
    assert {n for n in names if _holds_card(hints[n])} == SHOWN
    assert hints["stock_down"] == hints["hand_down"] == tuple[int, int]
    for n in names:  # nothing mutable, nothing untyped, no Position inside
        text = str(hints[n])
        for bad in ("list", "dict", "Any", "object", "Position"):
            assert bad not in text, (n, text)
    # every part of a Position is accounted for (a new one must be placed here)
    mapped = {"stock", "stock_up", "hand", "hand_unknown", "discard", "held", "table", "banks"}
    mapped |= {"rules", "pass_disposals", "seen", *NOTES, *LIST_NOTES}
    # derived (kept answers)
    mapped |= {"stamp", "plays_memo", "lawful_memo", "actions_memo", "last_step", "twice"}
    assert set(Position.__slots__) == mapped


def test_observations_of_positions_differing_only_face_down_are_equal() -> None:
    checked = 0
    for pos in positions("move", 8) + positions("fault", 3):
        other = twin(pos, 1)
        assert other.to_text() != pos.to_text() or len(set(face_down(pos))) < 2
        for seat in (0, 1):
            a, b = observe(pos, seat), observe(other, seat)
            assert a == b and hash(a) == hash(b)
            assert a.to_text() == b.to_text()
            text = a.to_text()
            assert text.count("??") == len(face_down(pos))
            # no face-down card is named, but for the cut for first Player, which
            # everyone saw (§4): it is known to be in its Hand, not where
            piles = "\n".join(x for x in text.splitlines() if not x.startswith("cuts:"))
            assert not any(f" {c}" in piles for c in face_down(pos))
        checked += 1
    assert checked >= 8


def test_observation_changes_with_any_face_up_card() -> None:
    # the equality above is not trivial: a face-up card changed is seen
    pos = positions("move", 1)[0]
    hidden = pos.stock[0][0]
    shown = next(t for t in pos.table if t)
    q = pos.clone()
    q.stock[0][0], shown_q = shown[-1], next(t for t in q.table if t)
    shown_q[-1] = hidden
    assert observe(q, 0) != observe(pos, 0)
    assert observe(q, 1).to_text() != observe(pos, 1).to_text()


def test_unseen_cards_are_all_cards_minus_those_shown() -> None:
    for pos in positions("move", 4):
        obs = observe(pos, pos.player)
        assert [TEXT[c] for c in obs.unseen()] == sorted(face_down(pos), key=TEXT.index)


def test_the_bots_positions_agree_with_everything_seen() -> None:
    rng = random.Random(2)
    for pos in positions("move", 6):
        obs = observe(pos, 1)
        base = working_position(obs)
        for made in (base, fill(obs, base, sample_cards(obs, rng))):  # as the bots make them
            made.check_invariants()
            assert observe(made, 1) == obs
            # each seat's face-down cards come from its own pack (the deal, §2-3)
            for s in (0, 1):
                down = made.stock[s][: obs.stock_down[s]] + made.hand[s][: obs.hand_down[s]]
                assert all(c.pack == s for c in down)


# ------------------------------------------------------------ every entry point


@pytest.mark.parametrize("mistakes", [None, "often"])
@pytest.mark.parametrize("level", ALL)
def test_choose_is_the_same_whatever_the_face_down_cards(
    level: str, mistakes: str | None, quick_master: None
) -> None:
    """A whole run of decisions, up to the turn of a face-down card, on the real
    position and on two twins: the same action every time, at the level's own
    Mistakes setting and when it slips often (issue 25)."""
    actions = set()
    for pos in positions("move", 6 if level.startswith("master") else 8):
        twins = [twin(pos, 1), twin(pos, 2)]
        me = pos.player
        bots = [make_bot(level, me, random.Random(99), mistakes) for _ in range(3)]
        for _ in range(30):
            if pos.phase != PLAY or pos.player != me:
                break
            chosen = [b.choose(observe(p, me)) for b, p in zip(bots, [pos, *twins], strict=True)]
            assert chosen[0] == chosen[1] == chosen[2], (level, [str(a) for a in chosen])
            actions.add(str(chosen[0]))
            if isinstance(chosen[0], (TurnStock, TurnHand)):
                break  # the turned card differs between the twins
            for p in (pos, *twins):
                apply(p, chosen[0])
    assert len(actions) >= 5  # real, varied decisions were compared


def _reactions(level: str, pos: Position) -> list[str]:
    bot = make_bot(level, pos.adversary, random.Random(5))
    out = []
    for k in range(80):
        act = bot.react(observe(pos, pos.adversary), k * 0.1)
        out.append(str(act))
        if act is not None:
            break
    return out


@pytest.mark.parametrize("level", ALL)
def test_react_is_the_same_whatever_the_face_down_cards(level: str) -> None:
    """Stops (and their timing) and Compels, on open faults, on faults that may
    be compelled (§70), and on a win by a faulty last card (§68)."""
    answers = []
    cases = positions("fault", 5) + positions("compel", 5) + [_pending_win()]
    for pos in cases:
        mine = _reactions(level, pos)
        for seed in (1, 2):
            assert _reactions(level, twin(pos, seed)) == mine, level
        answers.append(mine[-1])
    # real answers were compared, not only silence
    assert any(a.startswith(("stop", "compel", "stand")) for a in answers), answers


def test_compel_decisions_are_the_same_whatever_the_face_down_cards() -> None:
    """The Compel (§70) is decided by comparing two futures; both are worked out
    on the bot's own position, so the twins get the same decision."""
    got = set()
    for pos in positions("compel", 6):
        for level in ("club", "expert", "master", "master-next"):
            bot = make_bot(level, pos.adversary, random.Random(0))
            mine = bot._compel_better(working_position(observe(pos, pos.adversary)))
            for seed in (1, 2):
                other = twin(pos, seed)
                again = make_bot(level, pos.adversary, random.Random(0))
                assert again._compel_better(working_position(observe(other, pos.adversary))) == mine
            got.add(mine)
    assert got  # at least one decision compared


def test_a_stuck_card_compel_is_the_same_whatever_the_face_down_cards() -> None:
    # §38/§70: after two turnovers a stuck card may be compelled with no fault open
    for pos in positions("move", 6):
        q = pos.clone()
        q.turnovers[q.player] = 2
        q.idle_turnovers = [1, 1]
        adv = q.adversary
        answers = {
            str(make_bot("expert", adv, random.Random(0)).react(observe(p, adv), 0.0))
            for p in (q, twin(q, 1), twin(q, 2))
        }
        assert len(answers) == 1


@pytest.mark.parametrize("level", ALL)
def test_accepts_draw_is_the_same_whatever_the_face_down_cards(level: str) -> None:
    seen = set()
    for pos in positions("move", 8):
        for seat in (0, 1):
            mine = make_bot(level, seat, random.Random(0)).accepts_draw(observe(pos, seat))
            for seed in (1, 2):
                bot = make_bot(level, seat, random.Random(0))
                assert bot.accepts_draw(observe(twin(pos, seed), seat)) == mine
            seen.add(mine)
    assert seen  # answers were compared


def _pending_win() -> Position:
    """A's last card played wrongly to the Table: the win waits for B (§68)."""
    pos = scenario(
        table={0: "KSa", 1: "KCa", 2: "7Sa", 3: "KDa", 4: "KSb", 5: "KCb", 6: "KHb", 7: "KDb"},
        banks={0: "AHb 2Hb 3Hb 4Hb 5Hb"},
        stockA="",
        handA="",
        held="6Ha",
        stockB="5Cb 6Cb 7Cb |",
        spare="handB",
    )
    apply(pos, parse_action("play held table2"))
    assert pos.phase == PENDING
    return pos
