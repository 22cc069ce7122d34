"""What the stream's parts share about the site's Redis: the prefix of their names, and one sync
client per URL (each with the cache's timeouts, so a Redis that is down fails fast)."""

from __future__ import annotations

import threading

from django.conf import settings

_clients: dict[str, object] = {}
_clients_lock = threading.Lock()


def site_prefix() -> str:
    """Named after the cache prefix and the database, so two sites (or two test runs) sharing a
    Redis never hear each other's encounters nor count each other's streams."""
    from django.db import connections

    prefix = settings.CACHES["default"].get("KEY_PREFIX") or "epic20site"
    database = connections["default"].settings_dict.get("NAME") or ""
    return f"{prefix}:{database}"


def client(url: str):
    import redis

    with _clients_lock:
        found = _clients.get(url)
        if found is None:
            found = redis.Redis.from_url(
                url,
                socket_connect_timeout=settings.REDIS_CACHE_OPTIONS["SOCKET_CONNECT_TIMEOUT"],
                socket_timeout=settings.REDIS_CACHE_OPTIONS["SOCKET_TIMEOUT"],
            )
            _clients[url] = found
        return found
