"""What makes the site installable and lets it show a push: `/manifest.webmanifest` and the
service worker at `/sw.js` (at the root, so it may serve every page), which shows each push's
notification and, when it is clicked, opens (or focuses) the page its `url` names."""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET


@require_GET
def manifest(request):
    body = {
        "name": "Epic20 Site",
        "short_name": "Epic20",
        "description": _("Partidas de rol por web: fichas, combates y avisos de tu turno."),
        "lang": getattr(request, "LANGUAGE_CODE", "es"),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#212529",
        "theme_color": "#212529",
        "icons": [{"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    }
    response = JsonResponse(body, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


@require_GET
def service_worker(request):
    response = HttpResponse(
        render_to_string("notifications/sw.js", {"icon": static("favicon.svg")}),
        content_type="text/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response
