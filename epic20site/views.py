"""Site-wide views: home, health check, rate-limit answer, error pages.

The error handlers answer the API's envelope under /api/ (REST clients must never parse an HTML
page) and the site's own pages elsewhere.
"""

import logging

from csp.decorators import csp_replace
from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from drf_spectacular.views import SpectacularRedocView

from .pages import envelope as _envelope
from .pages import is_api as _is_api

logger = logging.getLogger(__name__)


@require_GET
@never_cache
def healthz(request):
    """For load balancers: 503 when the database cannot be reached; 200 otherwise, with
    `"status": "degraded"` and `"redis": "degraded"` when Redis is configured but down (the
    site still serves every page then, only slower: see `settings.CACHES`)."""
    if not _database_answers():
        return JsonResponse({"status": "error", "database": "unreachable"}, status=503)
    body = {"status": "ok", "database": "ok"}
    redis = _redis_state()
    if redis is not None:
        body["redis"] = redis
        if redis != "ok":
            body["status"] = "degraded"
    return JsonResponse(body)


def _database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:
        return False
    return True


def _redis_state() -> str | None:
    """ "ok" or "degraded" (cannot be reached) for a Redis cache; None when the cache is not Redis."""
    if "django_redis" not in settings.CACHES.get("default", {}).get("BACKEND", ""):
        return None
    try:
        from django_redis import get_redis_connection

        get_redis_connection("default").ping()
    except Exception:
        logger.warning("healthz: Redis cannot be reached", exc_info=True)
        return "degraded"
    return "ok"


# The API's reference, drawn by ReDoc (vendored by drf-spectacular's sidecar): read-only, it has
# the language and contrast the site's pages keep, where Swagger UI's console did not. ReDoc styles
# itself with <style> elements it writes at run time and searches in a worker made from a blob:
# both are let through on this page alone; scripts stay the site's own files.
api_docs = csp_replace({"style-src": ["'self'", "'unsafe-inline'"], "worker-src": ["'self'", "blob:"]})(
    SpectacularRedocView.as_view(url_name="schema", template_name="api/redoc.html")
)


def bad_request(request, exception=None):
    if _is_api(request):
        return _envelope("request.bad_request", _("La petición no es válida."), 400)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception=None):
    if _is_api(request):
        return _envelope("request.permission_denied", _("No tienes permiso para hacer esto."), 403)
    return defaults.permission_denied(request, exception)


def page_not_found(request, exception=None):
    if _is_api(request):
        return _envelope("request.not_found", _("No encontrado."), 404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    if _is_api(request):
        return _envelope("request.server_error", _("Error interno del servidor."), 500)
    return defaults.server_error(request)
