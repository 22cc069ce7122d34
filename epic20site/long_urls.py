"""A URL longer than the site reads is refused with 414 in the error envelope (docs/api.md,
"Errors"): the site refuses it itself, below the limit of the server in front of it, so a
client always meets the envelope (the server's own bare refusal only past its larger limit)."""

from __future__ import annotations

from django.http import HttpResponse

# Bytes of path and query string together; the server in front reads request lines of at least
# 8 KiB (gunicorn's `--limit-request-line 8190`, uvicorn's 16 KiB head).
MAX_URL_BYTES = 4096


class RefuseLongURLs:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        length = len(request.path_info.encode()) + len(request.META.get("QUERY_STRING", "").encode())
        if request.path.startswith("/api/") and length > MAX_URL_BYTES:
            return HttpResponse(status=414)  # `APIErrorsAsEnvelope` writes the envelope
        return self.get_response(request)
