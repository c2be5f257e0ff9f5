"""Fixtures of the network tests: a Redis of the test's own (never assumed running)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.bench.cluster import start_redis, stop


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """Debian's ``redis-server`` on a free loopback port, its files in the test's
    folder (``appendfsync always``); stopped after the test."""
    proc, url = start_redis(tmp_path / "redis")
    try:
        yield url
    finally:
        stop(proc)
