"""What ``net.shared`` keeps in Redis and how: the keys' names, the client's pool,
the live processes, and the Lua scripts it runs there. Each script is atomic in
Redis (one ``MULTI`` in the append-only file), so a lease is checked and a room
written or taken in one step that no other process can come between."""

from __future__ import annotations

import zlib

import redis
import redis.asyncio as aioredis

PREFIX = "rb:"
ROOMS = PREFIX + "rooms"  # the directory: every room code kept
PROCS = PREFIX + "procs"  # hash: live process id -> "host:port"
LOBBY = PREFIX + "lobby"  # the id of the process that holds the lobby (a lease)
CHUNK = 500  # keys or entries per script call (Lua's stack is bounded)


POOL = 64  # connections to Redis a process holds at most
POOL_WAIT = 20.0  # seconds a call waits for one of them in a burst (then RedisError)


def connect(url: str) -> aioredis.Redis:
    """A client of the Redis at ``url`` whose calls wait for a free connection in a
    burst (hundreds of seats coming back at once) rather than fail."""
    pool = aioredis.BlockingConnectionPool.from_url(
        url, decode_responses=True, max_connections=POOL, timeout=POOL_WAIT
    )
    return aioredis.Redis.from_pool(pool)


def connect_sync(url: str) -> redis.Redis:
    """The one synchronous client of a process (the names' store and the caps by
    address, ``net.redis_players`` and ``net.redis_rates``: short calls, not moves)."""
    return redis.Redis.from_url(url, decode_responses=True)


def home(code: str, up: list[str]) -> str | None:
    """Of the live processes' addresses ``up`` (sorted), the one that takes room
    ``code`` over when its owner dies: the router sends its seats there, and that
    process's scan claims it (one choice, so that they meet)."""
    return up[zlib.crc32(code.encode()) % len(up)] if up else None


def text(x: bytes | str) -> str:
    """A Redis reply as text (the clients decode them: ``decode_responses``)."""
    return x if isinstance(x, str) else x.decode()


def owner_key(code: str) -> str:
    return f"{PREFIX}owner:{code}"


def snap_key(code: str) -> str:
    return f"{PREFIX}room:{code}"


def journal_key(code: str) -> str:
    return f"{PREFIX}journal:{code}"


ALIVE = PREFIX + "alive:"  # a process's heartbeat: ALIVE + its id


def alive_key(pid: str) -> str:
    return ALIVE + pid


async def declare_dead(redis: aioredis.Redis, pid: str) -> None:
    """Process ``pid`` is gone (its port refuses connections: nobody listens): its
    heartbeat is removed, so that its rooms are taken over at once, not when their
    leases run out."""
    await redis.delete(alive_key(pid))
    await redis.hdel(PROCS, pid)


async def live(redis: aioredis.Redis) -> dict[str, str]:
    """The live processes (their heartbeat not run out): id -> "host:port"."""
    procs = {text(i): text(a) for i, a in (await redis.hgetall(PROCS)).items()}
    ids = list(procs)
    alive = await redis.mget([alive_key(i) for i in ids]) if ids else []
    return {i: procs[i] for i, a in zip(ids, alive, strict=True) if a}


# KEYS: owner, snapshot, journal, directory; ARGV: me, lease ms, snapshot, reset, code,
# keep ms, entries... A room nobody owns (its lease ran out unclaimed) is ours again.
WRITE = """
local owner = redis.call('GET', KEYS[1])
if owner ~= false and owner ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SADD', KEYS[4], ARGV[5])
if ARGV[4] == '1' then redis.call('DEL', KEYS[3]) end
for i = 7, #ARGV, 200 do
  redis.call('RPUSH', KEYS[3], unpack(ARGV, i, math.min(i + 199, #ARGV)))
end
redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[6])
redis.call('PEXPIRE', KEYS[3], ARGV[6])
return 1
"""
# KEYS: owners; ARGV: me, lease ms -> the (1-based) places of the rooms no longer ours
RENEW = """
local lost = {}
for i, k in ipairs(KEYS) do
  local o = redis.call('GET', k)
  if o == ARGV[1] or o == false then
    redis.call('SET', k, ARGV[1], 'PX', ARGV[2])
  else
    lost[#lost + 1] = i
  end
end
return lost
"""
# KEYS: the directory, then owners; ARGV: me, lease ms, the heartbeats' prefix, then the
# rooms' codes -> for each room: 1 if it is ours now (nobody owns it, or its owner's
# heartbeat is gone: it died, run out or said dead by the router; or a stale lease of
# ours: the caller asks only for rooms it does not hold), 0 if a live process owns it,
# -1 if it is not kept at all (no such room). Many rooms in one call: a takeover of a
# dead process's rooms is one round trip, not one a room.
TAKE = """
local out = {}
for i = 2, #KEYS do
  local o = redis.call('GET', KEYS[i])
  if redis.call('SISMEMBER', KEYS[1], ARGV[i + 2]) == 0 then
    out[i - 1] = -1
  elseif o and o ~= ARGV[1] and redis.call('EXISTS', ARGV[3] .. o) == 1 then
    out[i - 1] = 0
  else
    redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2])
    out[i - 1] = 1
  end
end
return out
"""
# KEYS: owner, snapshot, journal, directory; ARGV: me, code
FORGET = """
local o = redis.call('GET', KEYS[1])
if o ~= false and o ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
redis.call('SREM', KEYS[4], ARGV[2])
return 1
"""
# KEYS: owners; ARGV: me -> each lease of ours given up (a clean stop)
RELEASE = """
for _, k in ipairs(KEYS) do
  if redis.call('GET', k) == ARGV[1] then redis.call('DEL', k) end
end
return 1
"""
