"""Per-user caching of whole pages that are read far more often than they change.

A page is cached under a key made of the user, their session (the page embeds its CSRF token),
the language, whether htmx asked for a fragment, and a `version` the caller derives from the
database — so a change made through any process invalidates it for every process, whatever
cache backend is configured. Pages with pending flash messages are never served from cache.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

PAGE_TIMEOUT = 10 * 60


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
    content = cache.get(key)
    if content is not None:
        # The cached page carries a CSRF token for this session; the cookie that matches it was
        # set when the page was first rendered for this very session.
        return HttpResponse(content)
    response = render()
    if response.status_code == 200 and not response.streaming:
        cache.set(key, response.content, PAGE_TIMEOUT)
    return response
