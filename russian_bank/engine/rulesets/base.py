"""What every rule-set module shares: an option is a flag with help text and the
fields it changes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple


class Option(NamedTuple):
    help: str
    overrides: Mapping[str, object]
