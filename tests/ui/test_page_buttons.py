"""Issue 19, item 5: the history pages' buttons ("Import a game file" and "Back",
"Reset statistics" and "Back") were drawn in two font sizes with the largest cards;
one size now serves every button of a page."""

from __future__ import annotations

import pytest

from russian_bank.ui.settings import CARD_SCALES, TEXT_SCALES, Settings

from .helpers import click, recording_texts, step
from .test_history_screens import menu_item, open_past_games, play_and_abandon


def label_sizes(app) -> dict[str, int]:
    """The font size each button label of the page on top is drawn in."""
    labels = {b.label for b in app.top.buttons()}
    with recording_texts(app) as made:
        app.draw(app.screen)
    seen = {line: size for line, size, _surface in made if line in labels}
    assert set(seen) == labels, (seen, labels)
    return seen


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
@pytest.mark.parametrize("card", [CARD_SCALES[0], CARD_SCALES[-1]])
def test_i19_5_a_history_page_draws_its_buttons_in_one_size(make_app, size, card):
    app = make_app(size=size, settings=Settings(card_scale=card, text_scale=TEXT_SCALES[-1]))
    play_and_abandon(app, gestures=4, seed=3)
    open_past_games(app)
    step(app, 2)
    assert len(set(label_sizes(app).values())) == 1
    back = next(b for b in app.top.buttons() if b.name == "back")
    click(app, back.rect.center)
    app.open_menu()
    step(app)
    click(app, menu_item(app, "stats"))
    step(app, 2)
    assert len(set(label_sizes(app).values())) == 1
