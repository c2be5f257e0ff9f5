"""The one-pack game's rule set value (003): its name in the registry, its words and
its scores, the counterpart of the two-pack ``engine.rules.RuleSet``; and the score in
words for the results screen (``score_lines``, the game asks it)."""

from __future__ import annotations

from dataclasses import dataclass

from ..game.outcome import Outcome
from ..game.words import Words
from ..i18n import N_, _, ngettext


@dataclass(frozen=True)
class OnePackRules:
    name: str = "one-pack"
    title_en: str = N_("Russian Bank, one pack")  # players' words: the source is ``source``
    source: str = "003"
    description_en: str = N_("One pack of 52, no Banks: build up or down in suit; no Stops.")
    words: Words = Words(bank="", banks="", stock="")
    game_points: int = 30  # for going out: the Committee's game (000 §31), read into 003
    card_points: int = 1  # for each card the loser still has to get rid of (003 "pay for")
    options: tuple[str, ...] = ()  # 003 is played one way only

    @property
    def title(self) -> str:
        return _(self.title_en)

    @property
    def description(self) -> str:
        return _(self.description_en)

    @property
    def spec(self) -> str:
        return self.name

    def cite(self, rule: str) -> str:
        """Where the source says ``rule``: 003 is one short text, cited whole."""
        return f"({self.source})"


RULES = OnePackRules()


def score_lines(outcome: Outcome, loser: str) -> list[str]:
    """Going out: the game and a point a card the loser still holds (003 "pay for");
    a blocked game: the difference of the cards left, no game."""
    w = RULES.words.local()
    n, p = outcome.hand_cards, RULES.card_points
    lines = [_("Game: {points}").format(points=outcome.game_points)] if outcome.game_points else []
    if outcome.reason in ("won", "abandoned"):  # (abandoned: as if the other went out)
        # (the same words as the two-pack score's, engine/queries.py)
        text = ngettext(
            "{seat}'s {hand} and {discard}: {n} card \u00d7 {points} = {total}",
            "{seat}'s {hand} and {discard}: {n} cards \u00d7 {points} = {total}",
            n,
        )
        lines.append(
            text.format(seat=loser, hand=w.hand, discard=w.discard, n=n, points=p, total=n * p)
        )
    else:
        text = ngettext(
            "Blocked: {n} card fewer left \u00d7 {points} = {total}",
            "Blocked: {n} cards fewer left \u00d7 {points} = {total}",
            n,
        )
        lines.append(text.format(n=n, points=p, total=n * p))
    return lines
