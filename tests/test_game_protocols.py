"""Every game, two-pack (engine/) and one-pack (onepack/), through the declared game
interface (``russian_bank.game``) with no adapter: a seeded deal, legal_actions in a
stable order that all apply, a reason of None for each legal action and a reason in
words for an illegal one, action and position text forms that round-trip, clone,
the shared events, the one Outcome with its score lines, and the one record format."""

from __future__ import annotations

import random

import pytest

from russian_bank import i18n
from russian_bank.engine.position import OVER
from russian_bank.game.events import CardsMoved, GameOver
from russian_bank.game.outcome import Outcome
from russian_bank.game.protocol import GameSession, GameType
from russian_bank.games import every_name, game_type

NAMES = ["committee", "crapette", "hassock+in-suit", "one-pack"]


@pytest.mark.parametrize("name", NAMES)
def test_same_interface_on_a_random_game(name: str) -> None:
    game: GameType = game_type(name)
    assert game.name == name
    for seed in range(3):
        rng = random.Random(seed)
        pos = game.deal(random.Random(seed))
        assert game.deal(random.Random(seed)).to_text() == pos.to_text()  # seeded deal
        assert pos.rules.spec == name
        for _ in range(60):
            if pos.phase == OVER:
                break
            acts = game.legal_actions(pos)
            assert acts == game.legal_actions(pos)  # a stable order
            for a in acts:
                assert game.reason(pos, a) is None
                assert game.parse_action(str(a)) == a
            text = pos.to_text()
            assert game.position_from_text(text).to_text() == text
            copy = pos.clone()
            events = game.apply(copy, acts[rng.randrange(len(acts))])
            assert all(str(e) for e in events)
            assert pos.to_text() == text  # the clone is independent
            pos = copy


@pytest.mark.parametrize("name", NAMES)
def test_an_illegal_action_is_refused_in_words(name: str) -> None:
    game = game_type(name)
    pos = game.deal(random.Random(4))
    legal = set(map(str, game.legal_actions(pos)))
    probes = ["play bank0 table1", "move place0 place0", "turn hand", "turn", "raise bank0"]
    refused = []
    for text in probes:
        try:
            action = game.parse_action(text)
        except ValueError:
            continue
        if text not in legal:
            refused.append(game.reason(pos, action))
    assert refused and all(r and r[0].isupper() for r in refused)
    with pytest.raises(ValueError):
        game.apply(
            pos, game.parse_action(next(t for t in probes if t not in legal and _reads(game, t)))
        )


def _reads(game: GameType, text: str) -> bool:
    try:
        game.parse_action(text)
    except ValueError:
        return False
    return True


def _play_out(game: GameType, seed: int) -> GameSession:
    """A whole game between the game's strongest and weakest computer players."""
    session = game.new_game(seed)
    bots = [game.make_bot(game.levels[-1 - s], s, random.Random(s)) for s in (0, 1)]
    moved = 0
    for _ in range(20000):
        if session.over:
            break
        acts = [a for a in session.legal_actions() if "stop" not in str(a)]
        if session.phase == "pending":
            action = game.parse_action(f"stand {'AB'[1 - session.player]}")
        else:
            action = bots[session.player].choose(session.observe(session.player))
            if session.reason(action) is not None:
                action = acts[0]
        events = session.apply(action)
        moved += sum(len(e.cards) for e in events if isinstance(e, CardsMoved))
        if session.over:
            assert any(isinstance(e, GameOver) for e in events)
    assert moved > 0
    return session


@pytest.mark.parametrize("name", ["committee", "one-pack"])
def test_a_whole_game_ends_in_the_one_outcome_with_its_score_lines(name: str) -> None:
    game = game_type(name)
    session = _play_out(game, 3)
    assert session.over
    o = session.outcome
    assert isinstance(o, Outcome) and o.winner is not None
    lines = game.score_lines(o, "AB"[1 - o.winner])
    assert lines and any(str(o.hand_cards) in line for line in lines)
    # the one record format: the game replays from its record, by its name
    text = session.record_text()
    assert text.splitlines()[1] == f"rules: {name}"
    again = game_type(name).game_from_record(text)
    assert again.position.to_text() == session.position.to_text()
    assert again.outcome == o


