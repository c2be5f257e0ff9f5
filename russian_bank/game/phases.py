"""The phases every game passes through (``Position.phase``)."""

from __future__ import annotations

from typing import Final

ARRANGING: Final = "arranging"  # before the first Stock card is turned (000 §5-9, §23)
PLAY: Final = "play"
PENDING: Final = "pending"  # a last card off the Banks waits for a Stop or Stand (§68)
OVER: Final = "over"

__all__ = ["ARRANGING", "OVER", "PENDING", "PLAY"]
