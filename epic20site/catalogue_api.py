"""The read-only rules endpoints (docs/api.md, "Rules catalogue"): public, no credentials needed.

Thin glue over the registry (`rules.systems`): each catalogue is frozen data, so its JSON is
rendered once per process and served as is, with a public cache lifetime and an ETag.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache

from django.http import Http404, HttpResponse, HttpResponseNotModified
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

from epic20site.catalogue_schema import AnyCatalogue
from rules import systems
from rules.registration import registrations

CACHE_CONTROL = "public, max-age=3600"

_SYSTEM_SCHEMA = {
    "type": "object",
    "properties": {
        "slug": {"type": "string"},
        "name": {"type": "string"},
        "name_es": {"type": "string"},
        "name_en": {"type": "string"},
        "dice": {"type": "string", "example": "1d20", "description": "1d20, 1d100, 1d10 or 3d6."},
    },
    "required": ["slug", "name", "name_es", "name_en", "dice"],
}


def systems_json() -> list[dict]:
    return [
        {"slug": s.slug, "name": s.name_es, "name_es": s.name_es, "name_en": s.name_en, "dice": s.dice}
        for s in systems.all_systems().values()
    ]


@cache
def _rendered(name: str) -> tuple[bytes, str]:
    data = systems_json() if name == "" else systems.get(name).catalogue()
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def _cached_json(request, name: str) -> HttpResponse:
    body, etag = _rendered(name)
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(body, content_type="application/json")
    response["ETag"] = etag
    response["Cache-Control"] = CACHE_CONTROL
    return response


# The catalogues answer `ETag`; a client sending it back in `If-None-Match` gets 304.
NOT_MODIFIED = OpenApiResponse(description="Not modified: the ETag sent in If-None-Match is still current.")


class _PublicRulesAPI(APIView):
    # Public, user-independent data: no authentication, so a stale token never turns it into a 401.
    authentication_classes: list = []
    permission_classes = [AllowAny]


class SystemListAPI(_PublicRulesAPI):
    @extend_schema(
        operation_id="rules_systems_list",
        summary="The game systems Epic20 Site serves",
        responses={
            200: OpenApiResponse(
                response={"type": "array", "items": _SYSTEM_SCHEMA},
                description="Every system, with the slug used in `/api/v1/rules/<slug>/…` URLs.",
            ),
            304: NOT_MODIFIED,
        },
    )
    def get(self, request):
        return _cached_json(request, "")


class CatalogueAPI(_PublicRulesAPI):
    @extend_schema(
        operation_id="rules_catalogue",
        summary="A game system's catalogue",
        description="Every entry has `slug`, `name_es` (as in the system's rule document) and `name_en`.",
        responses={
            200: OpenApiResponse(response=AnyCatalogue, description="The catalogue."),
            304: NOT_MODIFIED,
        },
    )
    def get(self, request, slug: str):
        if systems.get(slug) is None:
            raise Http404
        return _cached_json(request, slug)


def own_catalogue_view(slug: str, schema: dict):
    """`GET /api/v1/rules/<slug>/catalogue/` of a system that describes its catalogue itself
    (`SystemRegistration.catalogue_schema`): an operation of its own, `rules_<slug>_catalogue`."""
    name = systems.get(slug).name_en
    described = {key: value for key, value in schema.items() if key != "description"}

    class OwnCatalogueAPI(_PublicRulesAPI):
        @extend_schema(
            operation_id=f"rules_{slug}_catalogue",
            summary=f"The whole {name} catalogue",
            description=schema.get("description", ""),
            responses={
                200: OpenApiResponse(response=described, description="The catalogue."),
                304: NOT_MODIFIED,
            },
        )
        def get(self, request):
            return _cached_json(request, slug)

    OwnCatalogueAPI.__name__ = OwnCatalogueAPI.__qualname__ = f"{slug.title()}CatalogueAPI"
    return OwnCatalogueAPI.as_view()


def own_catalogues() -> dict[str, dict]:
    """Slug → catalogue schema, of every registered system that describes its own."""
    return {
        slug: dict(found.catalogue_schema)
        for slug, found in registrations().items()
        if found.catalogue_schema
    }
