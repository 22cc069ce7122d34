"""Site-wide views: home, health check, rate-limit answer."""

from django.db import connection
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


def home(request):
    return render(request, "home.html")


@require_GET
@never_cache
def healthz(request):
    """200 when the app can reach its database; 503 otherwise (for load balancers)."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:
        return JsonResponse({"status": "error", "database": "unreachable"}, status=503)
    return JsonResponse({"status": "ok", "database": "ok"})


def ratelimited(request, exception=None):
    message = _("Demasiados intentos fallidos. Espera unos minutos antes de volver a intentarlo.")
    if request.path.startswith("/api/"):
        return JsonResponse(
            {"errors": [{"code": "request.throttled", "path": "", "message": message, "rule": ""}]},
            status=429,
        )
    return render(request, "429.html", {"message": message}, status=429)