def test_the_registry_knows_every_game_by_name() -> None:
    names = every_name()
    assert "one-pack" in names and "french+one-side" in names and "crapette" in names
    for name in names:
        assert game_type(name).name == name
    assert not (game_type("one-pack").stop_rules is not None) and (
        game_type("crapette").stop_rules is not None
    )
    with pytest.raises(ValueError, match="one-pack"):
        game_type("two-and-a-half-pack")


@pytest.mark.parametrize("name", NAMES)
def test_every_game_is_titled_in_the_language_in_force(name: str) -> None:
    """The menu and the network lobby name a game by ``GameType.title``: it follows a
    change of language made after the game was first asked for (the one-pack title
    once kept the words of the moment the registry was read)."""
    game = game_type(name)
    english = game.title
    try:
        i18n.set_language("fr")
        assert game.title == game.rules.title != english
    finally:
        i18n.set_language("en")
    assert game.title == english


@pytest.mark.parametrize("name", NAMES)
def test_s54_undo_takes_back_a_play_but_never_a_turn_in_every_game(name: str) -> None:
    """One session base (game/session.py) for every game: undo gives back the position
    before the last action, and never the turn of a face-down card (000 §54, §48; 003
    turns the Hand likewise)."""
    game = game_type(name)
    session = game.new_game(7)
    assert session.undo_reason() == "Nothing to undo" and session.undo() is None
    rng = random.Random(7)
    undone = refused = 0
    for _ in range(150):
        if session.over:
            break
        acts = session.legal_actions()
        action = acts[rng.randrange(len(acts))]
        before, count = session.position.to_text(), len(session.actions)
        session.apply(action)
        if len(session.actions) != count + 1:
            continue  # a raise put straight back is forgotten, raise and all
        if str(action) in ("turn", "turn stock", "turn hand"):
            assert session.undo_reason() is not None and session.undo() is None
            assert session.actions[-1] == action
            refused += 1
        elif session.undo_reason() is None:
            assert session.undo() == action
            assert session.position.to_text() == before
            session.apply(action)
            undone += 1
    assert undone > 5 and refused > 1


@pytest.mark.parametrize("name", ["committee", "one-pack"])
def test_a_runner_that_never_undoes_keeps_few_positions(name):
    """Issue 42: ``undo_limit`` lets the server and ``sim`` forget old positions, so a
    long game's memory stays flat; undo still takes back what is kept."""
    game = game_type(name).new_game(5)
    game.undo_limit = 2
    rng = random.Random(5)
    for _ in range(60):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.actions) > 10
    assert len(game._history) <= 4
    with pytest.raises(IndexError, match="no longer kept"):
        game.position_before(0)
    last = len(game.actions) - 1
    before = game.position_before(last)
    if game.undo_reason() is None:
        game.undo()
        assert game.position.to_text() == before.to_text()


@pytest.mark.parametrize("name", ["committee", "one-pack"])
def test_an_observation_is_made_once_per_action(name, monkeypatch):
    """Issue 42: the runner asks the adversary's reaction at every tick; the
    observation of a position is made once, and anew after each action or undo."""
    game = game_type(name).new_game(3)
    made = []
    see = type(game).see
    monkeypatch.setattr(type(game), "see", staticmethod(lambda p, s: made.append(s) or see(p, s)))
    first = [game.observe(s) for s in (0, 1, 0, 1, 1)]
    assert made == [0, 1] and first[0] is first[2]
    game.apply(game.legal_actions()[0])
    after = game.observe(0)
    assert made == [0, 1, 0] and after == see(game.position, 0)
    if game.undo_reason() is None:
        game.undo()
        assert game.observe(0) == first[0] and made == [0, 1, 0, 0]
