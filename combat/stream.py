"""`GET /api/v1/encounters/{id}/stream/`: an encounter's changes as Server-Sent Events.

An async view: an open stream costs the process a queue on its event loop (`combat.push`), not
a thread. Its only sync work, done once as it opens, is who asks (session or token, the API's own
authenticators), whether they are a member, and where the encounter stands; then the database
connection goes back at once, and the stream never touches the database again.

Every message is `id: <version>` / `event: changed` / `data: {"version", "last_seq"}`. A client
that comes back with `Last-Event-ID` gets one message at once if the encounter moved past it.
A `: keep-alive` comment goes out every `STREAM_KEEPALIVE_SECONDS` (one beat per process, `push`). A member who
leaves or is removed (`live.forget_watchers`) has their streams ended; so does every stream of a
process whose Redis feed is lost. While no stream can be held (Redis down, or a sync server) the
answer is 204, and the pages poll until the stream opens again.
"""

from __future__ import annotations

import json

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import Http404, HttpResponse, HttpResponseNotAllowed, JsonResponse, StreamingHttpResponse
from django.urls import reverse
from django.utils import translation
from rest_framework.exceptions import APIException
from rest_framework.request import Request
from rest_framework.settings import api_settings

from epic20site.middleware import api_error_body

from . import access, live, open_pages, push

# Tells EventSource how soon to come back after the stream ends (milliseconds).
RETRY_MS = 3000


def _user(request):
    """The user the API's authenticators find (token or session), or None."""
    wrapped = Request(
        request, authenticators=[auth() for auth in api_settings.DEFAULT_AUTHENTICATION_CLASSES]
    )
    try:
        user = wrapped.user
    except APIException:  # a bad or inactive token: no one
        return None
    return user if user.is_authenticated else None


def _open(request, encounter_id: int):
    """(status, user id, marker): 401 for no one, 404 for an outsider or no such encounter."""
    try:
        user = _user(request)
        if user is None:
            return 401, None, None
        try:
            access.access_encounter_by_id(user, encounter_id, load=False)
        except Http404:
            return 404, None, None
        return 200, user.pk, live.marker(encounter_id)
    finally:
        # A stream may stay open for hours: it keeps no database connection meanwhile.
        for connection in connections.all(initialized_only=True):
            connection.close()


def _last_event_id(request) -> int | None:
    try:
        return int(request.headers.get("Last-Event-ID", ""))
    except ValueError:
        return None


def message(change: push.Change | live.Marker) -> bytes:
    version = change.version
    last_seq = change.last_seq if isinstance(change, push.Change) else change.seq
    data = json.dumps({"version": version, "last_seq": last_seq})
    return f"id: {version}\nevent: changed\ndata: {data}\n\n".encode()


KEEP_ALIVE = b": keep-alive\n\n"


async def events(listener: push.Listener, start: live.Marker | None, last_event_id: int | None):
    """The stream's body: the catch-up message if the client's last one is older than where the
    encounter stood as the stream opened (`start`), then each change newer than the last one
    sent, keep-alives between; it ends when the feed is gone or the user's access is revoked."""
    seen = start.version if start is not None else -1
    await open_pages.amark(listener.user_id, listener.encounter_id)  # nobody is told what they watch
    try:
        yield f"retry: {RETRY_MS}\n\n".encode()
        if start is not None and last_event_id is not None and start.version > last_event_id:
            yield message(start)
        while True:
            found = await listener.queue.get()
            if found is push.TICK:  # the process's keep-alive beat (`push.beat`)
                await open_pages.amark(listener.user_id, listener.encounter_id)
                yield KEEP_ALIVE
                continue
            if isinstance(found, push.Ended | push.Revoke):
                return
            if found.version > seen:
                seen = found.version
                yield message(found)
    finally:
        push.HUB.remove(listener)
        open_pages.mark(listener.user_id, listener.encounter_id)  # no await while closing


def _error(request, status: int) -> JsonResponse:
    with translation.override(getattr(request, "LANGUAGE_CODE", None) or settings.LANGUAGE_CODE):
        response = JsonResponse(api_error_body(status), status=status)
    if status == 401:
        response["WWW-Authenticate"] = 'Token realm="api"'
    return response


def _no_stream() -> HttpResponse:
    """No stream can be held now (Redis is down, or a sync server answers): 204, which tells
    EventSource not to come back at once; the client reads `/events/` (the pages poll) and tries
    the stream again later."""
    return HttpResponse(status=204)


def _streaming(body) -> StreamingHttpResponse:
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # proxies in front must not hold messages back
    return response


async def encounter_stream(request, pk: int):
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    if not isinstance(request, ASGIRequest):
        # A sync server (WSGI) would hold a whole worker for as long as the stream stays open:
        # there no stream is held, and clients poll (after its checks: 401/404 alike).
        return await _ended_or_refused(request, pk)
    try:
        listener = await push.listen(pk)
    except push.FeedDown:
        return await _ended_or_refused(request, pk)
    try:
        status, user_id, start = await sync_to_async(_open)(request, pk)
    except BaseException:
        push.HUB.remove(listener)
        raise
    if status != 200:
        push.HUB.remove(listener)
        return _error(request, status)
    listener.user_id = user_id
    return _streaming(events(listener, start, _last_event_id(request)))


async def _ended_or_refused(request, pk: int):
    """Without a feed the stream still answers who may not open it (401/404) first."""
    status, _user_id, _start = await sync_to_async(_open)(request, pk)
    return _error(request, status) if status != 200 else _no_stream()


def page_stream_url(request, encounter_id: int) -> str:
    """The stream a page should open, or "" where the server cannot hold one (a sync server:
    the development server, the test server, gunicorn): then the page only polls."""
    return reverse("api-encounter-stream", args=[encounter_id]) if isinstance(request, ASGIRequest) else ""
