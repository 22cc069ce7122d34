"""Per-user caching of whole pages that are read far more often than they change.

A page is cached under a key made of the user, their session (the page embeds its CSRF token),
the language, whether htmx asked for a fragment, and a `version` the caller derives from the
database — so a change made through any process invalidates it for every process, whatever
cache backend is configured. Pages with pending flash messages are never served from cache.
A cache that cannot be reached is a miss: the page is rendered, never an error.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable

from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

PAGE_TIMEOUT = 10 * 60

logger = logging.getLogger(__name__)


def _key(request: HttpRequest, name: str, version: str) -> str:
    raw = "|".join(
        [
            name,
            str(request.user.pk),
            request.session.session_key or "",
            get_language() or "",
            "htmx" if getattr(request, "htmx", False) else "page",
            version,
        ]
    )
    return "page:" + hashlib.sha256(raw.encode()).hexdigest()


def cached_page(
    request: HttpRequest, name: str, version: str, render: Callable[[], HttpResponse]
) -> HttpResponse:
    if len(messages.get_messages(request)) or not request.session.session_key:
        return render()
    key = _key(request, name, version)
    content = _read(key)
    if content is not None:
        # The cached page carries a CSRF token for this session; the cookie that matches it was
        # set when the page was first rendered for this very session.
        return HttpResponse(content)
    response = render()
    if response.status_code == 200 and not response.streaming:
        _write(key, response.content)
    return response


def _read(key: str):
    try:
        return cache.get(key)
    except Exception:
        logger.warning("pagecache: cache read failed", exc_info=True)
        return None


def _write(key: str, content: bytes) -> None:
    try:
        cache.set(key, content, PAGE_TIMEOUT)
    except Exception:
        logger.warning("pagecache: cache write failed", exc_info=True)
