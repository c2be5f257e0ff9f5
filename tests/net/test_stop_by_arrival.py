"""The Stop over the network (§24, §66): the server judges by the order in which
intents arrive, on its own clock; a client cannot send a time."""

from __future__ import annotations

from russian_bank.engine import Abandon, AgreeDraw, Compel, Game, Stand, Stop
from russian_bank.game.events import FaultClosed, FaultOpened

from .helpers import run, serving, two_seats

SEED = 4  # a deal where seat A begins and faults within a few plays


def fault_line() -> tuple[list[str], str]:
    """Seat A's actions up to a fault, and A's next definite action after it."""
    import random

    g, rng = Game.new(SEED), random.Random(SEED)
    while True:
        acts = [a for a in g.legal_actions() if not isinstance(a, Stop | Compel | Stand)]
        acts = [a for a in acts if not isinstance(a, Abandon | AgreeDraw)]
        if any(isinstance(e, FaultOpened) for e in g.apply(rng.choice(acts))):
            break
    # the next definite action repairs the fault (the card goes to the Banks)
    for a in g.legal_actions():
        probe = Game.from_record(g.record_text())
        if a.definite and any(isinstance(e, FaultClosed) for e in probe.apply(a)):
            nxt = a
            break
    return [str(a) for a in g.actions], str(nxt)


async def _stop(late: bool) -> tuple[list[dict], list[str]]:
    line, nxt = fault_line()
    async with serving() as srv:
        a, b = await two_seats(srv, SEED, clock="real")
        for text in line + ([nxt] if late else []):
            await a.act(text)
            while True:  # the step of this action is back before the next goes
                msg = await a.recv(timeout=10)
                if msg["type"] == "error":
                    raise AssertionError(msg["reason"])
                ev = msg.get("event", {})
                if ev.get("kind") == "step" and ev["action"] == text:
                    break
        await b.send("act", action="stop B")
        while True:
            msg = await b.recv(timeout=10)
            if msg["type"] == "error" or (
                msg["type"] == "event" and msg["event"].get("action") == "stop B"
            ):
                break
        # a client's idea of the time is not even a field the server reads
        await b.send_raw('{"v":2,"type":"act","action":"stop B","t":0}')
        while True:
            refused = await b.recv(timeout=10)
            if refused["type"] == "error":
                break
        await a.close()
        await b.close()
        return [msg], [refused["reason"]]


def test_s24_a_stop_that_arrives_before_the_next_action_is_heard():
    (msg,), _ = run(_stop(late=False))
    assert msg["type"] == "event"
    kinds = [e["kind"] for e in msg["event"]["events"]]
    assert "StopCalled" in kinds


def test_s66_a_stop_that_arrives_after_the_next_action_is_refused():
    (msg,), (field_refusal,) = run(_stop(late=True))
    assert msg["type"] == "error" and msg["reason"].startswith("False Stop")
    assert "unknown field 't'" in field_refusal
