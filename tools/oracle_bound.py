"""How much could the Master's look-ahead gain at most? A measuring instrument, not a player.

    python tools/oracle_bound.py --games 150 --seed 7 --jobs 2

The Master looks past the turn of a card by dealing the face-down cards it cannot see in
``samples`` random orders (ai/determinize.py). This tool plays, beside the Master as
landed, an *oracle* Master whose every deal is the true order of the face-down cards, read
from the game itself: its look-ahead knows the next cards exactly. It cheats on purpose,
lives only here (never in ``LEVELS``, never at the table) and is the ceiling of what any
honest dealing of the unseen cards could give the same search: if even the oracle wins
little more against the Expert than the Master does, better guessing of the unseen cards
cannot lift the Master far, and the strength must come from elsewhere (the evaluation,
the search of the innings). Both play the same games of ``sim`` against the Expert, paired
as in tools/pilot.py, whose table rows this prints.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pilot import arguments, paired  # noqa: E402  (tools/pilot.py)

from russian_bank.ai import Master, bots  # noqa: E402
from russian_bank.engine.game import Game  # noqa: E402

# the position behind the last observation of each seat (the game's own, live)
_SEEN: dict[int, tuple[Any, Any]] = {}
_honest_see = Game.see


def _see(pos: Any, seat: int) -> Any:
    obs = _honest_see(pos, seat)
    _SEEN[seat] = (obs, pos)
    return obs


def _true_cards(obs: Any, rng: Any) -> list[Any]:
    """The face-down cards in the order ``determinize.fill`` deals them: each seat's
    Stock from the bottom, then the unknown bottom of its Hand."""
    seen, pos = _SEEN[obs.seat]
    assert seen is obs, "the oracle reads only the position of the observation it was given"
    out: list[Any] = []
    for s in (0, 1):
        out += pos.stock[s][: obs.stock_down[s]]
        out += pos.hand[s][: obs.hand_down[s]]
    assert sorted(out) == sorted(obs.unseen()), "the true cards are the unseen ones"
    return out


class Oracle(Master):
    level = "oracle"  # the Master's settings: five deals, all the true one, so that the
    # positions each step may look at are the Master's own

    def plan(self, obs: Any, pos: Any, legal: list[Any]) -> list[Any]:
        honest = bots.sample_cards  # type: ignore[attr-defined]
        bots.sample_cards = _true_cards  # type: ignore[attr-defined]
        try:
            return super().plan(obs, pos, legal)
        finally:
            bots.sample_cards = honest  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> int:
    a = arguments("python tools/oracle_bound.py", __doc__).parse_args(argv)
    Game.see = staticmethod(_see)  # only records: the honest bots see what they saw
    paired([Oracle], a.games, a.seed, a.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
