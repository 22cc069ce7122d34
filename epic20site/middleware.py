"""Site-wide guards at the edge, before any view sees a request."""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import HttpResponseBadRequest, JsonResponse

from .parsers import unstorable, unstorable_message

_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _first_unstorable(pairs) -> str | None:
    for key, values in pairs:
        for text in (key, *values):
            reason = unstorable(text)
            if reason:
                return reason
    return None


def _form_pairs(request):
    # The API reads JSON only (a form body there answers 415): its body is left to DRF, which
    # could not read a stream this middleware had consumed.
    if request.method != "POST" or request.path.startswith("/api/"):
        return ()
    if not request.content_type.startswith(_FORM_TYPES):
        return ()
    try:
        return request.POST.lists()
    except (RequestDataTooBig, SuspiciousOperation):
        return ()  # the view meets the same error and answers it (413 / 400)


class RefuseUnstorableText:
    """Refuse NUL characters and lone surrogates in the path, the query string and form fields
    (400), so no page can store text that breaks its database or every later render. JSON
    bodies are checked by their reader (`epic20site.parsers.read_json`)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        reason = unstorable(request.path) or _first_unstorable(request.GET.lists())
        reason = reason or _first_unstorable(_form_pairs(request))
        if reason:
            return _refusal(request, unstorable_message(reason))
        return self.get_response(request)


def _refusal(request, message: str):
    if request.path.startswith("/api/"):
        body = {"errors": [{"code": "request.invalid_character", "path": "", "message": message, "rule": ""}]}
        return JsonResponse(body, status=400)
    return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
