"""A press the rules refuse is refused by the game, in the rule set's own words: the
table does not judge or word a refusal itself (issue 17)."""

from __future__ import annotations

from russian_bank.engine import Game, Place
from russian_bank.game.places import BANK, HAND
from russian_bank.ui.settings import Settings
from tests.engine.scenario import scenario

from .helpers import ctl, place_center, press, release, step

TABLE = {0: "7Cb", 1: "8Da", 2: "KCb", 3: "KDb", 4: "KSb", 5: "KHb", 6: "JCb", 7: "JSb"}


def _table(make_app, rules: str):
    app = make_app(settings=Settings(rules=rules))
    pos = scenario(
        rules=rules,
        table=TABLE,
        banks={0: "AHb 2Hb"},
        stockA="3Ca | 6Ha",
        handA="4Ca 5Ca",
        handB="4Sb 5Sb",
    )
    app.autosave = False
    app.game_scene.new_game(Game(pos, 1))
    step(app)
    return app


def _press_and_read(app, place: Place) -> str:
    """Press ``place`` and let go where it was; the one line said to A."""
    before = ctl(app).position.to_text()
    actions = len(ctl(app).game.actions)
    where = place_center(app, place)
    press(app, where)
    release(app, where)
    assert ctl(app).position.to_text() == before  # nothing moved
    assert len(ctl(app).game.actions) == actions  # not even a raise was recorded
    message = ctl(app).notes.by_seat.get(0)
    assert message is not None, "the press was not refused"
    return message.text


def test_s76d_pressing_a_bank_card_is_refused(make_app):
    app = _table(make_app, "committee")
    assert _press_and_read(app, Place(BANK, 0)) == "Cards never leave the Banks (§76 d)"


def test_002_pressing_a_foundation_card_is_refused_in_crapettes_words(make_app):
    app = _table(make_app, "crapette")
    said = _press_and_read(app, Place(BANK, 0))
    assert "foundations" in said and "Bank" not in said


def test_002_a_press_on_the_adversarys_stock_is_refused_in_crapettes_words(make_app):
    """Crapette's stock is the Committee's Hand (002): B's stock, never "B's Hand"."""
    app = _table(make_app, "crapette")
    said = _press_and_read(app, Place(HAND, 1))
    assert "B's stock" in said
    assert "Hand" not in said and "Stock" not in said
