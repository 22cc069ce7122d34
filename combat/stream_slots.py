"""How many encounter streams a user and an address hold open, counted across the site's processes.

API.md, "Limits a client can rely on": at most `STREAM_MAX_PER_USER` open streams per user and
`STREAM_MAX_PER_ADDRESS` per client address (as `epic20site.net.client_ip` reads it); past that
the stream answers 429 with `Retry-After`.

Each open stream holds one `Slot`, counted under two keys, its user's and its address's. With
`REDIS_URL` set the counts live in Redis (one sorted set per key, each member a slot, scored by
when it runs out), so every app process sees the same numbers; otherwise in the process's
memory (the one-process local site).

A slot never outlives its stream: it is given back when the stream's body ends (the client went
away, the user's access ended, the server shut down, an exception), when the response is closed
without its body ever running, and when the stream's listener is dropped. Should a process die
with slots held, each runs out by itself `slot_seconds()` after its last renewal: the keep-alive
beat (`combat.push`) renews every slot its streams hold.

Redis that cannot be reached counts nothing (logged): no stream can be held then anyway (the
feed is down, and the stream answers 204).
"""

from __future__ import annotations

import logging
import math
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from django.conf import settings

from . import site_redis

logger = logging.getLogger(__name__)

# Slot writes made from the event loop (a stream ending, the beat's renewals) run on this one
# thread, off the loop: a Redis that answers slowly never stalls the streams.
_WRITES = ThreadPoolExecutor(max_workers=1, thread_name_prefix="stream-slots")


def slot_seconds() -> float:
    """How long a slot lasts without renewal: four keep-alive beats (a minute by default)."""
    return 4 * settings.STREAM_KEEPALIVE_SECONDS


def retry_after() -> int:
    """What a refused client is told to wait: by then a slot left by a dead process has run out."""
    return math.ceil(slot_seconds())


@dataclass
class Slot:
    """One open stream, counted under `keys`."""

    keys: tuple[str, ...]
    token: str = field(default_factory=lambda: uuid.uuid4().hex)
    released: bool = False
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def release(self) -> None:
        """Give the slot back (once; any later call does nothing). Safe from any thread."""
        with self._lock:
            if self.released:
                return
            self.released = True
        counter().release(self)

    def release_soon(self) -> None:
        """The same, off the caller's thread (the event loop must not wait for Redis)."""
        if self.released:
            return
        if isinstance(counter(), MemoryCounter):  # nothing to wait for
            self.release()
            return
        try:
            _WRITES.submit(self.release)
        except RuntimeError:  # the process is shutting down: give it back here
            self.release()


@dataclass(frozen=True)
class Refused:
    """Which limit refused the stream: "user" or "address", and the limit."""

    scope: str
    limit: int


def keys_for(user_id: int, address: str) -> tuple[str, str]:
    prefix = f"{site_redis.site_prefix()}:streams"
    return f"{prefix}:user:{user_id}", f"{prefix}:address:{address}"


def acquire(user_id: int, address: str) -> Slot | Refused:
    """A slot for a new stream of the user from the address, or which limit refuses it."""
    limits = (settings.STREAM_MAX_PER_USER, settings.STREAM_MAX_PER_ADDRESS)
    slot = Slot(keys_for(user_id, address))
    refused = counter().acquire(slot, limits)
    if refused is None:
        return slot
    return Refused(("user", "address")[refused], limits[refused])


def renew(slots: list[Slot]) -> None:
    """Push back the end of each slot still held (the keep-alive beat), off the event loop."""
    held = [slot for slot in slots if not slot.released]
    if held:
        _WRITES.submit(counter().renew, held)


# The counts ---------------------------------------------------------------------------------
class MemoryCounter:
    """This process's counts (no Redis): each key's slots and when each runs out."""

    def __init__(self):
        self._slots: dict[str, dict[str, float]] = {}
        self._lock = threading.Lock()

    def acquire(self, slot: Slot, limits: tuple[int, ...]) -> int | None:
        now = time.monotonic()
        with self._lock:
            for index, key in enumerate(slot.keys):
                held = self._slots.setdefault(key, {})
                for token in [token for token, ends in held.items() if ends <= now]:
                    del held[token]
                if len(held) >= limits[index]:
                    return index
            for key in slot.keys:
                self._slots[key][slot.token] = now + slot_seconds()
        return None

    def release(self, slot: Slot) -> None:
        with self._lock:
            for key in slot.keys:
                held = self._slots.get(key, {})
                held.pop(slot.token, None)
                if not held:
                    self._slots.pop(key, None)

    def renew(self, slots: list[Slot]) -> None:
        ends = time.monotonic() + slot_seconds()
        with self._lock:
            for slot in slots:
                for key in slot.keys:
                    held = self._slots.get(key)
                    if held is not None and slot.token in held:
                        held[slot.token] = ends

    def held(self, key: str) -> int:
        with self._lock:
            return len(self._slots.get(key, {}))


# KEYS: the slot's keys; ARGV: the slot's token, its life in ms, then each key's limit. Uses the
# server's clock, so the processes' clocks need not agree. 0 when taken, else the refusing key's
# 1-based index.
_ACQUIRE = """
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local life = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[2 + i]) then return i end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + life, ARGV[1])
  redis.call('PEXPIRE', key, life)
end
return 0
"""

# KEYS: key, key, ...; ARGV: life in ms, then one token per key. Renews only slots still there.
_RENEW = """
local t = redis.call('TIME')
local ends = t[1] * 1000 + math.floor(t[2] / 1000) + tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', ends, ARGV[i + 1])
  redis.call('PEXPIRE', key, tonumber(ARGV[1]))
end
return 0
"""


class RedisCounter:
    """The site's counts, shared by every process through Redis."""

    def __init__(self, url: str):
        self.url = url

    def _client(self):
        return site_redis.client(self.url)

    def acquire(self, slot: Slot, limits: tuple[int, ...]) -> int | None:
        life = int(slot_seconds() * 1000)
        try:
            found = self._client().eval(_ACQUIRE, len(slot.keys), *slot.keys, slot.token, life, *limits)
        except Exception:
            logger.warning("stream slots: could not count a stream", exc_info=True)
            return None
        return int(found) - 1 if int(found) else None

    def release(self, slot: Slot) -> None:
        try:
            pipeline = self._client().pipeline(transaction=False)
            for key in slot.keys:
                pipeline.zrem(key, slot.token)
            pipeline.execute()
        except Exception:  # it runs out by itself within slot_seconds()
            logger.warning("stream slots: could not give a slot back", exc_info=True)

    def renew(self, slots: list[Slot]) -> None:
        keys = [key for slot in slots for key in slot.keys]
        tokens = [slot.token for slot in slots for _key in slot.keys]
        try:
            self._client().eval(_RENEW, len(keys), *keys, int(slot_seconds() * 1000), *tokens)
        except Exception:
            logger.warning("stream slots: could not renew %s slots", len(slots), exc_info=True)

    def held(self, key: str) -> int:
        return int(self._client().zcount(key, "(" + str(int(time.time() * 1000)), "+inf"))


_MEMORY = MemoryCounter()


def counter() -> MemoryCounter | RedisCounter:
    return RedisCounter(settings.REDIS_URL) if settings.REDIS_URL else _MEMORY
