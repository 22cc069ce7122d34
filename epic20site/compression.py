"""Text answers compressed on the way out, when the client accepts gzip (docs/performance.md,
"Compression").

Django's `GZipMiddleware`, narrowed to what is worth compressing and safe to: a page, a fragment,
a JSON answer, the schema, a text export. It leaves alone

- every streaming answer: the encounter's Server-Sent Events stream (`combat.stream`) must reach
  the browser message by message, never held back in a compressor, and the static files
  WhiteNoise serves come precompressed from `collectstatic` when the storage compresses them;
- answers of other types (images, fonts: already compressed);
- every answer that shows a secret (an API token, a webhook's signing secret, a campaign's
  invite code): its view is marked `@shows_secret`, and the mark travels on the response. Such
  a page also carries text a stranger chose (a campaign's members, a webhook's URL, a notice),
  and compressed, its length would let an attacker who plants guesses beside the secret read it
  a byte at a time (BREACH). tests/site/test_secret_pages_uncompressed.py opens each one.

An answer's `ETag` stays as the view wrote it. Our tags name a version of the resource (a sheet,
a campaign, an encounter's state) or a hash of the uncompressed body (the catalogues), the same
whichever encoding carries it; `If-Match` compares them strongly (`epic20site.etags`), so a
client that read a sheet compressed must be able to send the tag back unchanged. Django's
middleware would weaken it to `W/"…"`, which `If-Match` never matches.
"""

from __future__ import annotations

import functools

from django.middleware.gzip import GZipMiddleware

# Content types compressed (the part before any `;`). Not `text/event-stream`: it is a stream.
COMPRESSED_TYPES = frozenset(
    {
        "text/html",
        "text/plain",
        "text/csv",
        "application/json",
        "application/problem+json",
        "application/vnd.oai.openapi",
        "application/vnd.oai.openapi+json",
        "application/javascript",
        "text/javascript",
        "text/css",
    }
)


_SECRET_MARK = "epic20site_shows_secret"


def mark_secret(response):
    """Mark an answer as showing a secret: it is never compressed."""
    setattr(response, _SECRET_MARK, True)
    return response


def secret_shown(response) -> bool:
    return bool(response.__dict__.get(_SECRET_MARK))


def shows_secret(view):
    """A view (function, method or class: Django's or DRF's) whose answers may show a secret:
    they are never compressed, whoever asks and whatever they hold."""
    if isinstance(view, type):
        view.dispatch = shows_secret(view.dispatch)
        return view

    @functools.wraps(view)
    def marked(*args, **kwargs):
        return mark_secret(view(*args, **kwargs))

    return marked


def compressible(response) -> bool:
    """Whether an answer is one this middleware compresses: whole (not streamed), textual, and
    showing no secret."""
    if response.streaming or secret_shown(response):
        return False
    content_type = response.get("Content-Type", "").split(";", 1)[0].strip().lower()
    return content_type in COMPRESSED_TYPES


class CompressTextAnswers(GZipMiddleware):
    """Gzip for whole text answers (pages, fragments, JSON), with `Vary: Accept-Encoding`; never
    for a stream. The outermost middleware, so it compresses every answer the others have
    finished, the API's error envelopes included."""

    def process_response(self, request, response):
        if not compressible(response):
            return response
        tag = response.get("ETag")
        response = super().process_response(request, response)
        if tag is not None:
            response["ETag"] = tag
        return response
