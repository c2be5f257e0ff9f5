"""The history tests keep their records in a private data folder."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
