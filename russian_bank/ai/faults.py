"""The computer's deliberate faults (issues 10 and 25): the *Mistakes* setting and
the kinds of slip a person makes.

The player chooses how often the computer slips: ``none``, ``rare``, ``normal``
or ``often`` (each level has its own default, ``Profile.mistakes``). At each
decision where a slip is possible the bot slips with the setting's chance; which
slip is drawn first by kind, then by action, so that the rare kinds come up as
often as the common ones:

* ``table`` -- a card of the Table could go on the Banks and another card is
  played instead (§67 D);
* ``stock`` -- the Stock card could go on the Banks and is played elsewhere
  (§67 C);
* ``held`` -- the card turned from the Hand could go on the Banks and is played
  elsewhere (§67 B);
* ``turn`` -- a card is turned (Stock, Hand, Discard turned over) before a
  bankable card is banked (§67, RULES.md §4, 2);
* ``error`` -- a play the rule set allows only as an error the adversary may
  Stop (British Bank, 000 §91.6), such as a wrong build;
* ``order`` -- a play out of Crapette's order of play (002 orders 1, 2 and 5).

Every slip is one the adversary can catch: no slip is the discard or the end of
the innings (they end the right to Stop with the innings, §28), and no slip is a
weave of other Table cards (no card changes hands). What is a fault, what is
bankable and what is an error is asked of the engine (its legal Bank plays,
``queries.action_error``, ``queries.out_of_order``), never worked out here.
"""

from __future__ import annotations

from ..engine import Action, Play, Position
from ..engine.position import PLAY
from ..engine.queries import action_error, out_of_order
from ..game.places import BANK, HELD, STOCK, TABLE
from .util import TURNS

MISTAKES = ("none", "rare", "normal", "often")
# the chance of a slip at each decision where one is possible
RATE = {"none": 0.0, "rare": 0.03, "normal": 0.08, "often": 0.3}
# The live Stop practice (lesson 7) is a drill: it shows faults far more often
# than a game, more or fewer as the setting says; "none" practises as "rare",
# since a practice of the Stop needs faults to catch.
DRILL = {"none": 0.35, "rare": 0.35, "normal": 0.7, "often": 0.9}
KINDS = ("table", "stock", "held", "turn", "error", "order")


def slips(pos: Position, legal: list[Action]) -> dict[str, list[Action]]:
    """The slips a person might make now, by kind (only kinds with an action).

    ``legal`` is every legal Player action, errors (000 §91.6) included."""
    if pos.phase != PLAY:
        return {}
    plays = [a for a in legal if isinstance(a, Play)]
    banked_from = {a.src for a in plays if a.dst.kind == BANK}
    out: dict[str, list[Action]] = {}
    if banked_from:
        elsewhere = [a for a in plays if a.dst.kind != BANK and not _weave(a)]
        x_kinds = {p.kind for p in banked_from}
        table_x = {p for p in banked_from if p.kind == TABLE}
        if TABLE in x_kinds:
            out["table"] = [a for a in elsewhere if a.src not in table_x]
        if STOCK in x_kinds:
            out["stock"] = [a for a in elsewhere if a.src.kind == STOCK]
        if HELD in x_kinds:
            out["held"] = [a for a in elsewhere if a.src.kind == HELD]
        out["turn"] = [a for a in legal if isinstance(a, TURNS)]
    out["error"] = [a for a in plays if action_error(pos, a) is not None]  # none if not allowed
    if not banked_from:
        keys = [(a.src, a.dst, a.count) for a in plays]
        wrong = set(out_of_order(pos, keys))
        out["order"] = [a for a in plays if (a.src, a.dst, a.count) in wrong]
    return {k: v for k, v in out.items() if v}


def _weave(a: Play) -> bool:
    return a.src.kind == TABLE and a.dst.kind == TABLE
