"""Site-wide guards at the edge, before any view sees a request."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import HttpResponseBadRequest, JsonResponse
from django.middleware import common
from django.utils import translation
from django.utils.translation import gettext_lazy

from .parsers import unstorable, unstorable_message
from .query_contract import query_errors

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


_API_ERRORS = {
    400: ("request.bad_request", gettext_lazy("La petición no es válida.")),
    401: ("request.not_authenticated", gettext_lazy("Hace falta identificarse.")),
    403: ("request.permission_denied", gettext_lazy("No tienes permiso para hacer esto.")),
    404: ("request.not_found", gettext_lazy("No encontrado.")),
    405: ("request.method_not_allowed", gettext_lazy("Método no permitido.")),
    406: ("request.not_acceptable", gettext_lazy("Esta dirección sólo responde JSON.")),
    413: ("request.too_large", gettext_lazy("El cuerpo de la petición es demasiado grande.")),
    414: ("request.uri_too_long", gettext_lazy("La dirección es demasiado larga.")),
    415: ("request.unsupported_media_type", gettext_lazy("El cuerpo debe ser JSON (application/json).")),
    429: ("request.throttled", gettext_lazy("Demasiadas peticiones. Espera un poco.")),
}
# Seconds a client told 429 waits when the refusal did not say (a throttle's own window is better).
DEFAULT_RETRY_AFTER = 60
_SERVER_ERROR = ("request.server_error", gettext_lazy("Error interno del servidor."))


def api_error_body(status: int) -> dict:
    """The envelope for an error answer that no view wrote (routing, Django's own refusals)."""
    code, message = _API_ERRORS.get(status, _SERVER_ERROR if status >= 500 else ("request.error", ""))
    return {"errors": [{"code": code, "path": "", "message": str(message), "rule": ""}]}


class APIErrorsAsEnvelope:
    """Every error under /api/ answers JSON in the envelope, with DEBUG on or off: Django's
    HTML pages (the debug 404 and 500 pages, a CSRF refusal, a refused body) are replaced on
    the way out. The outermost middleware but compression (`epic20site.compression`), so it
    sees every answer, and what it writes is compressed like the rest."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not request.path.startswith("/api/") or response.status_code < 400:
            return response
        if response.status_code == 429 and not response.has_header("Retry-After"):
            # Every 429 says when to come back (docs/api.md, "HTTP conventions").
            response["Retry-After"] = str(DEFAULT_RETRY_AFTER)
        if response.get("Content-Type", "").startswith("application/json"):
            return response
        with translation.override(getattr(request, "LANGUAGE_CODE", None) or settings.LANGUAGE_CODE):
            body = api_error_body(response.status_code)
        replacement = JsonResponse(body, status=response.status_code)
        for header in ("Allow", "Retry-After", "WWW-Authenticate", "Vary"):
            if header in response:
                replacement[header] = response[header]
        return replacement


class RefuseUndocumentedQuery:
    """Refuse, on the API, every query parameter its operation does not document and every
    single-valued one given twice (400, `epic20site.query_contract`), before the view runs, so
    a list never answers as though a misspelt or doubled filter had been applied."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if not request.GET or not request.path.startswith("/api/"):
            return None
        match = request.resolver_match
        errors = query_errors(request.method, match.route, request.GET) if match else []
        return JsonResponse({"errors": errors}, status=400) if errors else None


class CommonMiddleware(common.CommonMiddleware):
    """Django's, except that an API address missing its final `/` is refused (404, in the
    envelope, saying so) instead of redirected: a redirect would turn a POST into a GET (and
    with DEBUG on, Django refuses to redirect a POST at all with an error page, a 500)."""

    def process_response(self, request, response):
        if (
            response.status_code == 404
            and request.path.startswith("/api/")
            and self.should_redirect_with_slash(request)
        ):
            with translation.override(getattr(request, "LANGUAGE_CODE", None) or settings.LANGUAGE_CODE):
                message = _TRAILING_SLASH % {"path": f"{request.path}/"}
            body = {
                "errors": [{"code": "request.trailing_slash", "path": "", "message": message, "rule": ""}]
            }
            return JsonResponse(body, status=404)
        return super().process_response(request, response)


_TRAILING_SLASH = gettext_lazy("Las direcciones de la API terminan en «/»: prueba %(path)s")


class SyncChain:
    """The innermost middleware, sync only, so that under the ASGI server the whole chain runs
    in one thread per request.

    Django runs a middleware that can do both in the mode of the one inside it. Without this,
    the chain under uvicorn would be async from the CSRF check inwards, and every
    `MiddlewareMixin` there (CSRF, authentication, messages, clickjacking, CSP, htmx) would hop
    into a thread and back for each of its hooks: about ten thread switches per request before a
    sync view (all of ours but the encounter stream) hops once more. Sync from here outwards, a
    request crosses into a thread once, at the top, and runs every hook and its view there; an
    async view (the stream) is awaited from that thread on the server's loop.
    """

    sync_capable = True
    async_capable = False

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)
