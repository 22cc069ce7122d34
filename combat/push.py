"""Push: each committed change of an encounter reaches every open stream of it, on any app process.

A write announces the change once its transaction commits (`combat.live.publish`). With
`REDIS_URL` set, the announcement goes to one Redis pub/sub channel, and each app process holds
one subscription to it (`Feed`), shared by all the streams it serves; a change committed by any
process reaches the streams of every other. Without Redis (the one-process local site), the
announcement is handed straight to this process's streams in memory.

Either way each open stream is a `Listener`: an asyncio queue on the server's event loop,
registered in the process's `HUB` under its encounter. No stream polls the database.

Two kinds of message travel:
- `Change(encounter_id, version, last_seq)`: the encounter moved;
- `Revoke(encounter_id, user_id)`: that user is no longer a member; their streams of it end;
- `End(user_id)`: that user logged out, or their token or password changed: every stream they
  hold, of any encounter, ends (`combat.signals`); a client still entitled opens it again.

When Redis cannot be reached, an announcement is logged and dropped (the action is committed
and answered all the same, and the pages' fallback poll reads the marker), every stream the
process holds ends cleanly, and a new stream answers an empty body until the feed is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import weakref
from dataclasses import dataclass

from django.conf import settings

from . import site_redis, stream_slots

logger = logging.getLogger(__name__)

# A feed that cannot subscribe within this long counts as down (the stream ends at once).
CONNECT_TIMEOUT = 2.0


@dataclass(frozen=True)
class Change:
    encounter_id: int
    version: int
    last_seq: int


@dataclass(frozen=True)
class Revoke:
    encounter_id: int
    user_id: int


@dataclass(frozen=True)
class End:
    user_id: int


Message = Change | Revoke | End


class Ended:
    """Put on a listener's queue when its feed is gone: the stream ends."""


ENDED = Ended()


def channel() -> str:
    """One channel per site."""
    return f"{site_redis.site_prefix()}:encounters:changed"


def encode(message: Message) -> str:
    if isinstance(message, End):
        return json.dumps({"end": message.user_id})
    if isinstance(message, Revoke):
        return json.dumps({"encounter": message.encounter_id, "revoke": message.user_id})
    return json.dumps(
        {"encounter": message.encounter_id, "version": message.version, "last_seq": message.last_seq}
    )


def decode(raw: bytes | str) -> Message | None:
    """The message, or None for anything malformed (logged: the channel is ours alone)."""
    try:
        found = json.loads(raw)
        if "end" in found:
            return End(int(found["end"]))
        if "revoke" in found:
            return Revoke(int(found["encounter"]), int(found["revoke"]))
        return Change(int(found["encounter"]), int(found["version"]), int(found["last_seq"]))
    except (ValueError, TypeError, KeyError, AttributeError):
        logger.warning("push: ignored a malformed message %r", raw)
        return None


class Listener:
    """One open stream: where the messages of its encounter (and its user's revocations) land."""

    def __init__(self, encounter_id: int, loop: asyncio.AbstractEventLoop):
        self.encounter_id = encounter_id
        self.user_id: int | None = None
        self.loop = loop
        self.queue: asyncio.Queue = asyncio.Queue()
        # The open-stream slot it holds (`combat.stream_slots`), once its user is known.
        self.slot = None

    def put(self, message) -> None:
        """Safe from any thread (a commit in a sync view's thread, the feed's task)."""
        if isinstance(message, Revoke | End) and message.user_id != self.user_id:
            return
        try:
            self.loop.call_soon_threadsafe(self.queue.put_nowait, message)
        except RuntimeError:  # its loop is closed: the stream is gone already
            HUB.remove(self)


class Hub:
    """This process's open streams, by encounter. Held weakly: a stream whose body never ran
    (its client went away before the first byte) leaves nothing behind once it is dropped."""

    def __init__(self):
        self._listeners: dict[int, weakref.WeakSet[Listener]] = {}
        self._lock = threading.Lock()

    def add(self, listener: Listener) -> None:
        with self._lock:
            self._listeners.setdefault(listener.encounter_id, weakref.WeakSet()).add(listener)

    def remove(self, listener: Listener) -> None:
        with self._lock:
            found = self._listeners.get(listener.encounter_id)
            if found is not None:
                found.discard(listener)
                if not found:
                    del self._listeners[listener.encounter_id]

    def deliver(self, message: Message, loop: asyncio.AbstractEventLoop | None = None) -> None:
        """To the encounter's streams (a user's end: to all of them, each keeps its own user's);
        a feed hands over to the streams of its own loop only."""
        with self._lock:
            if isinstance(message, End):
                listeners = tuple(one for group in self._listeners.values() for one in group)
            else:
                listeners = tuple(self._listeners.get(message.encounter_id, ()))
        for listener in listeners:
            if loop is None or listener.loop is loop:
                listener.put(message)

    def of_loop(self, loop: asyncio.AbstractEventLoop) -> list[Listener]:
        with self._lock:
            return [one for group in self._listeners.values() for one in group if one.loop is loop]

    def end_all(self, loop: asyncio.AbstractEventLoop) -> None:
        """The feed of `loop` is gone: every stream it served ends."""
        for listener in self.of_loop(loop):
            listener.put(ENDED)

    def tick(self, loop: asyncio.AbstractEventLoop) -> list[Listener]:
        """The keep-alive beat, to every stream of `loop` (run on that loop); the streams it
        reached."""
        listeners = self.of_loop(loop)
        for listener in listeners:
            listener.queue.put_nowait(TICK)
        return listeners

    def count(self) -> int:
        with self._lock:
            return sum(len(group) for group in self._listeners.values())


