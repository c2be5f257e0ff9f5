"""Everything the table says is in words with card symbols, never engine notation."""

from __future__ import annotations

import random
import re

import pygame

from russian_bank.engine import CARDS, Compel, Game, Place, Play, Stand, Stop, TurnStock
from russian_bank.engine.position import OVER
from russian_bank.engine.table_view import TwoPackView
from russian_bank.game.places import BANK, TABLE
from russian_bank.ui.kit import words

from .helpers import card_center, ctl, drag, key, place_center, step
from .test_full_game import gesture

NOTATION = [
    re.compile(r"\b(?:table|bank|stock|hand|discard)[0-7AB]\b"),  # places
    re.compile(r"\b[A2-9TJQK][SHDC][ab]\b"),  # cards
    re.compile(r"\b(?:play|raise|stop|compel|stand|abandon) [a-z]*[0-7AB]\b"),  # actions
    re.compile(r"/\d"),  # a unit of several cards
    re.compile(r"\b(?:turn stock|turn hand|turn over|back banks|agree draw|end innings)\b"),
]


def notation(text: str) -> list[str]:
    return [m.group(0) for rx in NOTATION for m in rx.finditer(text)]


def test_notation_patterns_catch_engine_text():
    # the scanner itself: engine strings are caught, words pass
    game = Game.new(3)
    assert notation(str(Play(Place(TABLE, 7), Place(BANK, 0))))
    assert notation(str(Stop(1))) and notation(str(CARDS[5])) and notation("raise table4/2")
    assert notation("(stockA)") and notation("turn stock")
    assert not notation(f"Undid {CARDS[5].label} from the Table to a Bank")
    assert not notation(words.action_words(game.position, TurnStock()))


def test_action_and_undo_words_name_cards_and_places():
    game = Game.new(1)
    pos = game.position
    me = "AB"[pos.player]
    top = pos.stock[pos.player][-1]
    assert words.action_words(pos, TurnStock()) == f"turned {top.label} from {me}'s Stock"
    game.apply("turn stock")
    pos = game.position
    play = next(a for a in game.legal_actions() if isinstance(a, Play) and a.count == 1)
    card = (pos.table[play.src.index] if play.src.kind == TABLE else pos.stock[pos.player])[-1]
    text = words.undone(words.action_words(pos, play))
    dst = "a Bank" if play.dst.kind == BANK else "the Table"
    assert text.startswith(f"Undid {card.label} from ") and text.endswith(f" to {dst}")
    assert words.plural(1, "face-up card") == "1 face-up card"
    assert words.plural(3, "face-up card") == "3 face-up cards"


def test_s21_every_message_of_a_long_game_is_in_words(make_app):
    """A long hot-seat game with faults, Stops (§21-28), Compels (§38, §70), refused
    drops and Undo, all by posted events: no message shows engine notation."""
    app = make_app(size=(1024, 640), seed=11, autosave=False)
    c = ctl(app)
    game = c.game
    rng = random.Random(11)
    said: list[str] = []
    real_say = c.notes.say  # every message of the table passes here

    def spy(seat, text, kind="info"):
        said.append(text)
        real_say(seat, text, kind)

    c.notes.say = spy
    places = [p for p in c.layout.rects]
    for _ in range(500):
        if game.over:
            break
        pos = c.position
        roll = rng.random()
        if pos.phase == OVER:
            break
        if pos.fault is not None and roll < 0.6:  # the adversary stops the fault
            key(app, (pygame.K_s, pygame.K_k)[pos.adversary])
        elif roll < 0.15:  # a random drop, mostly refused
            src = rng.choice([p for p in places if p.kind == TABLE and pos.table[p.index]])
            card = pos.table[src.index][-1]
            drag(app, card_center(app, card), place_center(app, rng.choice(places)))
        elif roll < 0.22:  # either side calls Stop, right or wrong
            key(app, rng.choice((pygame.K_s, pygame.K_k)))
        elif roll < 0.26:
            key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
        elif roll < 0.3 and pos.phase != "arranging":
            c.call_compel(pos.adversary)
        else:
            acts = [a for a in game.legal_actions() if not isinstance(a, Stop | Compel | Stand)]
            acts = [a for a in acts if type(a).__name__ not in ("Raise", "Back")]
            if not acts:
                step(app, 10)
                continue
            gesture(app, rng.choice(acts))
        step(app, 2)
    assert len(said) > 100
    assert any(t.startswith("Stop!") for t in said)
    assert any(t.startswith("Undid") for t in said)
    bad = [(t, notation(t)) for t in said + c.log if notation(t)]
    assert not bad, bad[:5]


def test_words_use_the_rule_sets_pile_names():
    from russian_bank.engine import HELD_PLACE, place_words
    from russian_bank.engine.rulesets import rule_set
    from russian_bank.game.places import DISCARD, STOCK

    crapette = rule_set("crapette")
    w = crapette.words
    assert place_words(Place(STOCK, 0), words=w) == "A's depot"
    assert place_words(HELD_PLACE, 1, w) == "the card turned from B's stock"
    assert place_words(Place(TABLE, 3), words=w) == "the files"
    game = Game.new(3, rules=crapette)  # seed 3: the first player has a play at once
    tip = TwoPackView(crapette).tip(game.position, Place(DISCARD, 0))  # the hover tip
    assert tip.startswith("A's waste heap: ") and "§" not in tip and "002" not in tip
    plain = Game.new(1).position
    committee = TwoPackView(plain.rules).tip(plain, Place(DISCARD, 0))
    assert "ends the turn." in committee and "§" not in committee  # plain words (issue 19)
    seed = 1  # a deal whose first player has plays (B's files come later, 002 ¶5)
    while not any(isinstance(a, Play) for a in game.legal_actions()):
        seed += 1
        game = Game.new(seed, rules=crapette)
    plays = [a for a in game.legal_actions() if isinstance(a, Play)]
    said = [words.action_words(game.position, a) for a in plays]
    assert said and all(" the files" in s or " a foundation" in s for s in said), said
    assert not any("Table" in s or "Bank" in s or notation(s) for s in said), said


def test_the_table_hint_line_names_the_sets_own_piles() -> None:
    from russian_bank.engine import Game
    from russian_bank.engine.rulesets import rule_set
    from russian_bank.engine.table_view import TwoPackView

    def hint(phase: str, spec: str) -> str:
        pos = Game.new(1, rule_set(spec)).position
        pos.phase = phase
        return TwoPackView(pos.rules).hint_line(pos)

    line = hint("play", "crapette")
    assert "to the foundations" in line and "waste heap" in line
    assert "bank" not in line.lower()
    assert "to the Banks" in hint("play", "committee")
    assert "to the Center" in hint("arranging", "hassock")
