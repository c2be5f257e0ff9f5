"""The remote table's shadow of a one-pack view (ui/table/remote.py, made by the
game's ``GameType.stand_in``: the bots' ``onepack.observation.working_position``): everything the
seat sees is as in the server's position, the Hands are stand-ins of the same sizes,
and the shadow is a copy (playing on it changes nothing of the view)."""

from __future__ import annotations

import random

from russian_bank.games import game_type
from russian_bank.onepack import RULES, apply, deal_position, legal_actions, observe


def test_003_the_shadow_shows_what_the_seat_sees_and_hides_the_hands() -> None:
    rng = random.Random(8)
    pos = deal_position(RULES, rng)
    for step in range(400):
        if pos.outcome is not None:
            break
        if step % 25 == 0:
            for seat in (0, 1):
                obs = observe(pos, seat)
                mirror = game_type("one-pack").stand_in(obs).position
                seen = [ln for ln in pos.to_text().splitlines() if not ln.startswith("hand")]
                assert [ln for ln in mirror.to_text().splitlines() if ln[:4] != "hand"] == seen
                assert [len(h) for h in mirror.hands] == [len(h) for h in pos.hands]
                assert sorted(mirror.hands[0] + mirror.hands[1]) == list(obs.unseen)
                mirror.places[0].append(obs.unseen[0])  # a change made on the shadow
                assert observe(pos, seat) == obs  # the shadow shares no list with the view
        acts = legal_actions(pos)
        apply(pos, acts[rng.randrange(len(acts))])
