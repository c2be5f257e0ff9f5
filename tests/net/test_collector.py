"""The server's collector: what it built at start frozen, its passes rarer
(docs/network.md: a full pass over 200 rooms took about 240 ms, and every room
waited through it)."""

from __future__ import annotations

import gc

from russian_bank.net import collector


def test_quiet_freezes_the_start_and_makes_the_passes_rarer():
    before = gc.get_threshold()
    try:
        gc.unfreeze()
        collector.quiet()
        assert gc.get_threshold() == collector.THRESHOLDS
        assert collector.THRESHOLDS[0] > before[0] and collector.THRESHOLDS[2] > before[2]
        assert gc.get_freeze_count() > 1000  # (the modules and tables of this process)
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_the_server_quiets_its_collector_when_it_listens(monkeypatch):
    from russian_bank.net import server

    calls: list[str] = []
    monkeypatch.setattr(collector, "quiet", lambda: calls.append("quiet"))

    async def serve(config, ready):
        ready(type("Srv", (), {"port": 1})())

    monkeypatch.setattr(server, "serve_forever", serve)
    assert server.main(["--port", "0"]) == 0
    assert calls == ["quiet"]
