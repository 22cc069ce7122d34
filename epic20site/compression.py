"""Text answers compressed on the way out, when the client accepts gzip (docs/performance.md,
"Compression").

Django's `GZipMiddleware`, narrowed to what is worth compressing and safe to: a page, a fragment,
a JSON answer, the schema, a text export. It leaves alone

- every streaming answer: the encounter's Server-Sent Events stream (`combat.stream`) must reach
  the browser message by message, never held back in a compressor, and the static files
  WhiteNoise serves come precompressed from `collectstatic` when the storage compresses them;
- answers of other types (images, fonts: already compressed).

An answer's `ETag` stays as the view wrote it. Our tags name a version of the resource (a sheet,
a campaign, an encounter's state) or a hash of the uncompressed body (the catalogues), the same
whichever encoding carries it; `If-Match` compares them strongly (`epic20site.etags`), so a
client that read a sheet compressed must be able to send the tag back unchanged. Django's
middleware would weaken it to `W/"…"`, which `If-Match` never matches.
"""

from __future__ import annotations

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


def compressible(response) -> bool:
    """Whether an answer is one this middleware compresses: whole (not streamed), textual."""
    if response.streaming:
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
