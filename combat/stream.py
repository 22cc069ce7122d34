"""`GET /api/v1/encounters/{id}/stream/`: an encounter's changes as Server-Sent Events.

An async view: an open stream costs the process a queue on its event loop (`combat.push`), not
a thread. Its only sync work, done once as it opens, is who asks (session or token, the API's own
authenticators), whether they are a member, and where the encounter stands; then the database
connection goes back at once, and the stream never touches the database again.

Every message is `id: <version>` / `event: changed` / `data: {"version", "last_seq"}`. A client
that comes back with `Last-Event-ID` gets one message at once if the encounter moved past it.
A `: keep-alive` comment goes out every `STREAM_KEEPALIVE_SECONDS` (one beat per process, `push`). A member who
leaves or is removed (`live.forget_watchers`) has their streams ended; so does every stream of a
process whose Redis feed is lost, and every stream of a user who logs out or whose token or
password changes (`combat.signals`). While no stream can be held (Redis down, or a sync server)
the answer is 204, and the pages poll until the stream opens again.

A user holds at most `STREAM_MAX_PER_USER` open streams and an address `STREAM_MAX_PER_ADDRESS`
(`combat.stream_slots`); past either, 429 with `Retry-After`.
"""

from __future__ import annotations

import json
import weakref

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import Http404, HttpResponse, HttpResponseNotAllowed, JsonResponse, StreamingHttpResponse
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from rest_framework.exceptions import APIException
from rest_framework.request import Request
from rest_framework.settings import api_settings

from epic20site.middleware import api_error_body
from epic20site.net import client_ip

from . import access, live, open_pages, push, stream_slots

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


def _open(request, encounter_id: int, *, count: bool = True):
    """(status, user id, marker or what refused, slot): 401 for no one, 404 for an outsider or no
    such encounter, 429 past a limit of open streams (`count`: a stream will be held)."""
    try:
        user = _user(request)
        if user is None:
            return 401, None, None, None
        try:
            access.access_encounter_by_id(user, encounter_id, load=False)
        except Http404:
            return 404, None, None, None
        if not count:
            return 200, user.pk, None, None
        slot = stream_slots.acquire(user.pk, client_ip(request))
        if isinstance(slot, stream_slots.Refused):
            return 429, user.pk, slot, None
        return 200, user.pk, live.marker(encounter_id), slot
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
    sent, keep-alives between; it ends when the feed is gone, the user's access is revoked or
    the user's streams are ended. However it ends, its slot is given back."""
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
            if isinstance(found, push.Ended | push.Revoke | push.End):
                return
            if found.version > seen:
                seen = found.version
                yield message(found)
    finally:
        _let_go(listener)
        open_pages.mark(listener.user_id, listener.encounter_id)  # no await while closing


def _let_go(listener: push.Listener) -> None:
    push.HUB.remove(listener)
    if listener.slot is not None:
        listener.slot.release_soon()


class Body:
    """The stream's body as the response holds it: Django closes it with the response, which
    gives the slot back even when the body never ran (the client left before the first byte)."""

    def __init__(self, listener: push.Listener, start, last_event_id):
        self.listener = listener
        self.body = events(listener, start, last_event_id)

    def __aiter__(self):
        return self.body

    def close(self) -> None:
        _let_go(self.listener)


def _error(request, status: int, refused: stream_slots.Refused | None = None) -> JsonResponse:
    with translation.override(getattr(request, "LANGUAGE_CODE", None) or settings.LANGUAGE_CODE):
        body = api_error_body(status)
        if refused is not None:
            body["errors"][0]["message"] = _too_many(refused)
        response = JsonResponse(body, status=status)
    if status == 401:
        response["WWW-Authenticate"] = 'Token realm="api"'
    if status == 429:
        response["Retry-After"] = str(stream_slots.retry_after())
    return response


def _too_many(refused: stream_slots.Refused) -> str:
    if refused.scope == "user":
        text = _("Ya tienes %(limit)d conexiones en directo abiertas; cierra alguna y vuelve a intentarlo.")
    else:
        text = _(
            "Hay %(limit)d conexiones en directo abiertas desde tu dirección; cierra alguna y vuelve a intentarlo."
        )
    return text % {"limit": refused.limit}


def _no_stream() -> HttpResponse:
    """No stream can be held now (Redis is down, or a sync server answers): 204, which tells
    EventSource not to come back at once; the client reads `/events/` (the pages poll) and tries
    the stream again later."""
    return HttpResponse(status=204)


def _streaming(body: Body) -> StreamingHttpResponse:
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
        status, user_id, start, slot = await sync_to_async(_open)(request, pk)
    except BaseException:
        push.HUB.remove(listener)
        raise
    if status != 200:
        push.HUB.remove(listener)
        return _error(request, status, start if status == 429 else None)
    listener.user_id = user_id
    _hold(listener, slot)
    return _streaming(Body(listener, start, _last_event_id(request)))


def _hold(listener: push.Listener, slot: stream_slots.Slot) -> None:
    """The listener holds the slot; if it is ever dropped unclosed, the slot goes back too."""
    listener.slot = slot
    weakref.finalize(listener, slot.release_soon).atexit = False


async def _ended_or_refused(request, pk: int):
    """Without a feed the stream still answers who may not open it (401/404) first."""
    status, _user_id, _start, _slot = await sync_to_async(_open)(request, pk, count=False)
    return _error(request, status) if status != 200 else _no_stream()


def page_stream_url(request, encounter_id: int) -> str:
    """The stream a page should open, or "" where the server cannot hold one (a sync server:
    the development server, the test server, gunicorn): then the page only polls."""
    return reverse("api-encounter-stream", args=[encounter_id]) if isinstance(request, ASGIRequest) else ""
