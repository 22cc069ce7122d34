"""The schema's own URL (docs/api.md, the opening paragraph). Apart from epic20site/schema.py, which
drf-spectacular loads while it starts (its hooks and extensions), so this view can import it."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView

from .query_contract import GENERATION


def _from_a_browser(request) -> bool:
    """A browser's own navigation names HTML first in its Accept header."""
    first = request.META.get("HTTP_ACCEPT", "").split(",")[0]
    return first.strip().lower().startswith("text/html")


class SchemaView(SpectacularAPIView):
    """`GET /api/v1/schema/`: the OpenAPI schema (YAML, or JSON with `?format=json` or an
    `Accept` that asks for it). Opened in a browser, the YAML comes as plain text, which the
    browser shows instead of downloading a file of a type it cannot display."""

    @extend_schema(exclude=True)  # the schema leaves itself out (settings: SERVE_INCLUDE_SCHEMA)
    def get(self, request, *args, **kwargs):
        # One generation at a time per process (see `query_contract.GENERATION`).
        with GENERATION:
            return super().get(request, *args, **kwargs)

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if response.status_code == 200 and _from_a_browser(request) and "format" not in request.query_params:
            response.content_type = "text/plain; charset=utf-8"
            if response.has_header("Content-Disposition"):
                del response["Content-Disposition"]
        return response
