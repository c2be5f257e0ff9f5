"""Issue 21: what the server does per message, done once. A message to both
seats of a room (an event) is written as JSON once and the same text goes to
both connections."""

from __future__ import annotations

from typing import Any

from russian_bank.net import server as server_module

from .helpers import run, serving, two_seats


def test_an_event_for_both_seats_is_written_once_and_both_get_the_same_text(monkeypatch):
    written: list[dict[str, Any]] = []
    real = server_module.dumps

    def counted(msg):  # type: ignore[no-untyped-def]
        written.append(msg)
        return real(msg)

    monkeypatch.setattr(server_module, "dumps", counted)

    async def go() -> tuple[list[str], int]:
        async with serving() as srv:
            a, b = await two_seats(srv, seed=3)
            a.frames, b.frames = [], []
            del written[:]
            await a.send("chat", text="well played")
            for c in (a, b):
                while not any('"chat"' in f for f in c.frames or []):
                    await c.recv(10)
            chats = [f for c in (a, b) for f in c.frames or [] if '"kind":"chat"' in f]
            events = [m for m in written if m.get("type") == "event"]
            await a.close()
            await b.close()
            return chats, len(events)

    chats, events = run(go(), 60)
    assert len(chats) == 2 and chats[0] == chats[1]
    assert events == 1  # one text for the two seats
