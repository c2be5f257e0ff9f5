"""Caps by address counted in Redis, for every process behind the router at once
(``--redis``): the new rooms an address may open a minute (``--rooms-per-minute``)
and the names it may try (``net.names``).

Each process's own :class:`net.limits.Rates` would let an address open N times the
cap behind N processes (the router hands connections out in turn). Here one token
bucket per address lives in Redis (``rb:rate:WHAT:ADDRESS``, a hash of its level
and when it was last filled), taken by one script on Redis's own clock, so that every
process judges the same bucket. The calls are synchronous, as the names' store's are
(``net.redis_players``): one short round trip on loopback when a room is opened or
a name tried, never for a move. If Redis cannot be reached the process's own bucket
judges meanwhile (one log line a while), so a Redis hiccup refuses no player.
"""

from __future__ import annotations

import logging
import time

import redis
from redis.exceptions import RedisError

from .limits import Rates
from .saves import one_line

log = logging.getLogger("russian_bank.net")

# KEYS: the bucket; ARGV: size, tokens back a second -> 1 if a token was taken
TAKE_TOKEN = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local size, rate = tonumber(ARGV[1]), tonumber(ARGV[2])
local held = redis.call('HMGET', KEYS[1], 'level', 'at')
local level, at = tonumber(held[1]) or size, tonumber(held[2]) or now
if now > at then level = math.min(size, level + (now - at) * rate) else now = at end
local taken = 0
if level >= 1 then
  level = level - 1
  taken = 1
end
redis.call('HSET', KEYS[1], 'level', tostring(level), 'at', tostring(now))
redis.call('EXPIRE', KEYS[1], math.ceil(size / rate) + 1)
return taken
"""


class RedisRates:
    """:class:`net.limits.Rates` shared by the processes (see the module text)."""

    def __init__(self, db: redis.Redis, what: str, per_minute: float, prefix: str = "rb:") -> None:
        self.db = db  # (the process's one synchronous client, closed by its owner)
        self.per_minute = per_minute
        self.local = Rates(per_minute)  # (while Redis cannot be reached)
        self.key = f"{prefix}rate:{what}:"
        self._take = self.db.register_script(TAKE_TOKEN)
        self._said = -1e9

    def take(self, key: str, now: float) -> bool:
        if self.per_minute <= 0:
            return True  # (no limit)
        try:
            return bool(
                self._take(keys=[self.key + key], args=[self.per_minute, self.per_minute / 60])
            )
        except (RedisError, OSError) as e:
            if time.monotonic() - self._said > 5:
                self._said = time.monotonic()
                log.error("redis: %s (this process's own caps meanwhile)", one_line(e))
            return self.local.take(key, now)


__all__ = ["RedisRates"]
