"""The read-only rules endpoints (API.md, "Rules catalogue"): public, no credentials needed.

Thin glue over the pure engine: the catalogue is frozen data, so its JSON is rendered once per
process and served as is, with a public cache lifetime and an ETag.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from functools import cache

from django.http import HttpResponse, HttpResponseNotModified
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

from rules.epic20.archetypes import ARCHETYPES, Archetype
from rules.epic20.catalogue import CATALOGUE
from rules.epic20.catalogue.types import Catalogue
from rules.epic20.resolution.circumstances import CIRCUMSTANCES, Circumstance
from rules.epic20.resolution.hero_points import HERO_POINT_USES, HeroPointUse
from rules.jsonable import json_schema, to_jsonable

CACHE_CONTROL = "public, max-age=3600"

SYSTEMS = [{"slug": "epic20", "name": "Epic20"}]

# API.md lists the catalogue's keys in this order; any list added to `Catalogue` later
# follows them and is served without touching this file.
_KEY_ORDER = ("attributes", "skills", "powers", "archetypes", "advantages", "maneuvers", "complications")

# Served beside the sheet catalogue: the archetypes (their own module, as they carry trade-offs)
# and, for REST clients that act in encounters, the situational sources of Superioridad /
# Inferioridad an attack may name in `circumstances` and the uses of a hero point (API.md,
# "Encounters and the turn log").
_EXTRA = {
    "archetypes": (ARCHETYPES, Archetype),
    "circumstances": (CIRCUMSTANCES, Circumstance),
    "hero_point_uses": (HERO_POINT_USES, HeroPointUse),
}


def _catalogue_keys() -> list[str]:
    names = [f.name for f in dataclasses.fields(Catalogue)] + [k for k in _EXTRA if k != "archetypes"]
    return [k for k in _KEY_ORDER if k in names] + [k for k in names if k not in _KEY_ORDER]


def catalogue_json(catalogue: Catalogue) -> dict:
    return {
        key: to_jsonable(_EXTRA[key][0] if key in _EXTRA else getattr(catalogue, key))
        for key in _catalogue_keys()
    }


def catalogue_schema() -> dict:
    properties = json_schema(Catalogue)["properties"]
    for key, (_entries, cls) in _EXTRA.items():
        properties[key] = {"type": "array", "items": json_schema(cls)}
    return {
        "type": "object",
        "properties": {key: properties[key] for key in _catalogue_keys()},
        "required": _catalogue_keys(),
    }


@cache
def _rendered(name: str) -> tuple[bytes, str]:
    data = SYSTEMS if name == "systems" else catalogue_json(CATALOGUE)
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


class _PublicRulesAPI(APIView):
    # Public, user-independent data: no authentication, so a stale token never turns it into a 401.
    authentication_classes: list = []
    permission_classes = [AllowAny]


class SystemListAPI(_PublicRulesAPI):
    @extend_schema(
        operation_id="rules_systems_list",
        summary="The rule systems Epic20 Site implements",
        responses={
            200: OpenApiResponse(
                response={
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {"slug": {"type": "string"}, "name": {"type": "string"}},
                        "required": ["slug", "name"],
                    },
                },
                description="Every system, with the slug used in `/api/v1/rules/<slug>/…` URLs.",
            )
        },
    )
    def get(self, request):
        return _cached_json(request, "systems")


class Epic20CatalogueAPI(_PublicRulesAPI):
    @extend_schema(
        operation_id="rules_epic20_catalogue",
        summary="The whole Epic20 catalogue",
        description=(
            "Attributes, skills, powers, archetypes, advantages, combat maneuvers and complications, "
            "each entry with its `slug`, `name_es` (as in the rule document), `name_en`, the rule text "
            "in both languages and the `rule` section it comes from. Costs are JSON numbers (0.5, 1.5)."
        ),
        responses={200: OpenApiResponse(response=catalogue_schema(), description="The catalogue.")},
    )
    def get(self, request):
        return _cached_json(request, "epic20-catalogue")
