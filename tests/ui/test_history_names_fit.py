"""Issue 21: remote games with the longest nicknames (24 of the widest letters, and
a rule set named beside them) in Past games and Statistics: every text fits its box
and the window, none overlaps another, at the smallest and a large window, at the
largest card and text sizes. The names are shown whole (wrapped, never cut)."""

from __future__ import annotations

from datetime import UTC, datetime

import pygame
import pytest

from russian_bank.engine import Game
from russian_bank.engine.rulesets import rule_set
from russian_bank.history import Store, keep
from russian_bank.history.records import NAME_MAX
from russian_bank.ui.scenes.history import PastGamesScene
from russian_bank.ui.scenes.stats import StatsScene
from russian_bank.ui.settings import CARD_SCALES, TEXT_SCALES, Settings

from .helpers import click, key
from .test_history_screens import menu_item, open_past_games
from .test_history_text_fit import check_page

LONG = ("M" * NAME_MAX, "W" * NAME_MAX)


def kept_games(store: Store) -> None:
    for n, (rules, seat) in enumerate([("committee", 0), ("french+one-side", 1), ("belgian", 0)]):
        game = Game.new(20 + n, rule_set(rules))
        game.apply("abandon B")
        when = datetime(2026, 12, 1, 10, n, 0, tzinfo=UTC)
        store.save(keep(game, ("human", "human"), when=when, names=LONG, seat=seat))


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
@pytest.mark.parametrize("scales", [(CARD_SCALES[-1], TEXT_SCALES[-1]), (1.0, 1.0)])
def test_long_nicknames_fit_in_past_games_and_statistics(make_app, size, scales):
    card, text = scales
    app = make_app(size=size, settings=Settings(card_scale=card, text_scale=text))
    kept_games(Store())
    open_past_games(app)
    assert isinstance(app.top, PastGamesScene) and len(app.top.games) == 3
    shown = check_page(app)
    # each name whole in each of the three rows (on one line, or over two)
    joined = "".join(shown)
    for name in LONG:
        assert joined.count(name) >= 3, name
    key(app, pygame.K_ESCAPE)
    app.open_menu()
    click(app, menu_item(app, "stats"))
    assert isinstance(app.top, StatsScene)
    check_page(app)