HUB = Hub()


# Announcing (sync: runs after a commit) ------------------------------------------------------
def announce(message: Message) -> None:
    """Tell every open stream of the encounter, on every process. Never raises: the change is
    committed already, and its answer must say so."""
    url = settings.REDIS_URL
    if not url:
        HUB.deliver(message)
        return
    try:
        site_redis.client(url).publish(channel(), encode(message))
    except Exception:
        logger.warning("push: could not announce %s", message, exc_info=True)


# Listening (async: the server's event loop) ---------------------------------------------------
class FeedDown(Exception):
    """Redis cannot be reached: no stream can be promised its changes."""


class Feed:
    """This process's one subscription to the Redis channel, for the streams of one event loop."""

    def __init__(self, url: str, loop: asyncio.AbstractEventLoop):
        self.url = url
        self.loop = loop
        self.task: asyncio.Task | None = None
        self.ready: asyncio.Future | None = None

    def running(self) -> bool:
        return self.task is not None and not self.task.done()

    async def start(self) -> None:
        """Subscribe (once; later callers wait for the same subscription). FeedDown if Redis
        cannot be reached."""
        if not self.running():
            self.ready = self.loop.create_future()
            self.task = self.loop.create_task(self._run(), name="encounter-push-feed")
        try:
            await asyncio.wait_for(asyncio.shield(self.ready), CONNECT_TIMEOUT)
        except Exception as exc:  # a timeout, or redis' own errors
            raise FeedDown from exc

    async def _run(self) -> None:
        import redis.asyncio as aioredis

        client = aioredis.Redis.from_url(self.url, socket_connect_timeout=CONNECT_TIMEOUT)
        try:
            async with client.pubsub() as pubsub:
                await pubsub.subscribe(channel())
                self.ready.set_result(True)
                await self._relay(pubsub)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            logger.warning("push: the Redis feed stopped: %s", exc)
            if not self.ready.done():
                self.ready.set_exception(exc)
        finally:
            HUB.end_all(self.loop)
            await client.aclose()

    async def _relay(self, pubsub) -> None:
        async for item in pubsub.listen():
            if item.get("type") != "message":
                continue
            message = decode(item["data"])
            if message is not None:
                HUB.deliver(message, self.loop)
        raise ConnectionError("the subscription ended")


_feeds: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

# One keep-alive beat per event loop for all its streams, every `STREAM_KEEPALIVE_SECONDS`: an
# idle stream then waits on its queue alone, with no timer of its own to set, fire and cancel
# (a thousand idle streams cost the beat, not a thousand timeouts).
TICK = object()
_beats: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


async def _beat(loop: asyncio.AbstractEventLoop) -> None:
    """Each beat also renews the open-stream slots the loop's streams hold (`stream_slots`), so
    a slot whose process died runs out by itself."""
    while True:
        await asyncio.sleep(settings.STREAM_KEEPALIVE_SECONDS)
        listeners = HUB.tick(loop)
        stream_slots.renew([one.slot for one in listeners if one.slot is not None])


def _ensure_beat(loop: asyncio.AbstractEventLoop) -> None:
    beat = _beats.get(loop)
    if beat is None or beat.done():
        _beats[loop] = loop.create_task(_beat(loop))


async def listen(encounter_id: int) -> Listener:
    """Register a stream of the encounter on this process; with Redis, once this process's
    feed is subscribed (so nothing committed from now on is missed). FeedDown otherwise."""
    loop = asyncio.get_running_loop()
    url = settings.REDIS_URL
    if url:
        feed = _feeds.get(loop)
        if feed is None or feed.url != url:
            feed = _feeds[loop] = Feed(url, loop)
        await feed.start()
    listener = Listener(encounter_id, loop)
    HUB.add(listener)
    _ensure_beat(loop)
    return listener


async def stop_feeds() -> None:
    """Cancel this loop's feed (tests, and a process shutting down)."""
    feed = _feeds.pop(asyncio.get_running_loop(), None)
    if feed is not None and feed.running():
        feed.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await feed.task
